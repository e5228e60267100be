/** Fixtures for the selling specs: a new seller with a store, designs and (for the API) paid orders, in the database. */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import type { APIRequestContext } from "@playwright/test";

import { withAppDb } from "./app";
import { openTestDb } from "./db";
import { DATA_DIR, uniqueEmail } from "./utils";
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
 * A Ready item with a size in stock and a Digital pattern with a real DXF file, shaped like the seeded designs (an
 * image, a store avatar, pattern names ending in "Pattern") and dated in the past, so the catalogue specs that run
 * beside these see an ordinary catalogue.
 */
export function addDesigns(seller: Seller): { ready: Design; digital: Design } {
  const db = openTestDb();
  try {
    const tag = crypto.randomBytes(3).toString("hex");
    const insert = db.prepare(
      `INSERT INTO products (store_id, name, description, price_cents, type, delivery, category1, category2, pattern_file, parcel_size, created_at, updated_at)
       VALUES (?, ?, 'Made for the selling tests', ?, ?, ?, 'women', 'tops', ?, ?, 1577836800000, 1577836800000)`,
    );
    const image = db.prepare("SELECT media FROM product_media WHERE media LIKE '%.jpg' OR media LIKE '%.png' OR media LIKE '%.webp' LIMIT 1").get() as { media: string };
    const avatar = db.prepare("SELECT avatar FROM stores WHERE avatar IS NOT NULL LIMIT 1").get() as { avatar: string } | undefined;
    if (avatar) db.prepare("UPDATE stores SET avatar = ? WHERE id = ?").run(avatar.avatar, seller.storeId);
    const withImage = (productId: number) => db.prepare("INSERT INTO product_media (product_id, media, position) VALUES (?, ?, 0)").run(productId, image.media);
    const readyName = `Linen Shirt ${tag}`;
    const ready = Number(insert.run(seller.storeId, readyName, 4500, "Ready", null, null, "Small").lastInsertRowid);
    withImage(ready);
    const variant = Number(db.prepare("INSERT INTO variants (product_id, name, value, inventory) VALUES (?, 'Size', 'M', 5)").run(ready).lastInsertRowid);
    const file = `${crypto.randomBytes(16).toString("hex")}.dxf`;
    const dxf = "0\nSECTION\n2\nENTITIES\n0\nLINE\n8\n0\n10\n0\n20\n0\n11\n10\n21\n10\n0\nENDSEC\n0\nEOF\n";
    fs.writeFileSync(path.join(DATA_DIR, "uploads", file), dxf);
    db.prepare("INSERT INTO files (name, original_name, content_type, size, kind, owner_id) VALUES (?, 'shirt.dxf', 'application/dxf', ?, 'pattern', ?)").run(
      file,
      dxf.length,
      seller.userId,
    );
    const digitalName = `Shirt ${tag} Pattern`;
    const digital = Number(insert.run(seller.storeId, digitalName, 1500, "Pattern", "Digital", file, null).lastInsertRowid);
    withImage(digital);
    return {
      ready: { id: ready, name: readyName, priceCents: 4500, variantId: variant, value: "M" },
      digital: { id: digital, name: digitalName, priceCents: 1500, variantId: null, value: null },
    };
  } finally {
    db.close();
  }
}

/**
 * Paid orders of the seller's designs by a buyer, with their Sale rows and the balance, as fulfilment writes them
 * (for the API specs, which are about the seller's side, not the purchase).
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
