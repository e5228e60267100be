/** The product page's made-to-measure offer (decision 115), apart so the buying models do not import the error table. */
import { BUYING_ERRORS, zonedMessage } from "~/models/buying/errors";
import { checkMadeToMeasure, zoneNames } from "~/models/fit/made-to-measure-orders.server";
import type { Db } from "~/utils/db.server";

type ProductFacts = Parameters<typeof checkMadeToMeasure>[0]["product"];

export type MadeToMeasureOffer = { ok: true } | { ok: false; message: string; settings: boolean };

/**
 * The product page's offer: null when the design does not offer made-to-measure (or is printed); otherwise
 * whether this viewer can add it now, or the text that says why not and whether their settings would fix it.
 */
export async function madeToMeasureOffer({ db, product, userId }: { db: Db; product: ProductFacts; userId: number | null }): Promise<MadeToMeasureOffer | null> {
  const check = await checkMadeToMeasure({ db, product, userId });
  if (check.ok) return { ok: true };
  if (check.error === "mtm-not-offered" || check.error === "mtm-printed") return null;
  const message = zonedMessage(BUYING_ERRORS.addToCart[check.error].message, zoneNames(check.zones));
  return { ok: false, message, settings: check.error !== "mtm-outside-chart" };
}
