import { apiRoute } from "~/auth/api-route.server";
import { listStoreOrdersJson } from "~/models/selling/orders.server";

/** GET /api/user/get-own-orders -> the store's orders, newest first, in the seller view. */
const route = apiRoute({ method: "GET", guard: "seller" }, ({ db, store }) => listStoreOrdersJson({ db, storeId: store.id }));
export const loader = route.loader;
export const action = route.action;
