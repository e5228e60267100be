import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { ErrorList, Field, Spinner, useFieldIds, type ListOfErrors } from "./forms";
import { FileField, TextArea } from "./form-fields";
import { HeldFiles, type HeldFileView } from "./held-files";
import { MediaThumb } from "./media-thumb";
import { LayoutSettingsFields } from "./layout-settings-fields";
import { ShippingRatesFields } from "./shipping-rates-fields";
import { SizeChartFields, type SizeChartFormProps } from "./size-chart-fields";
import type { PatternReading } from "./pattern-reading";
import { useHydrated } from "./use-hydrated";
import type { LayoutFormValues } from "~/schemas/layout";
import { SHIPPING_FIELDS, SHIPPING_PREFIX } from "~/schemas/shipping";
import { DELIVERY_OPTIONS, DESC_MAX, MAX_VARIANTS, MIN_PRICE, NAME_MAX, PRODUCT_TYPE_OPTIONS } from "~/schemas/selling";
import {
  DEFAULT_SUBCATEGORIES,
  DESIGN_CATEGORIES,
  HOME_SUBCATEGORIES,
  PARCEL_SIZE_DETAILS,
  type ParcelSize,
  PETS_SUBCATEGORIES,
  subcategoriesFor,
} from "~/utils/catalog";
import { fileUrl } from "~/utils/media";

export type DesignFormProps = {
  mode: "create" | "edit";
  productId: number | null;
  /** Edit mode: the design is a draft (decision 106); its buttons save it as one or publish it. */
  draft?: boolean;
  values: {
    name: string;
    desc: string;
    price: string;
    type: string;
    delivery: string;
    category1: string;
    category2: string;
    terms: string;
    parcel_size: string;
    variants: { id: string; value: string; sku: string; inventory: string; was?: string }[];
    keep: { id: number; position: string; remove: boolean }[];
    /** The design's own shipping rates in dollars (decision 108); blank: the store's rates. */
    shipping?: Record<string, string>;
    /** A pattern's cutting-layout settings as stored or typed (issue 25); absent: the fieldset is not shown. */
    layout?: LayoutFormValues;
  };
  /** What blank layout boxes mean (the standard widths and gap), from the server. */
  layoutHint?: string;
  errors: Record<string, string[]>;
  media: { id: number; media: string }[];
  sizeChart: string | null;
  patternFile: string | null;
  /** The size chart as data (decision 113): the table's sizes and values, below the size chart image. */
  chart?: SizeChartFormProps;
  /** The current pattern version as read from its file (edit mode): preview, units note, changes against the last one. */
  pattern?: PatternSummary | null;
  notice: string | null;
  filesDropped: boolean;
  /** Files kept from the last try (issue 34, item 16), sent back as `held` fields until saved. */
  held?: HeldFileView[];
  /** A re-render key: changes with every answer of the action, so the fields show what it returned. */
  formKey: string;
};

export type PatternSummary = {
  versionLine: string;
  pieceCount: number;
  sizes: string[];
  previewUrl: string;
  /** The new outline over the previous version's, when there is one. */
  compareUrl: string | null;
  previousVersion: number | null;
  /** Said when the file did not name its units. */
  unitsNote: string | null;
  /** The stored file could not be read (never for files uploaded through this form). */
  unreadable: boolean;
} & PatternReading;

const SUBCATEGORY_GROUPS = [
  { label: "Women, Men, Gender Neutral, Teens, Kids", categories: ["women", "men", "gender-neutral", "Teens", "Kids"], items: DEFAULT_SUBCATEGORIES },
  { label: "Home", categories: ["Home"], items: HOME_SUBCATEGORIES },
  { label: "Pets", categories: ["Pets"], items: PETS_SUBCATEGORIES },
] as const;

const IMAGE_ACCEPT = "image/jpeg,image/png,image/gif,image/webp,image/bmp";
const MEDIA_ACCEPT = `${IMAGE_ACCEPT},video/mp4,video/webm,video/quicktime`;

/**
 * The design form of /create-design and /edit-product/{id} (spec 5). Without JavaScript every section is
 * shown, with headings saying which availability it belongs to; with JavaScript the sections that do not
 * apply are hidden, the subcategories follow the category and the characters-left counter counts live.
 */
