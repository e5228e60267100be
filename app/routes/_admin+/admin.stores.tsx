import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { cell, EmptyRow, SortHeader, TableFooter, TableFrame, TableToolbar } from "~/components/admin/table";
import { listAdminStores, STORE_SORTS } from "~/models/admin/stores.server";
import { parseTableQuery, tableState } from "~/models/admin/table";
import { getDb } from "~/utils/db.server";
import { formatCents } from "~/utils/money";
import { requireAdmin } from "~/auth/guards.server";

export const meta: MetaFunction = () => [{ title: "Stores · Admin · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseTableQuery(new URL(request.url).searchParams, { sorts: STORE_SORTS, defaultSort: "id" });
  const page = listAdminStores({ db: getDb(), query });
  return { state: tableState(query, page), rows: page.rows };
}

export default function AdminStores() {
  const { state, rows } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="stores-heading">
      <h1 id="stores-heading" className="text-2xl font-bold tracking-tight">
        Stores
      </h1>
      <div className="mt-4">
        <TableToolbar state={state} searchLabel="Search stores" searchPlaceholder="Store name, owner email or id" />
      </div>
      <TableFrame caption="Stores">
        <thead className="bg-slate-50">
          <tr>
            <SortHeader label="ID" column="id" state={state} />
            <SortHeader label="Name" column="name" state={state} />
            <SortHeader label="Email" column="email" state={state} />
            <SortHeader label="Sales" column="sales" state={state} />
            <SortHeader label="Balance" column="balance" state={state} />
            <SortHeader label="Transactions" column="txs" state={state} />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? <EmptyRow colSpan={6} text={state.q ? "No stores match your search." : "No stores yet."} /> : null}
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
        </tbody>
      </TableFrame>
      <TableFooter state={state} noun="stores" />
    </section>
  );
}
