import { getSelectProps, type FieldMetadata } from "@conform-to/react";

import { ErrorList, useFieldIds } from "~/components/forms";
import { CARRIERS } from "~/schemas/selling";

/** The carrier of a shipment, as both ship forms ask it (the seller's sale page, the admin order page). */
export function CarrierField<Schema, FormSchema extends Record<string, unknown>>({ field }: { field: FieldMetadata<Schema, FormSchema, string[]> }) {
  const ids = useFieldIds(field.id, field.errors);
  return (
    <div>
      <label htmlFor={ids.id} className="label">
        Carrier
      </label>
      <select {...getSelectProps(field)} id={ids.id} className="input mt-1" {...ids.aria}>
        <option value="">Select…</option>
        {CARRIERS.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      <ErrorList id={ids.errorId} errors={field.errors} />
    </div>
  );
}
