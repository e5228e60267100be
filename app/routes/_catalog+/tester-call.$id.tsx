import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { requireUser } from "~/auth/guards.server";
import { getUser } from "~/auth/viewer.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TextArea } from "~/components/form-fields";
import { ErrorList, SelectField } from "~/components/forms";
import { applyToTesterCall, sendNotices } from "~/models/testing/applications.server";
import { getTesterCall, listUserApplications } from "~/models/testing/calls.server";
import { TESTING_ERRORS } from "~/models/testing/errors";
import { ownFeedback, sendTesterFeedback } from "~/models/testing/feedback.server";
import { ApplyTesterCallFormSchema, TesterFeedbackFormSchema } from "~/schemas/testing";
import { getDb } from "~/utils/db.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/forms.server";
import { idParam, invariantResponse } from "~/utils/invariant";
import { publicOrigin } from "~/utils/mail.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Tester call: ${data?.call.productName ?? ""} · Patternhouse` }];

type Errors = Record<string, string[] | null | undefined>;

/**
 * /tester-call/{id} (issue 37): a tester call as anyone sees it, with the design (picture, description, sizes; issue
 * 46, item 10); a signed-in user applies (the size they would sew, a note and, with the tick, their measurements); a
 * chosen tester finds their tester copy, sends feedback per size and posts makes.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const callId = idParam(params.id, TESTING_ERRORS.apply["call-not-found"].message);
  const user = await getUser(request);
  const db = getDb();
  const call = await getTesterCall({ db, callId });
  invariantResponse(call, TESTING_ERRORS.apply["call-not-found"].message, { status: 404 });
  const mine = user ? (await listUserApplications({ db, userId: user.id })).find((c) => c.id === callId) : undefined;
  return {
    call,
    viewer: user ? (user.id === call.sellerId ? ("seller" as const) : ("user" as const)) : ("visitor" as const),
    application: mine ? { chosen: mine.chosen, orderId: mine.orderId, size: mine.size } : null,
    feedback: user && mine?.chosen ? await ownFeedback({ db, callId, userId: user.id }) : {},
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const callId = idParam(params.id, TESTING_ERRORS.apply["call-not-found"].message);
  const formData = await readForm(request);
  const db = getDb();
  if (formData.get("intent") === "feedback") {
    const submission = parseWithZod(formData, { schema: TesterFeedbackFormSchema });
    if (submission.status !== "success") return data({ form: "feedback" as const, errors: (submission.error ?? {}) as Errors }, { status: 400 });
    const result = await sendTesterFeedback({ db, callId, userId: user.id, size: submission.value.size, notes: submission.value.notes });
    if (!result.ok) {
      const { status, message } = TESTING_ERRORS.feedback[result.error];
      return data({ form: "feedback" as const, errors: { [result.error === "invalid-size" ? "size" : "form"]: [message] } as Errors }, { status });
    }
    return redirectWithFlash(request, `/tester-call/${callId}#feedback`, { kind: "success", message: `Your feedback on size ${submission.value.size} is sent.` });
  }
  const submission = parseWithZod(formData, { schema: ApplyTesterCallFormSchema });
  if (submission.status !== "success") return data({ form: "apply" as const, errors: (submission.error ?? {}) as Errors }, { status: 400 });
  const { size, note, share_measurements: shareMeasurements } = submission.value;
  const result = await applyToTesterCall({ db, callId, userId: user.id, size, note, shareMeasurements });
  if (!result.ok) {
    const { status, message } = TESTING_ERRORS.apply[result.error];
    return data({ form: "apply" as const, errors: { [result.error === "invalid-size" ? "size" : "form"]: [message] } as Errors }, { status });
  }
  if (result.notice) await sendNotices({ notices: [result.notice], origin: publicOrigin() });
  return redirectWithFlash(request, `/tester-call/${callId}`, { kind: "success", message: "You applied: the seller will tell you if you are chosen." });
}

export default function TesterCallPage() {
  const { call, viewer, application, feedback } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const applyErrors: Errors = answer?.form === "apply" ? answer.errors : {};
  const feedbackErrors: Errors = answer?.form === "feedback" ? answer.errors : {};
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight">Tester call: {call.productName}</h1>
      <p className="mt-1 text-sm text-slate-600">
        By {call.storeName} · sizes {call.sizes.join(", ")} · {call.testers} {call.testers === 1 ? "tester" : "testers"} ·{" "}
        {call.open ? `applications close on ${call.closesOn}` : "closed"}
      </p>
      <DesignPicture media={call.media} name={call.productName} />
      <h2 className="mt-6 font-semibold">The design</h2>
      <p className="mt-1 whitespace-pre-line text-slate-700">{call.description}</p>
      <p className="mt-2 text-sm text-slate-700">
        Sizes to test: <span className="font-medium">{call.sizes.join(", ")}</span>
      </p>
      <h2 className="mt-6 font-semibold">What testers send</h2>
      <p className="mt-1 whitespace-pre-line text-slate-700">{call.brief}</p>

      {viewer === "visitor" && call.open ? (
        <p className="mt-6">
          <Link to={`/login?redirectTo=/tester-call/${call.id}`} className="btn">
            Log in to apply
          </Link>
        </p>
      ) : null}
      {viewer === "seller" ? (
        <p className="mt-6 text-sm">
          This is your call: see its applicants in <Link to={`/my-tester-calls#call-${call.id}`} className="text-brand-700 underline">your tester calls</Link>.
        </p>
      ) : null}
      {viewer === "user" && !application && call.open ? (
        <section aria-labelledby="apply-title" className="card mt-6 p-4">
          <h2 id="apply-title" className="text-lg font-semibold">Apply to test</h2>
          <Form method="post" className="mt-3 space-y-4">
            <input type="hidden" name="intent" value="apply" />
            <SelectField label="The size you would sew" id="apply-size" name="size" options={call.sizes} placeholder="Choose a size" errors={applyErrors.size} />
            <TextArea label="A note to the seller" id="apply-note" name="note" rows={3} maxLength={2000} errors={applyErrors.note ?? undefined} />
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="share_measurements" className="mt-1" />
              <span>Share my measurements with the seller (from your settings), so they can choose testers of many sizes.</span>
            </label>
            <ErrorList id="apply-error" errors={applyErrors.form} />
            <button type="submit" className="btn">
              Apply
            </button>
          </Form>
        </section>
      ) : null}
      {application && !application.chosen ? (
        <p className="mt-6 text-sm">
          You applied to this call{application.size ? ` in size ${application.size}` : ""}
          {call.open ? ": the seller has not chosen you yet." : "."}
        </p>
      ) : null}
      {application?.chosen ? (
        <section aria-labelledby="tester-title" className="card mt-6 p-4">
          <h2 id="tester-title" className="text-lg font-semibold">You are a tester</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {application.orderId ? (
              <li>
                <Link to={`/purchase/${application.orderId}`} className="text-brand-700 underline">Your tester copy: download the files</Link>
              </li>
            ) : null}
            <li>
              <Link to={`/my-makes/new/${call.productId}`} className="text-brand-700 underline">Post a make</Link>
            </li>
          </ul>
          <h3 id="feedback" className="mt-4 scroll-mt-20 font-semibold">Your feedback per size</h3>
          {Object.keys(feedback).length ? (
            <ul className="mt-1 space-y-1 text-sm">
              {Object.entries(feedback).map(([size, notes]) => (
                <li key={size}>
                  <span className="font-medium">Size {size}:</span> <span className="whitespace-pre-line">{notes}</span>
                </li>
              ))}
            </ul>
          ) : null}
          <Form method="post" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="feedback" />
            <SelectField label="Size" id="feedback-size" name="size" options={call.sizes} errors={feedbackErrors.size} />
            <TextArea label="How this size went" id="feedback-notes" name="notes" rows={4} maxLength={4000} required errors={feedbackErrors.notes ?? undefined} />
            <ErrorList id="feedback-error" errors={feedbackErrors.form} />
            <button type="submit" className="btn">
              Send feedback
            </button>
          </Form>
        </section>
      ) : null}
    </section>
  );
}

/** The design's first picture (or video), as large as the page allows. */
function DesignPicture({ media, name }: { media: string | null; name: string }) {
  if (!media) return null;
  const src = `/api/files/${media}`;
  return /\.(jpe?g|png|gif|bmp|webp)$/i.test(media) ? (
    <img src={src} alt={name} className="mt-4 max-h-96 w-full rounded-md object-contain" />
  ) : (
    <video src={src} className="mt-4 max-h-96 w-full rounded-md" controls muted playsInline aria-label={name} />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
