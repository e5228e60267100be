import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";

import type { Db } from "../../db/client";
import { files, platformSettings, products, stores, users, variants, type User } from "../../db/tables";
import { makeUser } from "./helpers";
import { addToCart } from "~/models/buying/cart.server";
import { createCheckout } from "~/models/buying/checkout.server";
import { fulfilCheckout } from "~/models/buying/fulfilment.server";
import { createLocalProvider } from "~/models/payments/local.server";
import { parseEnv } from "~/utils/env.server";
import { first } from "../../app/utils/db.server";

export const SETTINGS = {
  pssCents: 1000,
  marginBp: 1500,
  minFeeCents: 200,
  marginPatternBp: 1000,
  minFeePatternCents: 100,
  flatFeeCents: 500,
};

/** A buyer with a complete profile. */
export async function makeBuyer(db: Db, overrides: { email?: string } = {}): Promise<User> {
  const user = await makeUser(db, overrides);
  return (await db
    .update(users)
    .set({ street: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "US", phone: "+1 555 0100" })
    .where(eq(users.id, user.id))
    .returning())[0];
}

/**
 * A store with one product of each kind: a Ready dress with sizes (M has one unit left, L none), a Made
 * bag without variants, a Digital pattern with a file, a Print pattern with (unlimited) sizes.
 */
export async function makeShop(db: Db) {
  // Migration 0003 created the one settings row: the fixture sets its fees.
  await db.update(platformSettings).set(SETTINGS).where(eq(platformSettings.id, 1));
  const seller = await makeUser(db, { firstName: "Sally" });
  // Store names are unique (decision 092): a second shop in the same database gets its owner's id.
  const taken = await first(db.select({ id: stores.id }).from(stores).where(eq(stores.name, "Sally's Studio")).limit(1));
  const name = taken ? `Sally's Studio ${seller.id}` : "Sally's Studio";
  const store = (await db.insert(stores).values({ userId: seller.id, name }).returning())[0];
  const product = async (values: Omit<typeof products.$inferInsert, "storeId" | "description" | "category1" | "category2">) =>
    (await db
      .insert(products)
      .values({ storeId: store.id, description: "A design", category1: "women", category2: "tops", ...values })
      .returning())[0];
  const dress = await product({ name: "Wrap Dress", priceCents: 8999, type: "Ready" });
  const [dressM, dressL] = await db
    .insert(variants)
    .values(["M", "L"].map((value, i) => ({ productId: dress.id, value, inventory: i === 0 ? 1 : 0 })))
    .returning();
  const bag = await product({ name: "Canvas Tote", priceCents: 4550, type: "Made" });
  await db.insert(files).values({ name: "abc123.dxf", originalName: "tote.dxf", contentType: "application/dxf", size: 10, kind: "pattern", ownerId: seller.id }).onConflictDoNothing();
  const digital = await product({ name: "Tote Pattern", priceCents: 1250, type: "Pattern", delivery: "Digital", patternFile: "abc123.dxf" });
  const printed = await product({ name: "Printed Shirt Pattern", priceCents: 2000, type: "Pattern", delivery: "Print" });
  const printedS = (await db.insert(variants).values({ productId: printed.id, value: "S", inventory: 0 }).returning())[0];
  return { seller, store, dress, dressM: dressM!, dressL: dressL!, bag, digital, printed, printedS };
}

/** makeShop's store and a buyer whose cart holds the Ready dress (M), two Made totes, the Digital pattern and a printed pattern (S). */
export async function makeFullCart(db: Db) {
  const shop = await makeShop(db);
  const buyer = await makeBuyer(db);
  const owner = { userId: buyer.id };
  await addToCart({ db, owner, productId: shop.dress.id, variantId: shop.dressM.id });
  await addToCart({ db, owner, productId: shop.bag.id, quantity: 2 });
  await addToCart({ db, owner, productId: shop.digital.id });
  await addToCart({ db, owner, productId: shop.printed.id, variantId: shop.printedS.id });
  return { shop, buyer };
}

export async function inventoryOf(db: Db, variantId: number) {
  return (await first(db.select({ inventory: variants.inventory }).from(variants).where(eq(variants.id, variantId)).limit(1)))!.inventory;
}

/**
 * Points the app's environment (mail outbox, Stripe) at a temporary folder for this test file. No layout warming
 * unless the file asks (`LAYOUT_WARMING: "on"`): a fork runs its files in one module graph, and one file's background
 * work must not run into the next file's counts and pool.
 */
export function useTestEnv(extra: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-unit-"));
  globalThis.__env = parseEnv({ NODE_ENV: "test", DATA_DIR: dir, SESSION_SECRET: "unit-test-secret-0123456789", LAYOUT_WARMING: "off", LAYOUT_IMPROVE_SECONDS: "0", ...extra });
  globalThis.__stripe = undefined;
  return dir;
}

/** The mails written to the outbox of useTestEnv's folder. */
export function outbox(dir: string): { to: string; subject: string; text: string }[] {
  const box = path.join(dir, "outbox");
  if (!fs.existsSync(box)) return [];
  return fs.readdirSync(box).map((name) => JSON.parse(fs.readFileSync(path.join(box, name), "utf8")));
}

/** `buyer` buys one of `productId` (a Digital pattern: consent given) and pays on the local provider: the paid order. */
export async function buyAndPay(db: Db, buyer: User, productId: number) {
  await addToCart({ db, owner: { userId: buyer.id }, productId });
  const checkout = await createCheckout({ db, user: buyer, origin: "http://x.test", provider: createLocalProvider(), digitalConsent: true });
  if (!checkout.ok) throw new Error(checkout.error);
  const fulfilled = await fulfilCheckout({ db, checkoutId: checkout.checkout.id });
  if (fulfilled.status !== "fulfilled") throw new Error(fulfilled.status);
  return fulfilled.orders[0]!;
}

