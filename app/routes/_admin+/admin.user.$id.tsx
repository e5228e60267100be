import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { CardSection } from "~/components/card-section";
import { AuditLog } from "~/components/admin/audit-log";
import { AdminPageTitle } from "~/components/admin/page-head";
import { ErrorList, Field, FormErrors, SubmitButton, useZodForm } from "~/components/forms";
import { DeleteAccountForm } from "~/components/delete-account-form";
import { ACCOUNTS_ERRORS } from "~/models/accounts/errors.server";
import { deleteAccount } from "~/models/accounts/deletion.server";
import { ADMIN_ERRORS } from "~/models/admin/errors";
import { getAdminUserPage, updateAdminUser } from "~/models/admin/users.server";
import { toAdminUserView } from "~/models/admin/views.server";
import { UPDATE_USER_ERROR_FIELDS, UpdateUserSchema } from "~/schemas/admin";
import { AdminDeleteAccountSchema } from "~/schemas/personal-data";
import { getDb } from "~/utils/db.server";
import { readForm } from "~/utils/forms.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { requireAdmin } from "~/auth/guards.server";
import { idParam, invariantResponse } from "~/utils/invariant";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.user.email ?? "User"} · Admin · Patternhouse` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const page = await getAdminUserPage({ db: getDb(), userId: idParam(params.id) });
  invariantResponse(page, "Not found", { status: 404 });
  return toAdminUserView(page, { adminId: admin.id });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const userId = idParam(params.id);
  const formData = await readForm(request);
  if (formData.get("intent") === "delete-account") {
    const submission = parseWithZod(formData, { schema: AdminDeleteAccountSchema });
    if (submission.status !== "success") return data({ intent: "delete-account" as const, result: submission.reply() }, { status: 400 });
    const result = await deleteAccount({ db: getDb(), userId, actor: { kind: "admin", adminId: admin.id, reason: submission.value.reason } });
    if (!result.ok) {
      const { status, message } = ACCOUNTS_ERRORS.deleteAccount[result.error];
      return data({ intent: "delete-account" as const, result: submission.reply({ formErrors: [message] }) }, { status });
    }
    return redirectWithFlash(request, `/admin/user/${userId}`, { kind: "success", message: "The account was deleted: personal data replaced, orders and ledger kept." });
  }
  const submission = parseWithZod(formData, { schema: UpdateUserSchema });
  if (submission.status !== "success") return data({ intent: "update" as const, result: submission.reply({ hideFields: ["accountnumber"] }) }, { status: 400 });
  const result = await updateAdminUser({ db: getDb(), adminId: admin.id, userId, input: submission.value });
  if (!result.ok) {
    const field = UPDATE_USER_ERROR_FIELDS[result.error];
    const { status, message } = ADMIN_ERRORS.updateUser[result.error];
    return data(
      {
        intent: "update" as const,
        result: submission.reply(field ? { fieldErrors: { [field]: [message] }, hideFields: ["accountnumber"] } : { formErrors: [message], hideFields: ["accountnumber"] }),
      },
      { status },
    );
  }
  const notes = [`User ${result.user.email} saved.`];
  if (result.adjustmentCents !== 0) notes.push("The balance change was recorded as an adjustment.");
  if (result.sessionsEnded > 0) notes.push(`${result.sessionsEnded} open session${result.sessionsEnded === 1 ? "" : "s"} ended.`);
  return redirectWithFlash(request, `/admin/user/${userId}`, { kind: "success", message: notes.join(" ") });
}

export default function AdminUser() {
  const { user, balanceCents, isSelf, joined, audit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.intent === "update" ? actionData.result : undefined;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete-account";
  const hasStore = user.store_id !== null;
  const [form, fields] = useForm({
    id: "user",
    lastResult,
    constraint: getZodConstraint(UpdateUserSchema),
    defaultValue: {
      ...user,
      accountnumber: "",
      accounttype: user.accounttype ?? "",
      balance: balanceCents === null ? "" : (balanceCents / 100).toFixed(2),
      reason: "",
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UpdateUserSchema }),
  });
  const text = (field: (typeof fields)["city"], label: string, className?: string, type: "text" | "email" | "tel" = "text") => (
    <Field label={label} className={className} inputProps={{ ...getInputProps(field, { type }) }} errors={field.errors} />
  );
  return (
    <article aria-labelledby="user-heading">
      <AdminPageTitle id="user-heading" back={{ to: "/admin/users", label: "All users" }}>
        {user.first_name} {user.last_name}
      </AdminPageTitle>
      <p className="mt-1 text-sm text-slate-700">
        User #{user.user_id} · {user.role === "admin" ? "administrator" : "user"} · joined {joined}
        {hasStore ? (
          <>
            {" "}
            ·{" "}
            <Link to={`/admin/store/${user.store_id}`} className="text-brand-700 underline">
              store {user.store_name?.trim() || `#${user.store_id}`}
            </Link>
          </>
        ) : null}
      </p>
      <Form method="post" {...getFormProps(form)} className="card mt-6 grid gap-4 p-6 sm:grid-cols-2">
        <h2 className="text-lg font-semibold sm:col-span-2">Account</h2>
        {text(fields.first_name, "First name")}
        {text(fields.last_name, "Last name")}
        {text(fields.email, "Email", undefined, "email")}
        {text(fields.phone, "Phone", undefined, "tel")}
        {text(fields.street, "Street", "sm:col-span-2")}
        {text(fields.street2, "Street 2", "sm:col-span-2")}
        {text(fields.city, "City")}
        {text(fields.state, "State")}
        {text(fields.postal_code, "Zip")}
        {text(fields.country, "Country")}
        <div>
          <label htmlFor={fields.status.id} className="label">
            Status
          </label>
          <select
            {...getSelectProps(fields.status)}
            className="input mt-1"
            aria-invalid={fields.status.errors ? true : undefined}
            aria-describedby={fields.status.errors ? `${fields.status.id}-error` : `${fields.status.id}-hint`}
          >
            <option value="Active">Active</option>
            <option value="Inactive">Inactive</option>
            <option value="Suspended">Suspended</option>
          </select>
          <p id={`${fields.status.id}-hint`} className="mt-1 text-xs text-slate-500">
            Inactive or Suspended ends the user&apos;s sessions at once and blocks login.{isSelf ? " You cannot deactivate yourself." : ""}
          </p>
          <ErrorList id={`${fields.status.id}-error`} errors={fields.status.errors} />
        </div>

        <h2 className="mt-4 text-lg font-semibold sm:col-span-2">Payout details and balance</h2>
        {hasStore ? (
          <>
            {text(fields.accountname, "Account name")}
            <Field
              label="Account number"
              inputProps={{ ...getInputProps(fields.accountnumber, { type: "text" }), inputMode: "numeric", autoComplete: "off", placeholder: user.accountnumber_last4 ? `••••${user.accountnumber_last4}` : "" }}
              hint={user.accountnumber_last4 ? `Stored number ends in ${user.accountnumber_last4}; leave blank to keep it.` : "No account number stored."}
              errors={fields.accountnumber.errors}
            />
            {text(fields.accountrouting, "Routing number")}
            <div>
              <label htmlFor={fields.accounttype.id} className="label">
                Account type
              </label>
              <select {...getSelectProps(fields.accounttype)} className="input mt-1">
                <option value="checking">checking</option>
                <option value="savings">savings</option>
              </select>
              <ErrorList errors={fields.accounttype.errors} />
            </div>
            <Field
              label="Balance ($)"
              inputProps={{ ...getInputProps(fields.balance, { type: "text" }), inputMode: "decimal" }}
              hint="A change is recorded as an Adjustment in the store's ledger, never an overwrite."
              errors={fields.balance.errors}
            />
            <Field label="Reason for a balance change" inputProps={{ ...getInputProps(fields.reason, { type: "text" }) }} errors={fields.reason.errors} />
          </>
        ) : (
          <p className="text-sm text-slate-600 sm:col-span-2">This user has no store: no payout details or balance.</p>
        )}
        <div className="sm:col-span-2">
          <SubmitButton submitting={submitting}>
            Save User
          </SubmitButton>
          <FormErrors form={form} />
        </div>
      </Form>
      <PersonalDataSection userId={user.user_id} lastResult={actionData?.intent === "delete-account" ? actionData.result : undefined} />
      <AuditLog entries={audit} />
    </article>
  );
}

/** On the user's request (decision 103): their data as JSON, and the account's deletion with a reason; both audited. */
function PersonalDataSection({ userId, lastResult }: { userId: number; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useZodForm(AdminDeleteAccountSchema, lastResult, { id: "delete-account" });
  return (
    <CardSection id="personal-data-heading" title="Personal data" className="card mt-8 p-6">
      {/* A post: the export is written to the audit log (a GET never writes, decision 161); the answer is the file. */}
      <form method="post" action={`/admin/user/${userId}/data.json`} className="mt-3">
        <button type="submit" className="btn-secondary">
          Export data
        </button>
      </form>
      <p className="mt-4 text-sm text-slate-600">
        Deleting replaces the user&apos;s name, email, addresses, phone, avatar, bio and payout details, ends their sessions
        and closes their store; orders and ledger rows are kept. Refused while orders to them have not shipped or their
        store has a balance.
      </p>
      <DeleteAccountForm form={form} confirm={fields.confirm}>
        <Field label="Reason (the user's request)" inputProps={{ ...getInputProps(fields.reason, { type: "text" }) }} errors={fields.reason.errors} />
      </DeleteAccountForm>
    </CardSection>
  );
}
