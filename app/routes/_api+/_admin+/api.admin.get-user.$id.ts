import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { getAdminUser, toAdminUserJson } from "~/models/admin/users.server";
import { apiError } from "~/utils/api.server";
import { requireApiAdmin } from "~/auth/guards.server";
import { apiIdParam } from "~/utils/api-params.server";
import { getDb } from "~/utils/db.server";

/** GET /api/admin/get-user/{id} -> spec 3 Admin user plus address and payout extras. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const view = getAdminUser({ db: getDb(), userId: apiIdParam(params.id, "User not found") });
  if (!view) return apiError(404, "User not found");
  return Response.json(toAdminUserJson(view));
}

/** Other methods: 401/403 first, like every admin path, then 405. */
export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return apiError(405, "Use GET");
}
