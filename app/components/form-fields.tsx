import { ErrorList, useFieldIds, type ListOfErrors } from "./forms";

/** A labelled textarea with its errors announced; `footer` sits under it (e.g. a characters-left counter). */
export function TextArea({
  label,
  errors,
  footer,
  footerId,
  ...props
}: { label: string; errors?: ListOfErrors; footer?: React.ReactNode; footerId?: string } & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { id, errorId, aria } = useFieldIds(props.id, errors);
  const describedBy = [aria["aria-describedby"], footerId].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <textarea {...props} id={id} className="input mt-1" aria-invalid={aria["aria-invalid"]} aria-describedby={describedBy} />
      {footer}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A labelled file input with a hint and its errors announced. */
export function FileField({
  label,
  hint,
  errors,
  ...props
}: { label: string; hint?: string; errors?: ListOfErrors } & React.InputHTMLAttributes<HTMLInputElement>) {
  const { id, errorId, aria } = useFieldIds(undefined, errors);
  return (
    <div className="mt-3">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input type="file" {...props} id={id} className="mt-1 block text-sm" {...aria} />
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

