import { apiRoute, domainError } from "~/auth/api-route.server";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { canSeeProductMakes, listProductMakes, makeJson, pageParam } from "~/models/makes/gallery.server";
import { apiIdParam } from "~/utils/api-params.server";

/**
 * GET /api/user/makes/{productId}?page= -> {makes: [{id, size, fabric, notes, fit, photos: [url], maker, tester,
 * created_at}], total, page, pages}: the pattern's gallery (testers' makes first, then newest first; a hidden make
 * only to its maker). `maker` is a display name, never an email or measurements.
 */
const route = apiRoute({ method: "GET", guard: "user" }, async ({ db, user, params, request }) => {
  const productId = apiIdParam(params.productId, MAKES_ERRORS.make["product-not-found"]);
  if (!await canSeeProductMakes({ db, productId, viewerId: user.id })) return domainError(MAKES_ERRORS.make, "product-not-found");
  const page = await listProductMakes({ db, productId, viewerId: user.id, page: pageParam(new URL(request.url).searchParams.get("page")) });
  return { makes: page.makes.map(makeJson), total: page.total, page: page.page, pages: page.pages };
});
export const loader = route.loader;
export const action = route.action;
