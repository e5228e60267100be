import type { LoaderFunctionArgs } from "@remix-run/node";

import { pageHeaders, parseApiTableQuery } from "~/models/admin/table";
import { listAdminUsers, toAdminUserRowJson, USER_SORTS } from "~/models/admin/users.server";
import { requireApiAdmin } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

/** GET /api/admin/get-users?q=&sort=&dir=&page=&limit= -> users (paged, X-Total-Count). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const query = parseApiTableQuery(new URL(request.url).searchParams, { sorts: USER_SORTS, defaultSort: "id" });
  const page = listAdminUsers({ db: getDb(), query });
  return Response.json(page.rows.map(toAdminUserRowJson), { headers: pageHeaders(page) });
}
