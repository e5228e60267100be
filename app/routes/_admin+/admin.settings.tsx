import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { CardSection } from "~/components/card-section";
import { AuditLog } from "~/components/admin/audit-log";
import { toAuditView } from "~/models/admin/views.server";
import { ErrorList, Field, FormErrors, SubmitButton } from "~/components/forms";
import { listAudit } from "~/models/platform/audit.server";
import { ADMIN_ERRORS } from "~/models/admin/errors";
import { getAdminSettings, SAVE_SETTINGS_ERROR_FIELDS, saveSettings, toSettingsForm } from "~/models/admin/settings.server";
import { getStripe } from "~/models/payments/providers.server";
import { RATES_SOURCE } from "~/models/tax/rates.server";
import { TAX_MODE_LABELS, TAX_MODES } from "~/models/tax/settings";
import { SaveSettingsSchema } from "~/schemas/admin";
import { getDb } from "~/utils/db.server";
import { readForm } from "~/utils/forms.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { requireAdmin } from "~/auth/guards.server";

export const meta: MetaFunction = () => [{ title: "Settings · Admin · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const db = getDb();
  return {
    settings: toSettingsForm(getAdminSettings({ db })),
    stripe: getStripe() !== null,
    rates: RATES_SOURCE,
    audit: toAuditView(listAudit({ db, targetType: "settings", targetId: 1, limit: 10 })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: SaveSettingsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const saved = saveSettings({ db: getDb(), adminId: admin.id, input: submission.value });
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
      <Form method="post" {...getFormProps(form)}>
        <div className="grid gap-6 lg:grid-cols-2">
          <CardSection id="platform-heading" title="Platform Settings" className="card space-y-4 p-6">
            {input(fields.margin, "Margin (%)", "text", "decimal")}
            {input(fields.min_fee, "Min Fee ($)", "text", "decimal")}
            {input(fields.margin_pattern, "Margin (%) For Pattern", "text", "decimal")}
            {input(fields.min_fee_pattern, "Min Fee ($) For Pattern", "text", "decimal")}
            <div>
              <label htmlFor={fields.auto_approve_transfers.id} className="label">
                Auto Approve Transfers
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
            {input(fields.flat_fee, "Printing Fee for Sellers, printed and shipped by the platform ($)", "text", "decimal")}
            {input(fields.pss, "Shipping Fee for Buyers, printed and shipped by the platform ($)", "text", "decimal")}
          </CardSection>
          <CardSection id="shipping-heading" title="Pattern Shipping Settings" className="card space-y-4 p-6">
            {input(fields.shipping_name, "Shipping Name")}
            {input(fields.shipping_street, "Street")}
            {input(fields.shipping_street2, "Street 2")}
            {input(fields.shipping_city, "City")}
            {input(fields.shipping_zip, "Zip")}
            {input(fields.shipping_state, "State")}
            {input(fields.shipping_phone, "Phone", "tel")}
            {input(fields.shipping_email, "Email", "email")}
            {input(fields.shipping_country, "Country")}
          </CardSection>
          <CardSection id="tax-heading" title="Tax" className="card space-y-4 p-6 lg:col-span-2">
            <div>
              <label htmlFor={fields.tax_mode.id} className="label">
                Tax mode
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
            {input(fields.platform_legal_name, "Legal name on invoices")}
            <div>
              <label htmlFor={fields.platform_address.id} className="label">
                Address on invoices
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
            {input(fields.platform_vat_number, "VAT number of the platform")}
            <div>
              <label htmlFor={fields.vies_check.id} className="label">
                Check business buyers&apos; VAT numbers with VIES
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
