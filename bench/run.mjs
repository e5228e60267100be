// npm run bench: the browsing benchmark of issue 3. Seeds 10,000 extra products into a scratch
// DATA_DIR, starts the built app and a minimal baseline server, load-tests both with autocannon
// at 10 and 50 connections, measures the first-visit bytes, and writes bench/RESULTS.md.
import { Buffer } from "node:buffer";
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

import autocannon from "autocannon";
import Database from "better-sqlite3";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const EXTRA = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 4321);
const BASE_PORT = Number(process.env.BENCH_BASELINE_PORT ?? 4322);
const NOCACHE_PORT = Number(process.env.BENCH_NOCACHE_PORT ?? 4323);
const CONNECTIONS = [10, 50];
const started = Date.now();
const log = (...args) => console.log("[bench]", ...args);

const children = [];
process.on("exit", () => children.forEach((c) => c.kill("SIGTERM")));
process.on("SIGINT", () => process.exit(130));

// 1. Build, and seed a scratch data folder.
if (process.env.BENCH_SKIP_BUILD !== "1") {
  log("building");
  execFileSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
}
const dataDir = path.join(root, "bench", ".scratch", `data-${Date.now()}`);
fs.mkdirSync(dataDir, { recursive: true });
log(`seeding ${EXTRA} extra products into ${path.relative(root, dataDir)}`);
execFileSync(path.join(root, "node_modules", ".bin", "tsx"), ["bench/seed.ts", dataDir, String(EXTRA)], { cwd: root, stdio: "inherit" });
const dbFile = path.join(dataDir, "marketplace.db");

const db = new Database(dbFile, { readonly: true });
const productCount = db.prepare("SELECT count(*) AS n FROM products").get().n;
const productId = db
  .prepare(
    `SELECT r.product_id AS id FROM reviews r JOIN variants v ON v.product_id = r.product_id
     JOIN products p ON p.id = r.product_id WHERE p.type <> 'Pattern' GROUP BY r.product_id ORDER BY count(*) DESC LIMIT 1`,
  )
  .get().id;
const storeOwner = db.prepare("SELECT user_id AS id FROM stores ORDER BY id LIMIT 1").get().id;
db.close();

// 2. Start both servers.
function start(name, args, env, port) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  children.push(child);
  return waitFor(`http://127.0.0.1:${port}${name === "app" ? "/healthz" : "/"}`);
}
async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    const ok = await new Promise((resolve) => http.get(url, (res) => (res.resume(), resolve(res.statusCode < 500))).on("error", () => resolve(false)));
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`${url} did not come up`);
}
await start(
  "app",
  ["build/server.js"],
  { PORT: String(APP_PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED: "none", NODE_ENV: "production", SESSION_SECRET: "bench-session-secret-0123456789" },
  APP_PORT,
);
// The same app with the visitors' HTML micro-cache off: every request renders.
await start(
  "app",
  ["build/server.js"],
  { PORT: String(NOCACHE_PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED: "none", NODE_ENV: "production", HTML_CACHE_SECONDS: "0", SESSION_SECRET: "bench-session-secret-0123456789" },
  NOCACHE_PORT,
);
await start("baseline", ["bench/baseline.mjs", dbFile, String(BASE_PORT)], {}, BASE_PORT);
const app = `http://127.0.0.1:${APP_PORT}`;
const base = `http://127.0.0.1:${BASE_PORT}`;
const appNoCache = `http://127.0.0.1:${NOCACHE_PORT}`;

// 3. Load tests.
const TARGETS = [
  { name: "explore `/`", path: "/", baseline: true },
  { name: "explore search `/?category1=women&q=dress`", path: "/?category1=women&q=dress", baseline: true },
  { name: `product \`/product/${productId}\``, path: `/product/${productId}`, baseline: true },
  { name: `store \`/store/${storeOwner}\``, path: `/store/${storeOwner}` },
  { name: "JSON `/api/user/products`", path: "/api/user/products" },
  // Reference: a plain Remix page (static text, the shared layout and root loader only).
  { name: "plain Remix page `/terms`", path: "/terms" },
];

async function load(url, connections) {
  await autocannon({ url, connections, duration: 1 }); // warm-up
  const r = await autocannon({ url, connections, duration: DURATION });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts };
}

const loadBefore = os.loadavg()[0];
const rows = [];
for (const t of TARGETS) {
  for (const connections of CONNECTIONS) {
    const a = await load(app + t.path, connections);
    const n = await load(appNoCache + t.path, connections);
    const b = t.baseline ? await load(base + t.path, connections) : null;
    rows.push({ ...t, connections, app: a, nocache: n, base: b });
    log(`${t.name} c=${connections}: app ${a.rps.toFixed(0)} req/s p99 ${a.p99} ms; uncached ${n.rps.toFixed(0)} req/s${b ? `; baseline ${b.rps.toFixed(0)} req/s` : ""}`);
  }
}

// 4. What a first visit downloads, gzipped, and where the time goes (Server-Timing).
function get(url, headers = {}) {
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
async function firstVisit(pathname) {
  const page = await get(app + pathname, { "Accept-Encoding": "gzip" });
  const html = zlib.gunzipSync(page.body).toString("utf8");
  const scripts = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1]);
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  // Inline module scripts (the Remix context and route manifest) are part of the HTML bytes.
  const sizeOf = async (urls) => {
    let total = 0;
    for (const u of new Set(urls)) total += (await get(app + u, { "Accept-Encoding": "gzip" })).body.length;
    return total;
  };
  return { html: page.body.length, js: await sizeOf(scripts), css: await sizeOf(styles), scripts: new Set(scripts).size };
}
const bytes = { "/": await firstVisit("/"), [`/product/${productId}`]: await firstVisit(`/product/${productId}`) };

