import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { requireUser } from "~/auth/guards.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TextArea } from "~/components/form-fields";
import { ErrorList, Field, SelectField, SubmitButton, useSubmittingIntent } from "~/components/forms";
import { chooseTesters, sendNotices } from "~/models/testing/applications.server";
import { callableDrafts, closeTesterCall, editTesterCall, listSellerCalls, listUserApplications, openTesterCall, utcDay } from "~/models/testing/calls.server";
import { TESTING_ERRORS, unknownSizesMessage } from "~/models/testing/errors";
import { callFeedback } from "~/models/testing/feedback.server";
import { ChooseTestersFormSchema, EditTesterCallFormSchema, OpenTesterCallFormSchema } from "~/schemas/testing";
import { getDb } from "~/utils/db.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/forms.server";
import { publicOrigin } from "~/utils/mail.server";
import { measurementsLine } from "~/utils/measurement-units";

export const meta: MetaFunction = () => [{ title: "Tester calls · Patternhouse" }];

type Errors = Record<string, string[] | null | undefined>;

/**
 * /my-tester-calls (issue 37): a seller opens a call on one of their drafts (one open call a draft, in the pattern's
 * sizes), edits or closes it before choosing (issue 46, item 10), sees its applicants (the size they would sew, their
 * notes and, when they ticked, measurements) and the testers' feedback, and chooses testers; anyone sees the calls
 * they applied to.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  return {
    drafts: await callableDrafts({ db, sellerId: user.id }),
    calls: await Promise.all((await listSellerCalls({ db, sellerId: user.id })).map(async (call) => ({
      ...call,
      applicants: call.applicants.map((a) => ({ ...a, appliedAt: undefined })),
      feedback: await callFeedback({ db, callId: call.id }),
    }))),
    applied: await listUserApplications({ db, userId: user.id }),
    today: utcDay(new Date()),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  const db = getDb();
  if (formData.get("intent") === "choose") {
    const submission = parseWithZod(formData, { schema: ChooseTestersFormSchema });
    if (submission.status !== "success") return data({ form: "choose" as const, callId: Number(formData.get("callId")), errors: (submission.error ?? {}) as Errors }, { status: 400 });
    const { callId, userIds } = submission.value;
    const result = await chooseTesters({ db, callId, sellerId: user.id, userIds });
    if (!result.ok) {
      const { status, message } = TESTING_ERRORS.choose[result.error];
      return data({ form: "choose" as const, callId, errors: { userIds: [message] } as Errors }, { status });
    }
    await sendNotices({ notices: result.notices, origin: publicOrigin() });
    const message = `${result.chosen.length} ${result.chosen.length === 1 ? "tester" : "testers"} chosen: each has a free tester copy and a message from you.`;
    return redirectWithFlash(request, `/my-tester-calls#call-${callId}`, { kind: "success", message });
  }
  if (formData.get("intent") === "close") {
    const callId = Number(formData.get("callId"));
    const result = await closeTesterCall({ db, sellerId: user.id, callId });
    if (!result.ok) {
      const { status, message } = TESTING_ERRORS.close[result.error];
      return data({ form: "edit" as const, callId, errors: { form: [message] } as Errors }, { status });
    }
    return redirectWithFlash(request, `/my-tester-calls#call-${callId}`, { kind: "success", message: "The tester call is closed: it takes no more applications." });
  }
  if (formData.get("intent") === "edit") {
    const submission = parseWithZod(formData, { schema: EditTesterCallFormSchema });
    const callId = Number(formData.get("callId"));
    if (submission.status !== "success") return data({ form: "edit" as const, callId, errors: (submission.error ?? {}) as Errors }, { status: 400 });
    const { callId: _id, intent: _intent, ...input } = submission.value;
    const result = await editTesterCall({ db, sellerId: user.id, callId, input });
    if (!result.ok) {
      if (result.error === "unknown-sizes") return data({ form: "edit" as const, callId, errors: { sizes: [unknownSizesMessage(result)] } as Errors }, { status: 400 });
      const { status, message } = TESTING_ERRORS.edit[result.error];
      return data({ form: "edit" as const, callId, errors: { [result.error === "closes-in-past" ? "closesOn" : "form"]: [message] } as Errors }, { status });
    }
    return redirectWithFlash(request, `/my-tester-calls#call-${callId}`, { kind: "success", message: "Your tester call is changed." });
  }
  const submission = parseWithZod(formData, { schema: OpenTesterCallFormSchema });
  if (submission.status !== "success") return data({ form: "open" as const, callId: null, errors: (submission.error ?? {}) as Errors }, { status: 400 });
  const { productId, intent: _intent, ...input } = submission.value;
  const result = await openTesterCall({ db, sellerId: user.id, productId, input });
  if (!result.ok) {
    if (result.error === "unknown-sizes") return data({ form: "open" as const, callId: null, errors: { sizes: [unknownSizesMessage(result)] } as Errors }, { status: 400 });
    const { status, message } = TESTING_ERRORS.open[result.error];
    const field = result.error === "closes-in-past" ? "closesOn" : "productId";
    return data({ form: "open" as const, callId: null, errors: { [field]: [message] } as Errors }, { status });
  }
  return redirectWithFlash(request, `/my-tester-calls#call-${result.call.id}`, { kind: "success", message: "Your tester call is open: share its page with sewists." });
}

export default function MyTesterCalls() {
  const { drafts, calls, applied, today } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const openErrors: Errors = answer?.form === "open" ? answer.errors : {};
  const opening = useSubmittingIntent("open");
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight">Tester calls</h1>
      <p className="mt-1 text-sm text-slate-600">Sewists of many sizes sew your draft and tell you how it fits, before you publish it.</p>

      {drafts.length ? (
        <section aria-labelledby="open-title" className="card mt-6 p-4">
          <h2 id="open-title" className="text-lg font-semibold">Open a tester call</h2>
          <Form method="post" className="mt-3 space-y-4">
            <input type="hidden" name="intent" value="open" />
            <SelectField label="Draft" id="call-product" name="productId" options={drafts.map((d) => ({ value: d.id, label: d.name }))} errors={openErrors.productId} />
            <Field label="Sizes wanted" hint="Separated by commas, among the pattern's sizes, e.g. S, M, L" inputProps={{ id: "call-sizes", name: "sizes", required: true }} errors={openErrors.sizes} />
            <Field label="How many testers" inputProps={{ id: "call-testers", name: "testers", type: "number", min: 1, max: 100, required: true, defaultValue: "3" }} errors={openErrors.testers} />
            <Field label="Closing date" inputProps={{ id: "call-closes", name: "closesOn", type: "date", min: today, required: true }} errors={openErrors.closesOn} />
            <TextArea label="What testers must send" id="call-brief" name="brief" rows={3} maxLength={4000} required errors={openErrors.brief ?? undefined} />
            <SubmitButton submitting={opening}>Open the call</SubmitButton>
          </Form>
        </section>
      ) : (
        <p className="mt-6 text-sm text-slate-600">
          A call is opened on a draft Digital pattern of your store. <Link to="/create-design" className="text-brand-700 underline">Upload a design</Link> and save it as a draft.
        </p>
      )}

      {calls.length ? (
        <section aria-labelledby="calls-title" className="mt-8">
          <h2 id="calls-title" className="text-lg font-semibold">Your calls</h2>
          <ul className="mt-3 space-y-4">
            {calls.map((call) => {
              const errors: Errors = answer?.form === "choose" && answer.callId === call.id ? answer.errors : {};
              const editErrors: Errors = answer?.form === "edit" && answer.callId === call.id ? answer.errors : {};
              const free = call.applicants.filter((a) => !a.chosen);
              return (
                <li key={call.id} id={`call-${call.id}`} className="card scroll-mt-20 p-4">
                  <h3 className="font-semibold">
                    <Link to={`/tester-call/${call.id}`} className="text-brand-700 underline">{call.productName}</Link>
                  </h3>
                  <p className="text-sm text-slate-600">
                    Sizes {call.sizes.join(", ")} · {call.chosenCount} of {call.testers} testers chosen · {call.open ? `closes ${call.closesOn}` : "closed"}
                  </p>
                  {call.open ? <EditCall call={call} today={today} errors={editErrors} /> : null}
                  <h4 className="mt-3 text-sm font-semibold">Applicants ({call.applicants.length})</h4>
                  {call.applicants.length === 0 ? <p className="text-sm text-slate-600">No applications yet.</p> : null}
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="intent" value="choose" />
                    <input type="hidden" name="callId" value={call.id} />
                    <fieldset aria-describedby={errors.userIds ? `choose-${call.id}-error` : undefined}>
                      <legend className="sr-only">Choose testers for {call.productName}</legend>
                      <ul className="space-y-2 text-sm">
                        {call.applicants.map((a) => (
                          <li key={a.userId} className="rounded border border-slate-200 p-2">
                            <label className="flex items-start gap-2">
                              {a.chosen ? <span className="rounded bg-brand-50 px-1.5 text-xs font-medium text-brand-700">Tester</span> : <input type="checkbox" name="userIds" value={a.userId} className="mt-1" />}
                              <span>
                                <span className="font-medium">{a.name}</span>
                                {a.size ? <span className="text-slate-700"> · would sew size {a.size}</span> : null}
                                {a.note ? <span className="block whitespace-pre-line text-slate-700">{a.note}</span> : null}
                                {a.measurements ? (
                                  <span className="block text-slate-600">
                                    {measurementsLine(a.measurements)}
                                  </span>
                                ) : null}
                              </span>
                            </label>
                          </li>
                        ))}
                      </ul>
                    </fieldset>
                    <ErrorList id={`choose-${call.id}-error`} errors={errors.userIds} />
                    {free.length ? (
                      <button type="submit" className="btn mt-2">
                        Choose the ticked testers
                      </button>
                    ) : null}
                  </Form>
                  {call.feedback.length ? (
                    <>
                      <h4 className="mt-3 text-sm font-semibold">Feedback</h4>
                      <ul className="mt-1 space-y-1 text-sm">
                        {call.feedback.map((f, i) => (
                          <li key={i}>
                            <span className="font-medium">Size {f.size}</span> ({call.applicants.find((a) => a.userId === f.userId)?.name}): <span className="whitespace-pre-line">{f.notes}</span>
                          </li>
                        ))}
                      </ul>
                    </>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="applied-title" className="mt-8">
        <h2 id="applied-title" className="text-lg font-semibold">Calls you applied to</h2>
        {applied.length === 0 ? <p className="mt-2 text-sm text-slate-600">None yet.</p> : null}
        <ul className="mt-3 space-y-2">
          {applied.map((call) => (
            <li key={call.id} className="text-sm">
              <Link to={`/tester-call/${call.id}`} className="text-brand-700 underline">{call.productName}</Link> by {call.storeName}:{" "}
              {call.chosen ? "you are a tester" : call.open ? "waiting for the seller" : "not chosen"}
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}

type SellerCall = ReturnType<typeof useLoaderData<typeof loader>>["calls"][number];

/**
 * An open call's changes (issue 46, item 10): before any tester is chosen the seller edits it (the open form's
 * fields); until it closes they may close it, and it takes no more applications.
 */
