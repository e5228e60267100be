import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";

import { AuthCard, LegalLine } from "~/components/auth-card";
import { ErrorList, Field, PasswordField, SubmitButton, useZodForm } from "~/components/forms";
import { registerUser } from "~/models/accounts/users.server";
import { RegisterSchema } from "~/schemas/auth";
import { getDb } from "~/utils/db.server";
import { readForm } from "~/utils/forms.server";
import { AUTH_MESSAGES } from "~/utils/messages";
import { requireAnonymous } from "~/auth/guards.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { clientKeyOf, startUserSession } from "~/auth/login.server";

export const meta: MetaFunction = () => [{ title: "Register · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: RegisterSchema });
  if (submission.status !== "success") {
    // One message per error: the server's mismatch text (spec 8) replaces the browser check's (spec 5) at the field.
    const mismatch = submission.error?.confirmPassword?.includes(AUTH_MESSAGES.passwordsDoNotMatch);
    return data(
      {
        result: submission.reply({
          hideFields: ["password", "confirmPassword"],
          fieldErrors: mismatch ? { confirmPassword: [AUTH_MESSAGES.passwordMismatch] } : undefined,
        }),
      },
      { status: 400 },
    );
  }
  const { email, password, firstName, lastName, redirectTo } = submission.value;
  const result = await registerUser({ db: getDb(), email, password, firstName, lastName, clientKey: clientKeyOf(request) });
  if (!result.ok && result.error === "rate-limited") {
    return data({ result: submission.reply({ formErrors: [AUTH_MESSAGES.tooManyRegistrations], hideFields: ["password", "confirmPassword"] }) }, { status: 429 });
  }
  if (!result.ok) {
    // The duplicate email's own text (it asks to log in: the login link stays below the form).
    return data(
      {
        result: submission.reply({
          fieldErrors: { email: [AUTH_MESSAGES.duplicateEmail] },
          hideFields: ["password", "confirmPassword"],
        }),
      },
      { status: 400 },
    );
  }
  const cookie = await startUserSession(request, result.user, {
    kind: "success",
    message: `Welcome to Patternhouse, ${result.user.firstName}!`,
  });
  return redirect(safeRedirect(redirectTo), { headers: { "Set-Cookie": cookie } });
}

export default function RegisterPage() {
  const lastResult = useActionData<typeof action>()?.result;
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/register";
  const [form, fields] = useZodForm(RegisterSchema, lastResult, { id: "register" });
  const redirectTo = searchParams.get("redirectTo") ?? "";

  return (
    <AuthCard title="Create your account">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", autoFocus: true }}
          errors={fields.email.errors}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First name"
            inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }}
            errors={fields.firstName.errors}
          />
          <Field
            label="Last name"
            inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }}
            errors={fields.lastName.errors}
          />
        </div>
        <PasswordField label="Password" field={fields.password} autoComplete="new-password" hint="At least 8 characters." />
        <PasswordField label="Confirm password" field={fields.confirmPassword} autoComplete="new-password" />
        <SubmitButton submitting={submitting} className="btn w-full">
          Register
        </SubmitButton>
      </Form>
      <div id={form.errorId} className="mt-4 text-center" aria-live="polite">
        <ErrorList errors={form.errors} />
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link
          to={redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login"}
          className="font-medium text-brand-700 hover:underline"
        >
          Log in
        </Link>
      </p>
      <LegalLine />
    </AuthCard>
  );
}
