import type { ActionFunctionArgs } from "@remix-run/node";

import { CATALOG_ERRORS } from "~/models/catalog/errors";
import { setFavorite } from "~/models/catalog/favorites.server";
import { apiIdParam } from "~/utils/api-params.server";
import { apiError, requireMethod } from "~/utils/api.server";
import { requireApiUser } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/**
 * POST /api/user/favorite/{id} and /api/user/unfavorite/{id}, id = the product's id; both idempotent, both answer
 * `{ success: true, favorite }`. An unknown or unlisted product: 404.
 */
export async function favoriteApiAction({ request, params }: ActionFunctionArgs, favorite: boolean) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const productId = apiIdParam(params.id, "Product not found");
  const result = setFavorite({ db: getDb(), userId: user.id, productId, favorite });
  if (!result.ok) return apiError(CATALOG_ERRORS.favorite[result.error].status, CATALOG_ERRORS.favorite[result.error].message);
  return Response.json({ success: true, favorite: result.favorite });
}
