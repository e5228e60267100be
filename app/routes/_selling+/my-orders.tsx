import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { Pagination } from "~/components/pagination";
import { SellerTabs } from "~/components/seller-tabs";
import { ListTable } from "~/components/table-scroll";
import { listStoreRefundRequests } from "~/models/buying/refund-requests.server";
import { MADE_TO_MEASURE_FLAG } from "~/models/patterns/mtm-label";
import { listStoreOrders } from "~/models/selling/orders.server";
import { toStoreOrderRowView } from "~/models/selling/views.server";
import { ORDER_FILTERS } from "~/schemas/selling";
import { getDb } from "~/utils/db.server";
import { formatCents } from "~/utils/money";
import { requireSeller } from "~/auth/guards.server";

export const meta: MetaFunction = () => [{ title: "Orders · Patternhouse" }];

const PAGE_SIZE = 20;

const ORDER_COLUMNS = [
  { label: "Order" },
  { label: "Date" },
  { label: "Product" },
  { label: "Variant" },
  { label: "Quantity", right: true },
  { label: "Amount", right: true },
  { label: "Status" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await requireSeller(request);
  const url = new URL(request.url);
  const filter = ORDER_FILTERS.find((f) => f.toLowerCase() === url.searchParams.get("status")?.toLowerCase()) ?? null;
  const page = Number(url.searchParams.get("page") ?? 1);
  const result = await listStoreOrders({ db: getDb(), storeId: store.id, status: filter, page, pageSize: PAGE_SIZE });
  return {
    filter,
    page: result.page,
    pageCount: result.pageCount,
    total: result.total,
    orders: result.orders.map(toStoreOrderRowView),
    // Refund and cancel requests waiting for the seller's answer (decision 110).
    openRequests: (await listStoreRefundRequests({ db: getDb(), storeId: store.id, status: "open" })).map((r) => ({
      id: r.id,
      orderId: r.orderId,
      kind: r.kind,
      productName: r.productName,
      buyerName: r.buyerName,
    })),
  };
}

function href(filter: string | null, page = 1) {
  const params = new URLSearchParams();
  if (filter) params.set("status", filter.toLowerCase());
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/my-orders?${query}` : "/my-orders";
}

export default function MyOrdersPage() {
  const { orders, filter, page, pageCount, openRequests } = useLoaderData<typeof loader>();
  const tab = (active: boolean) =>
    `rounded-md px-3 py-1 text-sm ${active ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-600 hover:text-brand-700"}`;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <SellerTabs />
      <h1 className="text-2xl font-bold tracking-tight">Orders</h1>
      <OpenRequests requests={openRequests} />
      <nav aria-label="Order status" className="flex flex-wrap gap-2">
        <Link to={href(null)} className={tab(filter === null)} aria-current={filter === null ? "page" : undefined}>
          All
        </Link>
        {ORDER_FILTERS.map((f) => (
          <Link key={f} to={href(f)} className={tab(filter === f)} aria-current={filter === f ? "page" : undefined}>
            {f}
          </Link>
        ))}
      </nav>
      {orders.length === 0 ? (
        <p className="text-slate-600">No orders found</p>
      ) : (
        <ListTable label="Orders" columns={ORDER_COLUMNS}>
          {orders.map((o) => (
            <tr key={o.id} data-testid="sale-row">
              <td className="py-3 pr-4 font-medium">
                <Link to={`/sale/${o.id}`} className="text-brand-700 hover:underline" aria-label={`Order ${o.id}`}>
                  #{o.id}
                </Link>
              </td>
              <td className="py-3 pr-4">{o.date}</td>
              <td className="py-3 pr-4">
                <Link to={`/sale/${o.id}`} className="hover:text-brand-700">
                  {o.name}
                </Link>
                {o.madeToMeasure ? <span className="ml-2 rounded-full bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-800" data-testid="made-to-measure-flag">{MADE_TO_MEASURE_FLAG}</span> : null}
              </td>
              <td className="py-3 pr-4">{o.variant || "—"}</td>
              <td className="py-3 pr-4 text-right">{o.quantity}</td>
              <td className="py-3 pr-4 text-right">{formatCents(o.amountCents)}</td>
              <td className="py-3">{o.digital && o.status === "Pending" ? "Ready for Download" : o.status}</td>
            </tr>
          ))}
        </ListTable>
      )}
      <Pagination page={page} pageCount={pageCount} href={(p) => href(filter, p)} />
    </div>
  );
}

/** The refund and cancel requests waiting for an answer, with their count as a badge; each links to its sale. */
function OpenRequests({ requests }: { requests: ReturnType<typeof useLoaderData<typeof loader>>["openRequests"] }) {
  if (requests.length === 0) return null;
  return (
    <section className="card border-amber-300 bg-amber-50 p-4" aria-labelledby="requests-title">
      <h2 id="requests-title" className="flex items-center gap-2 font-semibold">
        Refund requests
        <span className="rounded-full bg-amber-600 px-2 text-xs font-bold text-white" data-testid="open-requests">
          {requests.length}
        </span>
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {requests.map((r) => (
          <li key={r.id}>
            <Link to={`/sale/${r.orderId}`} className="font-medium text-brand-700 hover:underline">
              Order #{r.orderId}
            </Link>{" "}
            · {r.productName} · {r.buyerName} asks for {r.kind === "cancel" ? "a cancellation" : "a refund"}
          </li>
        ))}
      </ul>
    </section>
  );
}
