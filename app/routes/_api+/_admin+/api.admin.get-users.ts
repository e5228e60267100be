import { apiRoute } from "~/auth/api-route.server";
import { pageHeaders, parseApiTableQuery } from "~/models/admin/table";
import { listAdminUsers, toAdminUserRowJson, USER_SORTS } from "~/models/admin/users.server";

/** GET /api/admin/get-users?q=&sort=&dir=&page=&limit= -> users (paged, X-Total-Count). */
const route = apiRoute({ method: "GET", guard: "admin" }, async ({ request, db }) => {
  const page = await listAdminUsers({ db, query: parseApiTableQuery(new URL(request.url).searchParams, { sorts: USER_SORTS, defaultSort: "id" }) });
  return Response.json(page.rows.map(toAdminUserRowJson), { headers: pageHeaders(page) });
});
export const loader = route.loader;
export const action = route.action;
