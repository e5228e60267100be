import type { LoaderFunctionArgs } from "@remix-run/node";

import { downloadOrderPattern } from "~/models/buying/downloads.server";
import { BUYING_ERRORS } from "~/models/buying/errors";
import { getDb } from "~/utils/db.server";
import { statFile, uploadPath } from "~/utils/files.server";
import { invariantResponse } from "~/utils/invariant";
import { sendFile } from "~/utils/send-file.server";
import { requireUser } from "~/utils/session.server";

/** GET /download/{orderId}: the buyer's authorised pattern download (logged). Visitors go to /login. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const result = downloadOrderPattern({ db: getDb(), userId: user.id, orderId: Number(params.orderId) });
  if (!result.ok) {
    const { status, message } = BUYING_ERRORS.download[result.error];
    invariantResponse(false, message, { status });
  }
  const file = uploadPath(result.file.name);
  const stat = file ? await statFile(file) : null;
  invariantResponse(file && stat, "Not found", { status: 404 });
  return sendFile(request, file, stat, {
    contentType: result.file.contentType,
    cacheControl: "private, no-store",
    headers: { "Content-Disposition": attachment(result.file.originalName) },
  });
}

function attachment(originalName: string): string {
  const ascii = originalName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(originalName)}`;
}
