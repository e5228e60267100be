/**
 * Refund and cancel requests (decision 110): the buyer's form on /purchase/{id}, the request as both sides see it, and
 * the answer form of /sale/{id} and /admin/order/{id}. Plain POST forms: they work without JavaScript.
 */
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";

import { ErrorList, Spinner, SubmitButton, useSubmittingIntent, useZodForm } from "~/components/forms";
import { AnswerRefundRequestSchema, RefundRequestSchema } from "~/schemas/refund-requests";

export type RefundRequestView = {
  id: number;
  kind: "refund" | "cancel";
  reason: string;
  status: "open" | "accepted" | "declined";
  answer: string;
  date: string;
};

const STATUS_TEXT: Record<RefundRequestView["status"], string> = {
  open: "Waiting for the seller's answer",
  accepted: "Accepted",
  declined: "Declined",
};

/** What was asked and how it was answered. */
export function RefundRequestSummary({ request, heading }: { request: RefundRequestView; heading: string }) {
  return (
    <div data-testid="refund-request">
      <h3 className="font-semibold">{heading}</h3>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">Asked for</dt>
        <dd>{request.kind === "cancel" ? "A cancellation" : "A refund"} · {request.date}</dd>
        <dt className="text-slate-500">Reason</dt>
        <dd className="whitespace-pre-line">{request.reason}</dd>
        <dt className="text-slate-500">Status</dt>
        <dd data-testid="refund-request-status">{STATUS_TEXT[request.status]}</dd>
        {request.answer ? (
          <>
            <dt className="text-slate-500">Answer</dt>
            <dd className="whitespace-pre-line" data-testid="refund-request-answer">
              {request.answer}
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

/** The buyer asks for a refund or (before shipping) a cancellation, with a reason. */
export function RequestRefundForm({ canCancel, lastResult }: { canCancel: boolean; lastResult?: SubmissionResult<string[]> }) {
  const submitting = useSubmittingIntent("request-refund");
  const [form, fields] = useZodForm(RefundRequestSchema, lastResult, { id: "request-refund", defaultValue: { kind: "refund" } });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
      <input type="hidden" name="intent" value="request-refund" />
      <fieldset aria-describedby={fields.kind.errors ? fields.kind.errorId : undefined}>
        <legend className="label">What would you like?</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          <label className="flex items-center gap-1 text-sm">
            <input type="radio" name={fields.kind.name} value="refund" defaultChecked={fields.kind.initialValue !== "cancel"} /> A refund
          </label>
          {canCancel ? (
            <label className="flex items-center gap-1 text-sm">
              <input type="radio" name={fields.kind.name} value="cancel" defaultChecked={fields.kind.initialValue === "cancel"} /> Cancel the order
            </label>
          ) : null}
        </div>
        <ErrorList id={fields.kind.errorId} errors={fields.kind.errors} />
      </fieldset>
      <div>
        <label htmlFor={fields.reason.id} className="label">
          Reason
        </label>
        <textarea {...getTextareaProps(fields.reason)} rows={3} className="input mt-1" />
        <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} />
      </div>
      <SubmitButton submitting={submitting}>
        Send request
      </SubmitButton>
      <ErrorList id={form.errorId} errors={form.errors} />
    </Form>
  );
}

/**
 * Accept (the order is refunded) or decline (an answer is required) an open request. Two submit buttons name the
 * decision, so the check that a decline has an answer is the server's (the schema's) on both faces.
 */
export function AnswerRequestForm({
  request,
  action,
  lastResult,
}: {
  request: Pick<RefundRequestView, "id">;
  action?: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "answer-request";
  const [form, fields] = useForm({ id: "answer-request", lastResult, constraint: getZodConstraint(AnswerRefundRequestSchema) });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="mt-4 space-y-3">
      <input type="hidden" name="intent" value="answer-request" />
      <input type="hidden" name="requestId" value={request.id} />
      <div>
        <label htmlFor={fields.answer.id} className="label">
          Answer to the buyer (required to decline)
        </label>
        <textarea {...getTextareaProps(fields.answer)} rows={3} className="input mt-1" />
        <ErrorList id={fields.answer.errorId} errors={fields.answer.errors} />
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="decision" value="accept" className="btn" disabled={submitting}>
          <Spinner show={submitting && navigation.formData?.get("decision") === "accept"} />
          Accept and refund
        </button>
        <button type="submit" name="decision" value="decline" className="btn-secondary" disabled={submitting}>
          <Spinner show={submitting && navigation.formData?.get("decision") === "decline"} />
          Decline
        </button>
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
    </Form>
  );
}
