import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";

import { AuthCard, LegalLine } from "~/components/auth-card";
import { Field, FormErrors, PasswordField, SubmitButton, useZodForm } from "~/components/forms";
import { ACCOUNTS_ERRORS } from "~/models/accounts/errors.server";
import { LoginSchema } from "~/schemas/auth";
import { authenticator, LoginError } from "~/auth/login.server";
import { readForm } from "~/utils/forms.server";
import { requireAnonymous } from "~/auth/guards.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { startUserSession } from "~/auth/login.server";

export const meta: MetaFunction = () => [{ title: "Log in · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request.clone());
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  try {
    const user = await authenticator.authenticate("form", request);
    const cookie = await startUserSession(request, user);
    return redirect(safeRedirect(submission.value.redirectTo), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    return data({ result: submission.reply({ formErrors: [error.message], hideFields: ["password"] }) }, {
      status: ACCOUNTS_ERRORS.login[error.code].status,
    });
  }
}

export default function LoginPage() {
  const lastResult = useActionData<typeof action>()?.result;
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/login";
  const [form, fields] = useZodForm(LoginSchema, lastResult, { id: "login" });
  const redirectTo = searchParams.get("redirectTo") ?? "";

  return (
    <AuthCard title="Log in to Patternhouse">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label="Username or Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", autoFocus: true }}
          errors={fields.email.errors}
        />
        <PasswordField label="Password" field={fields.password} autoComplete="current-password" />
        <div className="flex items-center justify-between text-sm">
          <Link to="/recover" className="font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        <SubmitButton submitting={submitting} className="btn w-full">
          Log in
        </SubmitButton>
        <FormErrors form={form} />
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        New here?{" "}
        <Link
          to={redirectTo ? `/register?redirectTo=${encodeURIComponent(redirectTo)}` : "/register"}
          className="font-medium text-brand-700 hover:underline"
        >
          Create an account
        </Link>
      </p>
      <LegalLine />
    </AuthCard>
  );
}
