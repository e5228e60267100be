import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";

import { CardSection } from "~/components/card-section";
import { DeleteAccountForm } from "~/components/delete-account-form";
import { ErrorSummary } from "~/components/error-summary";
import { ZONE_LABELS } from "~/utils/measurements";
import { ErrorList, Field, FormErrors, PasswordField, SubmitButton, useSubmittingIntent, useZodForm } from "~/components/forms";
import { SelectField } from "~/components/select-field";
import { Avatar } from "~/components/messaging";
import { MeasurementsSection } from "~/components/fit/measurements-form";
import {
  changePassword,
  toProfile,
  toPublicProfile,
  updateProfile,
  updatePublicProfile,
  type Profile,
} from "~/models/accounts/profile.server";
import { ACCOUNTS_ERRORS } from "~/models/accounts/errors.server";
import { FILES_ERRORS } from "~/models/files/errors";
import { getMeasurements, noMeasurements } from "~/models/fit/chart.server";
import { measurementsAction } from "~/routes/_account+/measurements.server";
import { deleteAccount } from "~/models/accounts/deletion.server";
import { setMessageEmails } from "~/models/messaging/notifications.server";
import { MessageEmailsSchema, PublicProfileSchema } from "~/schemas/messages";
import { DeleteAccountSchema } from "~/schemas/personal-data";
import { ChangePasswordSchema, PROFILE_MESSAGES, ProfileSchema } from "~/schemas/profile";
import { COUNTRIES } from "~/utils/countries";
import { getDb } from "~/utils/db.server";
import { currentSessionToken, destroyCookieSession, getCookieSession } from "~/utils/cookie-session.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { requireUser } from "~/auth/guards.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { readPageMultipart } from "~/utils/multipart.server";

