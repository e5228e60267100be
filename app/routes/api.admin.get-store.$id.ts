import type { LoaderFunctionArgs } from "@remix-run/node";

import { getAdminStore, toAdminStoreJson } from "~/models/admin/stores.server";
import { apiError, requireApiAdmin } from "~/utils/api.server";
import { idParam } from "~/utils/api-params.server";
import { getDb } from "~/utils/db.server";

/** GET /api/admin/get-store/{storeId} -> {id, name, email, sales, refunds, revenue, balance, pendingTransfers, txs, ...}. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const view = getAdminStore({ db: getDb(), storeId: idParam(params.id, "Store not found") });
  if (!view) return apiError(404, "Store not found");
  return Response.json(toAdminStoreJson(view));
}
