import { useEffect, useRef } from "react";

/**
 * Which fields of a long form's failed save need attention, at the top of the page (after the GOV.UK error summary;
 * issue 34, item 15): without JavaScript the answer loads at the top while the field may be screens down, so each
 * entry links to its field, where its message is. With JavaScript it takes the focus, so a screen reader reads it.
 * The entries name the fields (their labels) rather than repeat the messages the fields show.
 *
 * `errors` are conform's (`submission.reply().error`: field name to messages, "" for the form's own), `formId` the
 * form's conform id: a field's control is `${formId}-${name}`, the form itself `${formId}` (named by `formTitle`).
 */
export function ErrorSummary({
  errors,
  formId,
  formTitle,
  labels,
}: {
  errors: Record<string, string[] | null | undefined> | null | undefined;
  formId: string;
  formTitle: string;
  labels: Record<string, string>;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const items = new Map<string, string>();
  for (const [name, messages] of Object.entries(errors ?? {})) {
    if (!messages?.some(Boolean)) continue;
    const label = name ? labels[name] : undefined;
    if (label) items.set(`#${formId}-${name}`, label);
    else items.set(`#${formId}`, formTitle);
  }
  const shown = items.size > 0;
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown, errors]);
  if (!shown) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" aria-labelledby={`${formId}-summary-title`} className="mt-6 rounded-md border-2 border-red-700 bg-red-50 p-4" data-testid="error-summary">
      <h2 id={`${formId}-summary-title`} className="font-semibold text-red-900">
        There is a problem: nothing was saved. Check {items.size === 1 ? "this field" : "these fields"}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {[...items].map(([href, label]) => (
          <li key={href}>
            <a href={href} className="text-red-800 underline">
              {label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
