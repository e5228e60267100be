import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { listAdminOrders, ORDER_SORTS, toAdminOrderRowJson } from "~/models/admin/orders.server";
import { pageHeaders, parseApiTableQuery } from "~/models/admin/table";
import { apiError, requireApiAdmin } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

/** GET /api/admin/get-orders?q=&sort=&dir=&page=&limit= -> orders, newest first (paged, X-Total-Count). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const query = parseApiTableQuery(new URL(request.url).searchParams, { sorts: ORDER_SORTS, defaultSort: "id" });
  const page = listAdminOrders({ db: getDb(), query });
  return Response.json(page.rows.map(toAdminOrderRowJson), { headers: pageHeaders(page) });
}

/** Other methods: 401/403 first, like every admin path, then 405. */
export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return apiError(405, "Use GET");
}
