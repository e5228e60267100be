import type { ActionFunctionArgs } from "@remix-run/node";

import { ADMIN_ERRORS } from "~/models/admin/errors";
import { SAVE_SETTINGS_ERROR_FIELDS, saveSettings, toSettingsJson } from "~/models/admin/settings.server";
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
  const saved = saveSettings({ db: getDb(), adminId: admin.id, input: body });
  if (!saved.ok) {
    const { status, message } = ADMIN_ERRORS.saveSettings[saved.error];
    return apiError(status, message, { field: SAVE_SETTINGS_ERROR_FIELDS[saved.error] });
  }
  return Response.json(toSettingsJson(saved.settings));
}
