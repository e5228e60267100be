import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { AdminTablePage, cell, type Columns } from "~/components/admin/table";
import { listAdminStores, STORE_SORTS } from "~/models/admin/stores.server";
import { parseTableQuery, tableState } from "~/models/admin/table";
import { getDb } from "~/utils/db.server";
import { formatCents } from "~/utils/money";
import { requireAdmin } from "~/auth/guards.server";

export const meta: MetaFunction = () => [{ title: "Stores · Admin · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseTableQuery(new URL(request.url).searchParams, { sorts: STORE_SORTS, defaultSort: "id" });
  const page = await listAdminStores({ db: getDb(), query });
  return { state: tableState(query, page), rows: page.rows };
}

const COLUMNS: Columns = { ID: "id", Name: "name", Email: "email", Sales: "sales", Balance: "balance", Transactions: "txs" };

export default function AdminStores() {
  const { state, rows } = useLoaderData<typeof loader>();
  return (
    <AdminTablePage title="Stores" noun="stores" state={state} rowCount={rows.length} searchPlaceholder="Store name, owner email or id" columns={COLUMNS}>
      {rows.map((s) => (
        <tr key={s.id}>
          <td className={cell}>{s.id}</td>
          <td className={cell}>
            <Link to={`/admin/store/${s.id}`} className="font-medium text-brand-700 hover:underline">
              {s.name.trim() || `Store #${s.id}`}
            </Link>
          </td>
          <td className={cell}>{s.email}</td>
          <td className={cell}>{formatCents(s.salesCents)}</td>
          <td className={`${cell} ${s.balanceCents < 0 ? "text-red-700" : ""}`}>{formatCents(s.balanceCents)}</td>
          <td className={cell}>{s.txs}</td>
        </tr>
      ))}
    </AdminTablePage>
  );
}
