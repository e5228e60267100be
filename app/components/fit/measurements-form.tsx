import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { ErrorList, Field, FormErrors, SubmitButton, useSubmittingIntent, useZodForm } from "~/components/forms";
import { FIT_ZONES, ZONE_LABELS, type Measurements } from "~/utils/measurements";
import { formatLength } from "~/utils/measurement-units";
import { MeasurementsFormSchema } from "~/schemas/measurements";

/**
 * /settings "Measurements" (issue 24, decision 112): the buyer's body measurements in cm or inches, each optional,
 * private. A plain form (intent "measurements") that works without JavaScript.
 */
export function MeasurementsSection({ measurements, lastResult }: { measurements: Measurements; lastResult?: SubmissionResult<string[]> }) {
  // A save comes back with the stored values ("96,0" reads "96"): a new key shows them, also with JavaScript on.
  return <MeasurementsForm key={JSON.stringify(measurements)} measurements={measurements} lastResult={lastResult} />;
}

function MeasurementsForm({ measurements, lastResult }: { measurements: Measurements; lastResult?: SubmissionResult<string[]> }) {
  const submitting = useSubmittingIntent("measurements");
  const defaultValue: Record<string, string> = { unit: measurements.unit };
  for (const zone of FIT_ZONES) {
    const mm = measurements[zone];
    defaultValue[zone] = mm === null ? "" : formatLength(mm, measurements.unit);
  }
  const [form, fields] = useZodForm(MeasurementsFormSchema, lastResult, { id: "measurements-form", defaultValue });
  return (
    <section id="measurements" aria-labelledby="measurements-heading" className="card scroll-mt-20 p-6 lg:col-span-2">
      <h2 id="measurements-heading" className="text-lg font-semibold">
        Measurements
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Private: only you see them. They give you size advice on patterns with a size chart. Leave a field empty if you
        do not know it.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <input type="hidden" name="intent" value="measurements" />
        <fieldset className="sm:col-span-2 lg:col-span-4">
          <legend className="label">Unit of the numbers below</legend>
          <div className="mt-1 flex gap-6 text-sm">
            <label className="flex items-center gap-2">
              <input {...getInputProps(fields.unit, { type: "radio", value: "cm" })} /> Centimetres (cm)
            </label>
            <label className="flex items-center gap-2">
              <input {...getInputProps(fields.unit, { type: "radio", value: "in" })} /> Inches (in)
            </label>
          </div>
          <p className="mt-1 text-xs text-slate-500">The numbers are read in this unit: switching it does not convert them.</p>
          <ErrorList id={fields.unit.errorId} errors={fields.unit.errors} />
        </fieldset>
        {FIT_ZONES.map((zone) => (
          <Field
            key={zone}
            label={ZONE_LABELS[zone]}
            inputProps={{ ...getInputProps(fields[zone], { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
            errors={fields[zone].errors}
          />
        ))}
        <div className="sm:col-span-2 lg:col-span-4">
          <SubmitButton submitting={submitting}>
            Save measurements
          </SubmitButton>
          <FormErrors form={form} />
        </div>
      </Form>
    </section>
  );
}
