import { clientKeyOf } from "~/auth/login.server";
import { apiRoute, domainError } from "~/auth/api-route.server";
import { LAYOUT_ERRORS, tooWideMessage } from "~/models/layout/errors";
import { defaultLayoutWidthMm, layoutClientKey, productLayout, productLayoutJson } from "~/models/layout/layouts.server";
import { getLayoutSettings } from "~/models/layout/settings.server";
import { RETRY_AFTER_SECONDS } from "~/models/patterns/pool.server";
import { apiIdParam } from "~/utils/api-params.server";
import { apiError } from "~/utils/api.server";

/**
 * GET /api/user/layout/{productId}?size=&width=&material= -> {size, width_mm, material, length_mm, lower_bound_mm,
 * efficiency, gap_mm, folded, pieces: [{name, rotation, mirrored, polygon}]} (decision 130). Public like
 * get-external-product; the Authorization token, when sent, names the buyer of `size=custom` and a draft's seller.
 * Defaults: the pattern's default size, the seller's width closest to 1400 mm, the main fabric.
 */
const route = apiRoute({ method: "GET", guard: "viewer" }, async ({ request, db, user: viewer, params }) => {
  const productId = apiIdParam(params.productId, LAYOUT_ERRORS.not_found);
  const url = new URL(request.url);
  const width = url.searchParams.get("width");
  const widthMm = width === null || width === "" ? defaultLayoutWidthMm((await getLayoutSettings({ db, productId })).widthsMm) : /^\d{1,5}$/.test(width) ? Number(width) : NaN;
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
  const { status } = LAYOUT_ERRORS[result.error];
  if (result.error === "too_wide") return apiError(status, tooWideMessage(result.pieces), { pieces: result.pieces ?? [] });
  const response = domainError(LAYOUT_ERRORS, result.error);
  if (status === 429) response.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  if (status === 503) response.headers.set("Retry-After", String(result.error === "busy" ? RETRY_AFTER_SECONDS : RETRY_AFTER_SECONDS * 6));
  return response;
});
export const loader = route.loader;
export const action = route.action;
