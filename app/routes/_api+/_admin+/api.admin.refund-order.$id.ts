import type { ActionFunctionArgs } from "@remix-run/node";

import { getAdminOrder, toAdminOrderJson } from "~/models/admin/orders.server";
import { ADMIN_ERRORS } from "~/models/admin/errors";
import { refundOrder } from "~/models/buying/refunds.server";
import { getStripe } from "~/models/payments/providers.server";
import { apiError, requireMethod } from "~/utils/api.server";
import { requireApiAdmin } from "~/auth/guards.server";
import { apiIdParam } from "~/utils/api-params.server";
import { centsToDollars } from "~/utils/money";
import { getDb } from "~/utils/db.server";

export async function loader({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return apiError(405, "Use POST");
}

/** POST /api/admin/refund-order/{id} -> {success, refund_id, refunded, debited, order}; 409 twice. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const admin = await requireApiAdmin(request);
  const db = getDb();
  const orderId = apiIdParam(params.id, "Order not found");
  const result = await refundOrder({ db, orderId, adminId: admin.id, stripe: getStripe() });
  if (!result.ok) return apiError(ADMIN_ERRORS.refund[result.error].status, ADMIN_ERRORS.refund[result.error].message);
  return Response.json({
    success: true,
    refund_id: result.refundId,
    refunded: centsToDollars(result.refundedCents),
    debited: centsToDollars(result.debitCents),
    order: toAdminOrderJson(getAdminOrder({ db, orderId })!),
  });
}
