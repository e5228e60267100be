import type { Db } from "../utils/db.server";
import { getPlatformSettings } from "./platform-settings.server";

/**
 * The platform settings a buyer may see: the printing-and-shipping charge per printed pattern
 * (pss) and where printed patterns ship from. Fees and margins are for administrators only.
 */
export function getBuyerSettings({ db }: { db: Db }) {
  const settings = getPlatformSettings({ db });
  return {
    pssCents: settings.pssCents,
    shipsFrom: { city: settings.city, state: settings.state, country: settings.country },
  };
}
