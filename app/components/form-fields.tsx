import { useState } from "react";

import { ErrorList, useFieldIds, type ListOfErrors } from "./forms";
import { MAX_FILE_BYTES } from "~/utils/upload-limits";

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

/** Spec 9: 26214400 bytes per file (the server enforces it while reading; this only saves a pointless upload). */

/**
 * A labelled file input with a hint and its errors announced. With JavaScript a file over 25MB is refused as soon
 * as it is chosen ('File Too Large', spec 8) and the form cannot be sent with it; without JavaScript the server
 * answers '{file} is too large. Maximum file size is 25MB.' at the field.
 */
export function FileField({
  label,
  hint,
  errors,
  onChange,
  ...props
}: { label: string; hint?: string; errors?: ListOfErrors } & React.InputHTMLAttributes<HTMLInputElement>) {
  const [tooLarge, setTooLarge] = useState<string[]>([]);
  const shown = tooLarge.length ? ["File Too Large", ...tooLarge.map((name) => `${name} is too large. Maximum file size is 25MB.`)] : errors;
  const { id, errorId, aria } = useFieldIds(props.id, shown);
  return (
    <div className="mt-3">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        type="file"
        {...props}
        id={id}
        className="mt-1 block text-sm"
        {...aria}
        onChange={(event) => {
          const input = event.currentTarget;
          const big = [...(input.files ?? [])].filter((f) => f.size > MAX_FILE_BYTES).map((f) => f.name);
          input.setCustomValidity(big.length ? "File Too Large" : "");
          setTooLarge(big);
          onChange?.(event);
        }}
      />
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <ErrorList id={errorId} errors={shown} />
    </div>
  );
}
