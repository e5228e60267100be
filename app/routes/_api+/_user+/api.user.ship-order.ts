import { apiRoute, domainError } from "~/auth/api-route.server";
import { SELLING_ERRORS } from "~/models/selling/errors";
import { getStoreOrder, shipOrder } from "~/models/selling/orders.server";
import { toSellerOrderJson } from "~/models/selling/views.server";
import { ApiShipSchema } from "~/schemas/selling";

/** POST /api/user/ship-order {id, tracking, carrier} -> {success, order}; 404 not the store's, 409 refunded or not shippable. */
const route = apiRoute({ method: "POST", guard: "seller", body: ApiShipSchema }, async ({ db, store, body }) => {
  const result = await shipOrder({ db, orderId: body.id, actor: { storeId: store.id }, tracking: body.tracking, carrier: body.carrier });
  if (!result.ok) return domainError(SELLING_ERRORS.ship, result.error);
  return { success: true, order: toSellerOrderJson((await getStoreOrder({ db, storeId: store.id, orderId: body.id }))!) };
});
export const loader = route.loader;
export const action = route.action;
