import type { ActionFunctionArgs } from "@remix-run/node";

import { BUYING_ERRORS } from "~/models/buying/errors";
import { refundRequestJson } from "~/models/buying/refund-request-rows.server";
import { requestRefund } from "~/models/buying/refund-requests.server";
import { ApiRequestRefundSchema } from "~/schemas/refund-requests";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { requireApiUser } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/** POST /api/user/request-refund {order_id, kind: "refund" | "cancel", reason} -> 201 {success, refund_request} (decision 110). */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const { order_id, kind, reason } = await parseBody(request, ApiRequestRefundSchema);
  const result = await requestRefund({ db: getDb(), buyerId: user.id, orderId: order_id, kind, reason });
  if (!result.ok) return apiError(BUYING_ERRORS.requestRefund[result.error].status, BUYING_ERRORS.requestRefund[result.error].message);
  return Response.json({ success: true, refund_request: refundRequestJson(result.request) }, { status: 201 });
}
