import { apiRoute } from "~/auth/api-route.server";
import { sweepExpiredCheckouts } from "~/models/buying/checkout.server";
import { listBuyerOrders } from "~/models/buying/orders.server";
import { toBuyerOrderJson } from "~/models/buying/views.server";

/** GET /api/user/get-orders -> the buyer's orders, newest first (spec 3, Order buyer view). */
const route = apiRoute({ method: "GET", guard: "user" }, async ({ db, user }) => {
  await sweepExpiredCheckouts({ db, userId: user.id });
  return (await listBuyerOrders({ db, userId: user.id })).map(toBuyerOrderJson);
});
export const loader = route.loader;
export const action = route.action;
