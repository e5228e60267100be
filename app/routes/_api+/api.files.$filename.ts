import { apiRoute, domainError, type ApiContext } from "~/auth/api-route.server";
import { downloadOrderPattern } from "~/models/buying/downloads.server";
import { buildOrderDownload } from "~/models/layout/downloads.server";
import { patternWorkFailure } from "~/models/patterns/errors";
import { authorizePrivateFileRead, privateFileAccess } from "~/models/buying/authorise.server";
import { FILE_STORE_RETRY_SECONDS, FileStoreUnavailableError, getFileRecord, localUpload, statFile, uploadPath } from "~/models/files/store.server";
import { FILES_ERRORS } from "~/models/files/errors";
import { apiError } from "~/utils/api.server";
import { isImageWidth, resizedImage } from "~/models/files/images.server";
import { sendFile } from "~/models/files/serve.server";
import { getUser } from "~/auth/viewer.server";

const PUBLIC_CACHE = "public, max-age=31536000, immutable";

/** GET /api/files/{filename}: public media for everyone, private files (patterns, résumés) for those allowed. */
const route = apiRoute({ method: "GET", guard: "none" }, serveFile);
export const loader = route.loader;
export const action = route.action;

async function serveFile({ request, db, params }: ApiContext<"none">): Promise<Response> {
  const name = params.filename ?? "";
  const record = uploadPath(name) ? await getFileRecord({ db, name }) : undefined;
  if (!record) return domainError(FILES_ERRORS, "not-found");

  // Media and avatars are public; patterns, résumés and labels are private. Who may read is settled before any
  // byte is fetched from the file store (a stranger's request costs no bucket read).
  if (record.kind !== "media" && record.kind !== "avatar") {
    const user = await getUser(request);
    // A buyer's copy of a pattern carries their order number and email, as on /download (decision 063).
    const access = record.kind === "pattern" && user ? await privateFileAccess({ db, user, file: record }) : null;
    if (user && access?.allowed && access.buyerOrderId !== null) {
      const download = await downloadOrderPattern({ db, userId: user.id, orderId: access.buyerOrderId });
      let built;
      try {
        built = download.ok && download.file.name === record.name ? await buildOrderDownload({ db, access: download, format: "dxf", sizes: [] }) : null;
      } catch (error) {
        const failure = patternWorkFailure(error);
        if (!failure) throw error;
        return Response.json({ error: failure.message }, { status: failure.status, headers: failure.headers });
      }
      if (built && "refused" in built) return apiError(422, built.refused);
      const builtStat = built ? await statFile(built.path) : null;
      if (!built || !builtStat) return domainError(FILES_ERRORS, "not-found");
      return sendFile(request, built.path, builtStat, {
        contentType: record.contentType,
        cacheControl: "private, no-store",
        headers: { "Content-Disposition": attachment(record.originalName) },
      });
    }
    if (!await authorizePrivateFileRead({ db, user, file: record })) {
      return domainError(FILES_ERRORS, user ? "forbidden" : "sign-in");
    }
  }

  let local;
  try {
    local = await localUpload(name);
  } catch (error) {
    if (!(error instanceof FileStoreUnavailableError)) throw error;
    return storeUnavailable();
  }
  if (!local) return domainError(FILES_ERRORS, "not-found");
  const { path: file, stat } = local;
  if (record.kind !== "media" && record.kind !== "avatar") {
    return sendFile(request, file, stat, {
      contentType: record.contentType,
      cacheControl: "private, no-store",
      headers: { "Content-Disposition": attachment(record.originalName) },
    });
  }

  const w = new URL(request.url).searchParams.get("w");
  if (w !== null) {
    const width = Number(w);
    if (!isImageWidth(width)) return domainError(FILES_ERRORS, "bad-width");
    if (!record.contentType.startsWith("image/")) return domainError(FILES_ERRORS, "not-image");
    const variant = await resizedImage(name, width).catch(() => null);
    const variantStat = variant ? await statFile(variant) : null;
    if (!variant || !variantStat) return domainError(FILES_ERRORS, "not-resizable");
    return sendFile(request, variant, variantStat, { contentType: "image/webp", cacheControl: PUBLIC_CACHE, tag: `w${width}` });
  }
  return sendFile(request, file, stat, { contentType: record.contentType, cacheControl: PUBLIC_CACHE });
}

/** The file store's bucket did not answer: a 503 to retry, never a 500. */
function storeUnavailable(): Response {
  const { status, message } = FILES_ERRORS.unavailable;
  return Response.json({ error: message }, { status, headers: { "Retry-After": String(FILE_STORE_RETRY_SECONDS), "Cache-Control": "no-store" } });
}

function attachment(originalName: string): string {
  const ascii = originalName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(originalName)}`;
}
