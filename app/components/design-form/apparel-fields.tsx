import { ErrorList } from "../forms";
import { ShippingRatesFields } from "../shipping-rates-fields";
import { designFieldId } from "./field-ids";
import type { DesignFormProps } from "./types";
import { VariantRows } from "./variant-rows";
import { SHIPPING_FIELDS, SHIPPING_PREFIX } from "~/schemas/shipping";
import { PARCEL_SIZE_DETAILS, type ParcelSize } from "~/utils/catalog";

/** Made-to-order and ready-to-ship apparel: parcel size, the sizes with SKU and stock, the design's shipping rates. */
export function ApparelFields({ hydrated, values, errors }: { hydrated: boolean } & Pick<DesignFormProps, "values" | "errors">) {
  return (
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
  );
}
