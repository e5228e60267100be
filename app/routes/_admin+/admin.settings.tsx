import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { AuditLog } from "~/components/admin/audit-log";
import { toAuditView } from "~/models/admin/views.server";
import { ErrorList, Field, Spinner } from "~/components/forms";
import { listAudit } from "~/models/admin/audit.server";
import { getAdminSettings, saveSettings, toSettingsForm } from "~/models/admin/settings.server";
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
    audit: toAuditView(listAudit({ db, targetType: "settings", targetId: 1, limit: 10 })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: SaveSettingsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  saveSettings({ db: getDb(), adminId: admin.id, input: submission.value });
  return redirectWithFlash(request, "/admin/settings", { kind: "success", message: "Settings saved. New sales use them from now on." });
}

export default function AdminSettings() {
  const { settings, audit } = useLoaderData<typeof loader>();
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
          <section aria-labelledby="platform-heading" className="card space-y-4 p-6">
            <h2 id="platform-heading" className="text-lg font-semibold">
              Platform Settings
            </h2>
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
          </section>
          <section aria-labelledby="shipping-heading" className="card space-y-4 p-6">
            <h2 id="shipping-heading" className="text-lg font-semibold">
              Pattern Shipping Settings
            </h2>
            {input(fields.shipping_name, "Shipping Name")}
            {input(fields.shipping_street, "Street")}
            {input(fields.shipping_street2, "Street 2")}
            {input(fields.shipping_city, "City")}
            {input(fields.shipping_zip, "Zip")}
            {input(fields.shipping_state, "State")}
            {input(fields.shipping_phone, "Phone", "tel")}
            {input(fields.shipping_email, "Email", "email")}
            {input(fields.shipping_country, "Country")}
          </section>
        </div>
        <div className="mt-6">
          <button type="submit" className="btn" disabled={submitting}>
            <Spinner show={submitting} />
            Save Settings
          </button>
          <p className="mt-2 text-sm text-slate-600">New fees apply to sales from now on; paid orders keep the fee stored with them.</p>
          <div id={form.errorId} aria-live="polite">
            <ErrorList errors={form.errors} />
          </div>
        </div>
      </Form>
      <AuditLog entries={audit} title="Recent changes" />
    </>
  );
}