export function DesignForm(props: DesignFormProps) {
  // A new answer of the action starts the form afresh from the values it returned.
  return <DesignFormFields key={props.formKey} {...props} />;
}

/** A design form control's id: the error list at the top links to it (`#design-<field name>`). */
export function designFieldId(name: string): string {
  return `design-${name}`;
}

const DESIGN_FIELD_LABELS: Record<string, string> = {
  name: "Name",
  desc: "Description",
  price: "Price",
  type: "Availability",
  category1: "Category",
  category2: "Subcategory",
  terms: "Terms & Conditions",
  media: "Images or videos",
  sizeChart: "Size chart image",
  delivery: "Delivery",
  pattern: "Pattern file (DXF)",
  pattern_note: "Change note",
  parcel_size: "Parcel size",
};
const VARIANT_COLUMNS: Record<string, string> = { value: "Size", sku: "SKU", inventory: "Quantity" };

/** The name the error list gives a field (its label), or null for one it does not link to. */
function designFieldLabel(key: string): string | null {
  const row = /^variants\[(\d+)\]\.(value|sku|inventory)$/.exec(key);
  if (row) return `${VARIANT_COLUMNS[row[2]!]} ${Number(row[1]) + 1}`;
  return DESIGN_FIELD_LABELS[key] ?? null;
}

