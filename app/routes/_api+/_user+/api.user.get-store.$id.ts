import { apiRoute, domainError } from "~/auth/api-route.server";
import { CATALOG_ERRORS } from "~/models/catalog/errors";
import { getStorePage, storeJson } from "~/models/catalog/stores.server";
import { apiIdParam } from "~/utils/api-params.server";

/** GET /api/user/get-store/{id}, id = the owner's user id (store_owner); `?page=` pages the designs. */
const route = apiRoute({ method: "GET", guard: "viewer" }, async ({ request, db, user, params }) => {
  const ownerId = apiIdParam(params.id, CATALOG_ERRORS.view["store-not-found"]);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const found = await getStorePage({ db, ownerId, viewerId: user?.id, page });
  return found ? storeJson(found) : domainError(CATALOG_ERRORS.view, "store-not-found");
});
export const loader = route.loader;
export const action = route.action;
