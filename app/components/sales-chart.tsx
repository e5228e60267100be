import { formatCents } from "~/utils/money";

export type SalesDay = { date: string; orders: number; amountCents: number };

/**
 * Sales per day as a server-rendered SVG bar chart (readable without JavaScript), with the same numbers in a
 * table beside it for screen readers and anyone who prefers figures. Days without sales are left out of the table.
 */
export function SalesChart({ days }: { days: SalesDay[] }) {
  const width = 720;
  const height = 180;
  const pad = { top: 10, right: 8, bottom: 22, left: 56 };
  const max = Math.max(100, ...days.map((d) => d.amountCents));
  const barWidth = (width - pad.left - pad.right) / Math.max(1, days.length);
  const y = (cents: number) => pad.top + (height - pad.top - pad.bottom) * (1 - cents / max);
  const total = days.reduce((s, d) => s + d.amountCents, 0);
  const orders = days.reduce((s, d) => s + d.orders, 0);
  const withSales = days.filter((d) => d.orders > 0);
  const first = days[0]?.date ?? "";
  const last = days[days.length - 1]?.date ?? "";
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <figure>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-labelledby="sales-chart-title"
          className="h-auto w-full"
          data-testid="sales-chart"
        >
          <title id="sales-chart-title">{`Sales per day from ${first} to ${last}: ${orders} orders, ${formatCents(total)} in total`}</title>
          {[0, 0.5, 1].map((f) => (
            <g key={f}>
              <line x1={pad.left} x2={width - pad.right} y1={y(max * f)} y2={y(max * f)} stroke="#e2e8f0" />
              <text x={pad.left - 6} y={y(max * f) + 4} textAnchor="end" fontSize="11" fill="#64748b">
                {formatCents(Math.round(max * f))}
              </text>
            </g>
          ))}
          {days.map((d, i) =>
            d.amountCents > 0 ? (
              <rect
                key={d.date}
                x={pad.left + i * barWidth + 1}
                y={y(d.amountCents)}
                width={Math.max(1, barWidth - 2)}
                height={height - pad.bottom - y(d.amountCents)}
                fill="#7c3aed"
              >
                <title>{`${d.date}: ${d.orders} orders, ${formatCents(d.amountCents)}`}</title>
              </rect>
            ) : null,
          )}
          <text x={pad.left} y={height - 6} fontSize="11" fill="#64748b">
            {first}
          </text>
          <text x={width - pad.right} y={height - 6} fontSize="11" fill="#64748b" textAnchor="end">
            {last}
          </text>
        </svg>
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
