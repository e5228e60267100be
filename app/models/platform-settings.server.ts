import { eq } from "drizzle-orm";

import { platformSettings, type PlatformSettings } from "../../db/schema";
import type { Db } from "../utils/db.server";

type Reader = Pick<Db, "select">;

/** The single settings row (migration 0003 creates it with the schema's defaults). */
export function getPlatformSettings({ db }: { db: Reader }): PlatformSettings {
  const row = db.select().from(platformSettings).where(eq(platformSettings.id, 1)).get();
  if (!row) throw new Error("The platform_settings row is missing: were the migrations applied?");
  return row;
}
