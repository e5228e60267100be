import { getTextareaProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";

import { ErrorList, FormErrors, Spinner } from "~/components/forms";

/**
 * The message box of every message form (a reply on /message/{id}, /messages/new, the product page's "Message the
 * seller"): its label, the text, the field's errors and the form's announced errors.
 */
export function MessageBox<FormSchema extends Record<string, unknown>>({
  form,
  field,
  label,
  rows,
}: {
  form: FormMetadata<FormSchema, string[]>;
  field: FieldMetadata<string, FormSchema, string[]>;
  label: string;
  rows: number;
}) {
  return (
    <>
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <textarea {...getTextareaProps(field)} rows={rows} className="input" />
      <ErrorList id={field.errorId} errors={field.errors} />
      <FormErrors form={form} />
    </>
  );
}

/** A message form's submit button, with a spinner while it sends. */
export function SendButton({ sending, children }: { sending: boolean; children: React.ReactNode }) {
  return (
    <button type="submit" className="btn" disabled={sending}>
      <Spinner show={sending} />
      {children}
    </button>
  );
}
