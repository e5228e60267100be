import type { ActionFunctionArgs } from "@remix-run/node";

import { BUYING_ERRORS } from "~/models/buying/errors";
import { rateOrder } from "~/models/buying/orders.server";
import { ApiRateSchema } from "~/schemas/buying";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { requireApiUser } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/** POST /api/user/rate-product {id (order), rating 1-5, comment, products?} -> {success}. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const body = await parseBody(request, ApiRateSchema);
  const result = rateOrder({
    db: getDb(),
    userId: user.id,
    orderId: body.id,
    rating: body.rating,
    comment: body.comment,
    productIds: body.products,
  });
  if (!result.ok) {
    const { status, message } = BUYING_ERRORS.rate[result.error];
    return apiError(status, message);
  }
  return Response.json({ success: true });
}
