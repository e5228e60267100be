/** Refund and cancel requests (decision 110): the buyer's form on /purchase/{id}, the answer on /sale/{id} and
 * /admin/order/{id}, and their JSON calls. */
import { z } from "zod";

import { jsonBool, jsonId } from "~/schemas/json";
import { rowId } from "~/utils/ids";

export const REFUND_REQUEST_KIND_LABELS = { refund: "A refund", cancel: "Cancel the order" } as const;

const kind = z.enum(["refund", "cancel"], {
  errorMap: () => ({ message: "Choose a refund or a cancellation" }),
});
const reason = z
  .string({ required_error: "Please tell the seller why", invalid_type_error: "reason must be text" })
  .trim()
  .min(1, "Please tell the seller why")
  .max(2000, "The reason is too long (2000 characters at most)");
const answer = z
  .string({ invalid_type_error: "answer must be text" })
  .trim()
  .max(2000, "The answer is too long (2000 characters at most)");
const declineNeedsAnswer = "Please tell the buyer why you decline.";

/** /purchase/{id}: intent=request-refund, kind, reason. */
export const RefundRequestSchema = z.object({ intent: z.literal("request-refund"), kind, reason });

/** /sale/{id} and /admin/order/{id}: intent=answer-request, requestId, decision accept|decline, answer. */
export const AnswerRefundRequestSchema = z
  .object({
    intent: z.literal("answer-request"),
    requestId: z.coerce.number({ invalid_type_error: "Invalid request" }).int().positive().transform(rowId),
    decision: z.enum(["accept", "decline"], { errorMap: () => ({ message: "Accept or decline" }) }),
    answer: answer.optional().default(""),
  })
  .superRefine((value, ctx) => {
    if (value.decision === "decline" && !value.answer) ctx.addIssue({ code: "custom", path: ["answer"], message: declineNeedsAnswer });
  });

/** POST /api/user/request-refund {order_id, kind, reason}. */
export const ApiRequestRefundSchema = z.object({ order_id: jsonId("order_id"), kind, reason });

/** POST /api/user/answer-refund-request {id, accept, answer}: an answer is required to decline. */
export const ApiAnswerRefundRequestSchema = z
  .object({ id: jsonId("id"), accept: jsonBool("accept"), answer: answer.optional().default("") })
  .superRefine((value, ctx) => {
    if (!value.accept && !value.answer) ctx.addIssue({ code: "custom", path: ["answer"], message: declineNeedsAnswer });
  });
