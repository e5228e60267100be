import { formatCents } from "~/utils/money";

export type SalesDay = { date: string; orders: number; amountCents: number };

/**
 * Sales per day as a server-rendered SVG bar chart (readable without JavaScript), with the same numbers in a
 * table beside it for screen readers and anyone who prefers figures. Days without sales are left out of the table.
 */
export function SalesChart({ days }: { days: SalesDay[] }) {
  // The bars and grid lines are drawn in a 720 × 180 box stretched to the width; the axis labels are HTML beside and
  // under it, so they stay legible on a 390 px phone instead of shrinking with the drawing (issue 46 item 22).
  const width = 720;
  const height = 160;
  const max = Math.max(100, ...days.map((d) => d.amountCents));
  const barWidth = width / Math.max(1, days.length);
  const y = (cents: number) => height * (1 - cents / max);
  const total = days.reduce((s, d) => s + d.amountCents, 0);
  const orders = days.reduce((s, d) => s + d.orders, 0);
  const withSales = days.filter((d) => d.orders > 0);
  const first = days[0]?.date ?? "";
  const last = days[days.length - 1]?.date ?? "";
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <figure className="min-w-0">
        <div className="flex gap-2 text-xs text-slate-500">
          <div className="flex h-40 flex-none flex-col justify-between text-right" aria-hidden="true">
            {[1, 0.5, 0].map((f) => (
              <span key={f} className="leading-none">
                {formatCents(Math.round(max * f))}
              </span>
            ))}
          </div>
          <div className="min-w-0 flex-1">
            <svg
              viewBox={`0 0 ${width} ${height}`}
              preserveAspectRatio="none"
              role="img"
              aria-labelledby="sales-chart-title"
              className="block h-40 w-full"
              data-testid="sales-chart"
            >
              <title id="sales-chart-title">{`Sales per day from ${first} to ${last}: ${orders} orders, ${formatCents(total)} in total`}</title>
              {[0, 0.5, 1].map((f) => (
                <line key={f} x1={0} x2={width} y1={y(max * f)} y2={y(max * f)} stroke="#e2e8f0" vectorEffect="non-scaling-stroke" />
              ))}
              {days.map((d, i) =>
                d.amountCents > 0 ? (
                  <rect key={d.date} x={i * barWidth + 1} y={y(d.amountCents)} width={Math.max(1, barWidth - 2)} height={height - y(d.amountCents)} fill="#7c3aed">
                    <title>{`${d.date}: ${d.orders} orders, ${formatCents(d.amountCents)}`}</title>
                  </rect>
                ) : null,
              )}
            </svg>
            <div className="mt-1 flex justify-between gap-2" aria-hidden="true">
              <span>{first}</span>
              <span>{last}</span>
            </div>
          </div>
        </div>
        <figcaption className="mt-2 text-sm text-slate-600">
          Last 90 days: {orders} {orders === 1 ? "order" : "orders"}, {formatCents(total)} in sales.
        </figcaption>
      </figure>
      <div className="max-h-64 overflow-y-auto">
        <table className="w-full text-left text-sm" data-testid="sales-table">
          <caption className="mb-2 text-left font-medium">Days with sales</caption>
          <thead className="border-b border-slate-200 text-slate-500">
            <tr>
              <th scope="col" className="py-1 pr-2">
                Date
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                Orders
              </th>
              <th scope="col" className="py-1 text-right">
                Sales
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {withSales.length === 0 ? (
              <tr>
                <td colSpan={3} className="py-2 text-slate-600">
                  No sales in the last 90 days.
                </td>
              </tr>
            ) : (
              withSales.map((d) => (
                <tr key={d.date}>
                  <th scope="row" className="py-1 pr-2 font-normal">
                    {d.date}
                  </th>
                  <td className="py-1 pr-2 text-right">{d.orders}</td>
                  <td className="py-1 text-right">{formatCents(d.amountCents)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
