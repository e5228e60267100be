import type { LoaderFunctionArgs } from "@remix-run/node";

import { listAdminOrders, ORDER_SORTS, toAdminOrderRowJson } from "~/models/admin/orders.server";
import { pageHeaders, parseApiTableQuery } from "~/models/admin/table";
import { requireApiAdmin } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

/** GET /api/admin/get-orders?q=&sort=&dir=&page=&limit= -> orders, newest first (paged, X-Total-Count). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const query = parseApiTableQuery(new URL(request.url).searchParams, { sorts: ORDER_SORTS, defaultSort: "id" });
  const page = listAdminOrders({ db: getDb(), query });
  return Response.json(page.rows.map(toAdminOrderRowJson), { headers: pageHeaders(page) });
}
