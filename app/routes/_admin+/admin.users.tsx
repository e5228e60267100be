import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { cell, EmptyRow, nowrapCell, PlainHeader, SortHeader, TableFooter, TableFrame, TableToolbar } from "~/components/admin/table";
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
  const page = listAdminUsers({ db: getDb(), query });
  return {
    state: tableState(query, page),
    rows: page.rows.map((u) => ({ ...u, joined: isoDay(u.createdAt) })),
  };
}

export default function AdminUsers() {
  const { state, rows } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="users-heading">
      <h1 id="users-heading" className="text-2xl font-bold tracking-tight">
        Users
      </h1>
      <div className="mt-4">
        <TableToolbar state={state} searchLabel="Search users" searchPlaceholder="Email, name or id" />
      </div>
      <TableFrame caption="Users">
        <thead className="bg-slate-50">
          <tr>
            <SortHeader label="ID" column="id" state={state} />
            <SortHeader label="Name" column="name" state={state} />
            <SortHeader label="Email" column="email" state={state} />
            <PlainHeader label="Phone" />
            <SortHeader label="Status" column="status" state={state} />
            <PlainHeader label="Store" />
            <SortHeader label="Balance" column="balance" state={state} />
            <SortHeader label="Joined" column="created" state={state} />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? <EmptyRow colSpan={8} text={state.q ? "No users match your search." : "No users yet."} /> : null}
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
        </tbody>
      </TableFrame>
      <TableFooter state={state} noun="users" />
    </section>
  );
}
