import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { listAdminStores, STORE_SORTS, toAdminStoreRowJson } from "~/models/admin/stores.server";
import { pageHeaders, parseApiTableQuery } from "~/models/admin/table";
import { apiError } from "~/utils/api.server";
import { requireApiAdmin } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/** GET /api/admin/get-stores?q=&sort=&dir=&page=&limit= -> [{id, name, owner, email, sales, balance, txs}]. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const query = parseApiTableQuery(new URL(request.url).searchParams, { sorts: STORE_SORTS, defaultSort: "id", defaultDir: "asc" });
  const page = listAdminStores({ db: getDb(), query });
  return Response.json(page.rows.map(toAdminStoreRowJson), { headers: pageHeaders(page) });
}

/** Other methods: 401/403 first, like every admin path, then 405. */
export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return apiError(405, "Use GET");
}
