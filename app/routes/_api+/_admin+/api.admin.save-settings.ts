import type { ActionFunctionArgs } from "@remix-run/node";

import { saveSettings, toSettingsJson } from "~/models/admin/settings.server";
import { ApiSaveSettingsSchema } from "~/schemas/admin";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { requireApiAdmin } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

export async function loader({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return apiError(405, "Use POST");
}

/** POST /api/admin/save-settings (the save names of spec 7.4) -> the saved settings under the read names. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const admin = await requireApiAdmin(request);
  const body = await parseBody(request, ApiSaveSettingsSchema);
  return Response.json(toSettingsJson(saveSettings({ db: getDb(), adminId: admin.id, input: body })));
}
