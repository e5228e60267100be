import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { getAdminOrder, toAdminOrderJson } from "~/models/admin/orders.server";
import { apiError } from "~/utils/api.server";
import { requireApiAdmin } from "~/auth/guards.server";
import { apiIdParam } from "~/utils/api-params.server";
import { getDb } from "~/utils/db.server";

/** GET /api/admin/get-order/{id} -> the admin view of one order (spec 3). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const view = getAdminOrder({ db: getDb(), orderId: apiIdParam(params.id, "Order not found") });
  if (!view) return apiError(404, "Order not found");
  return Response.json(toAdminOrderJson(view));
}

/** Other methods: 401/403 first, like every admin path, then 405. */
export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return apiError(405, "Use GET");
}
