import { apiRoute, domainError } from "~/auth/api-route.server";
import { BUYING_ERRORS } from "~/models/buying/errors";
import { refundRequestJson } from "~/models/buying/refund-request-rows.server";
import { requestRefund } from "~/models/buying/refund-requests.server";
import { ApiRequestRefundSchema } from "~/schemas/refund-requests";

/** POST /api/user/request-refund {order_id, kind: "refund" | "cancel", reason} -> 201 {success, refund_request} (decision 110). */
const route = apiRoute({ method: "POST", guard: "user", body: ApiRequestRefundSchema }, async ({ db, user, body: { order_id, kind, reason } }) => {
  const result = await requestRefund({ db, buyerId: user.id, orderId: order_id, kind, reason });
  if (!result.ok) return domainError(BUYING_ERRORS.requestRefund, result.error);
  return Response.json({ success: true, refund_request: refundRequestJson(result.request) }, { status: 201 });
});
export const loader = route.loader;
export const action = route.action;
