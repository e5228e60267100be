// Scratch data for the benchmark and the profiler: the seeded catalogue (bench/seed.ts) plus a logged-in
// buyer (a session row and the signed `__session` cookie, as tests/e2e/fixtures.ts does) with one cart
// line, and a visitor whose cookie carries the token of a one-line cart.
import { Buffer } from "node:buffer";
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

import { createCookieSessionStorage } from "@remix-run/node";
import Database from "better-sqlite3";

/** The SESSION_SECRET the benchmarked app runs with. */
export const SECRET = "bench-session-secret-0123456789";

const sha256 = (value) => crypto.createHash("sha256").update(value).digest("hex");
const randomToken = () => crypto.randomBytes(32).toString("base64url");
const cookieStorage = createCookieSessionStorage({
  cookie: { name: "__session", httpOnly: true, sameSite: "lax", path: "/", secrets: [SECRET] },
});
async function cookieWith(values) {
  const session = await cookieStorage.getSession();
  for (const [k, v] of Object.entries(values)) session.set(k, v);
  const header = await cookieStorage.commitSession(session);
  return header.slice(0, header.indexOf(";"));
}

/** The signed `__session` cookie (SECRET) of a session token, as the app sets it. */
export const sessionCookie = (token) => cookieWith({ token });

/** A session row for `userId` in an open better-sqlite3 database; its raw token (sessionCookie signs it). */
export function insertSession(db, userId) {
  const raw = randomToken();
  const now = Date.now();
  db.prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at, user_agent) VALUES (?, ?, ?, ?, 'bench')").run(sha256(raw), userId, now, now + 86_400_000);
  return raw;
}

/** A new seller with a store (`label`, e.g. "Big Atelier 1"), in an open better-sqlite3 database; its session token. */
export function insertSeller(db, email, label) {
  const { id } = db
    .prepare(
      "INSERT INTO users (email, password_hash, first_name, last_name, phone, street, city, state, postal_code, country, created_at) VALUES (?, 'x', 'Bench', 'Seller', '+1 555 0100', '1 Main St', 'Austin', 'TX', '73301', 'US', ?) RETURNING id",
    )
    .get(email, Date.now());
  db.prepare("INSERT INTO stores (user_id, name, bio) VALUES (?, ?, 'Bench')").run(id, label);
  return insertSession(db, id);
}

/** Seeds `products` extra products into a new folder under bench/.scratch and adds the buyer and the visitor. */
export async function seed(root, products) {
  const dataDir = path.join(root, "bench", ".scratch", `data-${products}-${Date.now()}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const t0 = Date.now();
  execFileSync(path.join(root, "node_modules", ".bin", "tsx"), ["bench/seed.ts", dataDir, String(products)], { cwd: root, stdio: "inherit" });
  const seedSeconds = (Date.now() - t0) / 1000;
  const dbFile = path.join(dataDir, "marketplace.db");
  const db = new Database(dbFile);
  const productCount = db.prepare("SELECT count(*) AS n FROM products").get().n;
  const productId = db
    .prepare(
      `SELECT r.product_id AS id FROM reviews r JOIN variants v ON v.product_id = r.product_id
       JOIN products p ON p.id = r.product_id WHERE p.type <> 'Pattern' GROUP BY r.product_id ORDER BY count(*) DESC LIMIT 1`,
    )
    .get().id;
  const variantId = db.prepare("SELECT id FROM variants WHERE product_id = ? AND inventory > 0 ORDER BY position, id LIMIT 1").get(productId)?.id ?? null;
  const storeOwner = db.prepare("SELECT user_id AS id FROM stores ORDER BY id LIMIT 1").get().id;
  const buyer = db.prepare("SELECT id, first_name AS firstName FROM users WHERE email = 'buyer@patternhouse.test'").get();
  const now = Date.now();
  const buyerToken = randomToken();
  const visitorCartToken = randomToken();
  db.transaction(() => {
    db.prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at, user_agent) VALUES (?, ?, ?, ?, 'bench')").run(
      sha256(buyerToken),
      buyer.id,
      now,
      now + 30 * 86_400_000,
    );
    const addLine = (cartId) =>
      db.prepare("INSERT INTO cart_items (cart_id, product_id, variant_id, quantity, created_at) VALUES (?, ?, ?, 1, ?)").run(cartId, productId, variantId, now);
    let buyerCart = db.prepare("SELECT id FROM carts WHERE user_id = ?").get(buyer.id)?.id;
    buyerCart ??= db.prepare("INSERT INTO carts (user_id, created_at) VALUES (?, ?) RETURNING id").get(buyer.id, now).id;
    addLine(buyerCart);
    addLine(db.prepare("INSERT INTO carts (visitor_token_hash, created_at) VALUES (?, ?) RETURNING id").get(sha256(visitorCartToken), now).id);
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  return {
    dataDir,
    dbFile,
    seedSeconds,
    productCount,
    productId,
    storeOwner,
    buyer,
    buyerCookie: await cookieWith({ token: buyerToken }),
    visitorCookie: await cookieWith({ cartToken: visitorCartToken }),
  };
}

/** A GET's status, headers and whole body. */
export function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}
