import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { CardSection } from "~/components/card-section";
import { ErrorList, SubmitButton, useSubmittingIntent, useZodForm } from "~/components/forms";
import { RateSchema } from "~/schemas/buying";

/** Rate the product of an order: 1 to 5 stars and a comment (shown while the order is not yet reviewed). */
export function RateForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const submitting = useSubmittingIntent("rate");
  const [form, fields] = useZodForm(RateSchema, lastResult, { id: "rate" });
  return (
    <CardSection id="rate-title" title="Rate this product">
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="rate" />
        <fieldset aria-describedby={fields.rating.errors ? fields.rating.errorId : undefined}>
          <legend className="label">Rating</legend>
          <div className="mt-2 flex gap-3">
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className="flex items-center gap-1 text-sm">
                <input type="radio" name={fields.rating.name} value={n} required defaultChecked={fields.rating.initialValue === String(n)} />
                <span aria-hidden="true">{"★".repeat(n)}</span>
                <span className="sr-only">{n === 1 ? "1 star" : `${n} stars`}</span>
              </label>
            ))}
          </div>
          <ErrorList id={fields.rating.errorId} errors={fields.rating.errors} />
        </fieldset>
        <div>
          <label htmlFor={fields.comment.id} className="label">
            Comment
          </label>
          <textarea {...getTextareaProps(fields.comment)} rows={3} className="input mt-1" />
          <ErrorList id={fields.comment.errorId} errors={fields.comment.errors} />
        </div>
        <SubmitButton submitting={submitting}>
          Submit Rating
        </SubmitButton>
        <ErrorList id={form.errorId} errors={form.errors} />
      </Form>
    </CardSection>
  );
}