function EditCall({ call, today, errors }: { call: SellerCall; today: string; errors: Errors }) {
  const id = (field: string) => `call-${call.id}-${field}`;
  const failed = Object.values(errors).some((e) => e?.length);
  return (
    <div className="mt-2 space-y-2">
      {call.chosenCount === 0 ? (
        <details className="text-sm" open={failed}>
          <summary className="cursor-pointer text-brand-700 underline">Edit the call</summary>
          <Form method="post" className="mt-3 space-y-4">
            <input type="hidden" name="intent" value="edit" />
            <input type="hidden" name="callId" value={call.id} />
            <Field label="Sizes wanted" hint="Separated by commas, among the pattern's sizes" inputProps={{ id: id("sizes"), name: "sizes", required: true, defaultValue: call.sizes.join(", ") }} errors={errors.sizes} />
            <Field label="How many testers" inputProps={{ id: id("testers"), name: "testers", type: "number", min: 1, max: 100, required: true, defaultValue: String(call.testers) }} errors={errors.testers} />
            <Field label="Closing date" inputProps={{ id: id("closes"), name: "closesOn", type: "date", min: today, required: true, defaultValue: call.closesOn }} errors={errors.closesOn} />
            <TextArea label="What testers must send" id={id("brief")} name="brief" rows={3} maxLength={4000} required defaultValue={call.brief} errors={errors.brief ?? undefined} />
            <ErrorList id={id("edit-error")} errors={errors.form} />
            <button type="submit" className="btn">
              Save the call
            </button>
          </Form>
        </details>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="close" />
        <input type="hidden" name="callId" value={call.id} />
        {call.chosenCount > 0 ? <ErrorList id={id("close-error")} errors={errors.form} /> : null}
        <button type="submit" className="btn-secondary text-sm">
          Close the call
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
