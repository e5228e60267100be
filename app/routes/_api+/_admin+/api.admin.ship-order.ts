import type { ActionFunctionArgs } from "@remix-run/node";

import { getAdminOrder, toAdminOrderJson } from "~/models/admin/orders.server";
import { shipOrderAsAdmin } from "~/models/admin/shipping.server";
import { SELLING_ERRORS } from "~/models/selling/errors";
import { ApiShipSchema } from "~/schemas/admin";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { requireApiAdmin } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

export async function loader({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return apiError(405, "Use POST");
}

/** POST /api/admin/ship-order {id, tracking, carrier} -> {success, order}. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const admin = await requireApiAdmin(request);
  const body = await parseBody(request, ApiShipSchema);
  const db = getDb();
  const result = await shipOrderAsAdmin({ db, orderId: body.id, adminId: admin.id, tracking: body.tracking, carrier: body.carrier });
  if (!result.ok) return apiError(SELLING_ERRORS.ship[result.error].status, SELLING_ERRORS.ship[result.error].message);
  return Response.json({ success: true, order: toAdminOrderJson(getAdminOrder({ db, orderId: body.id })!) });
}
