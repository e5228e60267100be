import { eq } from "drizzle-orm";

import type { Db } from "../../db/client";
import { orders, stores } from "../../db/tables";
import { createCheckout } from "../../app/models/buying/checkout.server";
import { payLocalCheckout } from "../../app/models/buying/local-checkout.server";
import { createLocalProvider } from "../../app/models/payments/local.server";
import { makeFullCart } from "./buying-fixtures";
import { first } from "../../app/utils/db.server";

/**
 * makeShop's store after a paid local checkout of the Ready dress (M), two Made totes, the Digital pattern and a
 * printed pattern: four Pending orders and four Sale rows (7649 + 7734 + 1125 + 1300 = 17808 cents of balance).
 */
export async function makeSoldShop(db: Db, { onboarded = true }: { onboarded?: boolean } = {}) {
  const { shop, buyer } = await makeFullCart(db);
  const result = await createCheckout({ db, user: buyer, origin: "http://shop.test", provider: createLocalProvider(), digitalConsent: true });
  if (!result.ok) throw new Error(result.error);
  const paid = await payLocalCheckout({ db, userId: buyer.id, checkoutId: result.checkout.id, origin: "http://shop.test" });
  if (!paid.ok) throw new Error("payment failed");
  if (onboarded) await db.update(stores).set({ stripeOnboarded: true }).where(eq(stores.id, shop.store.id));
  const [dressOrder, bagOrder, digitalOrder, printedOrder] = await db.select().from(orders).where(eq(orders.checkoutId, result.checkout.id)).orderBy(orders.id);
  return { ...shop, buyer, dressOrder: dressOrder!, bagOrder: bagOrder!, digitalOrder: digitalOrder!, printedOrder: printedOrder! };
}

export const SOLD_BALANCE = 7649 + 7734 + 1125 + 1300;

export async function balanceOf(db: Db, storeId: number) {
  return (await first(db.select({ balance: stores.balanceCents }).from(stores).where(eq(stores.id, storeId)).limit(1)))!.balance;
}
