import type { LoaderFunctionArgs } from "@remix-run/node";

import { sweepExpiredCheckouts } from "~/models/buying/checkout.server";
import { listBuyerOrders, toBuyerOrderJson } from "~/models/buying/orders.server";
import { requireApiUser } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

/** GET /api/user/get-orders -> the buyer's orders, newest first (spec 3, Order buyer view). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const db = getDb();
  await sweepExpiredCheckouts({ db, userId: user.id });
  return Response.json(listBuyerOrders({ db, userId: user.id }).map(toBuyerOrderJson));
}
