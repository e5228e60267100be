import { ErrorList } from "../forms";
import { FileField } from "../form-fields";
import { HeldFiles } from "../held-files";
import { LayoutSettingsFields } from "../layout-settings-fields";
import { designFieldId } from "./field-ids";
import type { DesignFormProps, PatternSummary } from "./types";
import { DELIVERY_OPTIONS } from "~/schemas/selling";
import { fileUrl } from "~/utils/media";

/**
 * A pattern's section: delivery, the pattern file (what was read from the current one, a new version with its
 * change note) and the cutting-layout settings.
 */
export function PatternFields(props: { hydrated: boolean } & Pick<DesignFormProps, "values" | "errors" | "patternFile" | "pattern" | "held" | "layoutHint">) {
  const { hydrated, values, errors, patternFile, pattern } = props;
  return (
    <section aria-labelledby="pattern-heading" className="card space-y-4 p-6">
      <h2 id="pattern-heading" className="text-lg font-semibold">
        Pattern {hydrated ? null : <span className="text-sm font-normal text-slate-500">(patterns only)</span>}
      </h2>
      <fieldset>
        <legend className="label">Delivery</legend>
        <div className="mt-2 space-y-2 text-sm">
          {DELIVERY_OPTIONS.map((o) => (
            <label key={o.id} className="flex items-center gap-2">
              <input
                type="radio"
                name="delivery"
                id={o.id === DELIVERY_OPTIONS[0]!.id ? designFieldId("delivery") : undefined}
                value={o.id}
                defaultChecked={values.delivery === o.id}
                aria-invalid={errors.delivery ? true : undefined}
                aria-describedby={errors.delivery ? "delivery-error" : undefined}
              />
              {o.label}
            </label>
          ))}
        </div>
        <ErrorList id="delivery-error" errors={errors.delivery} />
      </fieldset>
      <div>
        {patternFile ? (
          <p className="text-sm">
            Current pattern file:{" "}
            <a href={fileUrl(patternFile)} className="text-brand-700 underline">
              download DXF
            </a>
          </p>
        ) : null}
        {pattern ? <PatternPreview pattern={pattern} /> : null}
        <FileField
          label={patternFile ? "Upload a new version of the pattern (DXF)" : "Pattern file (DXF)"}
          name="pattern"
          id={designFieldId("pattern")}
          accept=".dxf,application/dxf,image/vnd.dxf"
          hint="Required for a pattern. A DXF file with the pattern pieces, at most 25MB. It stays private: only you and paying buyers can download it."
          errors={errors.pattern}
        />
        <HeldFiles held={props.held} field="pattern" />
        {patternFile ? (
          <div className="mt-3">
            <label htmlFor={designFieldId("pattern_note")} className="label">
              Change note for your buyers (with a new version)
            </label>
            <textarea
              id={designFieldId("pattern_note")}
              name="pattern_note"
              rows={2}
              maxLength={500}
              className="input mt-1 w-full"
              aria-invalid={errors.pattern_note ? true : undefined}
              aria-describedby={errors.pattern_note ? "pattern_note-error" : "pattern_note-hint"}
            />
            <p id="pattern_note-hint" className="mt-1 text-xs text-slate-500">
              Every buyer of this pattern gets an email with this note and a link to the new files.
            </p>
            <ErrorList id="pattern_note-error" errors={errors.pattern_note} />
          </div>
        ) : null}
      </div>
      {values.layout && props.layoutHint ? <LayoutSettingsFields layout={values.layout} hint={props.layoutHint} errors={errors} /> : null}
    </section>
  );
}

/** What the platform read from the current pattern file: a seller sees at once whether the file was understood. */
function PatternPreview({ pattern }: { pattern: PatternSummary }) {
  if (pattern.unreadable) {
    return <p className="mb-2 text-sm text-red-700">The current pattern file could not be read. Please upload it again.</p>;
  }
  return (
    <div className="mb-3 space-y-2">
      <p id="pattern-read-heading" className="text-sm font-medium">
        {pattern.versionLine}: {pattern.pieceCount} {pattern.pieceCount === 1 ? "piece" : "pieces"}, sizes {pattern.sizes.join(", ")}
      </p>
      {pattern.unitsNote ? (
        <p role="note" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {pattern.unitsNote}
        </p>
      ) : null}
      <img
        src={pattern.previewUrl}
        alt={`Preview of the pattern pieces as read from the file (${pattern.versionLine})`}
        width={800}
        height={500}
        loading="lazy"
        className="h-auto w-full max-w-xl rounded-md border border-slate-200 bg-white"
      />
      {pattern.compareUrl ? (
        <figure>
          <img
            src={pattern.compareUrl}
            alt={`The new outline over version ${pattern.previousVersion}: previous dashed grey, new solid`}
            width={800}
            height={500}
            loading="lazy"
            className="h-auto w-full max-w-xl rounded-md border border-slate-200 bg-white"
          />
          <figcaption className="text-xs text-slate-500">Changes against version {pattern.previousVersion}</figcaption>
        </figure>
      ) : null}
    </div>
  );
}
