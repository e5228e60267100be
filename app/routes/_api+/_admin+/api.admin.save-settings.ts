import { apiRoute, domainError } from "~/auth/api-route.server";
import { ADMIN_ERRORS } from "~/models/admin/errors";
import { SAVE_SETTINGS_ERROR_FIELDS, saveSettings, toSettingsJson } from "~/models/admin/settings.server";
import { ApiSaveSettingsSchema } from "~/schemas/admin";

/** POST /api/admin/save-settings (the save names of spec 7.4) -> the saved settings under the read names. */
const route = apiRoute({ method: "POST", guard: "admin", body: ApiSaveSettingsSchema }, async ({ db, user, body }) => {
  const saved = await saveSettings({ db, adminId: user.id, input: body });
  if (!saved.ok) return domainError(ADMIN_ERRORS.saveSettings, saved.error, { field: SAVE_SETTINGS_ERROR_FIELDS[saved.error] });
  return toSettingsJson(saved.settings);
});
export const loader = route.loader;
export const action = route.action;
