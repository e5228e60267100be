/**
 * The design form's "Cutting layouts" fieldset (issue 25, decision 132): the fabric widths the seller recommends, in
 * cm or in as typed, and the gap between pieces in mm. Plain inputs; the names are app/schemas/layout.ts's
 * (`layout_unit`, `layout_width_<i>`, `layout_gap`, `layout_selvedge`), the checks are the server's.
 */
import { ErrorList, Field } from "./forms";
import type { LayoutFormValues } from "~/schemas/layout";

export function LayoutSettingsFields({
  layout,
  hint,
  errors,
}: {
  /** As stored or as typed; one box per width the settings allow. */
  layout: LayoutFormValues;
  /** What blank boxes mean (the standard widths and gap). */
  hint: string;
  errors: Record<string, string[] | undefined>;
}) {
  return (
    <fieldset className="min-w-0 space-y-3" aria-describedby="layout-settings-hint">
      <legend className="label">Cutting layouts</legend>
      <p id="layout-settings-hint" className="text-sm text-slate-600">
        The fabric widths you recommend: buyers see your pattern laid out on each of them, with the length to buy. {hint}
      </p>
      <div>
        <label htmlFor="layout_unit" className="mr-2 text-sm font-medium">
          Widths in
        </label>
        <select
          id="layout_unit"
          name="layout_unit"
          defaultValue={layout.unit}
          className="rounded-md border border-slate-300 px-2 py-1 text-sm"
        >
          <option value="cm">Centimetres (cm)</option>
          <option value="in">Inches (in)</option>
        </select>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {layout.widths.map((width, i) => {
          const name = `layout_width_${i}`;
          return (
            <Field
              key={name}
              label={`Width ${i + 1}`}
              inputProps={{ name, id: name, defaultValue: width, inputMode: "decimal", autoComplete: "off", maxLength: 10 }}
              errors={errors[name]}
            />
          );
        })}
      </div>
      {(
        [
          ["layout_gap", "Gap between pieces (mm)", layout.gap],
          ["layout_selvedge", "Selvedge margin (mm)", layout.selvedge],
        ] as const
      ).map(([name, label, value]) => (
        <div key={name} className="max-w-48">
          <Field label={label} inputProps={{ name, id: name, defaultValue: value, inputMode: "numeric", autoComplete: "off", maxLength: 6 }} errors={errors[name]} />
        </div>
      ))}
      <ErrorList id="layout-settings-errors" errors={errors.layout} />
    </fieldset>
  );
}
