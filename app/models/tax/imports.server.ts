/**
 * Goods that cross a customs border into the EU or the UK (issue 46, item 5): the buyer pays import VAT and duties
 * to the carrier on delivery, which the marketplace does not collect (decision 123 leaves physical goods across
 * borders to the sellers). Where a buyer in the EU or the UK buys goods shipped from outside, the checkout says so.
 * Shared by the cart, the order summary, the JSON checkout and the store's receipt.
 */
import { eq, inArray } from "drizzle-orm";

import { platformSettings, stores, users } from "../../../db/tables";
import { EU_COUNTRIES as EU_MEMBER_STATES } from "~/models/tax/rates.server";
import { isDownloadPattern, type Delivery, type ProductType } from "~/utils/catalog";
import { COUNTRIES } from "~/utils/countries";
import { type DbOrTx, first } from "~/utils/db.server";

/** A country's name as a sentence reads it: "the United States", "Canada". */
const WITH_THE = new Set(["US", "GB", "NL", "AE", "DO", "PH"]);
export function countryInSentence(code: string): string {
  const name = COUNTRIES.find(([c]) => c === code)?.[1] ?? code;
  return WITH_THE.has(code) ? `the ${name}` : name;
}

/** The customs area a buyer's country belongs to, where the notice applies: the EU, the UK, or none. */
function customsArea(country: string): "the EU" | "the UK" | null {
  if (EU_MEMBER_STATES.includes(country)) return "the EU";
  if (country === "GB") return "the UK";
  return null;
}

/** Whether goods shipped from `from` to `to` enter the EU or the UK from outside (unknown countries: no). */
export function crossesCustoms(from: string | null | undefined, to: string | null | undefined): boolean {
  if (!from || !to) return false;
  const area = customsArea(to);
  if (!area) return false;
  return area === "the UK" ? from !== "GB" : !EU_MEMBER_STATES.includes(from);
}

/** One physical line of a cart or checkout: its name and the country it ships from (null: not known). */
export type ShippedItem = { name: string; from: string | null };

/**
 * The checkout's notice for an EU or UK buyer of goods shipped from outside: one sentence per country of origin,
 * naming the items ("Tea Towel ships from the United States, outside the EU: import VAT and customs duties may be
 * collected on delivery."); null when nothing crosses a border into the buyer's area.
 */
export function importNotice(buyerCountry: string | null | undefined, items: ShippedItem[]): string | null {
  if (!buyerCountry) return null;
  const area = customsArea(buyerCountry);
  const crossing = items.filter((i) => crossesCustoms(i.from, buyerCountry));
  if (!area || crossing.length === 0) return null;
  const origins = [...new Set(crossing.map((i) => i.from!))];
  return origins
    .map((from) => {
      const names = [...new Set(crossing.filter((i) => i.from === from).map((i) => i.name))];
      const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)!}`;
      return `${list} ${names.length === 1 ? "ships" : "ship"} from ${countryInSentence(from)}, outside ${area}: import VAT and customs duties may be collected on delivery.`;
    })
    .join(" ");
}

/** Where printed patterns ship from when the print studio's country is not set: Los Angeles (spec 9). */
export const PRINT_STUDIO_COUNTRY = "US";

type SoldLine = { name: string; storeId: number; type: ProductType; delivery: Delivery | null };

/**
 * The physical lines of a cart or checkout with the country each ships from: a printed pattern from the platform's
 * print studio (the settings' shipping country), a store's goods from its owner's profile country. Downloads ship
 * nothing.
 */
export async function shippedItems({ db, lines }: { db: DbOrTx; lines: SoldLine[] }): Promise<ShippedItem[]> {
  const physical = lines.filter((l) => !isDownloadPattern(l.type, l.delivery));
  if (physical.length === 0) return [];
  const studio = (await first(db.select({ country: platformSettings.country }).from(platformSettings).where(eq(platformSettings.id, 1)).limit(1)))?.country || PRINT_STUDIO_COUNTRY;
  const storeIds = [...new Set(physical.filter((l) => l.type !== "Pattern").map((l) => l.storeId))];
  const owners = storeIds.length
    ? await db.select({ id: stores.id, country: users.country }).from(stores).innerJoin(users, eq(users.id, stores.userId)).where(inArray(stores.id, storeIds))
    : [];
  return physical.map((l) => ({ name: l.name, from: l.type === "Pattern" ? studio : owners.find((o) => o.id === l.storeId)?.country || null }));
}

/** The import notice of a cart or checkout for a buyer shipping to `buyerCountry` (see importNotice). */
export async function checkoutImportNotice({ db, buyerCountry, lines }: { db: DbOrTx; buyerCountry: string | null | undefined; lines: SoldLine[] }): Promise<string | null> {
  // Most buyers are outside the EU and the UK: nothing to read for them.
  if (!buyerCountry || !customsArea(buyerCountry)) return null;
  return importNotice(buyerCountry, await shippedItems({ db, lines }));
}
