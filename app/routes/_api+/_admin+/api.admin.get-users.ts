import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { pageHeaders, parseApiTableQuery } from "~/models/admin/table";
import { listAdminUsers, toAdminUserRowJson, USER_SORTS } from "~/models/admin/users.server";
import { apiError } from "~/utils/api.server";
import { requireApiAdmin } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/** GET /api/admin/get-users?q=&sort=&dir=&page=&limit= -> users (paged, X-Total-Count). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const query = parseApiTableQuery(new URL(request.url).searchParams, { sorts: USER_SORTS, defaultSort: "id" });
  const page = listAdminUsers({ db: getDb(), query });
  return Response.json(page.rows.map(toAdminUserRowJson), { headers: pageHeaders(page) });
}

/** Other methods: 401/403 first, like every admin path, then 405. */
export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return apiError(405, "Use GET");
}
