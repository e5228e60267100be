import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { AdminTablePage, cell, type Columns, nowrapCell } from "~/components/admin/table";
import { parseTableQuery, tableState } from "~/models/admin/table";
import { listAdminUsers, USER_SORTS } from "~/models/admin/users.server";
import { getDb } from "~/utils/db.server";
import { formatCents } from "~/utils/money";
import { requireAdmin } from "~/auth/guards.server";
import { isoDay } from "~/utils/dates";

export const meta: MetaFunction = () => [{ title: "Users · Admin · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseTableQuery(new URL(request.url).searchParams, { sorts: USER_SORTS, defaultSort: "id" });
  const page = await listAdminUsers({ db: getDb(), query });
  return {
    state: tableState(query, page),
    rows: page.rows.map((u) => ({ ...u, joined: isoDay(u.createdAt) })),
  };
}

const COLUMNS: Columns = { ID: "id", Name: "name", Email: "email", Phone: null, Status: "status", Store: null, Balance: "balance", Joined: "created" };

export default function AdminUsers() {
  const { state, rows } = useLoaderData<typeof loader>();
  return (
    <AdminTablePage title="Users" noun="users" state={state} rowCount={rows.length} searchPlaceholder="Email, name or id" columns={COLUMNS}>
      {rows.map((u) => (
        <tr key={u.id}>
          <td className={cell}>{u.id}</td>
          <td className={cell}>
            <Link to={`/admin/user/${u.id}`} className="font-medium text-brand-700 hover:underline">
              {u.firstName} {u.lastName}
            </Link>
            {u.role === "admin" ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs">admin</span> : null}
          </td>
          <td className={cell}>{u.email}</td>
          <td className={cell}>{u.phone}</td>
          <td className={cell}>{u.status}</td>
          <td className={cell}>
            {u.storeId ? (
              <Link to={`/admin/store/${u.storeId}`} className="hover:underline">
                {u.storeName?.trim() || `Store #${u.storeId}`}
              </Link>
            ) : (
              ""
            )}
          </td>
          <td className={cell}>{u.balanceCents === null ? "" : formatCents(u.balanceCents)}</td>
          <td className={nowrapCell}>{u.joined}</td>
        </tr>
      ))}
    </AdminTablePage>
  );
}
