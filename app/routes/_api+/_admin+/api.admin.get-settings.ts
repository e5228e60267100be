import { apiRoute } from "~/auth/api-route.server";
import { getAdminSettings, toSettingsJson } from "~/models/admin/settings.server";

/** GET /api/admin/get-settings -> the settings object under the read names of spec 3. */
const route = apiRoute({ method: "GET", guard: "admin" }, async ({ db }) => toSettingsJson(await getAdminSettings({ db })));
export const loader = route.loader;
export const action = route.action;
