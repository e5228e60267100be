import { getFormProps, getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { Field, FormErrors, SubmitButton, useSubmittingIntent } from "~/components/forms";
import { DELETE_CONFIRMATION } from "~/schemas/personal-data";

/**
 * The account deletion form (decision 103), for the user themself and for an administrator: the intent, the fields
 * that differ (the password, the reason), the typed confirmation word and the red button.
 */
export function DeleteAccountForm<Schema extends Record<string, unknown>>({
  form,
  confirm,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  confirm: FieldMetadata<string, Schema, string[]>;
  children: React.ReactNode;
}) {
  const submitting = useSubmittingIntent("delete-account");
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="delete-account" />
      {children}
      <Field
        label={`Type ${DELETE_CONFIRMATION} to confirm`}
        inputProps={{ ...getInputProps(confirm, { type: "text" }), autoComplete: "off" }}
        errors={confirm.errors}
      />
      <div className="sm:col-span-2">
        <SubmitButton submitting={submitting} className="btn bg-red-700 hover:bg-red-800">
          Delete account
        </SubmitButton>
        <FormErrors form={form} />
      </div>
    </Form>
  );
}