async function timing(pathname, n = 30) {
  const db = [];
  const total = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await get(appNoCache + pathname);
    total.push(performance.now() - t0);
    const m = /db;dur=([\d.]+)/.exec(res.headers["server-timing"] ?? "");
    if (m) db.push(Number(m[1]));
  }
  const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : NaN);
  return { db: median(db), total: median(total) };
}
const timings = { "/": await timing("/"), "/?category1=women&q=dress": await timing("/?category1=women&q=dress") };

// 5. The report.
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n) => `${n} ms`;
const lines = [];
lines.push("# Browsing benchmark", "");
lines.push(
  `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()} (${(os.totalmem() / 2 ** 30).toFixed(1)} GB), Node ${process.version};`,
  `${productCount} products in the database; autocannon ${DURATION} s per row after a 1 s warm-up; app and baseline on the same machine as the load generator.`,
  `Load average (1 min) before the load tests ${loadBefore.toFixed(2)}, after ${os.loadavg()[0].toFixed(2)}: anything above ~0.5 means other work shared the 2 cores and the absolute numbers are low.`,
  "",
);
lines.push(
  "The app answers as deployed (a visitor without cookies gets a page rendered at most once per 2 s: HTML_CACHE_SECONDS);",
  "the \"every request renders\" columns are the same build with HTML_CACHE_SECONDS=0, i.e. what a logged-in user or a visitor with a cart costs.",
  "",
);
lines.push("| Page | Conns | App req/s | App p50 | App p99 | Renders every request: req/s | p50 | p99 | Baseline req/s | Baseline p50 | Baseline p99 | App / baseline | Rendering / baseline | Errors |");
lines.push("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const r of rows) {
  const ratioOf = (x) => (r.base ? (x.rps / r.base.rps).toFixed(2) : "–");
  lines.push(
    `| ${r.name} | ${r.connections} | ${r.app.rps.toFixed(0)} | ${ms(r.app.p50)} | ${ms(r.app.p99)} | ${r.nocache.rps.toFixed(0)} | ${ms(r.nocache.p50)} | ${ms(r.nocache.p99)} | ${r.base ? r.base.rps.toFixed(0) : "–"} | ${r.base ? ms(r.base.p50) : "–"} | ${r.base ? ms(r.base.p99) : "–"} | ${ratioOf(r.app)} | ${ratioOf(r.nocache)} | ${r.app.errors + r.nocache.errors + (r.base?.errors ?? 0)} |`,
  );
}
lines.push("", "## First visit, gzipped", "");
lines.push("| Page | HTML | JavaScript (files) | CSS | Budget |", "|---|---:|---:|---:|---|");
for (const [p, b] of Object.entries(bytes)) {
  const ok = b.html <= 14 * 1024 && b.js <= 100 * 1024 && b.css <= 15 * 1024;
  lines.push(`| \`${p}\` | ${kb(b.html)} | ${kb(b.js)} (${b.scripts}) | ${kb(b.css)} | ${ok ? "within" : "OVER"} (14 / 100 / 15 KB) |`);
}
lines.push("", "## Where the time goes (Server-Timing, median of 30 sequential requests)", "");
lines.push("| Page | Database | Whole request | Rest (render, session, HTTP) |", "|---|---:|---:|---:|");
for (const [p, t] of Object.entries(timings)) {
  lines.push(`| \`${p}\` | ${t.db.toFixed(1)} ms | ${t.total.toFixed(1)} ms | ${(t.total - t.db).toFixed(1)} ms |`);
}
const explore10 = rows.find((r) => r.path === "/" && r.connections === 10);
const ratio = explore10.app.rps / explore10.base.rps;
const ratioRendering = explore10.nocache.rps / explore10.base.rps;
lines.push("", "## Targets", "");
lines.push(
  `- Explore at 10 connections, as deployed: ${ratio.toFixed(2)} of the baseline's requests/s (target ≥ 0.10): ${ratio >= 0.1 ? "met" : "MISSED"}; p99 ${explore10.app.p99} ms (target < 100 ms): ${explore10.app.p99 < 100 ? "met" : "MISSED"}.`,
  `- Explore at 10 connections, rendering every request: ${ratioRendering.toFixed(2)} of the baseline (target ≥ 0.10): ${ratioRendering >= 0.1 ? "met" : "MISSED"}; p99 ${explore10.nocache.p99} ms (target < 100 ms): ${explore10.nocache.p99 < 100 ? "met" : "MISSED"}.`,
  `- Bench wall time: ${((Date.now() - started) / 1000).toFixed(0)} s.`,
);
// Pattern files (issue 12): the pattern product page's first visit and its preview, then bench/patterns.ts's table.
{
  const pdb = new Database(dbFile, { readonly: true });
  const patternProduct = pdb
    .prepare("SELECT p.id FROM products p JOIN pattern_versions v ON v.product_id = p.id WHERE p.type = 'Pattern' AND v.data <> '{}' ORDER BY p.id LIMIT 1")
    .get()?.id;
  pdb.close();
  if (patternProduct) {
    const b = await firstVisit(`/product/${patternProduct}`);
    const svg = await get(`${app}/product/${patternProduct}/preview.svg`, { "Accept-Encoding": "gzip" });
    lines.push("", "## Pattern product page, first visit, gzipped", "");
    lines.push(
      `- \`/product/${patternProduct}\`: HTML ${kb(b.html)} (${b.html <= 14 * 1024 ? "within" : "OVER"} the 14 KB budget), JavaScript ${kb(b.js)}, CSS ${kb(b.css)}; the lazy piece preview ${kb(svg.body.length)} (${svg.headers["content-encoding"] ?? "identity"}, ${svg.headers["cache-control"]}).`,
    );
  }
  try {
    const out = execFileSync(path.join(root, "node_modules", ".bin", "tsx"), ["bench/patterns.ts"], { cwd: root, encoding: "utf8" });
    lines.push("", out.trim().replace(/^### /m, "## "));
  } catch (error) {
    lines.push("", "## Pattern files", "", `bench/patterns.ts failed or missed a target: ${String(error.stdout ?? error.message).trim()}`);
  }
}
// The hand-written reading of the numbers (bench/NOTES.md) follows the generated tables.
const notes = path.join(root, "bench", "NOTES.md");
if (fs.existsSync(notes)) lines.push("", fs.readFileSync(notes, "utf8").trim());
fs.writeFileSync(path.join(root, "bench", "RESULTS.md"), lines.join("\n") + "\n");
console.log("\n" + lines.join("\n"));
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
