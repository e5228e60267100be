import type { LoaderFunctionArgs } from "@remix-run/node";

import { downloadOrderPattern } from "~/models/buying/downloads.server";
import { BUYING_ERRORS } from "~/models/buying/errors";
import { buildOrderDownload, DOWNLOAD_FORMATS, isDownloadFormat } from "~/models/layout/downloads.server";
import { orPatternWorkFailure } from "~/models/patterns/errors";
import { getDb } from "~/utils/db.server";
import { statFile } from "~/models/files/store.server";
import { idParam, invariantResponse } from "~/utils/invariant";
import { sendFile } from "~/models/files/serve.server";
import { requireUser } from "~/auth/guards.server";
import { CUSTOM_SIZE } from "~/models/patterns/interpolate";
import { isId } from "~/utils/ids";

/**
 * GET /download/{orderId}?format=dxf|A4|Letter|A0|roll36|24x36|projector&size=M&size=L&version=N: an authorised pattern download
 * (the buyer's stamped copies, logged; the seller's and admins' originals). Default: the current version's DXF.
 * size=custom: the buyer's own size of a made-to-measure order (decision 114), its DXF or the layer "Your size";
 * 404 with a message on an order without measurements, 422 with the reason when it cannot be made.
 * Visitors go to /login; anyone else gets 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const format = url.searchParams.get("format") || "dxf";
  invariantResponse(isDownloadFormat(format), `Unknown format: choose ${DOWNLOAD_FORMATS.slice(0, -1).join(", ")} or ${DOWNLOAD_FORMATS[DOWNLOAD_FORMATS.length - 1]}.`, { status: 400 });
  const versionParam = url.searchParams.get("version");
  const version = versionParam ? Number(versionParam) : undefined;
  invariantResponse(version === undefined || isId(version), "Not found", { status: 404 });
  const orderId = idParam(params.orderId);
  const db = getDb();
  const sizes = url.searchParams.getAll("size");
  const access = await downloadOrderPattern({ db, userId: user.id, orderId, version, custom: sizes.includes(CUSTOM_SIZE) });
  if (!access.ok) {
    const { status, message } = BUYING_ERRORS.download[access.error];
    invariantResponse(false, message, { status });
  }
  const built = await orPatternWorkFailure(buildOrderDownload({ db, access, format, sizes, viewerId: user.id }));
  if (built && "refused" in built) invariantResponse(false, built.refused, { status: 422 });
  const stat = built ? await statFile(built.path) : null;
  invariantResponse(built && stat, "Not found", { status: 404 });
  return sendFile(request, built.path, stat, {
    contentType: built.contentType,
    cacheControl: "private, no-store",
    headers: { "Content-Disposition": attachment(built.fileName) },
  });
}

function attachment(originalName: string): string {
  const ascii = originalName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(originalName)}`;
}
