import { TableScroll } from "~/components/table-scroll";
import { formatCents } from "~/utils/money";

/**
 * Revenue per day as a server-rendered SVG bar chart (no script), described for screen readers, with the same
 * figures as a table.
 */
export function RevenueChart({ days }: { days: { day: string; revenueCents: number; sales: number }[] }) {
  const width = 720;
  const height = 200;
  const pad = { top: 10, right: 10, bottom: 24, left: 64 };
  const max = Math.max(100, ...days.map((d) => d.revenueCents));
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const barW = days.length ? innerW / days.length : innerW;
  const total = days.reduce((s, d) => s + d.revenueCents, 0);
  const best = days.reduce((b, d) => (d.revenueCents > (b?.revenueCents ?? -1) ? d : b), days[0]);
  const ticks = [0, 0.5, 1].map((f) => Math.round(max * f));
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));
  return (
    <figure className="mt-4">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="chart-title chart-desc" className="h-auto w-full">
        <title id="chart-title">Revenue per day</title>
        <desc id="chart-desc">
          {days.length} days from {days[0]?.day} to {days[days.length - 1]?.day}; total {formatCents(total)}
          {best && best.revenueCents > 0 ? `; highest ${formatCents(best.revenueCents)} on ${best.day}` : ""}. The table below lists every day.
        </desc>
        {ticks.map((t) => {
          const y = pad.top + innerH - (t / max) * innerH;
          return (
            <g key={t}>
              <line x1={pad.left} x2={width - pad.right} y1={y} y2={y} stroke="#e2e8f0" />
              <text x={pad.left - 6} y={y + 4} textAnchor="end" fontSize="11" fill="#475569">
                {formatCents(t)}
              </text>
            </g>
          );
        })}
        {days.map((d, i) => {
          const h = (d.revenueCents / max) * innerH;
          return (
            <rect key={d.day} x={pad.left + i * barW + barW * 0.1} y={pad.top + innerH - h} width={Math.max(1, barW * 0.8)} height={h} fill="#0f766e">
              <title>{`${d.day}: ${formatCents(d.revenueCents)}`}</title>
            </rect>
          );
        })}
        {days.map((d, i) =>
          i % labelEvery === 0 ? (
            <text key={d.day} x={pad.left + i * barW + barW / 2} y={height - 6} textAnchor="middle" fontSize="10" fill="#475569">
              {d.day.slice(5)}
            </text>
          ) : null,
        )}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700">Revenue per day as a table</summary>
        <TableScroll label="Revenue per day" className="mt-2">
          <table className="min-w-[20rem] text-left">
            <caption className="sr-only">Revenue per day</caption>
            <thead>
              <tr>
                <th scope="col" className="pr-6">
                  Day
                </th>
                <th scope="col" className="pr-6">
                  Sales
                </th>
                <th scope="col">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="pr-6 font-normal">
                    {d.day}
                  </th>
                  <td className="pr-6">{d.sales}</td>
                  <td>{formatCents(d.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </figure>
  );
}
