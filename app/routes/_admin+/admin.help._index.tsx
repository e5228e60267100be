import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { Pagination } from "~/components/pagination";
import { TableScroll } from "~/components/table-scroll";
import { listHelpRequests } from "~/models/messaging/help.server";
import { getDb } from "~/utils/db.server";
import { formatMessageDate } from "~/utils/dates";
import { requireAdmin } from "~/auth/guards.server";

export const meta: MetaFunction = () => [{ title: "Help requests · Admin · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = Number(new URL(request.url).searchParams.get("page")) || 1;
  const found = await listHelpRequests({ db: getDb(), page });
  return {
    page: found.page,
    pageCount: found.pageCount,
    total: found.total,
    items: found.items.map((r) => ({
      id: r.id,
      date: formatMessageDate(r.createdAt),
      name: r.name,
      email: r.email,
      excerpt: r.message.length > 120 ? `${r.message.slice(0, 120)}…` : r.message,
      hasResume: Boolean(r.resumeFile),
      fromUser: r.userId !== null,
    })),
  };
}

export default function AdminHelpList() {
  const { items, page, pageCount, total } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-6xl">
      <h1 className="text-2xl font-bold tracking-tight">Help requests</h1>
      <p className="mt-1 text-sm text-slate-600">
        {total} {total === 1 ? "request" : "requests"}, newest first
      </p>
      {items.length === 0 ? (
        <p className="mt-8 text-slate-600">No help requests yet.</p>
      ) : (
        <TableScroll label="Help requests" className="mt-6">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-500">
              <tr>
                <th className="py-2 pr-4">#</th>
                <th className="py-2 pr-4">Date (UTC)</th>
                <th className="py-2 pr-4">Name</th>
                <th className="py-2 pr-4">Email</th>
                <th className="py-2 pr-4">Message</th>
                <th className="py-2 pr-4">Résumé</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((r) => (
                <tr key={r.id}>
                  <td className="py-2 pr-4">
                    <Link to={`/admin/help/${r.id}`} className="text-brand-700 hover:underline">
                      {r.id}
                    </Link>
                  </td>
                  <td className="whitespace-nowrap py-2 pr-4">{r.date}</td>
                  <td className="py-2 pr-4">
                    {r.name}
                    {r.fromUser ? <span className="ml-1 text-xs text-slate-500">(user)</span> : null}
                  </td>
                  <td className="py-2 pr-4">{r.email}</td>
                  <td className="py-2 pr-4">{r.excerpt}</td>
                  <td className="py-2 pr-4">{r.hasResume ? "Yes" : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination page={page} pageCount={pageCount} href={(p) => `?page=${p}`} />
    </div>
  );
}
