import type { LoaderFunctionArgs } from "@remix-run/node";

import { clientKeyOf } from "~/auth/login.server";
import { getApiUser } from "~/auth/viewer.server";
import { LAYOUT_ERRORS, tooWideMessage } from "~/models/layout/errors";
import { defaultLayoutWidthMm, layoutClientKey, productLayout, productLayoutJson } from "~/models/layout/layouts.server";
import { getLayoutSettings } from "~/models/layout/settings.server";
import { RETRY_AFTER_SECONDS } from "~/models/patterns/pool.server";
import { apiIdParam } from "~/utils/api-params.server";
import { apiError } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

/**
 * GET /api/user/layout/{productId}?size=&width=&material= -> {size, width_mm, material, length_mm, lower_bound_mm,
 * efficiency, gap_mm, folded, pieces: [{name, rotation, mirrored, polygon}]} (decision 116). Public like
 * get-external-product; the Authorization token, when sent, names the buyer of `size=custom` and a draft's seller.
 * Defaults: the pattern's default size, the seller's width closest to 1400 mm, the main fabric.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const productId = apiIdParam(params.productId, LAYOUT_ERRORS.not_found.message);
  const url = new URL(request.url);
  const db = getDb();
  const width = url.searchParams.get("width");
  const widthMm = width === null || width === "" ? defaultLayoutWidthMm(getLayoutSettings({ db, productId }).widthsMm) : /^\d{1,5}$/.test(width) ? Number(width) : NaN;
  const viewer = await getApiUser(request);
  const result = await productLayout({
    db,
    productId,
    size: url.searchParams.get("size") ?? "",
    widthMm,
    material: url.searchParams.get("material") || undefined,
    userId: viewer?.id ?? null,
    client: layoutClientKey(viewer?.id, clientKeyOf(request)),
  });
  if (result.ok) return Response.json(productLayoutJson(result.value), { headers: { "Cache-Control": "private, no-store" } });
  const { status, message } = LAYOUT_ERRORS[result.error];
  if (result.error === "too_wide") return apiError(status, tooWideMessage(result.pieces), { pieces: result.pieces ?? [] });
  const response = apiError(status, message);
  if (status === 429) response.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  if (status === 503) response.headers.set("Retry-After", String(result.error === "busy" ? RETRY_AFTER_SECONDS : RETRY_AFTER_SECONDS * 6));
  return response;
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
