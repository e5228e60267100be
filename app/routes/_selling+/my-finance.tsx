import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { Note } from "~/components/flash";
import { Spinner, useSubmittingIntent } from "~/components/forms";
import { Pagination } from "~/components/pagination";
import { SalesChart } from "~/components/sales-chart";
import { SellerTabs } from "~/components/seller-tabs";
import { ListTable } from "~/components/table-scroll";
import { getFinancePage } from "~/models/selling/finance.server";
import { SELLING_ERRORS } from "~/models/selling/errors";
import { withdrawBalance } from "~/models/selling/payouts.server";
import { toFinanceView } from "~/models/selling/views.server";
import { getDb } from "~/utils/db.server";
import { readForm } from "~/utils/forms.server";
import { invariantResponse } from "~/utils/invariant";
import { formatCents } from "~/utils/money";
import { redirectWithFlash } from "~/utils/flash.server";
import { requireSeller } from "~/auth/guards.server";

export const meta: MetaFunction = () => [{ title: "Finance · Patternhouse" }];

const PAGE_SIZE = 20;

const TRANSACTION_COLUMNS = [
  { label: "ID" },
  { label: "Type" },
  { label: "Order" },
  { label: "Amount", right: true },
  { label: "Tax", right: true },
  { label: "Fee", right: true },
  { label: "Shipping", right: true },
  { label: "Status" },
  { label: "Date" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await requireSeller(request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
  const finance = await getFinancePage({ db: getDb(), storeId: store.id, page, pageSize: PAGE_SIZE });
  invariantResponse(finance, "Not found", { status: 404 });
  return toFinanceView(finance);
}

export async function action({ request }: ActionFunctionArgs) {
  const { store } = await requireSeller(request);
  const form = await readForm(request);
  if (form.get("intent") !== "withdraw") return data({ error: "Unknown action" }, { status: 400 });
  const result = await withdrawBalance({ db: getDb(), storeId: store.id });
  if (!result.ok) return data({ error: SELLING_ERRORS.withdraw[result.error].message }, { status: SELLING_ERRORS.withdraw[result.error].status });
  const amount = formatCents(-result.transfer.amountCents);
  const message =
    result.transfer.status === "Completed"
      ? `Your transfer of ${amount} is completed.`
      : result.transfer.status === "Rejected"
        ? `Your transfer of ${amount} was rejected: ${result.transfer.reason ?? ""}`
        : `Your transfer of ${amount} is pending approval.`;
  return redirectWithFlash(request, "/my-finance", { kind: result.transfer.status === "Rejected" ? "error" : "success", message });
}

export default function MyFinancePage() {
  const { summary, txs, page, pageCount, series, best } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useSubmittingIntent("withdraw");
  const owes = summary.balanceCents < 0;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <SellerTabs />
      <h1 className="text-2xl font-bold tracking-tight">Finance</h1>

      <section className="card grid gap-6 p-6 sm:grid-cols-3" aria-label="Balance">
        <div>
          <p className="text-sm text-slate-500">Store balance</p>
          <p className={`text-3xl font-bold ${owes ? "text-red-700" : ""}`} data-testid="balance">
            {formatCents(summary.balanceCents)}
          </p>
          {summary.pendingTransferCents > 0 ? (
            <p className="mt-1 text-sm text-slate-600">{formatCents(summary.pendingTransferCents)} on its way (pending transfers)</p>
          ) : null}
        </div>
        <div>
          <p className="text-sm text-slate-500">Last transfer</p>
          <p className="text-lg font-medium" data-testid="last-transfer">
            {summary.lastTransferAt ?? "No transfers yet"}
          </p>
        </div>
        <div className="space-y-2">
          <Form method="post">
            <input type="hidden" name="intent" value="withdraw" />
            <button type="submit" className="btn w-full" disabled={submitting} aria-describedby={actionData?.error ? "withdraw-error" : undefined}>
              <Spinner show={submitting} />
              Transfer to Bank Account
            </button>
          </Form>
          {actionData?.error ? (
            <Note kind="error" id="withdraw-error">
              {actionData.error}
            </Note>
          ) : null}
          {!summary.onboarded ? (
            <Form method="post" action="/my-finance-stripe" className="text-sm text-slate-600">
              Payouts are not set up yet.{" "}
              <button type="submit" name="intent" value="start" className="font-medium text-brand-700 hover:underline">
                Set up payouts
              </button>
            </Form>
          ) : null}
        </div>
        {owes ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 sm:col-span-3">
            Your store owes the platform {formatCents(-summary.balanceCents)} after a refund. New sales pay it back first; withdrawals
            are possible again once the balance is above zero.
            {summary.pendingTransferCents > 0 ? " Your pending transfer repays it first when it is paid out: you receive the rest." : null}
          </p>
        ) : null}
      </section>

      <section className="card p-6" aria-labelledby="sales-title">
        <h2 id="sales-title" className="text-lg font-semibold">
          Sales, last 90 days
        </h2>
        <div className="mt-4">
          <SalesChart days={series} />
        </div>
      </section>

      <section className="card p-6" aria-labelledby="best-title">
        <h2 id="best-title" className="text-lg font-semibold">
          Best-selling designs
        </h2>
        {best.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No sales yet.</p>
        ) : (
          <ol className="mt-3 space-y-1 text-sm" data-testid="best-sellers">
            {best.map((b) => (
              <li key={b.productId} className="flex justify-between gap-4">
                <Link to={`/product/${b.productId}`} className="min-w-0 hover:text-brand-700">
                  {b.name}
                </Link>
                <span className="shrink-0 text-slate-600">
                  {b.units} sold · {formatCents(b.amountCents)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="card p-6" aria-labelledby="txs-title">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h2 id="txs-title" className="text-lg font-semibold">
            Transactions
          </h2>
          <a href="/my-finance/transactions.csv" className="btn-secondary" download>
            Download CSV
          </a>
        </div>
        {txs.length === 0 ? (
          <p className="mt-4 text-slate-600">No transactions yet</p>
        ) : (
          <ListTable label="Transactions" className="mt-4" columns={TRANSACTION_COLUMNS}>
            {txs.map((t) => (
              <tr key={t.id} data-testid="tx-row">
                <td className="py-2 pr-4">{t.id}</td>
                <td className="py-2 pr-4">{t.type}</td>
                <td className="py-2 pr-4">
                  {t.orderId ? (
                    <Link to={`/sale/${t.orderId}`} className="text-brand-700 hover:underline">
                      #{t.orderId}
                    </Link>
                  ) : (
                    "—"
                  )}
                </td>
                <td className={`py-2 pr-4 text-right ${t.amountCents < 0 ? "text-red-700" : ""}`}>{formatCents(t.amountCents)}</td>
                <td className="py-2 pr-4 text-right">{formatCents(t.taxCents)}</td>
                <td className="py-2 pr-4 text-right">{formatCents(t.feeCents)}</td>
                <td className="py-2 pr-4 text-right">{formatCents(t.shippingCents)}</td>
                <td className="py-2 pr-4" title={t.reason ?? undefined}>
                  {t.status}
                  {t.reason ? <span className="block text-xs text-slate-500">{t.reason}</span> : null}
                </td>
                <td className="py-2">{t.date}</td>
              </tr>
            ))}
          </ListTable>
        )}
        <Pagination page={page} pageCount={pageCount} href={(p) => (p > 1 ? `/my-finance?page=${p}` : "/my-finance")} />
      </section>
    </div>
  );
}
