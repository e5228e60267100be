import { apiRoute, domainError } from "~/auth/api-route.server";
import { ADMIN_ERRORS } from "~/models/admin/errors";
import { getStoreIdOfOwner, listStoreProducts, PRODUCT_SORTS, toAdminProductJson } from "~/models/admin/stores.server";
import { pageHeaders, parseApiTableQuery } from "~/models/admin/table";
import { isId } from "~/utils/ids";

/** GET /api/admin/get-products?owner={ownerUserId} (or store={storeId}) -> the store's products, removed ones marked. */
const route = apiRoute({ method: "GET", guard: "admin" }, async ({ request, db }) => {
  const params = new URL(request.url).searchParams;
  const owner = Number(params.get("owner"));
  const store = Number(params.get("store"));
  const storeId = isId(store) ? store : isId(owner) ? await getStoreIdOfOwner({ db, ownerId: owner }) : undefined;
  if (!params.get("owner") && !params.get("store")) return domainError(ADMIN_ERRORS.lookup, "owner-required");
  if (!storeId) return domainError(ADMIN_ERRORS.lookup, "store-not-found");
  const query = parseApiTableQuery(params, { sorts: PRODUCT_SORTS, defaultSort: "id", defaultDir: "asc" });
  const page = await listStoreProducts({ db, storeId, query });
  return Response.json(page.rows.map(toAdminProductJson), { headers: pageHeaders(page) });
});
export const loader = route.loader;
export const action = route.action;
