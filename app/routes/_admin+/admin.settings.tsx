import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { CardSection } from "~/components/card-section";
import { ErrorSummary } from "~/components/error-summary";
import { AuditLog } from "~/components/admin/audit-log";
import { toAuditView } from "~/models/admin/views.server";
import { ErrorList, Field, FormErrors, SubmitButton } from "~/components/forms";
import { listAudit } from "~/models/platform/audit.server";
import { ADMIN_ERRORS } from "~/models/admin/errors";
import { getAdminSettings, SAVE_SETTINGS_ERROR_FIELDS, saveSettings, toSettingsForm } from "~/models/admin/settings.server";
import { getStripe } from "~/models/payments/providers.server";
import { RATES_SOURCE } from "~/models/tax/rates.server";
import { TAX_MODE_LABELS, TAX_MODES } from "~/models/tax/settings";
import { SaveSettingsSchema, type SaveSettingsInput } from "~/schemas/admin";
import { getDb } from "~/utils/db.server";
import { readForm } from "~/utils/forms.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { requireAdmin } from "~/auth/guards.server";

/** The fields' labels: at each field and in the error summary at the top (issue 46 item 21). */
const LABELS: Record<keyof SaveSettingsInput, string> = {
  margin: "Margin (%)",
  min_fee: "Min Fee ($)",
  margin_pattern: "Margin (%) For Pattern",
  min_fee_pattern: "Min Fee ($) For Pattern",
  auto_approve_transfers: "Auto Approve Transfers",
  flat_fee: "Printing Fee for Sellers, printed and shipped by the platform ($)",
  pss: "Shipping Fee for Buyers, printed and shipped by the platform ($)",
  contact_email: "Contact email of the platform",
  shipping_name: "Shipping Name",
  shipping_street: "Street",
  shipping_street2: "Street 2",
  shipping_city: "City",
  shipping_zip: "Zip",
  shipping_state: "State",
  shipping_phone: "Phone",
  shipping_email: "Email",
  shipping_country: "Country",
  tax_mode: "Tax mode",
  platform_legal_name: "Legal name on invoices",
  platform_address: "Address on invoices",
  platform_vat_number: "VAT number of the platform",
  vies_check: "Check business buyers' VAT numbers with VIES",
};

