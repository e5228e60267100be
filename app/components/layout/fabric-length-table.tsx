import { LAYOUT_MARGIN_PERCENT } from "~/utils/fabric-lengths";
import type { FabricTable } from "~/models/layout/page-layout.server";

/** The fabric table: per size and the seller's widths, the length to buy from the layouts, else an estimate (marked). */
export function FabricLengthTable({ table, current }: { table: FabricTable; current: string }) {
  return (
    <>
      <h3 className="mt-6 font-semibold">Fabric to buy</h3>
      <div className="mt-2 max-w-full overflow-x-auto">
        <table className="text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th scope="col" className="pr-6 font-medium">Size</th>
              {table.widths.map((w) => (
                <th key={w.value} scope="col" className="pr-6 font-medium">{w.label} wide</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.size} aria-current={row.size === current ? "true" : undefined}>
                <th scope="row" className="pr-6 text-left font-medium">{row.size}</th>
                {row.cells.map((c, i) => (
                  <td key={table.widths[i]!.value} className="whitespace-nowrap pr-6">
                    {c ? (
                      <>
                        {c.metres.toFixed(1)} m / {c.yards.toFixed(1)} yd
                        {c.source === "estimate" ? <abbr title="an estimate: the layout is being prepared">*</abbr> : null}
                        {c.fits ? "" : " (a piece is wider than this fabric)"}
                      </>
                    ) : (
                      "…"
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-slate-500">From the cutting layouts, with a {LAYOUT_MARGIN_PERCENT} % margin for shrinkage and grain.</p>
      {table.estimated ? (
        <p className="text-xs text-slate-500">* An estimate measured from the pattern pieces while the layout is being prepared; your layout may need more or less.</p>
      ) : null}
    </>
  );
}
