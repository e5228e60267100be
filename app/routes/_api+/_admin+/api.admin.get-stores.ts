import { apiRoute } from "~/auth/api-route.server";
import { listAdminStores, STORE_SORTS, toAdminStoreRowJson } from "~/models/admin/stores.server";
import { pageHeaders, parseApiTableQuery } from "~/models/admin/table";

/** GET /api/admin/get-stores?q=&sort=&dir=&page=&limit= -> [{id, name, owner, email, sales, balance, txs}]. */
const route = apiRoute({ method: "GET", guard: "admin" }, async ({ request, db }) => {
  const page = await listAdminStores({ db, query: parseApiTableQuery(new URL(request.url).searchParams, { sorts: STORE_SORTS, defaultSort: "id", defaultDir: "asc" }) });
  return Response.json(page.rows.map(toAdminStoreRowJson), { headers: pageHeaders(page) });
});
export const loader = route.loader;
export const action = route.action;
