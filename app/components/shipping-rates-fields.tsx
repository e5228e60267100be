import { Field } from "~/components/forms";
import { SHIPPING_FIELDS, SHIPPING_LABELS } from "~/schemas/shipping";

/**
 * The five shipping-rate fields in dollars (decision 108), used by the store's Shipping section and a design's
 * override. `prefix` keeps the names apart where the form has other fields (the design form).
 */
export function ShippingRatesFields({
  values,
  errors,
  prefix = "",
}: {
  values: Record<string, string>;
  errors: Record<string, string[] | undefined>;
  prefix?: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {SHIPPING_FIELDS.map((field) => (
        <Field
          key={field}
          label={SHIPPING_LABELS[field]}
          className={field === "free_above" ? "sm:col-span-2" : undefined}
          inputProps={{
            name: `${prefix}${field}`,
            defaultValue: values[field] ?? "",
            inputMode: "decimal",
            autoComplete: "off",
            maxLength: 12,
            placeholder: field === "free_above" ? "No threshold" : "0.00",
          }}
          hint={field === "free_above" ? "Leave empty for no free-shipping threshold." : undefined}
          errors={errors[field]}
        />
      ))}
    </div>
  );
}
