/**
 * Fixtures for the administrator specs: a fresh seller with its own store and products (so balances are this
 * test's alone), buyers who pay through the JSON face and the local provider's page, pending withdrawals.
 */
import { expect, type APIRequestContext, type Browser, type TestInfo } from "@playwright/test";

import { createDesign, withAppDb } from "./app";
import { openTestDb, readDb } from "./db";
import { DXF, png } from "./seller-fixtures";
import { DEMO, uniqueEmail } from "./utils";
import { saveStore } from "~/models/selling/stores.server";
import type { RawDesign } from "~/schemas/selling";

export type Auth = { Authorization: string };
export type Account = { email: string; id: number; auth: Auth };

const ADDRESS = { street: "7 Admin Way", street2: "", city: "Denver", state: "CO", zip: "80202", country: "US", phone: "+1 303 555 0100" };

export async function newAccount(request: APIRequestContext, prefix: string, firstname = "Casey", lastname = "Case"): Promise<Account> {
  const email = uniqueEmail(prefix);
  const res = await request.post("/api/auth/register", { data: { email, password: `${prefix}-pass-123`, firstname, lastname } });
  expect(res.status()).toBe(201);
  const auth = { Authorization: (await res.json()).token as string };
  expect((await request.post("/api/user/update-profile", { headers: auth, data: { first_name: firstname, last_name: lastname, ...ADDRESS } })).status()).toBe(200);
  const id = readDb<{ id: number }>("SELECT id FROM users WHERE email = ?", email)[0]!.id;
  return { email, id, auth };
}

export const PRICES = { printed: 2000, dress: 4550, tote: 1999 } as const;

/** A seller with a store of three products: a printed pattern, a ready dress (size M) and a made tote. */
export async function newShop(request: APIRequestContext, tag: string) {
  const seller = await newAccount(request, "admin-seller", "Sela", "Seller");
  const storeName = `Admin Test Store ${tag} ${seller.id}`;
  const saved = await withAppDb((db) =>
    saveStore({ db, userId: seller.id, input: { name: storeName, bio: "Test store" }, payout: null, media: { keep: null }, newMedia: [] }),
  );
  if (!saved.ok) throw new Error(`newShop: ${JSON.stringify(saved.errors)}`);
  const storeId = saved.store.id;
  // Listed like a real design (an image, a size chart), made by the app's design model.
  const image = await png("#7c3aed");
  const common = { desc: "A design", category1: "women", category2: "tops" };
  const design = (raw: RawDesign, pattern?: { name: string; bytes: Buffer }) => createDesign({ storeId, ownerId: seller.id, raw: { ...common, ...raw }, image, pattern });
  const printed = await design({ name: `Printed Blouse ${seller.id} Pattern`, price: dollars(PRICES.printed), type: "Pattern", delivery: "Print" }, { name: "blouse.dxf", bytes: DXF });
  const dress = await design({ name: `Linen Dress ${seller.id}`, price: dollars(PRICES.dress), type: "Ready", parcel_size: "Small", variants: [{ value: "M", inventory: "20" }] });
  const tote = await design({ name: `Market Tote ${seller.id}`, price: dollars(PRICES.tote), type: "Made", parcel_size: "Small" });
  // Dated in 2020 (no model sets a creation date), so the catalogue's own specs still see the seed's newest first.
  const db = openTestDb();
  try {
    const created = Date.UTC(2020, 0, 1);
    for (const id of [printed, dress, tote]) db.prepare("UPDATE products SET created_at = ?, updated_at = ? WHERE id = ?").run(created, created, id);
  } finally {
    db.close();
  }
  const dressM = readDb<{ id: number }>("SELECT id FROM variants WHERE product_id = ? AND value = 'M'", dress)[0]!.id;
  return { seller, storeId, storeName, printed, dress, dressM, tote };
}

