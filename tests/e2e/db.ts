/**
 * The one e2e database helper: reads of the test server's database (WAL: safe beside the running server) for
 * assertions on what is stored, and fixtures that write through the app's own models (app.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import Database from "better-sqlite3";

import { withAppDb } from "./app";
import { DATA_DIR } from "./utils";
import { findUserByEmail } from "~/models/accounts/users.server";
import { storeFile } from "~/models/files/store.server";
import { saveStore } from "~/models/selling/stores.server";

/** The shared test server's database, or that of a server a spec started itself (own-server.ts). */
export function openTestDb(dataDir = DATA_DIR) {
  const db = new Database(path.join(dataDir, "marketplace.db"));
  db.pragma("busy_timeout = 5000");
  return db;
}

export function queryOne<T>(sql: string, ...params: unknown[]): T {
  const db = openTestDb();
  try {
    return db.prepare(sql).get(...params) as T;
  } finally {
    db.close();
  }
}

/**
 * Stores an uploaded media file (e.g. a video) through the app's file store (its `files` row included); returns its
 * name. The bytes are a stand-in the caller names (the specs test serving, not inspection), so the fixture says what
 * they are where an upload would have run inspectFile.
 */
export async function addMediaFile({ ext, contentType, bytes }: { ext: string; contentType: string; bytes: Buffer }): Promise<string> {
  const temp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-media-")), `clip.${ext}`);
  fs.writeFileSync(temp, bytes);
  try {
    const stored = await withAppDb((db) =>
      storeFile({ db, temp: { path: temp, originalName: `clip.${ext}` }, inspected: { kind: "video", ext, contentType }, kind: "media", ownerId: null, dataDir: DATA_DIR }),
    );
    return stored.name;
  } finally {
    fs.rmSync(path.dirname(temp), { recursive: true, force: true });
  }
}

/** Opens a store for a user (found by email) with the app's store model; returns the owner's id. */
export async function addStore({ email, name, bio }: { email: string; name: string; bio: string }): Promise<number> {
  return withAppDb(async (db) => {
    const user = findUserByEmail({ db, email });
    if (!user) throw new Error(`addStore: no user ${email}`);
    const saved = await saveStore({ db, userId: user.id, input: { name, bio }, payout: null, media: { keep: null }, newMedia: [] });
    if (!saved.ok) throw new Error(`addStore: ${JSON.stringify(saved.errors)}`);
    return user.id;
  });
}

/** Read-only rows, for the buying specs' fixtures and assertions. */
export function readDb<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(DATA_DIR, "marketplace.db"), { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export type Settings = {
  pss_cents: number;
  margin_bp: number;
  min_fee_cents: number;
  margin_pattern_bp: number;
  min_fee_pattern_cents: number;
  flat_fee_cents: number;
};

export const settings = () => readDb<Settings>("SELECT * FROM platform_settings WHERE id = 1")[0]!;

/** The design notes' fee rule, written out again independently of the app's code. */
export function expectedFee(s: Settings, priceCents: number, type: string, delivery: string | null, quantity = 1): number {
  const pct = (bp: number) => Math.floor((priceCents * bp + 5000) / 10000);
  let fee =
    type === "Pattern" ? Math.max(pct(s.margin_pattern_bp), s.min_fee_pattern_cents) : Math.max(pct(s.margin_bp), s.min_fee_cents);
  if (type === "Pattern" && delivery === "Print") fee += s.flat_fee_cents;
  return Math.min(fee, priceCents) * quantity;
}

type Candidate = { id: number; name: string; price_cents: number; variant_id: number | null; value: string | null; inventory: number | null };

/** Apparel with a variant that has stock; `offset` keeps parallel projects on different products. */
export function apparelWithStock(offset: number): Candidate {
  return readDb<Candidate>(
    `SELECT p.id, p.name, p.price_cents, v.id AS variant_id, v.value, v.inventory
       FROM products p JOIN variants v ON v.product_id = p.id
      WHERE p.type IN ('Ready', 'Made') AND p.removed_at IS NULL AND v.inventory >= 3
        AND v.id = (SELECT v2.id FROM variants v2 WHERE v2.product_id = p.id AND v2.inventory >= 3 ORDER BY v2.position LIMIT 1)
      ORDER BY p.id LIMIT 1 OFFSET ?`,
    offset,
  )[0]!;
}

export function pattern(delivery: "Digital" | "Print", offset: number): Candidate {
  return readDb<Candidate>(
    `SELECT p.id, p.name, p.price_cents,
            (SELECT v.id FROM variants v WHERE v.product_id = p.id ORDER BY v.position LIMIT 1) AS variant_id,
            (SELECT v.value FROM variants v WHERE v.product_id = p.id ORDER BY v.position LIMIT 1) AS value,
            NULL AS inventory
       FROM products p
      WHERE p.type = 'Pattern' AND p.delivery = ? AND p.removed_at IS NULL
        AND (p.delivery = 'Print' OR p.pattern_file IS NOT NULL)
      ORDER BY p.id LIMIT 1 OFFSET ?`,
    delivery,
    offset,
  )[0]!;
}

/**
 * A paid order of a product for a buyer, inserted as fulfilment would leave it (paid checkout, Pending order),
 * for specs about what a buyer does after paying; returns the order id. SQL: a model checkout needs the buyer's
 * complete profile and a cart, and takes the platform's fee; these specs give a bare account an order with no fee.
 */
export function addPaidOrder({ buyerId, productId }: { buyerId: number; productId: number }): number {
  const db = openTestDb();
  try {
    const p = db.prepare("SELECT store_id, name, type, delivery, price_cents FROM products WHERE id = ?").get(productId) as {
      store_id: number;
      name: string;
      type: string;
      delivery: string | null;
      price_cents: number;
    };
    const now = Date.now();
    const { id: checkoutId } = db
      .prepare(
        `INSERT INTO checkouts (user_id, provider, status, subtotal_cents, shipping_cents, total_cents, shipping_address, created_at, expires_at, paid_at)
         VALUES (?, 'local', 'paid', ?, 0, ?, '{}', ?, ?, ?) RETURNING id`,
      )
      .get(buyerId, p.price_cents, p.price_cents, now, now + 3_600_000, now) as { id: number };
    const { id } = db
      .prepare(
        `INSERT INTO orders (checkout_id, buyer_id, store_id, product_id, product_name, product_type, delivery, quantity, amount_cents, fee_cents, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, 0, ?) RETURNING id`,
      )
      .get(checkoutId, buyerId, p.store_id, productId, p.name, p.type, p.delivery, p.price_cents, now) as { id: number };
    return id;
  } finally {
    db.close();
  }
}
