import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";

import { CardSection } from "~/components/card-section";
import { RevenueChart } from "~/components/admin/revenue-chart";
import { cell, PagedTable } from "~/components/admin/table";
import { ErrorList } from "~/components/forms";
import {
  defaultRange,
  FINANCIAL_SORTS,
  listFinancialRows,
  revenuePerDay,
  type DateRange,
} from "~/models/admin/financial.server";
import { formatMargin, twoDecimals } from "~/models/admin/format";
import { parseTableQuery, tableState } from "~/models/admin/table";
import { FinancialRangeSchema, isDateValue } from "~/schemas/admin";
import { getDb } from "~/utils/db.server";
import { formatCents } from "~/utils/money";
import { requireAdmin } from "~/auth/guards.server";

export const meta: MetaFunction = () => [{ title: "Financial · Admin · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const defaults = defaultRange();
  // What was typed stays shown (unlike the spec's note); a bad value gets its error and the defaults are used. A
  // date input cannot show a value that is not a real YYYY-MM-DD date (the browser drops it), so that one is empty.
  const typed = { start_date: params.get("start_date") ?? defaults.start_date, end_date: params.get("end_date") ?? defaults.end_date };
  const shown = { start_date: isDateValue(typed.start_date) ? typed.start_date : "", end_date: isDateValue(typed.end_date) ? typed.end_date : "" };
  const parsed = FinancialRangeSchema.safeParse(typed);
  const errors: Partial<Record<keyof DateRange, string[]>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof DateRange;
      (errors[key] ??= []).push(issue.message);
    }
  }
  const range: DateRange = parsed.success ? parsed.data : defaults;
  const db = getDb();
  const query = parseTableQuery(params, { sorts: FINANCIAL_SORTS, defaultSort: "id" });
  const page = await listFinancialRows({ db, range, query });
  return {
    shown,
    range,
    errors,
    overview: page.overview,
    state: tableState(query, page),
    rows: page.rows.map((r) => ({ orderId: r.orderId, amountCents: r.amountCents, feeCents: r.feeCents, status: r.status })),
    days: await revenuePerDay({ db, range }),
  };
}

export default function AdminFinancial() {
  const { shown, range, errors, overview, state, rows, days } = useLoaderData<typeof loader>();
  const csv = `/admin/financial.csv?${new URLSearchParams(range).toString()}`;
  return (
    <div className="space-y-6">
      <h1 className="sr-only">Financial</h1>
      <CardSection id="filter-heading" title="Filter Financial Data">
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-4">
          <input type="hidden" name="size" value={state.size} />
          <div>
            <label htmlFor="start_date" className="label">
              Start Date
            </label>
            <input
              id="start_date"
              name="start_date"
              type="date"
              defaultValue={shown.start_date}
              className="input mt-1"
              aria-invalid={errors.start_date ? true : undefined}
              aria-describedby={errors.start_date ? "start_date-error" : undefined}
            />
            <ErrorList id="start_date-error" errors={errors.start_date} />
          </div>
          <div>
            <label htmlFor="end_date" className="label">
              End Date
            </label>
            <input
              id="end_date"
              name="end_date"
              type="date"
              defaultValue={shown.end_date}
              className="input mt-1"
              aria-invalid={errors.end_date ? true : undefined}
              aria-describedby={errors.end_date ? "end_date-error" : undefined}
            />
            <ErrorList id="end_date-error" errors={errors.end_date} />
          </div>
          <button type="submit" className="btn">
            Fetch Data
          </button>
        </Form>
      </CardSection>

      <CardSection id="overview-heading" title="Financial Overview">
        <p className="mt-1 text-sm text-slate-600">
          {range.start_date} to {range.end_date} (UTC days)
        </p>
        <dl className="mt-3 grid gap-4 sm:grid-cols-4">
          {[
            ["Sales", String(overview.sales), "overview-sales"],
            ["Cost", twoDecimals(overview.costCents), "overview-cost"],
            ["Revenue", twoDecimals(overview.revenueCents), "overview-revenue"],
            ["Gross Profit (GP)", twoDecimals(overview.gpCents), "overview-gp"],
          ].map(([label, value, testId]) => (
            <div key={label}>
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="text-2xl font-semibold" data-testid={testId}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-slate-600" data-testid="overview-refunded">
          {overview.refunded === 0
            ? "No order of this range was refunded."
            : `Refunded and not counted above: ${overview.refunded} ${overview.refunded === 1 ? "order" : "orders"} of this range, ${formatCents(overview.refundedCents)}.`}
        </p>
        <RevenueChart days={days} />
      </CardSection>

      <section aria-labelledby="financial-heading" className="card p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="financial-heading" className="text-lg font-semibold">
            Financial
          </h2>
          <a href={csv} className="btn-secondary" download>
            Download CSV
          </a>
        </div>
        <PagedTable
          state={state}
          caption="Financial"
          noun="orders"
          toolbar={{ search: false, keep: range }}
          toolbarClassName="mt-3"
          empty={rows.length === 0 ? "No financial data to show." : null}
          columns={{ "Order ID": "id", Revenue: "revenue", GP: "gp", Margin: "margin", Status: "status" }}
        >
          {rows.map((r) => (
            <tr key={r.orderId}>
              <td className={cell}>{r.orderId}</td>
              <td className={cell}>${twoDecimals(r.amountCents)}</td>
              <td className={cell}>${twoDecimals(r.feeCents)}</td>
              <td className={cell}>{formatMargin(r.feeCents, r.amountCents)}</td>
              <td className={cell}>{r.status}</td>
            </tr>
          ))}
        </PagedTable>
      </section>
    </div>
  );
}
