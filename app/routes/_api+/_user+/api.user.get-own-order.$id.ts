import { apiRoute, domainError } from "~/auth/api-route.server";
import { SELLING_ERRORS } from "~/models/selling/errors";
import { getStoreOrder } from "~/models/selling/orders.server";
import { toSellerOrderJson } from "~/models/selling/views.server";
import { lookupId } from "~/utils/ids";

/** GET /api/user/get-own-order/{id} -> one order of the caller's store (seller view); another store's is 404. */
const route = apiRoute({ method: "GET", guard: "seller" }, async ({ db, store, params }) => {
  const order = await getStoreOrder({ db, storeId: store.id, orderId: lookupId(params.id) });
  return order ? toSellerOrderJson(order) : domainError(SELLING_ERRORS.order, "not-found");
});
export const loader = route.loader;
export const action = route.action;