/** Cents as the design form's price text. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

export type Shop = Awaited<ReturnType<typeof newShop>>;

/** Buys the given items in one checkout and pays on the local provider's page; answers the new orders' ids. */
export async function buy(request: APIRequestContext, buyer: Account, items: { productId: number; variantId?: number; quantity?: number }[]) {
  const before = readDb<{ id: number }>("SELECT id FROM orders WHERE buyer_id = ?", buyer.id).map((o) => o.id);
  const checkout = await request.post("/api/user/checkout", { headers: buyer.auth, data: { digital_consent: true, items } });
  const session = await checkout.json();
  expect(checkout.status(), JSON.stringify(session)).toBe(200);
  const pay = await request.post(new URL(session.url).pathname, { headers: buyer.auth, form: { intent: "pay" }, maxRedirects: 0 });
  expect(pay.status()).toBe(302);
  return readDb<{ id: number; product_id: number; amount_cents: number; fee_cents: number; shipping_cents: number }>(
    "SELECT id, product_id, amount_cents, fee_cents, shipping_cents FROM orders WHERE buyer_id = ? ORDER BY id",
    buyer.id,
  ).filter((o) => !before.includes(o.id));
}

/**
 * A withdrawal as the seller's side writes it: a Pending Transfer debit and the balance lowered. SQL: the model
 * (requestWithdrawal) always takes the whole balance, and these specs need transfers of given parts of it.
 */
export function pendingTransfer(storeId: number, cents: number): number {
  const db = openTestDb();
  try {
    const id = Number(db.prepare("INSERT INTO transactions (store_id, tx_type, amount_cents, status) VALUES (?, 'Transfer', ?, 'Pending')").run(storeId, -cents).lastInsertRowid);
    db.prepare("UPDATE stores SET balance_cents = balance_cents - ? WHERE id = ?").run(cents, storeId);
    return id;
  } finally {
    db.close();
  }
}

/**
 * A balance to withdraw from, as a Completed Adjustment. SQL: the model (adjustBalance) records an administrator,
 * and admin.spec counts exactly the adjustments its administrator made.
 */
export function credit(storeId: number, cents: number) {
  const db = openTestDb();
  try {
    db.prepare("INSERT INTO transactions (store_id, tx_type, amount_cents, status, reason) VALUES (?, 'Adjustment', ?, 'Completed', 'test credit')").run(storeId, cents);
    db.prepare("UPDATE stores SET balance_cents = balance_cents + ? WHERE id = ?").run(cents, storeId);
  } finally {
    db.close();
  }
}

/** Moves orders to one day (a day no other test uses), so a report over that day holds exactly them (no model dates an order). */
export function backdate(orderIds: number[], day: string) {
  const db = openTestDb();
  try {
    const at = new Date(`${day}T12:00:00Z`).getTime();
    for (const id of orderIds) db.prepare("UPDATE orders SET created_at = ? WHERE id = ?").run(at, id);
  } finally {
    db.close();
  }
}

/** A random past day per call (two projects running the same test get different days). */
export function uniqueDay(): string {
  const t = Date.UTC(1995, 0, 1) + Math.floor(Math.random() * 9000) * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export const balanceOf = (storeId: number) => readDb<{ b: number }>("SELECT balance_cents AS b FROM stores WHERE id = ?", storeId)[0]!.b;

export async function adminAuth(request: APIRequestContext): Promise<Auth> {
  const res = await request.post("/api/auth/login", { data: DEMO.admin });
  expect(res.status()).toBe(200);
  return { Authorization: (await res.json()).token };
}

/** A second browser with the same JavaScript setting as the running project. */
export function sameKindOfContext(browser: Browser, testInfo: TestInfo) {
  return browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled ?? true, baseURL: testInfo.project.use.baseURL });
}

export function cents(c: number): string {
  const abs = Math.abs(c);
  return `${c < 0 ? "-" : ""}$${Math.floor(abs / 100).toLocaleString("en-US")}.${String(abs % 100).padStart(2, "0")}`;
}
