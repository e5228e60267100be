import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";

import { ErrorList, Field, Spinner } from "~/components/forms";
import { SelectField } from "~/components/select-field";
import { changePassword, toProfile, updateProfile, type Profile } from "~/models/accounts/profile.server";
import { ChangePasswordSchema, ProfileSchema } from "~/schemas/profile";
import { COUNTRIES } from "~/utils/countries";
import { getDb } from "~/utils/db.server";
import { getCookieSession, redirectWithFlash, requireUser, safeRedirect, tokenFromAuthorization } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Profile · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { profile: toProfile(user), email: user.email };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  const db = getDb();
  if (formData.get("intent") === "password") {
    const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
    if (submission.status !== "success") {
      return data({ intent: "password", result: submission.reply({ resetForm: false }) }, { status: 400 });
    }
    const keepToken = tokenFromAuthorization(request) ?? (await getCookieSession(request)).get("token");
    const result = await changePassword({
      db,
      user,
      oldPassword: submission.value.old_password,
      newPassword: submission.value.new_password,
      keepToken,
    });
    if (!result.ok) {
      return data({ intent: "password", result: submission.reply({ formErrors: [result.error], hideFields: ["old_password"] }) }, { status: 400 });
    }
    return redirectWithFlash(request, "/settings", { kind: "success", message: "Password changed successfully!" });
  }
  const submission = parseWithZod(formData, { schema: ProfileSchema });
  if (submission.status !== "success") {
    return data({ intent: "profile", result: submission.reply() }, { status: 400 });
  }
  updateProfile({ db, userId: user.id, input: submission.value });
  const to = safeRedirect(formData.get("redirectTo"), "/settings");
  return redirectWithFlash(request, to, { kind: "success", message: "Profile updated successfully!" });
}

export default function SettingsPage() {
  const { profile, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight">Profile</h1>
      <p className="mt-1 text-sm text-slate-600">{email}</p>
      <div className="mt-8 grid gap-10 lg:grid-cols-[3fr_2fr]">
        <AddressForm profile={profile} lastResult={actionData?.intent === "profile" ? actionData.result : undefined} />
        <PasswordForm lastResult={actionData?.intent === "password" ? actionData.result : undefined} />
      </div>
    </div>
  );
}

function AddressForm({ profile, lastResult }: { profile: Profile; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    constraint: getZodConstraint(ProfileSchema),
    defaultValue: { ...profile, zip: profile.postal_code },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
  });
  const text = (field: (typeof fields)["city"], label: string, autoComplete: string, className?: string) => (
    <Field
      label={label}
      className={className}
      inputProps={{ ...getInputProps(field, { type: "text" }), autoComplete }}
      errors={field.errors}
    />
  );
  return (
    <section aria-labelledby="address-heading" className="card p-6">
      <h2 id="address-heading" className="text-lg font-semibold">
        Shipping address
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="profile" />
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        {text(fields.first_name, "First name", "given-name")}
        {text(fields.last_name, "Last name", "family-name")}
        {text(fields.street, "Street", "address-line1", "sm:col-span-2")}
        {text(fields.street2, "Street 2 (optional)", "address-line2", "sm:col-span-2")}
        {text(fields.city, "City", "address-level2")}
        {text(fields.state, "State", "address-level1")}
        {text(fields.zip, "Zip", "postal-code")}
        <SelectField
          label="Country"
          selectProps={{ ...getSelectProps(fields.country), autoComplete: "country" }}
          options={COUNTRIES}
          errors={fields.country.errors}
        />
        <Field
          label="Phone"
          className="sm:col-span-2"
          inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }}
          errors={fields.phone.errors}
        />
        <div className="sm:col-span-2">
          <button type="submit" className="btn" disabled={submitting}>
            <Spinner show={submitting} />
            Save Profile
          </button>
        </div>
      </Form>
    </section>
  );
}

function PasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  const [form, fields] = useForm({
    id: "password",
    lastResult,
    constraint: getZodConstraint(ChangePasswordSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
  });
  return (
    <section aria-labelledby="password-heading" className="card p-6">
      <h2 id="password-heading" className="text-lg font-semibold">
        Change password
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="password" />
        <Field
          label="Current password"
          inputProps={{ ...getInputProps(fields.old_password, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.old_password.errors}
        />
        <Field
          label="New password"
          inputProps={{ ...getInputProps(fields.new_password, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.new_password.errors}
        />
        <Field
          label="Repeat new password"
          inputProps={{ ...getInputProps(fields.repeat_password, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.repeat_password.errors}
        />
        <button type="submit" className="btn" disabled={submitting}>
          <Spinner show={submitting} />
          Change Password
        </button>
        <div id={form.errorId} aria-live="polite">
          <ErrorList errors={form.errors} />
        </div>
      </Form>
    </section>
  );
}
