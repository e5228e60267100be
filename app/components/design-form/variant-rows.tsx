import { useEffect, useRef, useState } from "react";

import { ErrorList, useFieldIds, type ListOfErrors } from "../forms";
import { useHydrated } from "../use-hydrated";
import { designFieldId } from "./field-ids";
import type { DesignFormProps } from "./types";
import { MAX_VARIANTS } from "~/schemas/selling";

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
export function VariantRows({ rows, errors }: { rows: DesignFormProps["values"]["variants"]; errors: Record<string, string[]> }) {
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
