/** Fixtures for the administrator's model tests: paid orders (local provider) and pending withdrawals. */
import { eq, sql } from "drizzle-orm";

import type { Db } from "../../db/client";
import { orders, stores, transactions } from "../../db/tables";
import { addToCart } from "~/models/buying/cart.server";
import { createCheckout } from "~/models/buying/checkout.server";
import { fulfilCheckout } from "~/models/buying/fulfilment.server";
import { createLocalProvider } from "~/models/payments/local.server";
import { makeBuyer, makeShop } from "./buying-fixtures";
import { makeUser } from "./helpers";
import { first } from "../../app/utils/db.server";

/** A shop, a buyer and one paid checkout of a dress, a digital pattern and a printed pattern (local provider). */
export async function paidShop(db: Db, provider = createLocalProvider()) {
  const shop = await makeShop(db);
  const buyer = await makeBuyer(db);
  const admin = await makeUser(db, { role: "admin", firstName: "Ada" });
  const owner = { userId: buyer.id };
  await addToCart({ db, owner, productId: shop.dress.id, variantId: shop.dressM.id });
  await addToCart({ db, owner, productId: shop.digital.id });
  await addToCart({ db, owner, productId: shop.printed.id, variantId: shop.printedS.id });
  const result = await createCheckout({ db, user: buyer, origin: "http://shop.test", provider, digitalConsent: true });
  if (!result.ok) throw new Error(result.error);
  return { shop, buyer, admin, checkout: result.checkout };
}

export async function fulfil(db: Db, checkoutId: number) {
  const result = await fulfilCheckout({ db, checkoutId });
  if (result.status !== "fulfilled") throw new Error(result.status);
  const byName = (name: string) => result.orders.find((o) => o.productName === name)!;
  return { dress: byName("Wrap Dress"), digital: byName("Tote Pattern"), printed: byName("Printed Shirt Pattern") };
}

/** A Pending withdrawal of `cents` as the seller's side writes it: a Transfer debit, the balance lowered. */
export async function pendingTransfer(db: Db, storeId: number, cents: number) {
  const row = (await db.insert(transactions).values({ storeId, txType: "Transfer", amountCents: -cents, status: "Pending" }).returning())[0];
  await db.update(stores).set({ balanceCents: sql`${stores.balanceCents} - ${cents}` }).where(eq(stores.id, storeId));
  return row;
}

export async function balanceOf(db: Db, storeId: number) {
  return (await first(db.select({ b: stores.balanceCents }).from(stores).where(eq(stores.id, storeId)).limit(1)))!.b;
}

export async function ledgerOf(db: Db, storeId: number) {
  return await db.select().from(transactions).where(eq(transactions.storeId, storeId)).orderBy(transactions.id);
}

export async function orderById(db: Db, orderId: number) {
  return (await first(db.select().from(orders).where(eq(orders.id, orderId)).limit(1)))!;
}
