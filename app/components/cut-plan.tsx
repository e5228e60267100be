/**
 * The cut plan page (issue 48): the cut order form (a plain HTML post; errors GOV.UK-style: a summary linking to each
 * field, the message at the field), the plans made here, and one plan: its progress while it is made (the page
 * refreshes itself, no JavaScript needed), then its markers, fabric and files.
 */
import { Form, Link } from "@remix-run/react";

import { ErrorSummary } from "~/components/error-summary";
import { MM_PER_YARD } from "~/utils/fabric-lengths";
import { CUT_ORDER_DEFAULT_GAP_MM } from "~/models/layout/cut-plan";

type SizeCounts = Record<string, number>;
export type CutPlanPageData = {
  facts: { name: string; sizes: string[]; materials: string[] };
  base: string;
  limits: { perSize: number; total: number };
  plans: { id: number; status: string; sizes: SizeCounts; createdAt: string }[];
  plan: {
    id: number;
    status: string;
    done: number;
    steps: number;
    error: string | null;
    totalMm: number | null;
    boundMm: number | null;
    order: { widthMm: number; tableMm: number; maxPlies: number; nap: string; endMm: number };
    markers: { position: number; material: string; sizes: SizeCounts; plies: number; lengthMm: number; efficiency: number }[];
  } | null;
};
export type CutPlanActionData = { errors: Record<string, string[]>; values: Record<string, unknown> & { sizes: Record<string, string>; materials: string[] } } | undefined;

const FORM_ID = "cut-order";
const LABELS: Record<string, string> = {
  sizes: "Garments per size",
  width_mm: "Fabric width",
  table_mm: "Table length",
  max_plies: "Most plies",
  nap: "Nap",
  gap_mm: "Gap between pieces",
  margin_mm: "Selvedge margin",
  end_mm: "End allowance",
  materials: "Materials",
};

const sizesText = (sizes: SizeCounts) =>
  Object.entries(sizes)
    .map(([s, n]) => (n > 1 ? `${n} × ${s}` : s))
    .join(" + ");
const metres = (mm: number) => `${(mm / 1000).toFixed(2)} m (${(mm / MM_PER_YARD).toFixed(2)} yd)`;