function DesignFormFields(props: DesignFormProps) {
  const { mode, values, errors, media, sizeChart, patternFile, pattern } = props;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [type, setType] = useState(values.type);
  const [category1, setCategory1] = useState(values.category1);
  const [descLength, setDescLength] = useState(values.desc.length);
  const mediaById = new Map(media.map((m) => [m.id, m.media]));
  const showPattern = !hydrated || type === "Pattern" || type === "";
  const showApparel = !hydrated || type !== "Pattern";
  const groups = hydrated && category1 ? SUBCATEGORY_GROUPS.filter((g) => (g.categories as readonly string[]).includes(category1)) : SUBCATEGORY_GROUPS;
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-8"
      aria-describedby={hasErrors ? "design-form-errors" : undefined}
    >
      {hasErrors ? (
        <div id="design-form-errors" role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p>Please correct the fields marked below. Nothing was saved.</p>
          {props.filesDropped ? <p>Files that were refused were not kept: choose them again, or others, before saving.</p> : null}
          {props.held?.length ? <p>The files that passed their checks are kept for your next save, listed at their fields.</p> : null}
          <ErrorList errors={errors.form} />
          {/* The fields to correct, each linked: the form is long and the page loads at its top (issue 34, item 15). */}
          <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="design-error-links">
            {[...new Set(Object.keys(errors).filter((key) => errors[key]?.length))].flatMap((key) => {
              const label = designFieldLabel(key);
              return label ? (
                <li key={key}>
                  <a href={`#${designFieldId(key)}`} className="underline">
                    {label}
                  </a>
                </li>
              ) : [];
            })}
          </ul>
        </div>
      ) : props.notice ? (
        <p role="status" className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          {props.notice}
        </p>
      ) : null}

      <section aria-labelledby="details-heading" className="card space-y-4 p-6">
        <h2 id="details-heading" className="text-lg font-semibold">
          Design details
        </h2>
        <Field
          label="Name"
          inputProps={{ name: "name", id: designFieldId("name"), defaultValue: values.name, required: true, maxLength: NAME_MAX }}
          hint={`At most ${NAME_MAX} characters.`}
          errors={errors.name}
        />
        <TextArea
          label="Description"
          name="desc"

          id={designFieldId("desc")}
          rows={4}
          required
          maxLength={DESC_MAX}
          defaultValue={values.desc}
          onChange={(e) => setDescLength(e.currentTarget.value.length)}
          errors={errors.desc}
          footerId="desc-counter"
          footer={
            <p id="desc-counter" className="mt-1 text-xs text-slate-500" aria-live="polite">
              {Math.max(0, DESC_MAX - descLength)} characters left (at most {DESC_MAX})
            </p>
          }
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Price ($)"
            inputProps={{ name: "price", id: designFieldId("price"), type: "number", min: MIN_PRICE, step: "0.01", defaultValue: values.price, required: true, inputMode: "decimal" }}
            hint={`At least $${MIN_PRICE}.00.`}
            errors={errors.price}
          />
          <Select
            label="Availability"
            name="type"

            id={designFieldId("type")}
            defaultValue={values.type}
            onChange={(e) => setType(e.currentTarget.value)}
            errors={errors.type}
            required
          >
            {PRODUCT_TYPE_OPTIONS.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </Select>
          <Select
            label="Category"
            name="category1"

            id={designFieldId("category1")}
            defaultValue={values.category1}
            onChange={(e) => setCategory1(e.currentTarget.value)}
            errors={errors.category1}
            required
          >
            {DESIGN_CATEGORIES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </Select>
          <Select
            label="Subcategory"
            name="category2"

            id={designFieldId("category2")}
            defaultValue={hydrated && category1 && !subcategoriesFor(category1).some((c) => c.id === values.category2) ? "" : values.category2}
            key={hydrated ? category1 : "all"}
            errors={errors.category2}
            required
          >
            {groups.map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.items.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
        </div>
        <TextArea label="Terms & Conditions (optional)" name="terms" id={designFieldId("terms")} rows={3} maxLength={2000} defaultValue={values.terms} errors={errors.terms} />
      </section>

      <section aria-labelledby="media-heading" className="card space-y-4 p-6">
        <h2 id="media-heading" className="text-lg font-semibold">
          Images and videos
        </h2>
        <p className="text-sm text-slate-600">At least one and at most 10 images or videos; change the numbers to reorder them.</p>
        {values.keep.length ? (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {values.keep.map((row, i) => {
              const name = mediaById.get(row.id);
              if (!name) return null;
              return (
                <li key={row.id} className="space-y-2">
                  <MediaThumb name={name} className="h-28 w-full" />
                  <input type="hidden" name={`keep[${i}].id`} value={row.id} />
                  <label className="flex items-center gap-2 text-sm">
                    Position
                    <input type="number" name={`keep[${i}].position`} defaultValue={row.position} min={1} max={99} className="input w-16" />
                  </label>
                  <label className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name={`keep[${i}].remove`} defaultChecked={row.remove} /> Remove
                  </label>
                </li>
              );
            })}
          </ul>
        ) : null}
        <FileField
          label={media.length ? "Add images or videos" : "Images or videos"}
          name="media"

          id={designFieldId("media")}
          multiple
          accept={MEDIA_ACCEPT}
          hint="JPEG, PNG, GIF, WebP, BMP, MP4, WebM or MOV; each file at most 25MB."
          errors={errors.media}
        />
        <HeldFiles held={props.held} field="media" />
        <div>
          <h3 className="text-sm font-semibold">Size chart</h3>
          {sizeChart ? (
            <a href={fileUrl(sizeChart)} className="mt-2 inline-block">
              <img src={fileUrl(sizeChart, 200)} alt="Current size chart" width={160} height={120} className="h-32 w-auto rounded-md border border-slate-200" />
            </a>
          ) : null}
          <FileField
            label={sizeChart ? "Replace size chart image" : "Size chart image"}
            name="sizeChart"

            id={designFieldId("sizeChart")}
            accept={IMAGE_ACCEPT}
            hint="Required. An image, at most 25MB."
            errors={errors.sizeChart}
          />
          <HeldFiles held={props.held} field="sizeChart" />
        </div>
        {props.chart ? <SizeChartFields chart={props.chart} errors={errors} /> : null}
      </section>

      {showPattern ? (
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
      ) : null}

      {showApparel ? (
        <section aria-labelledby="apparel-heading" className="card space-y-4 p-6">
          <h2 id="apparel-heading" className="text-lg font-semibold">
            Shipping and sizes{" "}
            {hydrated ? null : <span className="text-sm font-normal text-slate-500">(made-to-order and ready-to-ship apparel only)</span>}
          </h2>
          <fieldset>
            <legend className="label">Parcel size</legend>
            <div className="mt-2 space-y-2 text-sm">
              {(Object.keys(PARCEL_SIZE_DETAILS) as ParcelSize[]).map((id) => ({ id, ...PARCEL_SIZE_DETAILS[id] })).map((p) => (
                <label key={p.id} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="parcel_size"
                    id={p.id === "Small" ? designFieldId("parcel_size") : undefined}
                    value={p.id}
                    defaultChecked={values.parcel_size === p.id}
                    aria-invalid={errors.parcel_size ? true : undefined}
                    aria-describedby={errors.parcel_size ? "parcel-error" : undefined}
                  />
                  {p.id}: up to {p.maxWeight}, {p.maxDimensions}
                </label>
              ))}
            </div>
            <ErrorList id="parcel-error" errors={errors.parcel_size} />
          </fieldset>
          <VariantRows rows={values.variants} errors={errors} />
          <fieldset className="space-y-3">
            <legend className="label">Shipping rates for this design (optional)</legend>
            <p className="text-sm text-slate-600">
              Leave empty to use your store&apos;s shipping rates (Store Settings). Amounts in dollars.
            </p>
            <ShippingRatesFields
              prefix={SHIPPING_PREFIX}
              values={values.shipping ?? {}}
              errors={Object.fromEntries(SHIPPING_FIELDS.map((f) => [f, errors[`${SHIPPING_PREFIX}${f}`]]))}
            />
          </fieldset>
        </section>
      ) : null}

      <div className="flex flex-wrap items-center gap-4">
        {/* Two submit buttons (decision 106): with JavaScript off the one pressed sends its intent. */}
        {props.draft ? (
          <>
            <button type="submit" name="intent" value="publish" className="btn" disabled={submitting}>
              <Spinner show={submitting && navigation.formData?.get("intent") === "publish"} />
              Save and publish
            </button>
            <button type="submit" name="intent" value="save" className="btn-secondary" disabled={submitting}>
              <Spinner show={submitting && navigation.formData?.get("intent") === "save"} />
              Save draft
            </button>
          </>
        ) : (
          <>
            <button type="submit" name="intent" value="save" className="btn" disabled={submitting}>
              <Spinner show={submitting && navigation.formData?.get("intent") === "save"} />
              {mode === "create" ? "Create Design" : "Save"}
            </button>
            <button type="submit" name="intent" value="draft" className="btn-secondary" disabled={submitting}>
              <Spinner show={submitting && navigation.formData?.get("intent") === "draft"} />
              Save as draft
            </button>
          </>
        )}
        {mode === "edit" && props.productId ? (
          <Link to={`/edit-product/${props.productId}?remove=1`} className="btn-secondary text-red-700">
            Remove
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

type SizeRow = {
  /** Stable while the row lives in the page, so the inputs keep what was typed when rows around it go. */
  key: number;
  row: DesignFormProps["values"]["variants"][number];
  errors: { value?: string[]; sku?: string[]; inventory?: string[] };
};

/**
 * The size rows. Without JavaScript, Add size and Remove are submit buttons: the server answers with one row more or
 * less (and the notice says which chosen files to choose again). With JavaScript they change the rows in the page,
 * so nothing is sent and chosen files stay chosen; the rows still post as plain `variants[i].*` fields on Save.
 */
function VariantRows({ rows, errors }: { rows: DesignFormProps["values"]["variants"]; errors: Record<string, string[]> }) {
  const hydrated = useHydrated();
  const [list, setList] = useState<SizeRow[]>(() =>
    rows.map((row, i) => ({
      key: i,
      row,
      errors: { value: errors[`variants[${i}].value`], sku: errors[`variants[${i}].sku`], inventory: errors[`variants[${i}].inventory`] },
    })),
  );
  const nextKey = useRef(rows.length);
  const sizeInputs = useRef(new Map<number, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const [focus, setFocus] = useState<number | "add" | null>(null);
  useEffect(() => {
    if (focus === null) return;
    (focus === "add" ? addButton.current : sizeInputs.current.get(focus))?.focus();
    setFocus(null);
  }, [focus]);
  const full = list.length >= MAX_VARIANTS;

  const addRow = () => {
    if (full) return;
    const key = nextKey.current++;
    setList((current) => [...current, { key, row: { id: "", value: "", sku: "", inventory: "0" }, errors: {} }]);
    setFocus(key);
  };
  const removeRow = (key: number) => {
    const index = list.findIndex((r) => r.key === key);
    const next = list[index + 1] ?? list[index - 1];
    setList((current) => current.filter((r) => r.key !== key));
    setFocus(next ? next.key : "add");
  };

  return (
    <fieldset>
      <legend className="label">Sizes</legend>
      <p className="text-xs text-slate-500">Each size with its SKU (optional) and the quantity in stock (a whole number, 0 if none).</p>
      <ErrorList errors={errors.variants} />
      {list.length ? (
        <table className="mt-2 w-full text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th className="py-1 pr-2 font-medium">Option</th>
              <th className="py-1 pr-2 font-medium">Size</th>
              <th className="py-1 pr-2 font-medium">SKU</th>
              <th className="py-1 pr-2 font-medium">Quantity</th>
              <th className="py-1 font-medium">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map(({ key, row, errors: rowErrors }, i) => (
              <tr key={key} className="align-top">
                <td className="py-1 pr-2 text-slate-600">
                  Size
                  <input type="hidden" name={`variants[${i}].id`} value={row.id} />
                  {row.id && row.was ? <input type="hidden" name={`variants[${i}].was`} value={row.was} /> : null}
                </td>
                <td className="py-1 pr-2">
                  <CellInput
                    label={`Size ${i + 1}`}
                    name={`variants[${i}].value`}
                    id={designFieldId(`variants[${i}].value`)}
                    defaultValue={row.value}
                    maxLength={30}
                    errors={rowErrors.value}
                    inputRef={(el) => {
                      if (el) sizeInputs.current.set(key, el);
                      else sizeInputs.current.delete(key);
                    }}
                  />
                </td>
                <td className="py-1 pr-2">
                  <CellInput label={`SKU ${i + 1}`} name={`variants[${i}].sku`} id={designFieldId(`variants[${i}].sku`)} defaultValue={row.sku} maxLength={64} errors={rowErrors.sku} />
                </td>
                <td className="py-1 pr-2">
                  <CellInput
                    label={`Quantity ${i + 1}`}
                    name={`variants[${i}].inventory`}
                    id={designFieldId(`variants[${i}].inventory`)}
                    defaultValue={row.inventory}
                    type="number"
                    min={0}
                    step={1}
                    errors={rowErrors.inventory}
                  />
                </td>
                <td className="py-1">
                  {hydrated ? (
                    <button type="button" onClick={() => removeRow(key)} className="btn-secondary">
                      Remove<span className="sr-only"> size {i + 1}</span>
                    </button>
                  ) : (
                    <button type="submit" name="intent" value={`remove-variant-${i}`} formNoValidate className="btn-secondary">
                      Remove<span className="sr-only"> size {i + 1}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-2 text-sm text-slate-600">No sizes: the design is sold without a size choice.</p>
      )}
      {hydrated ? (
        <>
          <button
            ref={addButton}
            type="button"
            onClick={addRow}
            aria-disabled={full ? true : undefined}
            aria-describedby={full ? "sizes-full" : undefined}
            className="btn-secondary mt-3"
          >
            Add size
          </button>
          {full ? (
            <p id="sizes-full" className="mt-1 text-xs text-slate-500">
              A design can have at most {MAX_VARIANTS} sizes.
            </p>
          ) : null}
        </>
      ) : (
        <button type="submit" name="intent" value="add-variant" formNoValidate className="btn-secondary mt-3">
          Add size
        </button>
      )}
    </fieldset>
  );
}

function CellInput({
  label,
  errors,
  inputRef,
  ...props
}: { label: string; errors?: ListOfErrors; inputRef?: React.Ref<HTMLInputElement> } & React.InputHTMLAttributes<HTMLInputElement>) {
  const { id, errorId, aria } = useFieldIds(props.id, errors);
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input {...props} ref={inputRef} id={id} className="input" {...aria} />
      <ErrorList id={errorId} errors={errors} />
    </>
  );
}

function Select({
  label,
  errors,
  children,
  ...props
}: { label: string; errors?: ListOfErrors; children: React.ReactNode } & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const { id, errorId, aria } = useFieldIds(props.id, errors);
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select {...props} id={id} className="input mt-1" {...aria}>
        <option value="">Select…</option>
        {children}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
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
