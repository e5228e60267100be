import { getBuyerSettings } from "~/models/platform/settings.server";
import { getDb } from "~/utils/db.server";
import { centsToDollars } from "~/utils/money";
import { apiError } from "~/utils/api.server";

/** GET /api/user/get-platform-settings: what buyers need, pss (dollars) and where printed patterns ship from. */
export async function loader() {
  const settings = getBuyerSettings({ db: getDb() });
  return Response.json({ pss: centsToDollars(settings.pssCents), ...settings.shipsFrom });
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
