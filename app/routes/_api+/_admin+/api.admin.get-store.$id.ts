import { apiRoute, domainError } from "~/auth/api-route.server";
import { ADMIN_ERRORS } from "~/models/admin/errors";
import { getAdminStore, toAdminStoreJson } from "~/models/admin/stores.server";
import { apiIdParam } from "~/utils/api-params.server";

/** GET /api/admin/get-store/{storeId} -> {id, name, email, sales, refunds, revenue, balance, pendingTransfers, txs, ...}. */
const route = apiRoute({ method: "GET", guard: "admin" }, async ({ db, params }) => {
  const view = await getAdminStore({ db, storeId: apiIdParam(params.id, ADMIN_ERRORS.lookup["store-not-found"]) });
  return view ? toAdminStoreJson(view) : domainError(ADMIN_ERRORS.lookup, "store-not-found");
});
export const loader = route.loader;
export const action = route.action;
