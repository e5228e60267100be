import { eq } from "drizzle-orm";

import { platformSettings, users, type PlatformSettings } from "../../../db/tables";
import { type Db, first } from "~/utils/db.server";

type Reader = Pick<Db, "select">;

/** The single settings row (migration 0003 creates it with the schema's defaults). */
export async function getPlatformSettings({ db }: { db: Reader }): Promise<PlatformSettings> {
  const row = await first(db.select().from(platformSettings).where(eq(platformSettings.id, 1)).limit(1));
  if (!row) throw new Error("The platform_settings row is missing: were the migrations applied?");
  return row;
}

/**
 * The platform settings a buyer may see: the printing-and-shipping charge per printed pattern
 * (pss) and where printed patterns ship from. Fees and margins are for administrators only.
 */
export async function getBuyerSettings({ db }: { db: Db }) {
  const settings = await getPlatformSettings({ db });
  return {
    pssCents: settings.pssCents,
    shipsFrom: { city: settings.city, state: settings.state, country: settings.country },
  };
}

/**
 * Where the platform itself is written to (issue 46 item 19): refund requests, make reports, help requests. The
 * contact address of the settings; while none is set, every administrator. Never the print studio's shipping email.
 */
export async function platformContactEmails({ db }: { db: Reader }): Promise<string[]> {
  const contact = (await getPlatformSettings({ db })).contactEmail.trim();
  if (contact) return [contact];
  return (await db.select({ email: users.email }).from(users).where(eq(users.role, "admin")).orderBy(users.id)).map((u) => u.email);
}
