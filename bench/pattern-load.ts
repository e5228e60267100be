// Pattern work under load (issue 18): `npx tsx bench/pattern-load.ts` (run by `npm run bench`; build first).
// Starts build/server.js (as `npm start`: supervised, one worker, the demo seed) on a scratch DATA_DIR and measures a
// logged-in buyer's explore page (`/`, autocannon, 10 connections) idle, then while two sellers upload big DXF
// files in a loop (a 6 MB 900-piece pattern that is read in full, and a 20 MB one refused by the entity count) and
// four downloads of A4 PDFs of a 15-size pattern run in a loop (each a new size selection, so each is built), and
// idle again. Reports p50/p99, errors, the pattern requests' outcomes and the peak resident memory of the server's
// processes. Target: p99 under load at most twice the idle p99, no errors, memory back to its idle level after.
// Writes bench/PATTERN-LOAD.md. Environment: PATTERN_LOAD_SECONDS (20), PATTERN_LOAD_PORT (4331).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

import autocannon from "autocannon";
import Database from "better-sqlite3";

import { DEFAULT_SIZES, makeAstmDxf } from "../app/models/patterns/demo.server";
import { bigDxf } from "../tests/fixtures/hostile-dxf";
import { addSession, patternForm, serverPids, sessionCookie } from "./server-helpers";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SECONDS = Number(process.env.PATTERN_LOAD_SECONDS ?? 20);
const PORT = Number(process.env.PATTERN_LOAD_PORT ?? 4331);
const BASE = `http://127.0.0.1:${PORT}`;
const SECRET = "pattern-load-secret-0123456789";
const log = (...args: unknown[]) => console.log("[pattern-load]", ...args);

const dataDir = path.join(root, "bench", ".scratch", `pattern-load-${Date.now()}`);
fs.mkdirSync(dataDir, { recursive: true });
const servers: ChildProcess[] = [];
process.on("exit", () => servers.forEach((s) => s.kill("SIGTERM")));

async function healthy() {
  for (let i = 0; i < 300; i++) {
    if (await fetch(`${BASE}/healthz`).then((r) => r.ok).catch(() => false)) return;
    await sleep(200);
  }
  throw new Error("the server did not come up");
}

const cookieFor = (raw: string) => sessionCookie(raw, SECRET);

/** Resident memory (kB) of the server: the supervisor and its children. */
function rssKb(): number {
  const pids = serverPids(server.pid!);
  let total = 0;
  for (const pid of pids) {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    if (m) total += Number(m[1]);
  }
  return total;
}

async function explore(cookie: string) {
  const r = await autocannon({ url: `${BASE}/`, connections: 10, duration: SECONDS, headers: { cookie } });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts };
}

log("starting the server on", BASE);
const server = spawn(process.execPath, ["build/server.js"], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", SESSION_SECRET: SECRET, WEB_CONCURRENCY: "1" },
  stdio: ["ignore", "ignore", "inherit"],
});
servers.push(server);
await healthy();

// People: the demo buyer browses; two new sellers upload; the first seller's 15-size pattern is downloaded.
const db = new Database(path.join(dataDir, "marketplace.db"));
db.pragma("busy_timeout = 5000");
const now = Date.now();
const session = (userId: number) => addSession(db, userId);
// eslint-disable-next-line no-restricted-syntax -- the benchmark reads the SQLite file through better-sqlite3
const buyer = db.prepare("SELECT id FROM users WHERE email = 'buyer@patternhouse.test'").get() as { id: number };
const sellers = [1, 2].map((n) => {
  const { id } = db
    .prepare(
      "INSERT INTO users (email, password_hash, first_name, last_name, phone, street, city, state, postal_code, country, created_at) VALUES (?, 'x', 'Load', 'Seller', '+1 555 0100', '1 Main St', 'Austin', 'TX', '73301', 'US', ?) RETURNING id",
    )
    .get(`load-seller-${n}@bench.test`, now) as { id: number };
  const store = db.prepare("INSERT INTO stores (user_id, name, bio) VALUES (?, ?, 'Load') RETURNING id").get(id, `Load Atelier ${n}`) as { id: number };
  return { id, storeId: store.id, token: session(id) };
});
const buyerCookie = await cookieFor(session(buyer.id));

async function upload(sellerToken: string, dxf: Buffer, name: string) {
  const form = await patternForm(dxf, name);
  const res = await fetch(`${BASE}/api/user/update-product`, { method: "POST", headers: { Authorization: sellerToken }, body: form });
  const body = (await res.json()) as { product?: { id: number }; error?: string };
  return { status: res.status, body };
}

// The 15-size pattern to download, and an order of it (the store owner downloads its own, unstamped: one build per
// size selection, so every request below is built anew).
const fifteen = await upload(sellers[0]!.token, Buffer.from(makeAstmDxf({ pieces: 10, sizes: DEFAULT_SIZES })), "Fifteen sizes");
if (fifteen.status !== 201) throw new Error(`upload of the 15-size pattern: ${fifteen.status} ${JSON.stringify(fifteen.body)}`);
const productId = fifteen.body.product!.id;
const checkout = db
  .prepare("INSERT INTO checkouts (user_id, provider, status, subtotal_cents, shipping_cents, total_cents, shipping_address, expires_at, paid_at) VALUES (?, 'local', 'paid', 1200, 0, 1200, '{}', ?, ?) RETURNING id")
  .get(buyer.id, now, now) as { id: number };
