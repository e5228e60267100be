import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { MADE_TO_MEASURE_LABEL } from "~/models/patterns/mtm-label";
import { ListTable } from "~/components/table-scroll";
import { listPurchases } from "~/models/buying/purchases.server";
import { toPurchaseRowView } from "~/models/buying/views.server";
import { getDb } from "~/utils/db.server";
import { publicOrigin } from "~/utils/mail.server";
import { formatCents } from "~/utils/money";
import { requireUser } from "~/auth/guards.server";

export const meta: MetaFunction = () => [{ title: "My purchases · Patternhouse" }];

const FILTERS = ["Pending", "Shipped", "Refunded"] as const;

const PURCHASE_COLUMNS = [
  { label: "Order" },
  { label: "Item" },
  { label: "Status" },
  { label: "Date" },
  { label: "Amount", right: true },
  { label: "Shipping", right: true },
  { label: "Tax", right: true },
  { label: "Total", right: true },
  { label: "Actions", right: true, srOnly: true },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const status = params.status?.toLowerCase();
  const filter = FILTERS.find((f) => f.toLowerCase() === status);
  const { orders, confirming } = await listPurchases({
    db: getDb(),
    userId: user.id,
    status: filter,
    returnedFrom: status === "success" ? publicOrigin(request) : null,
  });
  return { orders: orders.map(toPurchaseRowView), confirming, filter: filter ?? null };
}

export default function PurchasesPage() {
  const { orders, confirming, filter } = useLoaderData<typeof loader>();
  const tab = (active: boolean) =>
    `rounded-md px-3 py-1 text-sm ${active ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-600 hover:text-brand-700"}`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight">My purchases</h1>
      {confirming ? (
        <p role="status" className="mt-4 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
          Thank you! Your payment is being confirmed; your order appears here as soon as the payment provider confirms it.
          Refresh this page in a moment.
        </p>
      ) : null}
      <nav aria-label="Order status" className="mt-4 flex gap-2">
        <Link to="/purchases" className={tab(filter === null)} aria-current={filter === null ? "page" : undefined}>
          All
        </Link>
        {FILTERS.map((f) => (
          <Link key={f} to={`/purchases/${f.toLowerCase()}`} className={tab(filter === f)} aria-current={filter === f ? "page" : undefined}>
            {f}
          </Link>
        ))}
      </nav>
      {orders.length === 0 ? (
        <p className="mt-8 text-slate-600">No purchases found</p>
      ) : (
        <ListTable label="My purchases" className="mt-6" columns={PURCHASE_COLUMNS}>
          {orders.map((o) => (
            <tr key={o.id} data-testid="purchase-row">
              {/* The order's number links to it too: on a phone the row scrolls and Details is off-screen (issue 34, item 18). */}
              <td className="py-3 pr-4 font-medium">
                <Link to={`/purchase/${o.id}`} className="text-brand-700 hover:underline">
                  #{o.id}
                </Link>
              </td>
              <td className="py-3 pr-4">
                {/* The space keeps the name and its flags apart in the row's text ("Tote Pattern Tester copy"; issue 46, item 15). */}
                {o.name}{" "}
                {o.madeToMeasure ? <span className="ml-2 rounded-full bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-800" data-testid="made-to-measure-flag">{MADE_TO_MEASURE_LABEL}</span> : null}
                {o.madeToMeasure && o.testerCopy ? " " : null}
                {o.testerCopy ? <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700" data-testid="tester-copy-flag">Tester copy</span> : null}
              </td>
              <td className="py-3 pr-4">{o.status}</td>
              <td className="py-3 pr-4">{o.date}</td>
              <td className="py-3 pr-4 text-right">{formatCents(o.amountCents)}</td>
              <td className="py-3 pr-4 text-right">{formatCents(o.shippingCents)}</td>
              <td className="py-3 pr-4 text-right">{formatCents(o.taxCents)}</td>
              <td className="py-3 pr-4 text-right font-semibold" data-testid="purchase-total">{formatCents(o.totalCents)}</td>
              <td className="py-3 text-right">
                <Link to={`/purchase/${o.id}`} className="font-medium text-brand-700 hover:underline" aria-label={`Details of order ${o.id}`}>
                  Details
                </Link>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </div>
  );
}
