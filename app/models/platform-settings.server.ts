import { eq } from "drizzle-orm";

import { platformSettings, type PlatformSettings } from "../../db/schema";
import type { Db } from "../utils/db.server";

type Reader = Pick<Db, "select">;

/** The single settings row; a database without one (fresh, unseeded) gets the schema's defaults. */
export function getPlatformSettings({ db }: { db: Reader }): PlatformSettings {
  const row = db.select().from(platformSettings).where(eq(platformSettings.id, 1)).get();
  if (row) return row;
  return {
    id: 1,
    pssCents: 1000,
    marginBp: 1500,
    minFeeCents: 200,
    marginPatternBp: 1000,
    minFeePatternCents: 100,
    flatFeeCents: 500,
    autoApproveTransfers: false,
    shippingName: "",
    street: "",
    street2: "",
    city: "",
    postalCode: "",
    state: "",
    phone: "",
    email: "",
    country: "",
  };
}
