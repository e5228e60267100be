import { ErrorList, useFieldIds, type ListOfErrors } from "~/components/forms";

/** A labelled <select> with its errors announced, the sibling of Field. */
export function SelectField({
  label,
  selectProps,
  options,
  errors,
  className,
}: {
  label: React.ReactNode;
  selectProps: React.SelectHTMLAttributes<HTMLSelectElement> & { key?: string };
  options: readonly (readonly [string, string])[];
  errors?: ListOfErrors;
  className?: string;
}) {
  const { id, errorId, aria } = useFieldIds(selectProps.id, errors);
  const { key, ...rest } = selectProps;
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select key={key} {...rest} id={id} className="input mt-1" {...aria}>
        <option value="">Select…</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text} ({value})
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
