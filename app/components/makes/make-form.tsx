import { Form, Link } from "@remix-run/react";

import { ErrorList, Field, SelectField, SubmitButton, useSubmittingIntent } from "~/components/forms";
import { FileField, TextArea } from "~/components/form-fields";
import type { MakeInput } from "~/models/makes/makes.server";
import { MAKE_FIT_LABELS, MAKE_FIT_VALUES, MAKE_FIT_ZONES, MAKE_ZONE_LABELS, MAX_MAKE_PHOTOS } from "~/utils/make-fit";
import { fileUrl } from "~/utils/media";

/** The form's values: the make's fields as the model takes them. */
export type MakeFormValues = MakeInput;
export type MakeFormErrors = Record<string, string[]>;

/** A new make's values: nothing said yet. */
const NEW_MAKE: MakeFormValues = { size: "", fabric: "", notes: "", fit: { bust: null, waist: null, hip: null, length: null }, shareMeasurements: false };

/**
 * The page of the make form (/my-makes/new/{productId} and /my-makes/{id}): the link back to /my-makes, the heading,
 * an intro, the form with the action's answer (the values sent and their errors) or `values`, then `children`.
 */
export function MakeFormPage({
  title,
  intro,
  answer,
  values = NEW_MAKE,
  children,
  ...form
}: Omit<React.ComponentProps<typeof MakeForm>, "values" | "errors"> & {
  title: string;
  intro?: React.ReactNode;
  answer: { values: MakeFormValues; errors: MakeFormErrors } | undefined;
  values?: MakeFormValues;
  children?: React.ReactNode;
}) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm">
        <Link to="/my-makes" className="text-brand-700 underline">
          My makes
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">{title}</h1>
      {intro}
      <MakeForm {...form} values={answer?.values ?? values} errors={answer?.errors ?? {}} />
      {children}
    </section>
  );
}

/**
 * The make form of /my-makes (new and edit): a plain multipart form that works without JavaScript. The size is a
 * choice among the chart's sizes when the design has a chart; the fit per zone is a radio group with "Not said";
 * measurements are shared only with the tick. On edit, the current photos are kept unless unticked.
 */
export function MakeForm({
  values,
  errors,
  sizes,
  photos,
  hasMeasurements,
  submitLabel,
}: {
  values: MakeFormValues;
  errors: MakeFormErrors;
  sizes: string[];
  photos: Array<{ id: number; file: string }> | null;
  hasMeasurements: boolean;
  submitLabel: string;
}) {
  const submitting = useSubmittingIntent("save");
  return (
    <Form method="post" encType="multipart/form-data" className="mt-6 space-y-5" noValidate>
      <input type="hidden" name="intent" value="save" />
      {sizes.length ? (
        <SelectField label="Size you made" id="make-size" name="size" options={sizes} defaultValue={values.size} placeholder="Choose a size" errors={errors.size} />
      ) : (
        <Field label="Size you made" inputProps={{ id: "make-size", name: "size", defaultValue: values.size, required: true, maxLength: 40 }} errors={errors.size} />
      )}
      <Field label="Fabric" inputProps={{ id: "make-fabric", name: "fabric", defaultValue: values.fabric, maxLength: 200 }} errors={errors.fabric} hint="For example: cotton lawn, 110 g/m²" />
      <fieldset>
        <legend className="label">How it fitted</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {MAKE_FIT_ZONES.map((zone) => (
            <fieldset key={zone} aria-describedby={errors[`fit_${zone}`] ? `make-fit-${zone}-error` : undefined}>
              <legend className="text-sm font-medium">{MAKE_ZONE_LABELS[zone]}</legend>
              <div className="mt-1 flex flex-wrap gap-3 text-sm">
                <label className="flex items-center gap-1">
                  <input type="radio" name={`fit_${zone}`} value="" defaultChecked={values.fit[zone] === null} />
                  Not said
                </label>
                {MAKE_FIT_VALUES.map((fit) => (
                  <label key={fit} className="flex items-center gap-1">
                    <input type="radio" name={`fit_${zone}`} value={fit} defaultChecked={values.fit[zone] === fit} />
                    {MAKE_FIT_LABELS[zone][fit]}
                  </label>
                ))}
              </div>
              <ErrorList id={`make-fit-${zone}-error`} errors={errors[`fit_${zone}`]} />
            </fieldset>
          ))}
        </div>
      </fieldset>
      <TextArea label="Notes" id="make-notes" name="notes" rows={4} maxLength={4000} defaultValue={values.notes} errors={errors.notes} />
      <div>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="share_measurements" defaultChecked={values.shareMeasurements} disabled={!hasMeasurements} className="mt-1" />
          <span>
            Share my measurements with this make, without my name. They help buyers with similar measurements choose a size;
            no one sees them with your name, and a size is shown only from three or more makes.
            {hasMeasurements ? null : <span className="block text-slate-600">You have no measurements saved (add them in your settings).</span>}
          </span>
        </label>
      </div>
      {photos ? (
        <fieldset>
          <legend className="label">Current photos (untick to remove)</legend>
          <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6">
            {photos.map((photo, i) => (
              <li key={photo.id}>
                <label className="block text-sm">
                  <img src={fileUrl(photo.file, 200)} alt={`Photo ${i + 1}`} className="aspect-square w-full rounded object-cover" />
                  <span className="mt-1 flex items-center gap-1">
                    <input type="checkbox" name="keep" value={photo.id} defaultChecked />
                    Keep photo {i + 1}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <FileField
        label={photos ? "Add photos" : "Photos"}
        name="photos"
        id="make-photos"
        multiple
        accept="image/jpeg,image/png,image/gif,image/webp,image/bmp"
        hint={`Up to ${MAX_MAKE_PHOTOS} photos in all (JPEG, PNG, GIF, WebP or BMP, 25MB each). Camera details (EXIF) are removed.`}
        errors={errors.photos}
      />
      <ErrorList id="make-form-error" errors={errors.form} />
      <SubmitButton submitting={submitting}>{submitLabel}</SubmitButton>
    </Form>
  );
}
