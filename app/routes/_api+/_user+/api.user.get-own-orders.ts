import { apiRoute } from "~/auth/api-route.server";
import { listStoreOrderViews } from "~/models/selling/orders.server";
import { toSellerOrderJson } from "~/models/selling/views.server";

/** GET /api/user/get-own-orders -> the store's orders, newest first, in the seller view. */
const route = apiRoute({ method: "GET", guard: "seller" }, async ({ db, store }) => (await listStoreOrderViews({ db, storeId: store.id })).map(toSellerOrderJson));
export const loader = route.loader;
export const action = route.action;
