import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { AuthCard } from "~/components/auth-card";
import { Note } from "~/components/flash";
import { Field, FormErrors, PasswordField, SubmitButton, useZodForm } from "~/components/forms";
import { isPasswordResetUsable, resetPassword } from "~/models/accounts/password-reset.server";
import { ResetPasswordSchema } from "~/schemas/auth";
import { getDb } from "~/utils/db.server";
import { readForm } from "~/utils/forms.server";
import { AUTH_MESSAGES } from "~/utils/messages";
import { redirectWithFlash } from "~/utils/flash.server";

export const meta: MetaFunction = () => [{ title: "Choose a new password · Patternhouse" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, usable: await isPasswordResetUsable({ db: getDb(), token }) };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: ResetPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 400 });
  }
  const { token, password } = submission.value;
  const done = await resetPassword({ db: getDb(), token, password });
  if (!done) {
    const result = submission.reply({ formErrors: [AUTH_MESSAGES.resetLinkInvalid], hideFields: ["password", "confirmPassword"] });
    return data({ result }, { status: 400 });
  }
  return redirectWithFlash(request, "/login", { kind: "success", message: AUTH_MESSAGES.passwordReset });
}

export default function ResetPasswordPage() {
  const { token, usable } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useZodForm(ResetPasswordSchema, lastResult, { id: "reset-password" });

  if (!usable) {
    return (
      <AuthCard title="Choose a new password">
        <Note kind="error">{AUTH_MESSAGES.resetLinkInvalid}</Note>
        <Link to="/recover" className="btn mt-6 w-full">
          Request a new link
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="token" value={token} />
        <Field
          label="New password"
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password", autoFocus: true }}
          errors={fields.password.errors}
          hint="At least 8 characters."
        />
        <PasswordField label="Confirm new password" field={fields.confirmPassword} autoComplete="new-password" />
        <SubmitButton submitting={submitting} className="btn w-full">
          Set new password
        </SubmitButton>
        <FormErrors form={form} />
      </Form>
    </AuthCard>
  );
}