export const meta: MetaFunction = () => [{ title: "Settings · Admin · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const db = getDb();
  return {
    settings: toSettingsForm(await getAdminSettings({ db })),
    stripe: getStripe() !== null,
    rates: RATES_SOURCE,
    audit: toAuditView(await listAudit({ db, targetType: "settings", targetId: 1, limit: 10 })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: SaveSettingsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const saved = await saveSettings({ db: getDb(), adminId: admin.id, input: submission.value });
  if (!saved.ok) {
    const { status, message } = ADMIN_ERRORS.saveSettings[saved.error];
    return data(submission.reply({ fieldErrors: { [SAVE_SETTINGS_ERROR_FIELDS[saved.error]]: [message] } }), { status });
  }
  return redirectWithFlash(request, "/admin/settings", { kind: "success", message: "Settings saved. New sales use them from now on." });
}

export default function AdminSettings() {
  const { settings, audit, stripe, rates } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "settings",
    lastResult,
    constraint: getZodConstraint(SaveSettingsSchema),
    defaultValue: settings,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SaveSettingsSchema }),
  });
  const input = (field: (typeof fields)["pss"], label: string, type: "text" | "email" | "tel" = "text", inputMode?: "decimal") => (
    <Field label={label} inputProps={{ ...getInputProps(field, { type }), inputMode }} errors={field.errors} />
  );
  return (
    <>
      <h1 className="sr-only">Settings</h1>
      <ErrorSummary errors={lastResult?.error} formId={form.id} formTitle="Settings" labels={LABELS} />
      <Form method="post" {...getFormProps(form)}>
        <div className="grid gap-6 lg:grid-cols-2">
          <CardSection id="platform-heading" title="Platform Settings" className="card space-y-4 p-6">
            {input(fields.margin, LABELS.margin, "text", "decimal")}
            {input(fields.min_fee, LABELS.min_fee, "text", "decimal")}
            {input(fields.margin_pattern, LABELS.margin_pattern, "text", "decimal")}
            {input(fields.min_fee_pattern, LABELS.min_fee_pattern, "text", "decimal")}
            <div>
              <label htmlFor={fields.auto_approve_transfers.id} className="label">
                {LABELS.auto_approve_transfers}
              </label>
              <select
                {...getSelectProps(fields.auto_approve_transfers)}
                className="input mt-1"
                aria-invalid={fields.auto_approve_transfers.errors ? true : undefined}
                aria-describedby={fields.auto_approve_transfers.errors ? `${fields.auto_approve_transfers.id}-error` : undefined}
              >
                <option value="1">True</option>
                <option value="0">False</option>
              </select>
              <ErrorList id={`${fields.auto_approve_transfers.id}-error`} errors={fields.auto_approve_transfers.errors} />
            </div>
            {input(fields.flat_fee, LABELS.flat_fee, "text", "decimal")}
            {input(fields.pss, LABELS.pss, "text", "decimal")}
            <Field
              label={LABELS.contact_email}
              inputProps={getInputProps(fields.contact_email, { type: "email" })}
              errors={fields.contact_email.errors}
              hint="Where buyers ask for refunds and where make reports and help requests go. Empty: every administrator."
            />
          </CardSection>
          <CardSection id="shipping-heading" title="Pattern Shipping Settings" className="card space-y-4 p-6">
            {input(fields.shipping_name, LABELS.shipping_name)}
            {input(fields.shipping_street, LABELS.shipping_street)}
            {input(fields.shipping_street2, LABELS.shipping_street2)}
            {input(fields.shipping_city, LABELS.shipping_city)}
            {input(fields.shipping_zip, LABELS.shipping_zip)}
            {input(fields.shipping_state, LABELS.shipping_state)}
            {input(fields.shipping_phone, LABELS.shipping_phone, "tel")}
            {input(fields.shipping_email, LABELS.shipping_email, "email")}
            {input(fields.shipping_country, LABELS.shipping_country)}
          </CardSection>
          <CardSection id="tax-heading" title="Tax" className="card space-y-4 p-6 lg:col-span-2">
            <div>
              <label htmlFor={fields.tax_mode.id} className="label">
                {LABELS.tax_mode}
              </label>
              <select
                {...getSelectProps(fields.tax_mode)}
                className="input mt-1"
                aria-invalid={fields.tax_mode.errors ? true : undefined}
                aria-describedby={`${fields.tax_mode.id}-help${fields.tax_mode.errors ? ` ${fields.tax_mode.id}-error` : ""}`}
              >
                {TAX_MODES.map((mode) => (
                  <option key={mode} value={mode} disabled={mode === "stripe" && !stripe}>
                    {TAX_MODE_LABELS[mode]}
                    {mode === "stripe" && !stripe ? " (needs Stripe)" : ""}
                  </option>
                ))}
              </select>
              <p id={`${fields.tax_mode.id}-help`} className="mt-1 text-sm text-slate-600">
                VAT on downloads charges each EU or UK consumer their country&apos;s standard rate on Digital patterns
                (rates: {rates.package} {rates.version}, as of {rates.date}). Printed patterns and apparel stay the
                sellers&apos; matter.
              </p>
              <ErrorList id={`${fields.tax_mode.id}-error`} errors={fields.tax_mode.errors} />
            </div>
            {input(fields.platform_legal_name, LABELS.platform_legal_name)}
            <div>
              <label htmlFor={fields.platform_address.id} className="label">
                {LABELS.platform_address}
              </label>
              <textarea
                {...getInputProps(fields.platform_address, { type: "text" })}
                rows={3}
                className="input mt-1"
                aria-invalid={fields.platform_address.errors ? true : undefined}
                aria-describedby={fields.platform_address.errors ? `${fields.platform_address.id}-error` : undefined}
              />
              <ErrorList id={`${fields.platform_address.id}-error`} errors={fields.platform_address.errors} />
            </div>
            {input(fields.platform_vat_number, LABELS.platform_vat_number)}
            <div>
              <label htmlFor={fields.vies_check.id} className="label">
                {LABELS.vies_check}
              </label>
              <select {...getSelectProps(fields.vies_check)} className="input mt-1">
                <option value="0">No: check their form only</option>
                <option value="1">Yes: ask the EU&apos;s VIES service too</option>
              </select>
              <p className="mt-1 text-xs text-slate-500">
                With VAT on downloads they are always confirmed (VIES, and HMRC for UK numbers): no reverse charge without it.
              </p>
            </div>
          </CardSection>
        </div>
        <div className="mt-6">
          <SubmitButton submitting={submitting}>
            Save Settings
          </SubmitButton>
          <p className="mt-2 text-sm text-slate-600">New fees apply to sales from now on; paid orders keep the fee stored with them.</p>
          <FormErrors form={form} />
        </div>
      </Form>
      <AuditLog entries={audit} title="Recent changes" />
    </>
  );
}
