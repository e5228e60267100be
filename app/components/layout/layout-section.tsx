import { Form } from "@remix-run/react";

import { LayoutSvg } from "./layout-svg";
import { CUSTOM_SIZE_LABEL } from "~/models/patterns/mtm-label";
import { LAYOUT_MARGIN_PERCENT } from "~/utils/fabric-lengths";
import type { LayoutSectionView } from "~/models/layout/page-layout.server";

const SELECT = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";
const ERROR = "mt-1 text-sm text-red-700";

/** A labelled select of the layout form, its error under it. */
function ChoiceField({ id, name, label, value, options, error }: { id: string; name: string; label: string; value: string; options: { value: string; label: string }[]; error?: string | null }) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      <select id={id} name={name} defaultValue={value} className={SELECT} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>{o.label}</option>
        ))}
      </select>
      {error ? <p id={`${id}-error`} className={ERROR}>{error}</p> : null}
    </div>
  );
}

/**
 * The product page's "Cutting layout" (issue 25): a plain GET form (size, width from the seller's list or typed,
 * material), then the layout drawn to scale with the length to buy. Works without JavaScript.
 */
export function LayoutSection({ productId, view }: { productId: number; view: LayoutSectionView }) {
  const shown = view.shown;
  const typedInvalid = !!view.widthError;
  return (
    <section id="layout" className="scroll-mt-20 border-t border-slate-200 py-6" aria-labelledby="layout-title">
      <h2 id="layout-title" className="text-lg font-semibold">Cutting layout</h2>
      <p className="mt-1 text-sm text-slate-600">How the pieces of a size lie on your width of fabric, grain along the length.</p>
      {/* Keyed on what it shows: with JavaScript, a navigation remounts the fields with the new values. */}
      <Form
        key={[view.size, view.width, view.unit, view.material, view.typed].join("\u0000")}
        method="get"
        action={`/product/${productId}#layout`} preventScrollReset replace className="mt-3 grid max-w-3xl grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {view.keep.map((k) => (
          <input key={k.name} type="hidden" name={k.name} value={k.value} />
        ))}
        <ChoiceField id="layout-size" name="layout_size" label="Size" value={view.size} options={view.sizes} error={view.sizeError} />
        <div>
          <label htmlFor="layout-width" className="text-sm font-medium">Fabric width</label>
          <select id="layout-width" name="width" defaultValue={view.width} className={SELECT}>
            {view.widths.map((w) => (
              <option key={w.value} value={w.value}>{w.label}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="layout-typed-width" className="text-sm font-medium">Or type a width</label>
          <div className="mt-1 flex gap-2">
            <input
              id="layout-typed-width"
              name="width"
              inputMode="decimal"
              maxLength={12}
              defaultValue={view.typed}
              placeholder="e.g. 145"
              className="block w-full min-w-0 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
              aria-invalid={typedInvalid ? true : undefined}
              aria-describedby={typedInvalid ? "layout-width-error" : undefined}
            />
            <select name="width_unit" defaultValue={view.unit} aria-label="Unit of the typed width" className="rounded-md border border-slate-300 bg-white px-1 py-1.5 text-sm">
              <option value="cm">cm</option>
              <option value="in">in</option>
            </select>
          </div>
          {view.widthError ? (
            <p id="layout-width-error" className={ERROR} role="alert">
              {view.widthError}
            </p>
          ) : null}
        </div>
        {view.materials ? (
          <ChoiceField id="layout-material" name="material" label="Material" value={view.material} options={view.materials} error={view.materialError} />
        ) : null}
        <div className="flex items-end">
          <button type="submit" className="rounded-md bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-700">
            Show layout
          </button>
        </div>
      </Form>
      {shown?.kind === "message" ? (
        <p role="status" className="mt-4 max-w-3xl rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {shown.message}
        </p>
      ) : null}
      {shown?.kind === "layout" ? (
        <div className="mt-4 grid max-w-4xl grid-cols-1 gap-6 md:grid-cols-[minmax(0,28rem)_1fr]">
          <figure className="min-w-0">
            <LayoutSvg layout={shown.layout} size={shown.sizeLabel} material={view.material} unit={view.unit} />
            <figcaption className="mt-2 text-sm text-slate-600">
              {/* The buyer's own size is "Your size", not "Size Your size" (issue 34, item 21). */}
              {shown.sizeLabel === CUSTOM_SIZE_LABEL ? shown.sizeLabel : `Size ${shown.sizeLabel}`}, {shown.materialLabel.toLowerCase()}, on {shown.widthLabel} fabric
              {shown.layout.folded ? " folded lengthwise" : ""}.
            </figcaption>
          </figure>
          <div className="space-y-3 text-sm">
            <p className="text-lg font-semibold" data-testid="layout-length">
              Length to buy: {shown.buy.metres.toFixed(1)} m ({shown.buy.yards.toFixed(1)} yd)
            </p>
            <p className="text-slate-600">
              The layout is {(shown.layout.lengthMm / 1000).toFixed(2)} m long; the length to buy adds {LAYOUT_MARGIN_PERCENT} % for
              shrinkage and straightening the grain.
            </p>
            <dl className="space-y-2">
              <div>
                <dt className="font-medium">Lower bound</dt>
                <dd className="text-slate-600">
                  {(shown.lowerBoundMm / 1000).toFixed(2)} m: the pieces&apos; area over the fabric width, a perfect nesting.
                </dd>
              </div>
              <div>
                <dt className="font-medium">Efficiency</dt>
                <dd className="text-slate-600">{Math.round(shown.layout.efficiency * 100)} % of the fabric laid is in the pieces.</dd>
              </div>
            </dl>
          </div>
        </div>
      ) : null}
    </section>
  );
}
