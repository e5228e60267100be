import type { LoaderFunctionArgs } from "@remix-run/node";

import { getBuyerOrder, toBuyerOrderJson } from "~/models/buying/orders.server";
import { apiError } from "~/utils/api.server";
import { requireApiUser } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/** GET /api/user/get-order/{id} -> one own order; another user's order is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const order = getBuyerOrder({ db: getDb(), userId: user.id, orderId: Number(params.id) });
  if (!order) return apiError(404, "Order not found");
  return Response.json(toBuyerOrderJson(order));
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
