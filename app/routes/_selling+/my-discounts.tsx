import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { CardSection } from "~/components/card-section";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, Spinner } from "~/components/forms";
import { StoreFirst } from "~/components/seller-notices";
import { SellerPage } from "~/components/seller-tabs";
import { getStoreByOwner } from "~/models/catalog/stores.server";
import { listOwnProducts } from "~/models/selling/designs.server";
import { createDiscountCode, discountCodeSummary, listDiscountCodes, removeDiscountCode } from "~/models/selling/discount-codes.server";
import { DISCOUNT_CODE_FIELDS, SELLING_ERRORS } from "~/models/selling/errors";
import { CreateDiscountCodeSchema, RemoveDiscountCodeSchema } from "~/schemas/discounts";
import { getDb } from "~/utils/db.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/forms.server";
import { invariantResponse } from "~/utils/invariant";
import { requireStoreOwner, requireUser } from "~/auth/guards.server";

export const meta: MetaFunction = () => [{ title: "Discount codes · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const store = await getStoreByOwner({ db, ownerId: user.id });
  if (!store) return { hasStore: false, codes: [], designs: [] };
  const designs = (await listOwnProducts({ db, storeId: store.id })).map((p) => ({ id: p.id, name: p.name }));
  const names = new Map(designs.map((d) => [d.id, d.name]));
  const codes = (await listDiscountCodes({ db, storeId: store.id })).map((c) => discountCodeSummary(c, names));
  return { hasStore: true, codes, designs };
}

/** Create a code (intent create) or remove one (intent remove); another store's code is 404. */
export async function action({ request }: ActionFunctionArgs) {
  const { store } = await requireStoreOwner(request);
  const db = getDb();
  const form = await readForm(request);
  if (form.get("intent") === "remove") {
    const parsed = RemoveDiscountCodeSchema.safeParse({ intent: "remove", id: form.get("id") });
    invariantResponse(parsed.success, "Unknown action", { status: 400 });
    const removed = await removeDiscountCode({ db, storeId: store.id, codeId: parsed.data.id });
    invariantResponse(removed.ok, SELLING_ERRORS.discountCode["not-found"].message, { status: 404 });
    return redirectWithFlash(request, "/my-discounts", { kind: "success", message: "Discount code removed" });
  }
  const submission = parseWithZod(form, { schema: CreateDiscountCodeSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await createDiscountCode({ db, storeId: store.id, input: submission.value });
  if (!result.ok) {
    const { status, message } = SELLING_ERRORS.discountCode[result.error];
    return data(submission.reply({ fieldErrors: { [DISCOUNT_CODE_FIELDS[result.error]]: [message] } }), { status });
  }
  return redirectWithFlash(request, "/my-discounts", { kind: "success", message: `Discount code ${result.code.code} created` });
}

export default function MyDiscountsPage() {
  const { hasStore, codes, designs } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <SellerPage title="Discount codes">
      {!hasStore ? (
        <StoreFirst />
      ) : (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <section aria-labelledby="codes-title" className="min-w-0">
            <h2 id="codes-title" className="text-lg font-semibold">
              Your codes
            </h2>
            {codes.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600">No discount codes yet.</p>
            ) : (
              <div className="mt-3 overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <thead className="text-slate-500">
                    <tr>
                      <th className="py-2 pr-3">Code</th>
                      <th className="py-2 pr-3">Off</th>
                      <th className="py-2 pr-3">Designs</th>
                      <th className="py-2 pr-3">Valid (UTC)</th>
                      <th className="py-2 pr-3">Uses</th>
                      <th className="py-2">
                        <span className="sr-only">Remove</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200">
                    {codes.map((c) => (
                      <tr key={c.id}>
                        <td className="py-2 pr-3 font-mono font-medium">
                          {c.code}
                          {c.oncePerBuyer ? <span className="block font-sans text-xs text-slate-500">Once per buyer</span> : null}
                          {c.state ? <span className="mt-0.5 block w-fit rounded bg-slate-100 px-1.5 font-sans text-xs font-medium text-slate-700">{c.state}</span> : null}
                        </td>
                        <td className="py-2 pr-3">{c.off}</td>
                        <td className="py-2 pr-3">{c.designs}</td>
                        <td className="py-2 pr-3">{c.dates}</td>
                        <td className="py-2 pr-3" data-testid={`uses-${c.code}`}>
                          {c.uses}
                        </td>
                        <td className="py-2">
                          <Form method="post">
                            <input type="hidden" name="id" value={c.id} />
                            <button type="submit" name="intent" value="remove" className="text-brand-700 underline" aria-label={`Remove ${c.code}`}>
                              Remove
                            </button>
                          </Form>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          {/* Keyed on the newest code: once a code is created, the form starts empty again (with JavaScript too). */}
          <CreateCodeForm key={codes.reduce((newest, c) => Math.max(newest, c.id), 0)} designs={designs} lastResult={lastResult} />
        </div>
      )}
    </SellerPage>
  );
}

function CreateCodeForm({ designs, lastResult }: { designs: { id: number; name: string }[]; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  const [form, fields] = useForm({
    id: "create-discount",
    lastResult,
    constraint: getZodConstraint(CreateDiscountCodeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateDiscountCodeSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <CardSection id="new-code-title" title="New code" className="card h-fit min-w-0 p-6">
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <Field label="Code" inputProps={{ ...getInputProps(fields.code, { type: "text" }), autoComplete: "off" }} errors={fields.code.errors} hint="3 to 32 letters, digits, '-' or '_'; buyers may type it in any case." />
        <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-3">
          <Field label="Percent off" inputProps={{ ...getInputProps(fields.percent_off, { type: "text" }), inputMode: "decimal" }} errors={fields.percent_off.errors} hint="e.g. 20" />
          <Field label="Or amount off ($)" inputProps={{ ...getInputProps(fields.amount_off, { type: "text" }), inputMode: "decimal" }} errors={fields.amount_off.errors} hint="e.g. 5.00" />
        </div>
        <fieldset>
          <legend className="text-sm font-medium">Designs</legend>
          <p className="text-xs text-slate-500">None ticked: the whole store.</p>
          <div className="mt-1 max-h-40 space-y-1 overflow-y-auto">
            {designs.map((d) => (
              <label key={d.id} className="flex min-w-0 items-center gap-2 text-sm">
                <input type="checkbox" name="product_ids" value={d.id} />
                {/* A name without spaces (a file name) wraps anywhere rather than widening the page. */}
                <span className="min-w-0 [overflow-wrap:anywhere]">{d.name}</span>
              </label>
            ))}
          </div>
          <ErrorList id={fields.product_ids.errorId} errors={fields.product_ids.errors} />
        </fieldset>
        {/* One under the other on a phone: two date inputs side by side are wider than the card at 390 px. */}
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label="Starts (UTC)" inputProps={getInputProps(fields.starts, { type: "date" })} errors={fields.starts.errors} />
          <Field label="Ends (UTC, inclusive)" inputProps={getInputProps(fields.ends, { type: "date" })} errors={fields.ends.errors} />
        </div>
        <Field label="Use limit" inputProps={{ ...getInputProps(fields.max_uses, { type: "text" }), inputMode: "numeric" }} errors={fields.max_uses.errors} hint="Empty: no limit." />
        <label className="flex items-center gap-2 text-sm">
          <input {...getInputProps(fields.once_per_buyer, { type: "checkbox" })} />
          Once per buyer
        </label>
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" name="intent" value="create" className="btn w-full" disabled={saving}>
          <Spinner show={saving} />
          Create code
        </button>
      </Form>
    </CardSection>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
