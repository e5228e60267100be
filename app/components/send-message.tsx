import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useFetcher, useNavigate } from "@remix-run/react";
import { useEffect } from "react";

import { useZodForm } from "~/components/forms";
import { MessageBox, SendButton } from "~/components/message-form";
import { useHydrated } from "~/components/use-hydrated";
import { SendMessageSchema } from "~/schemas/messages";

/** How long the dialog shows 'Message sent' before going to /messages (spec 9: 1 s). */
const REDIRECT_AFTER_MS = 1000;

type SendAnswer = { result: SubmissionResult<string[]>; sent: boolean };

/**
 * The store page's 'Send a message' dialog: a disclosure, so it opens without JavaScript. Without JavaScript the
 * form posts to the store page, which goes on to /messages; with it, a fetcher sends, the dialog says the message
 * was sent and moves to /messages after 1 second.
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
  const fetcher = useFetcher<SendAnswer>();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const sent = fetcher.data?.sent === true;
  const sending = fetcher.state !== "idle";
  const [form, fields] = useZodForm(SendMessageSchema, fetcher.data?.result ?? lastResult, { id: "send-message" });
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => navigate("/messages"), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [sent, navigate]);
  const FormComponent = hydrated ? fetcher.Form : Form;
  return (
    <details className="rounded-md border border-slate-200" open={Boolean(lastResult) || sent || undefined}>
      <summary className="cursor-pointer px-4 py-2 text-sm font-semibold">Send a message</summary>
      <div className="border-t border-slate-200 p-4">
        {!loggedIn ? (
          <p className="text-sm">
            <span>Please login to send messages</span>{" "}
            <Link to={loginHref} className="font-medium text-brand-700 hover:underline">
              Log in
            </Link>
          </p>
        ) : sent ? (
          <p role="status" className="text-sm font-medium text-emerald-700">
            Message sent! Taking you to your messages…
          </p>
        ) : (
          <FormComponent method="post" {...getFormProps(form)} className="space-y-3">
            <input type="hidden" name="intent" value="message" />
            {hydrated ? <input type="hidden" name="js" value="1" /> : null}
            <MessageBox form={form} field={fields.message} label="Message" rows={4} />
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
              <SendButton sending={sending}>Send</SendButton>
            </div>
          </FormComponent>
        )}
      </div>
    </details>
  );
}
