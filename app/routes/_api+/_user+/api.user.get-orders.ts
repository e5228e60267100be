import type { LoaderFunctionArgs } from "@remix-run/node";

import { sweepExpiredCheckouts } from "~/models/buying/checkout.server";
import { listBuyerOrders, toBuyerOrderJson } from "~/models/buying/orders.server";
import { apiError } from "~/utils/api.server";
import { requireApiUser } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/** GET /api/user/get-orders -> the buyer's orders, newest first (spec 3, Order buyer view). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const db = getDb();
  await sweepExpiredCheckouts({ db, userId: user.id });
  return Response.json(listBuyerOrders({ db, userId: user.id }).map(toBuyerOrderJson));
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
