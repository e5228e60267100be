import type { LoaderFunctionArgs } from "@remix-run/node";

import { getAdminSettings, toSettingsJson } from "~/models/admin/settings.server";
import { requireApiAdmin } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

/** GET /api/admin/get-settings -> the settings object under the read names of spec 3. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(toSettingsJson(getAdminSettings({ db: getDb() })));
}
