import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { getAdminStore, toAdminStoreJson } from "~/models/admin/stores.server";
import { apiError } from "~/utils/api.server";
import { requireApiAdmin } from "~/auth/guards.server";
import { apiIdParam } from "~/utils/api-params.server";
import { getDb } from "~/utils/db.server";

/** GET /api/admin/get-store/{storeId} -> {id, name, email, sales, refunds, revenue, balance, pendingTransfers, txs, ...}. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const view = getAdminStore({ db: getDb(), storeId: apiIdParam(params.id, "Store not found") });
  if (!view) return apiError(404, "Store not found");
  return Response.json(toAdminStoreJson(view));
}

/** Other methods: 401/403 first, like every admin path, then 405. */
export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return apiError(405, "Use GET");
}
