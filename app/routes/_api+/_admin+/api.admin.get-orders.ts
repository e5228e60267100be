import { apiRoute } from "~/auth/api-route.server";
import { listAdminOrderViews, ORDER_SORTS } from "~/models/admin/orders.server";
import { toAdminOrderJson } from "~/models/admin/views.server";
import { pageHeaders, parseApiTableQuery } from "~/models/admin/table";

/**
 * GET /api/admin/get-orders?q=&sort=&dir=&page=&limit= -> orders, newest first (paged, X-Total-Count), each in the
 * admin view of spec 3, exactly as get-order answers it.
 */
const route = apiRoute({ method: "GET", guard: "admin" }, async ({ request, db }) => {
  const page = await listAdminOrderViews({ db, query: parseApiTableQuery(new URL(request.url).searchParams, { sorts: ORDER_SORTS, defaultSort: "id" }) });
  return Response.json(page.rows.map(toAdminOrderJson), { headers: pageHeaders(page) });
});
export const loader = route.loader;
export const action = route.action;
