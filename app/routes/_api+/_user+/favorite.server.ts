import { apiRoute, domainError } from "~/auth/api-route.server";
import { CATALOG_ERRORS } from "~/models/catalog/errors";
import { setFavorite } from "~/models/catalog/favorites.server";
import { apiIdParam } from "~/utils/api-params.server";

/**
 * POST /api/user/favorite/{id} and /api/user/unfavorite/{id}, id = the product's id; both idempotent, both answer
 * `{ success: true, favorite }`. An unknown or unlisted product: 404.
 */
export function favoriteRoute(favorite: boolean) {
  return apiRoute({ method: "POST", guard: "user" }, async ({ db, user, params }) => {
    const productId = apiIdParam(params.id, CATALOG_ERRORS.favorite["product-not-found"]);
    const result = await setFavorite({ db, userId: user.id, productId, favorite });
    return result.ok ? { success: true, favorite: result.favorite } : domainError(CATALOG_ERRORS.favorite, result.error);
  });
}
