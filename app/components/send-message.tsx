import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";

import { ErrorList } from "~/components/forms";
import { SendMessageSchema } from "~/schemas/messages";

/**
 * The store page's 'Send a message' dialog: a disclosure, so it opens without JavaScript.
 * Sending stays off until messaging exists; the form and its validation are already here.
 */
export function SendMessageDialog({
  loggedIn,
  loginHref,
  cancelHref,
  lastResult,
}: {
  loggedIn: boolean;
  loginHref: string;
  cancelHref: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm({
    id: "send-message",
    lastResult,
    constraint: getZodConstraint(SendMessageSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SendMessageSchema }),
  });
  return (
    <details className="rounded-md border border-slate-200" open={Boolean(lastResult)}>
      <summary className="cursor-pointer px-4 py-2 text-sm font-semibold">Send a message</summary>
      <div className="border-t border-slate-200 p-4">
        {loggedIn ? (
          <Form method="post" {...getFormProps(form)} className="space-y-3">
            <input type="hidden" name="intent" value="message" />
            <label htmlFor={fields.message.id} className="label">
              Message
            </label>
            <textarea
              {...getTextareaProps(fields.message)}
              rows={4}
              className="input"
              aria-describedby={`${fields.message.errorId} message-note`}
            />
            <ErrorList id={fields.message.errorId} errors={fields.message.errors} />
            <ErrorList id={form.errorId} errors={form.errors} />
            <p id="message-note" className="text-sm text-slate-600">
              Messaging opens soon: sending is not available yet.
            </p>
            <div className="flex gap-2">
              <Link
                to={cancelHref}
                className="btn-secondary"
                onClick={(event) => {
                  // With JavaScript, Cancel just closes the disclosure; without, the link reloads the page closed.
                  event.preventDefault();
                  event.currentTarget.closest("details")?.removeAttribute("open");
                }}
              >
                Cancel
              </Link>
              <button type="submit" className="btn" disabled>
                Send
              </button>
            </div>
          </Form>
        ) : (
          <p className="text-sm">
            Please login to send messages.{" "}
            <Link to={loginHref} className="font-medium text-brand-700 hover:underline">
              Log in
            </Link>
          </p>
        )}
      </div>
    </details>
  );
}
