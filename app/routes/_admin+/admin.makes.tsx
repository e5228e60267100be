import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/guards.server";
import { ErrorList } from "~/components/forms";
import { listReportedMakes, removeMake } from "~/models/admin/makes.server";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { AdminRemoveMakeSchema } from "~/schemas/makes";
import { formatMessageDate } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/forms.server";

export const meta: MetaFunction = () => [{ title: "Makes · Admin · Patternhouse" }];

/** /admin/makes (issue 37): the reported makes, and removing a make (any, by its number), recorded in the audit log. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return {
    reported: (await listReportedMakes({ db: getDb() })).map((m) => ({ ...m, lastReportAt: formatMessageDate(m.lastReportAt) })),
    asked: new URL(request.url).searchParams.get("make") ?? "",
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: AdminRemoveMakeSchema });
  if (submission.status !== "success") return data({ errors: submission.error ?? {} }, { status: 400 });
  const result = await removeMake({ db: getDb(), makeId: submission.value.makeId, adminId: admin.id, reason: submission.value.reason });
  if (!result.ok) return data({ errors: { makeId: [MAKES_ERRORS.make[result.error].message] } as Record<string, string[] | null> }, { status: 404 });
  return redirectWithFlash(request, "/admin/makes", { kind: "success", message: `Make ${submission.value.makeId} is removed (audit log).` });
}

export default function AdminMakes() {
  const { reported, asked } = useLoaderData<typeof loader>();
  const errors = useActionData<typeof action>()?.errors ?? {};
  return (
    <div className="max-w-5xl">
      <h1 className="text-2xl font-bold tracking-tight">Makes</h1>
      <section aria-labelledby="remove-title" className="card mt-6 p-4">
        <h2 id="remove-title" className="text-lg font-semibold">Remove a make</h2>
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
          <div>
            <label htmlFor="remove-make-id" className="label">Make number</label>
            <input id="remove-make-id" name="makeId" inputMode="numeric" defaultValue={asked} required className="input mt-1" aria-invalid={errors.makeId ? true : undefined} aria-describedby={errors.makeId ? "remove-make-id-error" : undefined} />
            <ErrorList id="remove-make-id-error" errors={errors.makeId ?? undefined} />
          </div>
          <div>
            <label htmlFor="remove-make-reason" className="label">Reason (kept in the audit log)</label>
            <input id="remove-make-reason" name="reason" required maxLength={2000} className="input mt-1" aria-invalid={errors.reason ? true : undefined} aria-describedby={errors.reason ? "remove-make-reason-error" : undefined} />
            <ErrorList id="remove-make-reason-error" errors={errors.reason ?? undefined} />
          </div>
          <button type="submit" className="btn">Remove</button>
        </Form>
      </section>
      <section aria-labelledby="reported-title" className="mt-8">
        <h2 id="reported-title" className="text-lg font-semibold">Reported makes</h2>
        {reported.length === 0 ? <p className="mt-2 text-slate-600">No reported makes.</p> : null}
        <ul className="mt-3 space-y-4">
          {reported.map((m) => (
            <li key={m.id} className="card p-4">
              <p className="font-medium">
                Make {m.id}: <Link to={`/product/${m.productId}#make-${m.id}`} className="text-brand-700 underline">{m.productName}</Link>, size {m.size}, by {m.maker}
                {m.hidden ? <span className="ml-2 text-sm text-amber-900">(hidden by the seller)</span> : null}
              </p>
              <p className="text-sm text-slate-600">
                {m.reports} {m.reports === 1 ? "report" : "reports"}, the last {m.lastReportAt}
              </p>
              <ul className="mt-2 list-disc pl-5 text-sm">
                {m.reasons.map((reason, i) => (
                  <li key={i}>{reason}</li>
                ))}
              </ul>
              <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
                <input type="hidden" name="makeId" value={m.id} />
                <div>
                  <label htmlFor={`reason-${m.id}`} className="label">Reason</label>
                  <input id={`reason-${m.id}`} name="reason" required maxLength={2000} className="input mt-1" />
                </div>
                <button type="submit" className="btn">Remove make {m.id}</button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
