import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { getStoreIdOfOwner, listStoreProducts, PRODUCT_SORTS, toAdminProductJson } from "~/models/admin/stores.server";
import { pageHeaders, parseApiTableQuery } from "~/models/admin/table";
import { apiError } from "~/utils/api.server";
import { requireApiAdmin } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/** GET /api/admin/get-products?owner={ownerUserId} (or store={storeId}) -> the store's products, removed ones marked. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const owner = Number(params.get("owner"));
  const store = Number(params.get("store"));
  const storeId = Number.isSafeInteger(store) && store > 0 ? store : Number.isSafeInteger(owner) && owner > 0 ? getStoreIdOfOwner({ db, ownerId: owner }) : undefined;
  if (!params.get("owner") && !params.get("store")) return apiError(400, "owner is required");
  if (!storeId) return apiError(404, "Store not found");
  const query = parseApiTableQuery(params, { sorts: PRODUCT_SORTS, defaultSort: "id", defaultDir: "asc" });
  const page = listStoreProducts({ db, storeId, query });
  return Response.json(page.rows.map(toAdminProductJson), { headers: pageHeaders(page) });
}

/** Other methods: 401/403 first, like every admin path, then 405. */
export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return apiError(405, "Use GET");
}
