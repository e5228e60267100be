/**
 * The admin section of the benchmark (issue 13): `npx tsx bench/admin.ts`.
 *
 * Builds a scratch database of 100,000 orders and 10,000 users (250 stores, 2,500 products, orders spread over the
 * last two years with their checkouts and Sale rows), starts the built server on it (port 4541; a second instance
 * with HTTP compression off on 4542, to show what gzip costs on the big JSON answer) and measures with autocannon
 * at 10 connections: /admin page 1 and page 5,000, /admin/users with a search, and /api/admin/get-financial over a
 * year, and the HTML cases again on a third instance with WEB_CONCURRENCY=2 (port 4543). The administrator's token
 * goes in the Authorization header (no cookie, so nothing is micro-cached). Writes bench/ADMIN-RESULTS.md;
 * `npm run bench` (bench/run.mjs) runs it after the browsing benchmark and adds its table to bench/RESULTS.md.
 *
 * Env: ADMIN_BENCH_SECONDS (default 6), ADMIN_BENCH_SKIP_BUILD=1, ADMIN_BENCH_ORDERS, ADMIN_BENCH_USERS.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

import autocannon from "autocannon";

import { openDatabase } from "../db/client";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ORDERS = Number(process.env.ADMIN_BENCH_ORDERS ?? 100_000);
const USERS = Number(process.env.ADMIN_BENCH_USERS ?? 10_000);
const STORES = 250;
const PRODUCTS = 2_500;
const SECONDS = Number(process.env.ADMIN_BENCH_SECONDS ?? 6);
const PORT = 4541;
const PORT_PLAIN = 4542;
const PORT_CLUSTER = 4543;
const log = (...args: unknown[]) => console.log("[bench:admin]", ...args);

const children: ChildProcess[] = [];
process.on("exit", () => children.forEach((c) => c.kill("SIGTERM")));
process.on("SIGINT", () => process.exit(130));

if (process.env.ADMIN_BENCH_SKIP_BUILD !== "1") {
  log("building");
  execFileSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
}

// 1. The scratch database.
const dataDir = path.join(root, "bench", ".scratch", `admin-${Date.now()}`);
fs.mkdirSync(dataDir, { recursive: true });
const dbFile = path.join(dataDir, "marketplace.db");
const seedStart = Date.now();
const db = openDatabase(dbFile);
const sqlite = db.$client;
const token = crypto.randomBytes(32).toString("base64url");
const DAY = 86_400_000;
const now = Date.now();
const rand = (() => {
  let seed = 42;
  return () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
})();

// eslint-disable-next-line no-restricted-syntax -- the benchmark fills the SQLite file through better-sqlite3 (decision 159: SQLite-specific)
sqlite.transaction(() => {
  // One real argon2 hash is not needed: nobody logs in; the admin's session row is inserted.
  const hash = "$argon2id$v=19$m=19456,t=2,p=1$bench$bench";
  const user = sqlite.prepare(
    "INSERT INTO users (email, password_hash, first_name, last_name, role, phone, street, city, state, postal_code, country, created_at) VALUES (?, ?, ?, ?, ?, '+1 555 0100', '1 Main St', 'Springfield', 'IL', '62701', 'US', ?)",
  );
  const adminId = Number(user.run("admin@bench.test", hash, "Ada", "Admin", "admin", now - 800 * DAY).lastInsertRowid);
  for (let i = 1; i < USERS; i += 1) user.run(`user${i}@bench.test`, hash, `First${i}`, `Last${i}`, "user", now - Math.floor(rand() * 800) * DAY);
  sqlite.prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)").run(
    crypto.createHash("sha256").update(token).digest("hex"),
    adminId,
    now,
    now + 30 * DAY,
  );
  const store = sqlite.prepare("INSERT INTO stores (user_id, name, bio) VALUES (?, ?, 'A bench store')");
  for (let s = 0; s < STORES; s += 1) store.run(s + 2, `Bench Store ${s + 1}`);
  const product = sqlite.prepare(
    "INSERT INTO products (store_id, name, description, price_cents, type, delivery, category1, category2) VALUES (?, ?, 'A design', ?, ?, ?, 'women', 'tops')",
  );
  const kinds: [string, string | null][] = [["Pattern", "Digital"], ["Pattern", "Print"], ["Made", null], ["Ready", null]];
  for (let p = 0; p < PRODUCTS; p += 1) {
    const [type, delivery] = kinds[p % 4]!;
    product.run((p % STORES) + 1, `Bench Design ${p + 1}`, 500 + Math.floor(rand() * 15_000), type, delivery);
  }
  // eslint-disable-next-line no-restricted-syntax -- the benchmark fills the SQLite file through better-sqlite3 (decision 159: SQLite-specific)
  const products = sqlite.prepare("SELECT id, store_id, name, price_cents, type, delivery FROM products").all() as {
    id: number; store_id: number; name: string; price_cents: number; type: string; delivery: string | null;
  }[];
  const checkout = sqlite.prepare(
    "INSERT INTO checkouts (user_id, provider, status, subtotal_cents, shipping_cents, total_cents, shipping_address, created_at, expires_at, paid_at) VALUES (?, 'local', 'paid', ?, ?, ?, '{}', ?, ?, ?)",
  );
  const order = sqlite.prepare(
    "INSERT INTO orders (checkout_id, buyer_id, store_id, product_id, product_name, product_type, delivery, quantity, amount_cents, shipping_cents, fee_cents, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)",
  );
  const sale = sqlite.prepare(
    "INSERT INTO transactions (store_id, tx_type, order_id, amount_cents, fee_cents, status, created_at) VALUES (?, 'Sale', ?, ?, ?, 'Completed', ?)",
  );
  for (let i = 0; i < ORDERS; i += 1) {
    const p = products[Math.floor(rand() * products.length)]!;
    const buyer = 2 + Math.floor(rand() * (USERS - 1));
    const at = now - Math.floor(((ORDERS - i) / ORDERS) * 730 * DAY);
    const shipping = p.delivery === "Print" ? 1000 : 0;
    const fee = Math.min(p.price_cents, Math.max(Math.floor((p.price_cents * 1500 + 5000) / 10000), 200));
    const status = rand() < 0.03 ? "Refunded" : rand() < 0.6 ? "Shipped" : "Pending";
    const checkoutId = Number(checkout.run(buyer, p.price_cents, shipping, p.price_cents + shipping, at, at + 1800_000, at).lastInsertRowid);
    const orderId = Number(order.run(checkoutId, buyer, p.store_id, p.id, p.name, p.type, p.delivery, p.price_cents, shipping, fee, status, at).lastInsertRowid);
    sale.run(p.store_id, orderId, p.price_cents - fee, fee, at);
  }
  // eslint-disable-next-line no-restricted-syntax -- the benchmark fills the SQLite file through better-sqlite3 (decision 159: SQLite-specific)
  sqlite.prepare("UPDATE stores SET balance_cents = (SELECT coalesce(sum(amount_cents), 0) FROM transactions t WHERE t.store_id = stores.id)").run();
})();
sqlite.pragma("wal_checkpoint(TRUNCATE)");
sqlite.exec("ANALYZE");
// eslint-disable-next-line no-restricted-syntax -- the benchmark fills the SQLite file through better-sqlite3 (decision 159: SQLite-specific)
const counts = sqlite.prepare("SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM users) AS users").get() as { orders: number; users: number };
sqlite.close();
log(`scratch database: ${counts.orders} orders, ${counts.users} users in ${((Date.now() - seedStart) / 1000).toFixed(1)} s (${path.relative(root, dataDir)})`);

// 2. The built server, twice.
async function start(port: number, extra: Record<string, string>) {
  const child = spawn(process.execPath, ["build/server.js"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED: "none", NODE_ENV: "production", SESSION_SECRET: "bench-admin-secret-0123456789", HTML_CACHE_SECONDS: "0", ...extra },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error(`server on ${port} did not start`);
}
await start(PORT, {});
await start(PORT_PLAIN, { HTTP_COMPRESSION: "off" });
await start(PORT_CLUSTER, { WEB_CONCURRENCY: "2" });
await sleep(3000); // the cluster's second worker starts after the first listens

const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);
const yearAgo = new Date(now);
yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
const CASES = [
  { name: "/admin (orders, page 1)", path: "/admin" },
  { name: "/admin?page=5000 (orders, page 5,000)", path: "/admin?page=5000" },
  { name: "/admin/users?q=user42 (search)", path: "/admin/users?q=user42" },
  { name: "/api/admin/get-financial over a year", path: `/api/admin/get-financial?start_date=${ymd(yearAgo.getTime())}&end_date=${ymd(now)}` },
];

type Row = { name: string; port: number; load: number; p50: number; p99: number; rps: number; bytes: number; non2xx: number };
const rows: Row[] = [];
async function measure(name: string, port: number, urlPath: string) {
  const headers = { Authorization: token, "Accept-Encoding": "gzip" };
  const probe = await fetch(`http://127.0.0.1:${port}${urlPath}`, { headers });
  if (!probe.ok) throw new Error(`${urlPath} answered ${probe.status}`);
  const bytes = (await probe.arrayBuffer()).byteLength;
  await autocannon({ url: `http://127.0.0.1:${port}${urlPath}`, connections: 10, duration: 1, headers }); // warm-up
  const result = await autocannon({ url: `http://127.0.0.1:${port}${urlPath}`, connections: 10, duration: SECONDS, headers });
  const row = { name, port, load: os.loadavg()[0]!, p50: result.latency.p50, p99: result.latency.p99, rps: Math.round(result.requests.average), bytes, non2xx: result.non2xx };
  rows.push(row);
  log(`${name} [${port}]: p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.rps} req/s, ${row.bytes} bytes, non-2xx ${row.non2xx}`);
}
for (const c of CASES) await measure(c.name, PORT, c.path);
await measure(`${CASES[3]!.name}, no compression`, PORT_PLAIN, CASES[3]!.path);
for (const c of CASES.slice(0, 3)) await measure(`${c.name}, 2 processes`, PORT_CLUSTER, c.path);

const table = [
  "| Case | Port | p50 (ms) | p99 (ms) | req/s | body bytes | non-2xx | p99 < 50 ms | Load |",
  "|---|---|---|---|---|---|---|---|---|",
  ...rows.map((r) => `| ${r.name} | ${r.port} | ${r.p50} | ${r.p99} | ${r.rps} | ${r.bytes} | ${r.non2xx} | ${r.p99 < 50 ? "met" : "MISSED"} | ${r.load.toFixed(1)} |`),
].join("\n");
fs.writeFileSync(
  path.join(root, "bench", "ADMIN-RESULTS.md"),
  `# Admin benchmark\n\n${new Date().toISOString()} · ${counts.orders.toLocaleString("en-US")} orders, ${counts.users.toLocaleString("en-US")} users · autocannon, 10 connections, ${SECONDS} s per case · Node ${process.version}\n\n${table}\n`,
);
log("wrote bench/ADMIN-RESULTS.md");
if (process.env.ADMIN_BENCH_KEEP !== "1") fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
