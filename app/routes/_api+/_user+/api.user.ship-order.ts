import type { ActionFunctionArgs } from "@remix-run/node";

import { SELLING_ERRORS } from "~/models/selling/errors";
import { getStoreOrder, shipOrder, toSellerOrderJson } from "~/models/selling/orders.server";
import { ApiShipSchema } from "~/schemas/selling";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { requireApiSeller } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/** POST /api/user/ship-order {id, tracking, carrier} -> {success, order}; 404 not the store's, 409 refunded or not shippable. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { store } = await requireApiSeller(request);
  const body = await parseBody(request, ApiShipSchema);
  const db = getDb();
  const result = await shipOrder({ db, orderId: body.id, actor: { storeId: store.id }, tracking: body.tracking, carrier: body.carrier });
  if (!result.ok) return apiError(SELLING_ERRORS.ship[result.error].status, SELLING_ERRORS.ship[result.error].message);
  return Response.json({ success: true, order: toSellerOrderJson(getStoreOrder({ db, storeId: store.id, orderId: body.id })!) });
}