const order = db
  .prepare(
    "INSERT INTO orders (checkout_id, buyer_id, store_id, product_id, product_name, product_type, delivery, quantity, amount_cents, fee_cents) VALUES (?, ?, ?, ?, 'Fifteen sizes', 'Pattern', 'Digital', 1, 1200, 120) RETURNING id",
  )
  .get(checkout.id, buyer.id, sellers[0]!.storeId, productId) as { id: number };
db.close();
const ownerCookie = await cookieFor(sellers[0]!.token);

const bigPattern = Buffer.from(makeAstmDxf({ pieces: 60, sizes: DEFAULT_SIZES }));
const twentyMb = Buffer.from(bigDxf(20));
log(`files: ${(bigPattern.length / 1e6).toFixed(1)} MB pattern, ${(twentyMb.length / 1e6).toFixed(1)} MB refused DXF`);

// Idle.
await explore(buyerCookie); // warm-up
const idleRss = rssKb();
const idle = await explore(buyerCookie);
log("idle", idle, `${idleRss} kB`);

// Under load.
let stop = false;
const outcomes: Record<string, number> = {};
const count = (key: string) => (outcomes[key] = (outcomes[key] ?? 0) + 1);
let peakRss = idleRss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssKb())), 200);
const uploaders = [
  (async () => {
    while (!stop) count(`upload 6 MB pattern: ${(await upload(sellers[0]!.token, bigPattern, "Big pattern")).status}`);
  })(),
  (async () => {
    while (!stop) count(`upload 20 MB DXF: ${(await upload(sellers[1]!.token, twentyMb, "Twenty")).status}`);
  })(),
];
const downloaders = Array.from({ length: 4 }, async (_, d) => {
  let i = 0;
  while (!stop) {
    // A different selection of sizes every time (never the same twice across the four loops).
    const n = ((i++ * 4 + d) % 32767) + 1;
    const sizes = DEFAULT_SIZES.filter((_, k) => n & (1 << k));
    const query = new URLSearchParams([["format", "A4"], ...sizes.map((s) => ["size", s])]);
    const res = await fetch(`${BASE}/download/${order.id}?${query}`, { headers: { cookie: ownerCookie } });
    await res.arrayBuffer();
    count(`A4 download: ${res.status}`);
  }
});
await sleep(2000);
const loaded = await explore(buyerCookie);
stop = true;
await Promise.all([...uploaders, ...downloaders]);
clearInterval(sampler);
log("under load", loaded, outcomes, `peak ${peakRss} kB`);

// Idle again: the pool's extra threads stop after 30 s idle.
await sleep(35_000);
const afterRss = rssKb();
const after = await explore(buyerCookie);
log("after", after, `${afterRss} kB`);

const ms = (n: number) => `${n} ms`;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const met = loaded.p99 <= 2 * idle.p99 && loaded.errors === 0;
const lines = [
  `## Pattern work under load (issue 18)`,
  "",
  `Logged-in buyer's explore page \`/\`, autocannon 10 connections for ${SECONDS} s, one supervised worker (\`npm start\`), ${os.availableParallelism()} cores, pattern threads: cores − 1.`,
  `Load: two sellers uploading in a loop (a ${(bigPattern.length / 1e6).toFixed(1)} MB 900-piece pattern read in full; a ${(twentyMb.length / 1e6).toFixed(1)} MB DXF refused by the entity count) and four A4 downloads of a 15-size pattern in a loop, each a new size selection (built, never cached).`,
  "",
  "| Phase | req/s | p50 | p99 | errors | server RSS |",
  "|---|---:|---:|---:|---:|---:|",
  `| idle | ${idle.rps.toFixed(0)} | ${ms(idle.p50)} | ${ms(idle.p99)} | ${idle.errors} | ${mb(idleRss)} |`,
  `| under pattern load | ${loaded.rps.toFixed(0)} | ${ms(loaded.p50)} | ${ms(loaded.p99)} | ${loaded.errors} | peak ${mb(peakRss)} |`,
  `| idle again (35 s later) | ${after.rps.toFixed(0)} | ${ms(after.p50)} | ${ms(after.p99)} | ${after.errors} | ${mb(afterRss)} |`,
  "",
  `- Pattern requests during the load: ${Object.entries(outcomes).map(([k, v]) => `${k} × ${v}`).join("; ")}.`,
  `- Target p99 under load ≤ 2 × idle p99 with no errors: ${met ? "met" : "MISSED"} (${(loaded.p99 / Math.max(1, idle.p99)).toFixed(2)} ×). Memory after: ${mb(afterRss)} against ${mb(idleRss)} idle.`,
];
fs.writeFileSync(path.join(root, "bench", "PATTERN-LOAD.md"), lines.join("\n") + "\n");
console.log(lines.join("\n"));
server.kill("SIGTERM");
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
