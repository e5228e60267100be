/**
 * The product page's size chart as data (decision 113): a captioned table, a row per size, the unit in every column
 * header, and a plain link that shows it in the other unit (no JavaScript needed).
 */
import { TableScroll } from "./table-scroll";
import type { SizeChartView } from "~/models/fit/size-chart";

export function SizeChartTable({ chart, productName, otherUnitHref }: { chart: SizeChartView; productName: string; otherUnitHref: string }) {
  const unitName = chart.unit === "cm" ? "centimetres" : "inches";
  return (
    <section id="size-chart" aria-labelledby="size-chart-heading" className="space-y-2">
      <h2 id="size-chart-heading" className="label">
        Measurements per size
      </h2>
      <TableScroll label={`Size chart of ${productName}`}>
        <table className="min-w-full text-sm">
          <caption className="text-left text-xs text-slate-600">
            Body measurements of each size of {productName}, the finished garment&apos;s and the ease (finished minus body), in {unitName}.
          </caption>
          <thead>
            <tr>
              <th scope="col" className="px-2 py-1 text-left">
                Size
              </th>
              {chart.columns.map((c) => (
                <th key={c.key} scope="col" className="px-2 py-1 text-right font-medium">
                  {c.label} ({chart.unit})
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.rows.map((row) => (
              <tr key={row.size} className="border-t border-slate-100">
                <th scope="row" className="px-2 py-1 text-left">
                  {row.size}
                </th>
                {chart.columns.map((c) => (
                  <td key={c.key} className="px-2 py-1 text-right tabular-nums">
                    {row.cells[c.key] || <span aria-label="not given">–</span>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <a href={otherUnitHref} className="text-sm text-brand-700 underline">
        Show in {chart.other === "cm" ? "centimetres" : "inches"}
      </a>
    </section>
  );
}
