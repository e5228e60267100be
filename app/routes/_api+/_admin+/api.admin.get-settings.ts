import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { getAdminSettings, toSettingsJson } from "~/models/admin/settings.server";
import { apiError } from "~/utils/api.server";
import { requireApiAdmin } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/** GET /api/admin/get-settings -> the settings object under the read names of spec 3. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(toSettingsJson(getAdminSettings({ db: getDb() })));
}

/** Other methods: 401/403 first, like every admin path, then 405. */
export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return apiError(405, "Use GET");
}
