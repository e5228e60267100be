import type { LoaderFunctionArgs } from "@remix-run/node";

import { customProductPreview } from "~/models/fit/custom-preview.server";
import { CUSTOM_SIZE } from "~/models/patterns/interpolate";
import { orPatternWorkFailure } from "~/models/patterns/errors";
import { productPreview } from "~/models/patterns/preview-cache.server";
import { getDb } from "~/utils/db.server";
import { getUser } from "~/auth/viewer.server";
import { isId, lookupId } from "~/utils/ids";

/**
 * GET /product/{id}/preview.svg?size=M&v=N: the piece preview of a Pattern product (public, like the page).
 * With the current version's `v` (and reading: previewPin) it is immutable; without it, revalidated by its ETag
 * (version, reading, size). `size=custom`: the signed-in buyer's own size over the graded sizes (made to measure,
 * decision 114), built from their measurements: private and never stored by a browser or a proxy.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const productId = lookupId(params.id);
  if (!isId(productId)) return new Response("Not found", { status: 404 });
  // Only a draft's seller may see its preview (decision 106): the viewer is read for that one check.
  const viewer = await getUser(request);
  if (url.searchParams.get("size") === CUSTOM_SIZE) return customPreview(request, productId, viewer?.id ?? null);
  const result = await orPatternWorkFailure(productPreview({ db: getDb(), productId, size: url.searchParams.get("size"), viewerId: viewer?.id }));
  if (!result.ok) {
    return new Response(result.error === "unknown-size" ? "This pattern has no such size." : "Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { preview } = result;
  const pinned = url.searchParams.get("v") === preview.pin;
  const headers = new Headers({
    "Content-Type": "image/svg+xml; charset=utf-8",
    "Cache-Control": result.draft ? "private, no-store" : pinned ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
    ETag: preview.etag,
    Vary: "Accept-Encoding",
  });
  const match = request.headers.get("If-None-Match");
  if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === preview.etag)) {
    return new Response(null, { status: 304, headers });
  }
  const gzip = /\bgzip\b/.test(request.headers.get("Accept-Encoding") ?? "");
  if (gzip) headers.set("Content-Encoding", "gzip");
  const body = gzip ? preview.gzip : preview.svg;
  headers.set("Content-Length", String(body.length));
  return new Response(new Uint8Array(body), { status: 200, headers });
}

const PRIVATE = { "Cache-Control": "private, no-store", Vary: "Cookie" };

/** The buyer's own size: only for the viewer the product page offers it to (a 404 for anyone else, a 422 when it cannot be made). */
async function customPreview(request: Request, productId: number, userId: number | null) {
  const result = await orPatternWorkFailure(customProductPreview({ db: getDb(), productId, userId }));
  if (!result.ok) {
    const text = result.error === "refused" ? result.message : "Your size is shown to a signed-in buyer whose measurements this pattern can be made to.";
    return new Response(text, { status: result.error === "refused" ? 422 : 404, headers: { "Content-Type": "text/plain; charset=utf-8", ...PRIVATE } });
  }
  const gzip = /\bgzip\b/.test(request.headers.get("Accept-Encoding") ?? "");
  const body = gzip ? result.gzip : result.svg;
  const headers = new Headers({ "Content-Type": "image/svg+xml; charset=utf-8", "Content-Length": String(body.length), ...PRIVATE });
  if (gzip) headers.set("Content-Encoding", "gzip");
  headers.append("Vary", "Accept-Encoding");
  return new Response(new Uint8Array(body), { status: 200, headers });
}
