import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { requireUser } from "~/auth/guards.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TextArea } from "~/components/form-fields";
import { ErrorList, Spinner } from "~/components/forms";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { notifyMakeReport, reportMake, reportableMake } from "~/models/makes/moderation.server";
import { ReportMakeSchema } from "~/schemas/makes";
import { getDb } from "~/utils/db.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/forms.server";
import { isoDay } from "~/utils/dates";
import { idParam, invariantResponse } from "~/utils/invariant";
import { endSentence } from "~/utils/text";
import { publicOrigin } from "~/utils/mail.server";

export const meta: MetaFunction = () => [{ title: "Report a make · Patternhouse" }];

/** /report-make/{id}: a signed-in user reports a make they can see (not their own); the seller and the platform are emailed. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const makeId = idParam(params.id, MAKES_ERRORS.report["make-not-found"].message);
  const make = await reportableMake({ db: getDb(), makeId, viewerId: user.id });
  invariantResponse(make, MAKES_ERRORS.report["make-not-found"].message, { status: 404 });
  return { make: { ...make, reportedAt: isoDay(make.reportedAt) } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const makeId = idParam(params.id, MAKES_ERRORS.report["make-not-found"].message);
  const submission = parseWithZod(await readForm(request), { schema: ReportMakeSchema });
  if (submission.status !== "success") return data({ errors: submission.error ?? {} }, { status: 400 });
  const db = getDb();
  const result = await reportMake({ db, makeId, reporterId: user.id, reason: submission.value.reason });
  if (!result.ok) {
    const { status, message } = MAKES_ERRORS.report[result.error];
    return data({ errors: { form: [message] } as Record<string, string[] | null> }, { status });
  }
  await notifyMakeReport({ notice: result.notice, origin: publicOrigin() });
  return redirectWithFlash(request, `/product/${result.notice.productId}#makes`, { kind: "success", message: "Thank you: the make is reported." });
}

export default function ReportMakePage() {
  const { make } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors = answer?.errors ?? {};
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight">Report a make</h1>
      <p className="mt-1 text-sm text-slate-600">
        The make of <Link to={`/product/${make.productId}#make-${make.id}`} className="text-brand-700 underline">{make.productName}</Link> in size {make.size} by{" "}
        {endSentence(make.maker)} The pattern's seller and the platform are told; the maker is not told who reported it.
      </p>
      {make.reportedAt ? (
        <p role="status" className="mt-6 rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800" data-testid="already-reported">
          You reported this make on <time dateTime={make.reportedAt}>{make.reportedAt}</time>: the seller and the platform were told.{" "}
          <Link to={`/product/${make.productId}#make-${make.id}`} className="font-medium underline">
            Back to the make
          </Link>
        </p>
      ) : (
        <ReportForm errors={errors} submitting={navigation.state === "submitting"} />
      )}
    </section>
  );
}

function ReportForm({ errors, submitting }: { errors: Record<string, string[] | null>; submitting: boolean }) {
  return (
    <Form method="post" className="mt-6 space-y-4">
      <TextArea label="What is wrong with this make?" id="report-reason" name="reason" rows={4} maxLength={2000} required errors={errors.reason ?? undefined} />
      <ErrorList id="report-form-error" errors={errors.form ?? undefined} />
      <button type="submit" className="btn" disabled={submitting}>
        <Spinner show={submitting} />
        Report
      </button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
