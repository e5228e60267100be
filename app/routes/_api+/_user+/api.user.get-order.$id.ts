import { apiRoute, domainError } from "~/auth/api-route.server";
import { BUYING_ERRORS } from "~/models/buying/errors";
import { getBuyerOrder } from "~/models/buying/orders.server";
import { toBuyerOrderJson } from "~/models/buying/views.server";
import { lookupId } from "~/utils/ids";

/** GET /api/user/get-order/{id} -> one own order; another user's order is 404. */
const route = apiRoute({ method: "GET", guard: "user" }, async ({ db, user, params }) => {
  const order = await getBuyerOrder({ db, userId: user.id, orderId: lookupId(params.id) });
  return order ? toBuyerOrderJson(order) : domainError(BUYING_ERRORS.order, "not-found");
});
export const loader = route.loader;
export const action = route.action;
