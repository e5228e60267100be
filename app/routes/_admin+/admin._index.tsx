import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { AdminTablePage, cell, type Columns, nowrapCell } from "~/components/admin/table";
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
  const page = await listAdminOrders({ db: getDb(), query });
  return {
    state: tableState(query, page),
    rows: page.rows.map((r) => ({
      ...r,
      date: isoDay(r.createdAt),
      typeLabel: productTypeLabel(r.productType, r.delivery),
    })),
  };
}

const COLUMNS: Columns = { "Order #": "id", Date: "date", Buyer: null, Store: null, Product: "product", Amount: "amount", Fee: "fee", Status: "status" };

export default function AdminOrders() {
  const { state, rows } = useLoaderData<typeof loader>();
  return (
    <AdminTablePage title="Orders" noun="orders" state={state} rowCount={rows.length} searchPlaceholder="Order number, email, store or product name" columns={COLUMNS}>
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
    </AdminTablePage>
  );
}
