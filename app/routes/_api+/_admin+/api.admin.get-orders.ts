import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { listAdminOrderViews, ORDER_SORTS, toAdminOrderJson } from "~/models/admin/orders.server";
import { pageHeaders, parseApiTableQuery } from "~/models/admin/table";
import { apiError } from "~/utils/api.server";
import { requireApiAdmin } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/**
 * GET /api/admin/get-orders?q=&sort=&dir=&page=&limit= -> orders, newest first (paged, X-Total-Count), each in the
 * admin view of spec 3, exactly as get-order answers it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const query = parseApiTableQuery(new URL(request.url).searchParams, { sorts: ORDER_SORTS, defaultSort: "id" });
  const page = listAdminOrderViews({ db: getDb(), query });
  return Response.json(page.rows.map(toAdminOrderJson), { headers: pageHeaders(page) });
}

/** Other methods: 401/403 first, like every admin path, then 405. */
export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return apiError(405, "Use GET");
}