function Field({ name, label, hint, errors, value, suffix }: { name: string; label: string; hint?: string; errors?: string[]; value: string; suffix?: string }) {
  const id = `${FORM_ID}-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      {errors?.length ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-700">
          {errors[0]}
        </p>
      ) : null}
      <div className="flex items-center gap-2">
        <input id={id} name={name} inputMode="numeric" defaultValue={value} aria-invalid={errors?.length ? true : undefined} aria-describedby={errors?.length ? `${id}-error` : undefined} className="input w-40" />
        {suffix ? <span className="text-sm text-slate-600">{suffix}</span> : null}
      </div>
    </div>
  );
}

export function CutPlanPage({ data, action }: { data: CutPlanPageData; action: CutPlanActionData }) {
  const { facts, plan, plans, base } = data;
  const errors = action?.errors ?? {};
  const values = action?.values;
  const value = (name: string, fallback: string) => (typeof values?.[name] === "string" ? (values[name] as string) : fallback);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-semibold">Cut plan: {facts.name}</h1>
      <p className="mt-2 text-sm text-slate-600">
        A size run laid as production markers: which sizes go on which marker, how many plies each, and the files for the plotter and the cutting
        room.
      </p>
      {plan ? <PlanView plan={plan} base={base} /> : null}
      {plans.length ? (
        <section className="mt-8">
          <h2 className="text-lg font-semibold">Your cut plans</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {plans.map((p) => (
              <li key={p.id}>
                <Link to={`${base}?plan=${p.id}`} className="text-brand-700 hover:underline">
                  Plan {p.id}: {sizesText(p.sizes)}
                </Link>{" "}
                <span className="text-slate-600">({p.status})</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="mt-8">
        <h2 className="text-lg font-semibold">Make a cut plan</h2>
        <ErrorSummary errors={errors} formId={FORM_ID} formTitle="Cut order" labels={LABELS} />
        <Form method="post" action={base} id={FORM_ID} className="mt-4 space-y-4" noValidate>
          <fieldset id={`${FORM_ID}-sizes`} tabIndex={-1}>
            <legend className="text-sm font-medium">{LABELS.sizes}</legend>
            <p className="text-xs text-slate-600">
              At most {data.limits.perSize} of a size and {data.limits.total.toLocaleString("en-US")} in all; leave a size empty to skip it.
            </p>
            {errors.sizes?.length ? <p className="text-sm font-semibold text-red-700">{errors.sizes[0]}</p> : null}
            <div className="mt-2 flex flex-wrap gap-3">
              {facts.sizes.map((s) => (
                <label key={s} className="text-sm">
                  <span className="block">Size {s}</span>
                  <input name={`size.${s}`} inputMode="numeric" defaultValue={values?.sizes[s] ?? ""} className="input w-20" />
                </label>
              ))}
            </div>
          </fieldset>
          <Field name="width_mm" label={LABELS.width_mm!} errors={errors.width_mm} value={value("width_mm", "1500")} suffix="mm" />
          <Field name="table_mm" label={LABELS.table_mm!} hint="The usable length of the cutting table." errors={errors.table_mm} value={value("table_mm", "6000")} suffix="mm" />
          <Field name="max_plies" label={LABELS.max_plies!} hint="The most layers of fabric the cutter takes." errors={errors.max_plies} value={value("max_plies", "40")} />
          <fieldset id={`${FORM_ID}-nap`} tabIndex={-1}>
            <legend className="text-sm font-medium">{LABELS.nap}</legend>
            {errors.nap?.length ? <p className="text-sm font-semibold text-red-700">{errors.nap[0]}</p> : null}
            {[
              ["two-way", "Two-way: pieces may be turned 180 degrees"],
              ["one-way", "One-way: every piece the same way (a nap or a one-way print)"],
            ].map(([v, text]) => (
              <label key={v} className="mt-1 block text-sm">
                <input type="radio" name="nap" value={v} defaultChecked={value("nap", "two-way") === v} /> {text}
              </label>
            ))}
          </fieldset>
          <Field name="gap_mm" label={LABELS.gap_mm!} errors={errors.gap_mm} value={value("gap_mm", String(CUT_ORDER_DEFAULT_GAP_MM))} suffix="mm" />
          <Field name="margin_mm" label={LABELS.margin_mm!} hint="Kept free at each edge of the fabric." errors={errors.margin_mm} value={value("margin_mm", "10")} suffix="mm" />
          <Field name="end_mm" label={LABELS.end_mm!} hint="Added at both ends of each marker on the table." errors={errors.end_mm} value={value("end_mm", "20")} suffix="mm" />
          {facts.materials.length > 1 ? (
            <fieldset id={`${FORM_ID}-materials`} tabIndex={-1}>
              <legend className="text-sm font-medium">{LABELS.materials}</legend>
              <p className="text-xs text-slate-600">Each material gets its own markers. None chosen: {facts.materials[0]}.</p>
              {errors.materials?.length ? <p className="text-sm font-semibold text-red-700">{errors.materials[0]}</p> : null}
              {facts.materials.map((m) => (
                <label key={m} className="mt-1 block text-sm">
                  <input type="checkbox" name="materials" value={m} defaultChecked={values ? values.materials.includes(m) : m === facts.materials[0]} /> {m}
                </label>
              ))}
            </fieldset>
          ) : null}
          <button type="submit" name="intent" value="create" className="btn">
            Make the cut plan
          </button>
        </Form>
      </section>
    </div>
  );
}

function PlanView({ plan, base }: { plan: NonNullable<CutPlanPageData["plan"]>; base: string }) {
  const files = `${base}/${plan.id}`;
  return (
    <section className="mt-6 rounded-md border border-slate-200 p-4" data-testid="cut-plan">
      <h2 className="text-lg font-semibold">Plan {plan.id}</h2>
      {plan.status === "queued" || plan.status === "working" ? (
        <p className="mt-2 text-sm" role="status">
          {plan.status === "queued" ? "Waiting to be made." : `Being made: ${plan.done} of ${plan.steps} markers nested.`} This page refreshes
          itself; or <Link to={`${base}?plan=${plan.id}`} className="text-brand-700 underline">refresh it now</Link>.
        </p>
      ) : null}
      {plan.status === "failed" ? <p className="mt-2 text-sm font-semibold text-red-700">This plan could not be made: {plan.error}</p> : null}
      {plan.status === "done" ? (
        <>
          <table className="mt-3 w-full text-left text-sm">
            <thead>
              <tr>
                <th>Marker</th>
                <th>Sizes</th>
                <th>Material</th>
                <th>Plies</th>
                <th>Length</th>
                <th>Efficiency</th>
                <th>Files</th>
              </tr>
            </thead>
            <tbody>
              {plan.markers.map((m) => (
                <tr key={m.position}>
                  <td>{m.position + 1}</td>
                  <td>{sizesText(m.sizes)}</td>
                  <td>{m.material}</td>
                  <td>{m.plies}</td>
                  <td>{metres(m.lengthMm)}</td>
                  <td>{(m.efficiency * 100).toFixed(1)} %</td>
                  <td className="space-x-2">
                    {(["plt", "dxf", "pdf"] as const).map((ext) => (
                      <a key={ext} href={`${files}/marker-${m.position + 1}.${ext}`} className="text-brand-700 underline" download>
                        {ext.toUpperCase()}
                      </a>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-3 text-sm">
            Total fabric: <strong>{metres(plan.totalMm ?? 0)}</strong> (marker lengths × plies; the end allowances add {plan.order.endMm * 2} mm a ply). Lower
            bound: {metres(plan.boundMm ?? 0)} (the pieces' area over the usable width).
          </p>
          <a href={`${files}/cut-plan-${plan.id}.zip`} className="btn mt-3 inline-block" download>
            Download all files (zip)
          </a>
        </>
      ) : null}
      <Form method="post" action={base} className="mt-3">
        <input type="hidden" name="plan" value={plan.id} />
        <button type="submit" name="intent" value="delete" className="btn-secondary">
          Delete this plan
        </button>
      </Form>
    </section>
  );
}

/** The refresh of a plan still being made (no JavaScript needed): every 5 seconds. */
export function cutPlanRefresh(data: CutPlanPageData | undefined) {
  return data?.plan && (data.plan.status === "queued" || data.plan.status === "working") ? [{ httpEquiv: "refresh", content: "5" }] : [];
}
