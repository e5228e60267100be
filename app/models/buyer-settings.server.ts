import { eq } from "drizzle-orm";

import { platformSettings } from "../../db/schema";
import type { Db } from "../utils/db.server";

/**
 * The platform settings a buyer may see: the printing-and-shipping charge per printed pattern
 * (pss) and where printed patterns ship from. Fees and margins are for administrators only.
 */
export function getBuyerSettings({ db }: { db: Db }) {
  const row = db.select().from(platformSettings).where(eq(platformSettings.id, 1)).get();
  return {
    pssCents: row?.pssCents ?? 0,
    shipsFrom: { city: row?.city ?? "", state: row?.state ?? "", country: row?.country ?? "" },
  };
}
