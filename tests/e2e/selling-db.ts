/**
 * Fixtures for the selling specs: a new seller with a store and designs, made through the app's models, and (for
 * the API) paid orders written in the database.
 */
import crypto from "node:crypto";

import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";

import { createDesign, withAppDb, withUploads } from "./app";
import { openTestDb, readDb } from "./db";
import { DXF } from "./seller-fixtures";
import { uniqueEmail } from "./utils";
import { updateProfile } from "~/models/accounts/profile.server";
import { findUserByEmail } from "~/models/accounts/users.server";
import { completeLocalOnboarding } from "~/models/selling/onboarding.server";
import { saveStore } from "~/models/selling/stores.server";

export type Seller = { email: string; password: string; token: string; userId: number; storeId: number; storeName: string };

/** Registers a user through the API; its profile, store and (when asked) payout onboarding through the app's models. */
export async function createSeller(request: APIRequestContext, { onboarded = false } = {}): Promise<Seller> {
  const email = uniqueEmail("seller");
  const password = "selling-password-1";
  const response = await request.post("/api/auth/register", { data: { email, password, firstname: "Sam", lastname: "Seller" } });
  if (response.status() !== 201) throw new Error(`register failed: ${response.status()}`);
  const { token } = (await response.json()) as { token: string };
  // Store names are unique (decision 092): the whole unique address part, not a slice two sellers may share.
  const storeName = `Studio ${email.split("@")[0]}`;
  return withAppDb(async (db) => {
    const user = findUserByEmail({ db, email });
    if (!user) throw new Error(`createSeller: no user ${email}`);
    updateProfile({
      db,
      userId: user.id,
      input: { first_name: "Sam", last_name: "Seller", street: "12 Loom Lane", street2: "", city: "Portland", state: "OR", zip: "97201", country: "US", phone: "+1 503 555 0100" },
    });
    const saved = await saveStore({ db, userId: user.id, input: { name: storeName, bio: "New designs" }, payout: null, media: { keep: null }, newMedia: [] });
    if (!saved.ok) throw new Error(`createSeller: ${JSON.stringify(saved.errors)}`);
    // The local onboarding page's model (the e2e server runs without Stripe).
    if (onboarded && !completeLocalOnboarding({ db, storeId: saved.store.id, stripe: null }).ok) throw new Error("createSeller: onboarding failed");
    return { email, password, token, userId: user.id, storeId: saved.store.id, storeName };
  });
}

export type Design = { id: number; name: string; priceCents: number; variantId: number | null; value: string | null };

/**
 * A Ready item with a size in stock and a Digital pattern with a real DXF file, made with the app's design model
 * like the seeded designs (an image, a size chart, a store avatar, pattern names ending in "Pattern") and dated in
 * the past, so the catalogue specs that run beside these see an ordinary catalogue.
 */
export async function addDesigns(seller: Seller): Promise<{ ready: Design; digital: Design }> {
  const tag = crypto.randomBytes(3).toString("hex");
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0f766e" } }).png().toBuffer();
  const avatar = await withUploads([{ field: "avatar", name: "avatar.png", type: "image/png", bytes: image }], (db, [logo]) =>
    saveStore({ db, userId: seller.userId, input: { name: seller.storeName, bio: "New designs" }, payout: null, logo, media: { keep: null }, newMedia: [] }),
  );
  if (!avatar.ok) throw new Error(`addDesigns: ${JSON.stringify(avatar.errors)}`);
  const common = { desc: "Made for the selling tests", category1: "women", category2: "tops" };
  const readyName = `Linen Shirt ${tag}`;
  const ready = await createDesign({
    storeId: seller.storeId,
    ownerId: seller.userId,
    raw: { ...common, name: readyName, price: "45.00", type: "Ready", parcel_size: "Small", variants: [{ value: "M", inventory: "5" }] },
    image,
  });
  const digitalName = `Shirt ${tag} Pattern`;
  const digital = await createDesign({
    storeId: seller.storeId,
    ownerId: seller.userId,
    raw: { ...common, name: digitalName, price: "15.00", type: "Pattern", delivery: "Digital" },
    image,
    pattern: { name: "shirt.dxf", bytes: DXF },
  });
  backdate([ready, digital]);
  const [variant] = readDb<{ id: number }>("SELECT id FROM variants WHERE product_id = ?", ready);
  return {
    ready: { id: ready, name: readyName, priceCents: 4500, variantId: variant!.id, value: "M" },
    digital: { id: digital, name: digitalName, priceCents: 1500, variantId: null, value: null },
  };
}

/** Dates designs in 2020: no model sets a creation date, and the catalogue specs expect the seed's newest designs first. */
function backdate(productIds: number[]) {
  const db = openTestDb();
  try {
    for (const id of productIds) db.prepare("UPDATE products SET created_at = 1577836800000, updated_at = 1577836800000 WHERE id = ?").run(id);
  } finally {
    db.close();
  }
}

/**
 * Paid orders of the seller's designs by a buyer, with their Sale rows and the balance, as fulfilment writes them
 * (for the API specs, which are about the seller's side, not the purchase). SQL: the specs pin the fee (500 cents
 * a line), while fulfilment (fulfilCheckout) takes the platform's fee, which the settings specs change meanwhile.
 */
export function addPaidOrders(seller: Seller, buyerId: number, designs: Design[], feeCents = 500): number[] {
  const db = openTestDb();
  try {
    return db.transaction(() => {
      const total = designs.reduce((s, d) => s + d.priceCents, 0);
      const address = JSON.stringify({ first_name: "Pat", last_name: "Buyer", street: "1 Main St", street2: "", city: "Springfield", state: "IL", postal_code: "62701", country: "US" });
      const checkout = Number(
        db
          .prepare(
            "INSERT INTO checkouts (user_id, provider, status, subtotal_cents, shipping_cents, total_cents, shipping_address, expires_at, paid_at) VALUES (?, 'local', 'paid', ?, 0, ?, ?, ?, ?)",
          )
          .run(buyerId, total, total, address, Date.now() + 60_000, Date.now()).lastInsertRowid,
      );
      const ids: number[] = [];
      for (const d of designs) {
        const order = Number(
          db
            .prepare(
              `INSERT INTO orders (checkout_id, buyer_id, store_id, product_id, variant_id, variants, product_name, product_type, delivery, quantity, amount_cents, fee_cents, shipping_info)
               SELECT ?, ?, ?, p.id, ?, ?, p.name, p.type, p.delivery, 1, p.price_cents, ?, ? FROM products p WHERE p.id = ?`,
            )
            .run(checkout, buyerId, seller.storeId, d.variantId, JSON.stringify(d.value ? [{ name: "Size", value: d.value }] : []), feeCents, address, d.id).lastInsertRowid,
        );
        db.prepare("INSERT INTO transactions (store_id, tx_type, order_id, amount_cents, fee_cents, status) VALUES (?, 'Sale', ?, ?, ?, 'Completed')").run(
          seller.storeId,
          order,
          d.priceCents - feeCents,
          feeCents,
        );
        db.prepare("UPDATE stores SET balance_cents = balance_cents + ? WHERE id = ?").run(d.priceCents - feeCents, seller.storeId);
        ids.push(order);
      }
      return ids;
    })();
  } finally {
    db.close();
  }
}
