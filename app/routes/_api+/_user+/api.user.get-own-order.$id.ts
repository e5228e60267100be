import type { LoaderFunctionArgs } from "@remix-run/node";

import { getStoreOrder, toSellerOrderJson } from "~/models/selling/orders.server";
import { apiError } from "~/utils/api.server";
import { requireApiSeller } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/** GET /api/user/get-own-order/{id} -> one order of the caller's store (seller view); another store's is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { store } = await requireApiSeller(request);
  const order = getStoreOrder({ db: getDb(), storeId: store.id, orderId: Number(params.id) });
  if (!order) return apiError(404, "Order not found");
  return Response.json(toSellerOrderJson(order));
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
