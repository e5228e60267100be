import { getBuyerSettings } from "~/models/platform/settings.server";
import { getDb } from "~/utils/db.server";
import { centsToDollars } from "~/utils/money";

/** GET /api/user/get-platform-settings: what buyers need, pss (dollars) and where printed patterns ship from. */
export async function loader() {
  const settings = getBuyerSettings({ db: getDb() });
  return Response.json({ pss: centsToDollars(settings.pssCents), ...settings.shipsFrom });
}
