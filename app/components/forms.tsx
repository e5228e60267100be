import { getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useNavigation } from "@remix-run/react";
import { useId } from "react";
import type { z } from "zod";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const list = errors?.filter(Boolean);
  if (!list?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-1">
      {list.map((e) => (
        <li key={e} className="text-sm text-red-700">
          {e}
        </li>
      ))}
    </ul>
  );
}

/** The ids that tie a control to its label and its announced errors. */
export function useFieldIds(id: string | undefined, errors?: ListOfErrors) {
  const fallbackId = useId();
  const fieldId = id ?? fallbackId;
  const errorId = errors?.length ? `${fieldId}-error` : undefined;
  return { id: fieldId, errorId, aria: { "aria-invalid": errorId ? true : undefined, "aria-describedby": errorId } };
}

/** A labelled input with its errors announced (aria-invalid, aria-describedby). */
export function Field({
  label,
  inputProps,
  errors,
  className,
  hint,
}: {
  label: React.ReactNode;
  inputProps: React.InputHTMLAttributes<HTMLInputElement> & { key?: string };
  errors?: ListOfErrors;
  className?: string;
  hint?: React.ReactNode;
}) {
  const { id, errorId, aria } = useFieldIds(inputProps.id, errors);
  const { key, ...rest } = inputProps;
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input key={key} {...rest} id={id} className="input mt-1" {...aria} />
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A labelled select with its errors announced; an option is a value that is its own label, or both; `placeholder` is an empty first choice. */
export function SelectField({
  label,
  id,
  name,
  options,
  defaultValue,
  placeholder,
  errors,
}: {
  label: React.ReactNode;
  id: string;
  name: string;
  options: ReadonlyArray<string | { value: string | number; label: string }>;
  defaultValue?: string;
  placeholder?: string;
  errors?: ListOfErrors;
}) {
  const { errorId, aria } = useFieldIds(id, errors);
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className="input mt-1" required {...aria}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => {
          const { value, label: text } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A password input of a conform form, labelled, with its autocomplete hint (current-password or new-password). */
export function PasswordField<Schema, FormSchema extends Record<string, unknown>>({
  label,
  field,
  autoComplete,
  hint,
}: {
  label: React.ReactNode;
  field: FieldMetadata<Schema, FormSchema, string[]>;
  autoComplete: "current-password" | "new-password";
  hint?: React.ReactNode;
}) {
  return <Field label={label} inputProps={{ ...getInputProps(field, { type: "password" }), autoComplete }} errors={field.errors} hint={hint} />;
}

/** A form's submit button with its pending spinner. */
export function SubmitButton({ submitting, className = "btn", children }: { submitting: boolean; className?: string; children: React.ReactNode }) {
  return (
    <button type="submit" className={className} disabled={submitting}>
      <Spinner show={submitting} />
      {children}
    </button>
  );
}

/** The errors of a whole form (not of one field), announced where the form's `aria-describedby` points. */
export function FormErrors({ form }: { form: { errorId: string; errors?: ListOfErrors } }) {
  return (
    <div id={form.errorId} aria-live="polite">
      <ErrorList errors={form.errors} />
    </div>
  );
}

/** Whether a form with this `intent` is being submitted (its button shows the spinner and is disabled). */
export function useSubmittingIntent(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function Spinner({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <span
      role="status"
      aria-label="Loading"
      className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-white/60 border-t-transparent"
    />
  );
}

type ZodFormOptions<S extends z.ZodTypeAny> = Parameters<typeof useForm<z.input<S>, z.output<S>>>[0];

/**
 * The one conform setup of every form: the zod schema gives the browser constraints and the client
 * validation (on submit, then on input), and the action's `{ result: submission.reply() }` comes back in.
 */
export function useZodForm<S extends z.ZodTypeAny>(
  schema: S,
  lastResult: SubmissionResult<string[]> | null | undefined,
  options: { id: string; defaultValue?: ZodFormOptions<S>["defaultValue"] },
) {
  return useForm<z.input<S>, z.output<S>>({
    ...options,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
