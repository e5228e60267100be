import { apiRoute, domainError } from "~/auth/api-route.server";
import { BUYING_ERRORS } from "~/models/buying/errors";
import { rateOrder } from "~/models/buying/orders.server";
import { ApiRateSchema } from "~/schemas/buying";

/** POST /api/user/rate-product {id (order), rating 1-5, comment, products?} -> {success}. */
const route = apiRoute({ method: "POST", guard: "user", body: ApiRateSchema }, async ({ db, user, body }) => {
  const result = await rateOrder({ db, userId: user.id, orderId: body.id, rating: body.rating, comment: body.comment, productIds: body.products });
  return result.ok ? { success: true } : domainError(BUYING_ERRORS.rate, result.error);
});
export const loader = route.loader;
export const action = route.action;
