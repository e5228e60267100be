import { apiRoute, domainError } from "~/auth/api-route.server";
import { requireApiSeller } from "~/auth/guards.server";
import { BUYING_ERRORS } from "~/models/buying/errors";
import { refundRequestJson } from "~/models/buying/refund-request-rows.server";
import { answerRefundRequest, type RefundRequestActor } from "~/models/buying/refund-requests.server";
import { getStripe } from "~/models/payments/providers.server";
import { ApiAnswerRefundRequestSchema } from "~/schemas/refund-requests";
import { parseBody } from "~/utils/api.server";

/**
 * POST /api/user/answer-refund-request {id, accept, answer} -> {success, refund_request} (decision 110): the store's
 * owner (an administrator: any request) accepts (the order is refunded once) or declines (an answer is required; the
 * buyer is emailed it). Another store's request is 404; an answered one 409. A user without a store gets 404
 * NO_STORE before the body is read.
 */
const route = apiRoute({ method: "POST", guard: "user" }, async ({ request, db, user }) => {
  const actor: RefundRequestActor =
    user.role === "admin" ? { admin: true, userId: user.id } : { storeId: (await requireApiSeller(request)).store.id, userId: user.id };
  const { id, accept, answer } = await parseBody(request, ApiAnswerRefundRequestSchema);
  const result = await answerRefundRequest({ db, requestId: id, actor, accept, answer, stripe: getStripe() });
  if (!result.ok) return domainError(BUYING_ERRORS.answerRefundRequest, result.error);
  return { success: true, refund_request: refundRequestJson(result.request) };
});
export const loader = route.loader;
export const action = route.action;
