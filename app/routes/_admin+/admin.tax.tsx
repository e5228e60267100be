import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";

import { countryName } from "~/components/tax-line";
import { ErrorList } from "~/components/forms";
import { getAdminSettings } from "~/models/admin/settings.server";
import { parseQuarter, quarterOf, recentQuarters, taxReport } from "~/models/tax/ledger.server";
import { RATES_SOURCE } from "~/models/tax/rates.server";
import { TAX_MODE_LABELS } from "~/models/tax/settings";
import { getDb } from "~/utils/db.server";
import { formatCents } from "~/utils/money";
import { formatRateBp } from "~/utils/numbers";
import { requireAdmin } from "~/auth/guards.server";

export const meta: MetaFunction = () => [{ title: "Tax · Admin · Patternhouse" }];

/** /admin/tax?quarter=YYYY-Qn: the figures of a One-Stop-Shop VAT return (decision 123), with its CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const db = getDb();
  const asked = new URL(request.url).searchParams.get("quarter");
  const parsed = parseQuarter(asked ?? quarterOf(new Date()));
  const quarter = parsed ?? parseQuarter(quarterOf(new Date()))!;
  return {
    error: parsed ? null : "Choose a quarter like 2026-Q4",
    quarters: recentQuarters(),
    report: await taxReport({ db, quarter }),
    mode: TAX_MODE_LABELS[(await getAdminSettings({ db })).taxMode],
    rates: RATES_SOURCE,
  };
}

export default function AdminTax() {
  const { error, quarters, report, mode, rates } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">VAT by country, {report.quarter}</h1>
      <p className="text-sm text-slate-600">
        Tax mode: {mode}. Rates: {rates.package} {rates.version}, as of {rates.date}. Net sales and VAT charged per country,
        refunds netted out, as a One-Stop-Shop return asks for them.
      </p>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="quarter" className="label">
            Quarter
          </label>
          <select id="quarter" name="quarter" defaultValue={report.quarter} className="input mt-1" aria-describedby={error ? "quarter-error" : undefined}>
            {(quarters.includes(report.quarter) ? quarters : [report.quarter, ...quarters]).map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </select>
          <ErrorList id="quarter-error" errors={error ? [error] : undefined} />
        </div>
        <button type="submit" className="btn-secondary">
          Show
        </button>
        <a href={`/admin/tax.csv?quarter=${report.quarter}`} className="btn-secondary" download>
          Download CSV
        </a>
      </Form>
      <div className="card overflow-x-auto px-4 sm:px-0">
        <table className="stack-table w-full text-sm">
          <caption className="sr-only">VAT charged per country in {report.quarter}</caption>
          <thead className="bg-slate-50 text-left">
            <tr>
              <th scope="col" className="px-4 py-2">Country</th>
              <th scope="col" className="px-4 py-2 text-right">Rate</th>
              <th scope="col" className="px-4 py-2 text-right">Net sales</th>
              <th scope="col" className="px-4 py-2 text-right">VAT</th>
              <th scope="col" className="px-4 py-2 text-right">Orders</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {report.rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-center text-slate-600">
                  No VAT was charged in this quarter.
                </td>
              </tr>
            ) : (
              report.rows.map((r) => (
                <tr key={`${r.country}-${r.rateBp}`} data-testid="tax-row">
                  <td className="px-4 py-2 font-medium sm:font-normal">
                    {countryName(r.country)} ({r.country})
                  </td>
                  <td className="px-4 py-2 text-right" data-label="Rate">{formatRateBp(r.rateBp)}</td>
                  <td className="px-4 py-2 text-right" data-label="Net sales">{formatCents(r.netCents)}</td>
                  <td className="px-4 py-2 text-right" data-label="VAT">{formatCents(r.taxCents)}</td>
                  <td className="px-4 py-2 text-right" data-label="Orders">{r.orders}</td>
                </tr>
              ))
            )}
          </tbody>
          <tfoot className="font-semibold">
            <tr>
              <th scope="row" colSpan={2} className="px-4 py-2 text-left">
                Total
              </th>
              <td className="px-4 py-2 text-right" data-testid="tax-net" data-label="Net sales">{formatCents(report.netCents)}</td>
              <td className="px-4 py-2 text-right" data-testid="tax-total" data-label="VAT">{formatCents(report.taxCents)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      {report.reverseCharged.length ? (
        <section aria-labelledby="reverse-heading" className="card p-4 text-sm">
          <h2 id="reverse-heading" className="font-semibold">
            Reverse-charged sales to businesses
          </h2>
          <ul className="mt-2 space-y-1">
            {report.reverseCharged.map((r) => (
              <li key={r.country}>
                {countryName(r.country)}: {formatCents(r.netCents)} net, {r.orders} {r.orders === 1 ? "order" : "orders"}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
