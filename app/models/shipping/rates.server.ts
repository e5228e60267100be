/**
 * A store's shipping rates for apparel (decision 108) and what a cart's apparel costs to ship, per store.
 *
 *   getShippingRates({ db, storeId }): ShippingRates | null         null: the store ships free
 *   saveShippingRates({ db, storeId, rates }): void                  rates null removes them (free again)
 *   cartShipping({ db, buyerId, lines }): { lineCents, stores }     the cart's hook (getCartView)
 *   setShippingOverride({ db, storeId, productId, rates }): boolean  a design's own rates (null: the store's)
 */
import { and, eq, inArray } from "drizzle-orm";

import { products, shippingRates, stores, users } from "../../../db/tables";
import { isDomestic, storeShippingCharges, stringifyShippingOverride, type ShippingRates } from "~/models/shipping/rates";
import { affected, type DbOrTx, first } from "~/utils/db.server";

export async function getShippingRates({ db, storeId }: { db: DbOrTx; storeId: number }): Promise<ShippingRates | null> {
  const row = await first(db.select().from(shippingRates).where(eq(shippingRates.storeId, storeId)).limit(1));
  if (!row) return null;
  const { domesticFirstCents, domesticAdditionalCents, internationalFirstCents, internationalAdditionalCents, freeAboveCents } = row;
  return { domesticFirstCents, domesticAdditionalCents, internationalFirstCents, internationalAdditionalCents, freeAboveCents };
}

export async function saveShippingRates({ db, storeId, rates, now = new Date() }: { db: DbOrTx; storeId: number; rates: ShippingRates | null; now?: Date }) {
  if (!rates) {
    await db.delete(shippingRates).where(eq(shippingRates.storeId, storeId));
    return;
  }
  await db.insert(shippingRates)
    .values({ storeId, ...rates, updatedAt: now })
    .onConflictDoUpdate({ target: shippingRates.storeId, set: { ...rates, updatedAt: now } });
}

/** A cart line as the shipping rules need it: apparel only; `override` is the product's own rates, if any. */
export type ShippingCartLine = { storeId: number; quantity: number; unitPriceCents: number; override: ShippingRates | null };

export type StoreShipping = { storeId: number; storeName: string; domestic: boolean; shippingCents: number };

/**
 * The shipping of the given apparel lines, per store: each line's share (same order as `lines`) and each store's
 * total, in the order the stores first appear. The buyer's country (null for a visitor) decides domestic.
 */
export async function cartShipping({ db, buyerId, lines }: { db: DbOrTx; buyerId: number | null; lines: ShippingCartLine[] }) {
  const lineCents = lines.map(() => 0);
  const storeIds = [...new Set(lines.map((l) => l.storeId))];
  if (storeIds.length === 0) return { lineCents, stores: [] as StoreShipping[] };
  const buyerCountry = buyerId === null ? null : ((await first(db.select({ country: users.country }).from(users).where(eq(users.id, buyerId)).limit(1)))?.country ?? null);
  const storeRows = await db
    .select({ id: stores.id, name: stores.name, country: users.country })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.userId))
    .where(inArray(stores.id, storeIds));
  const rateRows = await db.select().from(shippingRates).where(inArray(shippingRates.storeId, storeIds));
  const result: StoreShipping[] = [];
  for (const storeId of storeIds) {
    const store = storeRows.find((s) => s.id === storeId);
    const storeRates = rateRows.find((r) => r.storeId === storeId) ?? null;
    const indexes = lines.flatMap((l, i) => (l.storeId === storeId ? [i] : []));
    const domestic = isDomestic(buyerCountry, store?.country ?? "");
    const charges = storeShippingCharges(
      indexes.map((i) => ({ quantity: lines[i]!.quantity, unitPriceCents: lines[i]!.unitPriceCents, rates: lines[i]!.override ?? storeRates })),
      domestic,
    );
    indexes.forEach((lineIndex, k) => (lineCents[lineIndex] = charges[k]!));
    result.push({ storeId, storeName: store?.name ?? "", domestic, shippingCents: charges.reduce((a, b) => a + b, 0) });
  }
  return { lineCents, stores: result };
}

/** Sets or clears (null) one of the store's designs' shipping override; false when the design is not the store's. */
export async function setShippingOverride({ db, storeId, productId, rates }: { db: DbOrTx; storeId: number; productId: number; rates: ShippingRates | null }): Promise<boolean> {
  const result = await db
    .update(products)
    .set({ shippingOverride: stringifyShippingOverride(rates) })
    .where(and(eq(products.id, productId), eq(products.storeId, storeId)));
  return affected(result) > 0;
}
