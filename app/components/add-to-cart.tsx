import { Form } from "@remix-run/react";
import { useState } from "react";

import { variantLabel, type Delivery, type ProductType, isDownloadPattern } from "~/utils/catalog";

type VariantOption = { id: number; name: string; value: string; inventory: number };

/**
 * The Add to Cart form (contract with the cart): POST /cart with intent=add, productId, the chosen
 * variantId and a quantity. Out-of-stock options are disabled; one option must be chosen. A downloadable
 * pattern is one licence per buyer: it has no quantity field (the cart adds 1).
 */
export function AddToCartForm({
  productId,
  type,
  delivery,
  variants,
}: {
  productId: number;
  type: ProductType;
  delivery: Delivery | null;
  variants: VariantOption[];
}) {
  const [missing, setMissing] = useState(false);
  const groupName = variants[0]?.name ?? "Size";
  const soldOut = variants.length > 0 && variants.every((v) => variantLabel(v, type).disabled);
  return (
    <Form method="post" action="/cart" className="space-y-4" onInvalid={() => setMissing(true)} onChange={() => setMissing(false)}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {variants.length ? (
        <fieldset>
          <legend className="label">{groupName}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {variants.map((v) => {
              const { text, disabled } = variantLabel(v, type);
              return (
                <label
                  key={v.id}
                  className={`flex items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 ${
                    disabled ? "cursor-not-allowed border-slate-200 text-slate-400" : "cursor-pointer border-slate-300"
                  }`}
                >
                  <input type="radio" name="variantId" value={v.id} disabled={disabled} required className="accent-brand-600" />
                  {text}
                </label>
              );
            })}
          </div>
          {missing ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              Please select a variant for each option.
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <div className="flex items-end gap-3">
        {isDownloadPattern(type, delivery) ? null : (
          <label className="w-24">
            <span className="label">Quantity</span>
            <input type="number" name="quantity" min={1} max={99} defaultValue={1} className="input mt-1" />
          </label>
        )}
        <button type="submit" className="btn flex-1" disabled={soldOut}>
          Add to Cart
        </button>
      </div>
      {soldOut ? <p className="text-sm text-slate-600">Sold out for now.</p> : null}
    </Form>
  );
}
