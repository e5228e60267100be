import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { cell, EmptyRow, nowrapCell, PlainHeader, SortHeader, TableFooter, TableFrame, TableToolbar } from "~/components/admin/table";
import { listAdminOrders, ORDER_SORTS } from "~/models/admin/orders.server";
import { parseTableQuery, tableState } from "~/models/admin/table";
import { orderStatusLabel, productTypeLabel } from "~/utils/catalog";
import { getDb } from "~/utils/db.server";
import { formatCents } from "~/utils/money";
import { requireAdmin } from "~/auth/guards.server";
import { isoDay } from "~/utils/dates";

export const meta: MetaFunction = () => [{ title: "Orders · Admin · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseTableQuery(new URL(request.url).searchParams, { sorts: ORDER_SORTS, defaultSort: "id" });
  const page = listAdminOrders({ db: getDb(), query });
  return {
    state: tableState(query, page),
    rows: page.rows.map((r) => ({
      ...r,
      date: isoDay(r.createdAt),
      typeLabel: productTypeLabel(r.productType, r.delivery),
    })),
  };
}

export default function AdminOrders() {
  const { state, rows } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="orders-heading">
      <h1 id="orders-heading" className="text-2xl font-bold tracking-tight">
        Orders
      </h1>
      <div className="mt-4">
        <TableToolbar state={state} searchLabel="Search orders" searchPlaceholder="Order number, email, store or product name" />
      </div>
      <TableFrame caption="Orders">
        <thead className="bg-slate-50">
          <tr>
            <SortHeader label="Order #" column="id" state={state} />
            <SortHeader label="Date" column="date" state={state} />
            <PlainHeader label="Buyer" />
            <PlainHeader label="Store" />
            <SortHeader label="Product" column="product" state={state} />
            <SortHeader label="Amount" column="amount" state={state} />
            <SortHeader label="Fee" column="fee" state={state} />
            <SortHeader label="Status" column="status" state={state} />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? <EmptyRow colSpan={8} text={state.q ? "No orders match your search." : "No orders yet."} /> : null}
          {rows.map((o) => (
            <tr key={o.id}>
              <td className={cell}>
                <Link to={`/admin/order/${o.id}`} className="font-medium text-brand-700 hover:underline">
                  #{o.id}
                </Link>
              </td>
              <td className={nowrapCell}>{o.date}</td>
              <td className={cell}>
                {o.buyerName}
                <br />
                <span className="text-slate-600">{o.buyerEmail}</span>
              </td>
              <td className={cell}>
                <Link to={`/admin/store/${o.storeId}`} className="hover:underline">
                  {o.storeName.trim() || `Store #${o.storeId}`}
                </Link>
              </td>
              <td className={cell}>
                {o.productName}
                <br />
                <span className="text-slate-600">{o.typeLabel}</span>
              </td>
              <td className={cell}>{formatCents(o.amountCents)}</td>
              <td className={cell}>{formatCents(o.feeCents)}</td>
              <td className={cell}>{orderStatusLabel(o)}</td>
            </tr>
          ))}
        </tbody>
      </TableFrame>
      <TableFooter state={state} noun="orders" />
    </section>
  );
}
