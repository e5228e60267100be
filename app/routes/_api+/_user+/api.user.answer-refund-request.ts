import type { ActionFunctionArgs } from "@remix-run/node";

import { BUYING_ERRORS } from "~/models/buying/errors";
import { refundRequestJson } from "~/models/buying/refund-request-rows.server";
import { answerRefundRequest, type RefundRequestActor } from "~/models/buying/refund-requests.server";
import { getStripe } from "~/models/payments/providers.server";
import { ApiAnswerRefundRequestSchema } from "~/schemas/refund-requests";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { requireApiSeller, requireApiUser } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/**
 * POST /api/user/answer-refund-request {id, accept, answer} -> {success, refund_request} (decision 110): the store's
 * owner (an administrator: any request) accepts (the order is refunded once) or declines (an answer is required; the
 * buyer is emailed it). Another store's request is 404; an answered one 409.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const actor: RefundRequestActor =
    user.role === "admin" ? { admin: true, userId: user.id } : { storeId: (await requireApiSeller(request)).store.id, userId: user.id };
  const { id, accept, answer } = await parseBody(request, ApiAnswerRefundRequestSchema);
  const result = await answerRefundRequest({ db: getDb(), requestId: id, actor, accept, answer, stripe: getStripe() });
  if (!result.ok) return apiError(BUYING_ERRORS.answerRefundRequest[result.error].status, BUYING_ERRORS.answerRefundRequest[result.error].message);
  return Response.json({ success: true, refund_request: refundRequestJson(result.request) });
}
