/**
 * Prices as a buyer sees them in `vat` mode (issue 46, item 6). The platform owes VAT on downloads at the buyer's
 * country's rate, so a consumer in the EU or the UK (logged in, profile country set) is shown a download's price
 * including that VAT, marked "incl. VAT"; anyone whose country is not known (a visitor, a profile without a country)
 * sees the net price "plus VAT where applicable". Outside `vat` mode, for buyers elsewhere and for everything but
 * downloads, prices are shown as they are. A business with a VAT number is reverse-charged at checkout; until then it
 * sees the consumer's price, as on any shop that asks for the number at checkout.
 */
import { eq } from "drizzle-orm";

import { users } from "../../../db/tables";
import { getPlatformSettings } from "~/models/platform/settings.server";
import { taxOn, vatRateBp } from "~/models/tax/rates.server";
import { type DbOrTx, first } from "~/utils/db.server";

export const PRICE_NOTES = { incl: "incl. VAT", plus: "plus VAT where applicable" } as const;

export type PriceBasis = { kind: "incl-vat"; country: string; rateBp: number } | { kind: "plus-vat" } | { kind: "net" };

/** How prices of downloads are shown to a buyer (null: a visitor) in this mode and country. */
export function priceBasis({ taxMode, country, at = new Date() }: { taxMode: string; country: string | null; at?: Date }): PriceBasis {
  if (taxMode !== "vat") return { kind: "net" };
  if (!country) return { kind: "plus-vat" };
  const rateBp = vatRateBp(country, at);
  return rateBp ? { kind: "incl-vat", country, rateBp } : { kind: "net" };
}

/** The buyer's basis, from the platform's tax mode and the profile's country. */
export async function priceBasisOf({ db, userId, at = new Date() }: { db: DbOrTx; userId: number | null; at?: Date }): Promise<PriceBasis> {
  const { taxMode } = await getPlatformSettings({ db });
  if (taxMode !== "vat") return { kind: "net" };
  const country = userId === null ? null : ((await first(db.select({ country: users.country }).from(users).where(eq(users.id, userId)).limit(1)))?.country ?? null);
  return priceBasis({ taxMode, country: country || null, at });
}

/** A download's price as shown on this basis, with its note; anything else is shown net and unmarked. */
export function shownPrice(basis: PriceBasis, netCents: number, download: boolean): { cents: number; note: string | null } {
  if (!download || basis.kind === "net") return { cents: netCents, note: null };
  if (basis.kind === "plus-vat") return { cents: netCents, note: PRICE_NOTES.plus };
  return { cents: netCents + taxOn(netCents, basis.rateBp), note: PRICE_NOTES.incl };
}
