/**
 * The design form's "Size chart" fieldset (issue 24 item 2, decision 113): the chart's unit, one row of plain inputs
 * per size (`chart[<size>][<column>]`), body zones then the finished garment's, and the made-to-measure checkbox.
 * Works without JavaScript; errors sit in their cell and are announced.
 */
import { ErrorList } from "./forms";
import { TableScroll } from "./table-scroll";
import { CHART_COLUMNS, chartCellName, COLUMN_LABELS } from "~/models/fit/size-chart";

/** What the fieldset shows: the sizes it has rows for and the values as typed (kept on an error). */
export type SizeChartFormProps = {
  /** The design's sizes; empty: no table yet (a new pattern, or apparel without sizes), `hint` says why. */
  sizes: string[];
  unit: "cm" | "in";
  madeToMeasure: boolean;
  /** Typed values by cell name. */
  cells: Record<string, string>;
  /** Said when there is no table yet, or of which sizes it has. */
  hint: string;
  /** A Pattern design: the made-to-measure checkbox is offered. */
  pattern: boolean;
};

export function SizeChartFields({ chart, errors }: { chart: SizeChartFormProps; errors: Record<string, string[] | undefined> }) {
  const { sizes, unit, madeToMeasure, cells, hint, pattern } = chart;
  return (
    <fieldset className="min-w-0 space-y-3" aria-describedby="size-chart-hint">
      <legend className="text-sm font-semibold">Size chart measurements</legend>
      <p id="size-chart-hint" className="text-sm text-slate-600">
        {hint}
      </p>
      <ErrorList id="chart-errors" errors={errors.chart} />
      {sizes.length ? (
        <>
          {sizes.map((size) => (
            <input key={size} type="hidden" name="chart_size" value={size} />
          ))}
          <div>
            <label htmlFor="chart_unit" className="mr-2 text-sm font-medium">
              Unit
            </label>
            <select id="chart_unit" name="chart_unit" defaultValue={unit} className="rounded-md border border-slate-300 px-2 py-1 text-sm">
              <option value="cm">Centimetres (cm)</option>
              <option value="in">Inches (in)</option>
            </select>
          </div>
          <TableScroll label="Size chart measurements">
            <table className="min-w-full text-sm">
              <caption className="sr-only">Body and finished garment measurements per size, in the unit chosen above</caption>
              <thead>
                <tr>
                  {/* The size column stays in view while the row scrolls on a phone (issue 34, item 21). */}
                  <th scope="col" className="sticky left-0 z-10 bg-white px-2 py-1 text-left">
                    Size
                  </th>
                  {CHART_COLUMNS.map((column) => (
                    <th key={column} scope="col" className="px-2 py-1 text-left font-medium">
                      {COLUMN_LABELS[column]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sizes.map((size) => (
                  <tr key={size}>
                    <th scope="row" className="sticky left-0 z-10 bg-white px-2 py-1 text-left">
                      {size}
                    </th>
                    {CHART_COLUMNS.map((column) => {
                      const name = chartCellName(size, column);
                      const cellErrors = errors[name];
                      const errorId = `${name}-error`;
                      return (
                        <td key={column} className="px-1 py-1 align-top">
                          <input
                            name={name}
                            defaultValue={cells[name] ?? ""}
                            inputMode="decimal"
                            aria-label={`Size ${size}, ${COLUMN_LABELS[column]}`}
                            aria-invalid={cellErrors?.length ? true : undefined}
                            aria-describedby={cellErrors?.length ? errorId : undefined}
                            className={`w-20 rounded-md border px-2 py-1 ${cellErrors?.length ? "border-red-600" : "border-slate-300"}`}
                          />
                          <ErrorList id={errorId} errors={cellErrors} />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      ) : null}
      {pattern && sizes.length ? (
        <div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="made_to_measure"
              defaultChecked={madeToMeasure}
              aria-invalid={errors.made_to_measure?.length ? true : undefined}
              aria-describedby={errors.made_to_measure?.length ? "made_to_measure-error" : undefined}
            />
            Let buyers order their own size (made to measure)
          </label>
          <ErrorList id="made_to_measure-error" errors={errors.made_to_measure} />
        </div>
      ) : null}
    </fieldset>
  );
}
