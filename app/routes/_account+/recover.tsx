import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

import { AuthCard } from "~/components/auth-card";
import { Note } from "~/components/flash";
import { Field, SubmitButton, useZodForm } from "~/components/forms";
import { requestRecovery } from "~/models/accounts/recovery.server";
import { RecoverSchema } from "~/schemas/auth";
import { getDb } from "~/utils/db.server";
import { readForm } from "~/utils/forms.server";
import { publicOrigin } from "~/utils/mail.server";
import { AUTH_MESSAGES } from "~/utils/messages";

export const meta: MetaFunction = () => [{ title: "Recover your password · Patternhouse" }];

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: RecoverSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  await requestRecovery({ db: getDb(), origin: publicOrigin(request), email: submission.value.email });
  // The same answer whether or not the address belongs to an account.
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function RecoverPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [form, fields] = useZodForm(RecoverSchema, actionData?.result, { id: "recover" });
  const [showSent, setShowSent] = useState(Boolean(actionData?.sent));
  useEffect(() => {
    setShowSent(Boolean(actionData?.sent));
    if (!actionData?.sent) return;
    const timer = setTimeout(() => setShowSent(false), 5000);
    return () => clearTimeout(timer);
  }, [actionData]);

  return (
    <AuthCard title="Recover your password">
      <p className="mb-4 text-sm text-slate-600">
        Enter the email address of your account and we will send you a link to choose a new password.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", autoFocus: true }}
          errors={fields.email.errors}
        />
        <SubmitButton submitting={submitting} className="btn w-full">
          Request new password
        </SubmitButton>
      </Form>
      <div className="mt-4" aria-live="polite">
        {showSent ? <Note kind="success">{AUTH_MESSAGES.recoverySent}</Note> : null}
      </div>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          Back to log in
        </Link>
      </p>
    </AuthCard>
  );
}