export const meta: MetaFunction = () => [{ title: "Profile · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const measurements = await getMeasurements({ db: getDb() }, user.id) ?? noMeasurements();
  return { profile: toProfile(user), publicProfile: toPublicProfile(user), email: user.email, measurements };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  // One reader for every form here: the public profile's avatar streams to a temp file within the 25 MB limit.
  const upload = await readPageMultipart(request, { maxFiles: 1 });
  try {
    return await handleSettings(request, user, upload);
  } finally {
    await upload.cleanup();
  }
}

async function handleSettings(request: Request, user: Awaited<ReturnType<typeof requireUser>>, upload: Awaited<ReturnType<typeof readPageMultipart>>) {
  const formData = upload.fields;
  const db = getDb();
  if (formData.get("intent") === "measurements") return measurementsAction(request, user.id, formData);
  if (formData.get("intent") === "public") {
    const submission = parseWithZod(formData, { schema: PublicProfileSchema });
    const tooLarge = upload.problems.find((p) => p.field === "avatar");
    if (submission.status !== "success" || tooLarge) {
      return data(
        { intent: "public" as const, result: submission.reply({ fieldErrors: tooLarge ? { avatar: [tooLarge.message] } : undefined }) },
        { status: 400 },
      );
    }
    const result = await updatePublicProfile({
      db,
      userId: user.id,
      input: submission.value,
      avatar: upload.files.find((f) => f.field === "avatar") ?? null,
      removeAvatar: formData.get("removeAvatar") === "on",
    });
    if (!result.ok) {
      const message = "message" in result ? result.message : FILES_ERRORS[result.error].message;
      return data({ intent: "public" as const, result: submission.reply({ fieldErrors: { [result.field]: [message] } }) }, { status: 400 });
    }
    return redirectWithFlash(request, "/settings", { kind: "success", message: PROFILE_MESSAGES.updated });
  }
  if (formData.get("intent") === "notifications") {
    const submission = parseWithZod(formData, { schema: MessageEmailsSchema });
    if (submission.status !== "success") return data({ intent: "notifications" as const, result: submission.reply() }, { status: 400 });
    await setMessageEmails({ db, userId: user.id, enabled: submission.value.messageEmails === "on" });
    return redirectWithFlash(request, "/settings", { kind: "success", message: "Notification settings saved." });
  }
  if (formData.get("intent") === "delete-account") {
    const submission = parseWithZod(formData, { schema: DeleteAccountSchema });
    if (submission.status !== "success") {
      return data({ intent: "delete-account" as const, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    }
    const result = await deleteAccount({ db, userId: user.id, actor: { kind: "user", userId: user.id }, password: submission.value.password });
    if (!result.ok) {
      const { status, message } = ACCOUNTS_ERRORS.deleteAccount[result.error];
      const reply = result.error === "wrong-password" ? { fieldErrors: { password: [message] } } : { formErrors: [message] };
      return data({ intent: "delete-account" as const, result: submission.reply({ ...reply, hideFields: ["password"] }) }, { status });
    }
    // The sessions are gone with the account; the cookie goes too, and the person sees what happened.
    const session = await getCookieSession(request);
    return redirect("/account-deleted", { headers: { "Set-Cookie": await destroyCookieSession(request, session) } });
  }
  if (formData.get("intent") === "password") {
    const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
    if (submission.status !== "success") {
      return data({ intent: "password" as const, result: submission.reply({ resetForm: false }) }, { status: 400 });
    }
    const keepToken = await currentSessionToken(request);
    const result = await changePassword({
      db,
      user,
      oldPassword: submission.value.old_password,
      newPassword: submission.value.new_password,
      keepToken,
    });
    if (!result.ok) {
      return data({ intent: "password" as const, result: submission.reply({ formErrors: [ACCOUNTS_ERRORS.changePassword[result.error].message], hideFields: ["old_password"] }) }, { status: 400 });
    }
    return redirectWithFlash(request, "/settings", { kind: "success", message: PROFILE_MESSAGES.passwordChanged });
  }
  const submission = parseWithZod(formData, { schema: ProfileSchema });
  if (submission.status !== "success") {
    return data({ intent: "profile" as const, result: submission.reply() }, { status: 400 });
  }
  // Null: the account was deleted while this request was on its way; nothing was written (issue 34, item 1).
  // The form always has the company field: left empty, the company name is cleared.
  if (!await updateProfile({ db, userId: user.id, input: { ...submission.value, company_name: submission.value.company_name ?? "" } })) throw redirect("/login");
  const to = safeRedirect(formData.get("redirectTo"), "/settings");
  return redirectWithFlash(request, to, { kind: "success", message: PROFILE_MESSAGES.updated });
}

/**
 * Each of the page's forms by its intent, for the error summary at the top: its conform id (its fields' ids start
 * with it), its heading and its fields' labels.
 */
const SETTINGS_FORMS: Record<"profile" | "password" | "public" | "notifications" | "measurements" | "delete-account", { formId: string; formTitle: string; labels: Record<string, string> }> = {
  profile: {
    formId: "profile",
    formTitle: "Shipping address",
    labels: { first_name: "First name", last_name: "Last name", street: "Street", street2: "Street 2", city: "City", state: "State", zip: "Zip", country: "Country", phone: "Phone", company_name: "Company name" },
  },
  password: { formId: "password", formTitle: "Change password", labels: { old_password: "Current password", new_password: "New password", repeat_password: "Repeat new password" } },
  public: { formId: "public-profile", formTitle: "Public profile", labels: { bio: "Bio", avatar: "Avatar" } },
  notifications: { formId: "notifications", formTitle: "Notifications", labels: {} },
  measurements: { formId: "measurements-form", formTitle: "Measurements", labels: { unit: "Unit", ...ZONE_LABELS } },
  "delete-account": { formId: "delete-account", formTitle: "Your data", labels: { password: "Your password", confirm: "Confirmation" } },
};

export default function SettingsPage() {
  const { profile, publicProfile, email, measurements } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight">Profile</h1>
      <p className="mt-1 text-sm text-slate-600">{email}</p>
      {actionData ? <ErrorSummary errors={actionData.result.error} {...SETTINGS_FORMS[actionData.intent]} /> : null}
      <div className="mt-8 grid gap-10 lg:grid-cols-[3fr_2fr]">
        <AddressForm profile={profile} lastResult={actionData?.intent === "profile" ? actionData.result : undefined} />
        <PasswordForm lastResult={actionData?.intent === "password" ? actionData.result : undefined} />
        <PublicProfileForm
          name={profile.first_name}
          publicProfile={publicProfile}
          lastResult={actionData?.intent === "public" ? actionData.result : undefined}
        />
        <MessageEmailsForm enabled={publicProfile.messageEmails} />
        <MeasurementsSection measurements={measurements} lastResult={actionData?.intent === "measurements" ? actionData.result : undefined} />
        <YourDataSection lastResult={actionData?.intent === "delete-account" ? actionData.result : undefined} />
      </div>
    </div>
  );
}

type PublicProfile = ReturnType<typeof useLoaderData<typeof loader>>["publicProfile"];

/** Avatar, phone and a short bio (spec 2.3's avatar/phone/bio form, now working); the avatar is shown in messages. */
function PublicProfileForm({
  name,
  publicProfile,
  lastResult,
}: {
  name: string;
  publicProfile: PublicProfile;
  lastResult?: SubmissionResult<string[]>;
}) {
  const submitting = useSubmittingIntent("public");
  const [form, fields] = useZodForm(PublicProfileSchema, lastResult, {
    id: "public-profile",
    defaultValue: { bio: publicProfile.bio },
  });
  const avatarErrors = (lastResult?.error as Record<string, string[] | null> | undefined)?.avatar ?? undefined;
  return (
    <CardSection id="public-heading" title="Public profile">
      <p className="mt-1 text-sm text-slate-600">Your avatar and bio are shown beside your messages.</p>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="public" />
        <div className="flex items-center gap-4">
          <Avatar name={name || "?"} avatar={publicProfile.avatar} size={64} />
          {publicProfile.avatar ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="removeAvatar" /> Remove avatar
            </label>
          ) : null}
        </div>
        <Field
          label="Avatar (an image, up to 25 MB)"
          inputProps={{ id: "public-profile-avatar", name: "avatar", type: "file", accept: "image/jpeg,image/png,image/gif,image/webp,image/bmp" }}
          errors={avatarErrors}
        />
        <p className="text-sm">
          <span className="label">Phone</span>{" "}
          <span data-testid="public-phone">{publicProfile.phone || "not set"}</span>
          <span className="block text-xs text-slate-500">Private; edited with your shipping address above (one phone per account).</span>
        </p>
        <div>
          <label htmlFor={fields.bio.id} className="label">
            Bio
          </label>
          <textarea
            {...getTextareaProps(fields.bio)}
            rows={3}
            className="input mt-1"
            aria-invalid={fields.bio.errors ? true : undefined}
            aria-describedby={fields.bio.errors ? fields.bio.errorId : undefined}
          />
          <ErrorList id={fields.bio.errorId} errors={fields.bio.errors} />
        </div>
        <SubmitButton submitting={submitting}>
          Save
        </SubmitButton>
      </Form>
    </CardSection>
  );
}

/** The per-user switch for new-message emails (at most one per conversation every 15 minutes). */
function MessageEmailsForm({ enabled }: { enabled: boolean }) {
  return (
    <CardSection id="notifications-heading" title="Notifications">
      <Form method="post" id="notifications" className="mt-4 space-y-4" key={String(enabled)}>
        <input type="hidden" name="intent" value="notifications" />
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="messageEmails" defaultChecked={enabled} className="mt-0.5" />
          <span>Email me when I receive a new message (at most one email per conversation every 15 minutes)</span>
        </label>
        <button type="submit" className="btn-secondary">
          Save notification settings
        </button>
      </Form>
    </CardSection>
  );
}

function AddressForm({ profile, lastResult }: { profile: Profile; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  const [form, fields] = useZodForm(ProfileSchema, lastResult, { id: "profile", defaultValue: { ...profile, zip: profile.postal_code } });
  const text = (field: (typeof fields)["city"], label: string, autoComplete: string, className?: string) => (
    <Field
      label={label}
      className={className}
      inputProps={{ ...getInputProps(field, { type: "text" }), autoComplete }}
      errors={field.errors}
    />
  );
  return (
    <CardSection id="address-heading" title="Shipping address">
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
        <Field
          label="Company name (optional)"
          className="sm:col-span-2"
          hint="For a business buying with a VAT number: printed on your invoices."
          inputProps={{ ...getInputProps(fields.company_name, { type: "text" }), autoComplete: "organization" }}
          errors={fields.company_name.errors}
        />
        <div className="sm:col-span-2">
          <SubmitButton submitting={submitting}>
            Save Profile
          </SubmitButton>
        </div>
      </Form>
    </CardSection>
  );
}

/** "Your data" (decision 103): the download is a plain post; deleting needs the password and a typed word. */
function YourDataSection({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useZodForm(DeleteAccountSchema, lastResult, { id: "delete-account" });
  return (
    <CardSection id="data-heading" title="Your data" className="card p-6 lg:col-span-2">
      <p className="mt-1 text-sm text-slate-600">
        Everything we hold about you (profile, addresses, store, orders, messages, reviews, files) as one JSON file.
      </p>
      {/* A post (it is written to the audit log; a GET never writes, decision 161); the answer is the file. */}
      <form method="post" action="/settings/data.json" className="mt-3">
        <button type="submit" className="btn-secondary" data-testid="download-data">
          Download your data
        </button>
      </form>
      <h3 className="mt-6 font-semibold text-red-800">Delete account</h3>
      <p className="mt-1 text-sm text-slate-600">
        Your name, email, addresses, phone, avatar, bio, payout details and store are removed and you are logged out. Orders
        and payments are kept without your personal data for the sellers&apos; and the tax records; your messages stay
        with the people you wrote to, under the name &quot;Deleted user&quot;. This cannot be undone.
      </p>
      <DeleteAccountForm form={form} confirm={fields.confirm}>
        <PasswordField label="Your password" field={fields.password} autoComplete="current-password" />
      </DeleteAccountForm>
    </CardSection>
  );
}

function PasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const submitting = useSubmittingIntent("password");
  const [form, fields] = useZodForm(ChangePasswordSchema, lastResult, { id: "password" });
  return (
    <CardSection id="password-heading" title="Change password">
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="password" />
        <PasswordField label="Current password" field={fields.old_password} autoComplete="current-password" />
        <PasswordField label="New password" field={fields.new_password} autoComplete="new-password" />
        <PasswordField label="Repeat new password" field={fields.repeat_password} autoComplete="new-password" />
        <SubmitButton submitting={submitting}>
          Change Password
        </SubmitButton>
        <FormErrors form={form} />
      </Form>
    </CardSection>
  );
}
