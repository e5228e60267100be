// npm run bench: the browsing benchmark (issues 3 and 11). For each scratch database (10,000 extra
// products, then 100,000), seeds a DATA_DIR, inserts a logged-in buyer's session and cart and a visitor's
// cart, starts the built app as one process and as WEB_CONCURRENCY=2 processes plus a minimal baseline
// server, load-tests them with autocannon at 10 and 50 connections, measures the first-visit bytes and the
// database time (Server-Timing), and writes bench/RESULTS.md.
//
// Environment: BENCH_PRODUCTS (10000), BENCH_PRODUCTS_LARGE (100000; 0 skips the large run), BENCH_SECONDS
// (8), BENCH_WORKERS (2), BENCH_APP_PORT (4321), BENCH_BASELINE_PORT (4322), BENCH_CLUSTER_PORT (4323),
// BENCH_SKIP_BUILD=1.
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

import { get, SECRET, seed } from "./fixtures.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SMALL = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const LARGE = Number(process.env.BENCH_PRODUCTS_LARGE ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 4321);
const BASE_PORT = Number(process.env.BENCH_BASELINE_PORT ?? 4322);
const CLUSTER_PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 4323);
const started = Date.now();
const log = (...args) => console.log("[bench]", ...args);
const load1 = () => os.loadavg()[0];

let children = [];
process.on("exit", () => children.forEach((c) => c.kill("SIGTERM")));
process.on("SIGINT", () => process.exit(130));

// `npm run bench -- --base <commit>`: that commit beside the working tree, interleaved (bench/compare.mjs).
if (process.argv.includes("--base") || process.env.BENCH_BASE) {
  const { compare } = await import("./compare.mjs");
  await compare(process.argv.slice(2));
  process.exit(0);
}

if (process.env.BENCH_SKIP_BUILD !== "1") {
  log("building");
  execFileSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
}

// ---------------------------------------------------------------------------------------------
// Servers
// ---------------------------------------------------------------------------------------------
function start(args, env, port, probe) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  children.push(child);
  return waitFor(`http://127.0.0.1:${port}${probe}`);
}
async function waitFor(url) {
  for (let i = 0; i < 600; i++) {
    const ok = await new Promise((resolve) => http.get(url, (res) => (res.resume(), resolve(res.statusCode < 500))).on("error", () => resolve(false)));
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`${url} did not come up`);
}
async function stopAll() {
  await Promise.all(
    children.map(
      (c) =>
        new Promise((resolve) => {
          if (c.exitCode !== null) return resolve();
          c.once("exit", resolve);
          c.kill("SIGTERM");
        }),
    ),
  );
  children = [];
}
async function startServers(data) {
  const appEnv = { HOST: "127.0.0.1", DATA_DIR: data.dataDir, SEED: "none", NODE_ENV: "production", SESSION_SECRET: SECRET };
  await start(["build/server.js"], { ...appEnv, PORT: String(APP_PORT), WEB_CONCURRENCY: "1" }, APP_PORT, "/healthz");
  await start(["build/server.js"], { ...appEnv, PORT: String(CLUSTER_PORT), WEB_CONCURRENCY: String(WORKERS) }, CLUSTER_PORT, "/healthz");
  await start(["bench/baseline.mjs", data.dbFile, String(BASE_PORT)], {}, BASE_PORT, "/");
  // The cluster answers once its first worker listens; the others start after it.
  await sleep(3000);
}
const servers = {
  one: `http://127.0.0.1:${APP_PORT}`,
  many: `http://127.0.0.1:${CLUSTER_PORT}`,
  base: `http://127.0.0.1:${BASE_PORT}`,
};

// ---------------------------------------------------------------------------------------------
// Measurements
// ---------------------------------------------------------------------------------------------
async function load(url, connections, headers) {
  await autocannon({ url, connections, duration: 1, headers }); // warm-up
  const r = await autocannon({ url, connections, duration: DURATION, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts };
}

/** Checks that the cookies do what the rows claim (a logged-in buyer, a visitor with one cart line). */
async function checkWho(data) {
  const page = await get(servers.one + "/", { cookie: data.buyerCookie });
  const html = page.body.toString("utf8");
  if (page.headers["x-cache"] === "HIT" || !html.includes(data.buyer.firstName) || !html.includes('action="/logout"')) {
    throw new Error(`the buyer's cookie does not log in (status ${page.status}, X-Cache ${page.headers["x-cache"]})`);
  }
  const cart = (await get(servers.one + "/cart", { cookie: data.visitorCookie })).body.toString("utf8");
  if (cart.includes("Your cart is empty")) throw new Error("the visitor's cart cookie shows an empty cart");
}

async function firstVisit(pathname) {
  const page = await get(servers.one + pathname, { "Accept-Encoding": "gzip" });
  const html = zlib.gunzipSync(page.body).toString("utf8");
  const scripts = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1]);
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  const sizeOf = async (urls) => {
    let total = 0;
    for (const u of new Set(urls)) total += (await get(servers.one + u, { "Accept-Encoding": "gzip" })).body.length;
    return total;
  };
  return { html: page.body.length, js: await sizeOf(scripts), css: await sizeOf(styles), scripts: new Set(scripts).size };
}

/**
 * Median database time (Server-Timing `db`) and whole-request time of 30 sequential requests. Cold: another
 * connection writes before each request, so nothing read from the database can be reused (untilDataChanges).
 */
async function timing(pathname, headers, touch, n = 30) {
  const run = async (cold) => {
    const db = [];
    const total = [];
    for (let i = 0; i < n; i++) {
      if (cold) touch();
      const t0 = performance.now();
      const res = await get(servers.one + pathname, headers);
      total.push(performance.now() - t0);
      const m = /db;dur=([\d.]+)/.exec(res.headers["server-timing"] ?? "");
      if (m) db.push(Number(m[1]));
    }
    const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : NaN);
    return { db: median(db), total: median(total) };
  };
  return { cold: await run(true), warm: await run(false) };
}

/** The first pattern product with a parsed DXF: its page's first visit and its lazy piece preview. */
async function patternPage(dbFile) {
  const pdb = new Database(dbFile, { readonly: true });
  const id = pdb
    .prepare("SELECT p.id FROM products p JOIN pattern_versions v ON v.product_id = p.id WHERE p.type = 'Pattern' AND v.data <> '{}' ORDER BY p.id LIMIT 1")
    .get()?.id;
  pdb.close();
  if (!id) return null;
  const b = await firstVisit(`/product/${id}`);
  const res = await get(`${servers.one}/product/${id}/preview.svg`, { "Accept-Encoding": "gzip" });
  return { id, b, svg: { bytes: res.body.length, encoding: res.headers["content-encoding"] ?? "identity", cacheControl: res.headers["cache-control"] } };
}

// ---------------------------------------------------------------------------------------------
// The runs
// ---------------------------------------------------------------------------------------------
const SEARCH = "/?category1=women&q=dress";
function targetsFor(data, large) {
  const buyer = { cookie: data.buyerCookie };
  const visitorCart = { cookie: data.visitorCookie };
  const rows = large
    ? [
        { name: "explore `/`", who: "buyer", path: "/", headers: buyer, baseline: "/" },
        { name: `search \`${SEARCH}\``, who: "buyer", path: SEARCH, headers: buyer, baseline: SEARCH },
        { name: "JSON `/api/user/products`", who: "visitor", path: "/api/user/products", baselineOf: "/" },
      ]
    : [
        { name: "explore `/`", who: "visitor (HTML cache)", path: "/", baseline: "/" },
        { name: "explore `/`", who: "buyer", path: "/", headers: buyer, baselineOf: "/" },
        { name: `product \`/product/${data.productId}\``, who: "buyer", path: `/product/${data.productId}`, headers: buyer, baseline: `/product/${data.productId}` },
        { name: "cart `/cart`", who: "buyer", path: "/cart", headers: buyer },
        { name: "explore `/`", who: "visitor with a cart", path: "/", headers: visitorCart, baselineOf: "/" },
        { name: "JSON `/api/user/products`", who: "visitor", path: "/api/user/products", baselineOf: "/" },
        { name: "plain Remix page `/terms`", who: "buyer", path: "/terms", headers: buyer, only: [10] },
      ];
  return rows;
}

async function runPhase(products, large) {
  log(`seeding ${products} extra products`);
  const data = await seed(root, products);
  log(`seeded in ${data.seedSeconds.toFixed(1)} s; starting servers`);
  await startServers(data);
  await checkWho(data);
  const loadBefore = load1();
  const rows = [];
  for (const connections of [10, 50]) {
    const baselines = new Map();
    for (const t of targetsFor(data, large)) {
      if (t.only && !t.only.includes(connections)) continue;
      const loadAvg = load1();
      const one = await load(servers.one + t.path, connections, t.headers?.cookie ? { cookie: t.headers.cookie } : undefined);
      const many = await load(servers.many + t.path, connections, t.headers?.cookie ? { cookie: t.headers.cookie } : undefined);
      let base = null;
      if (t.baseline) {
        base = await load(servers.base + t.baseline, connections);
        baselines.set(t.baseline, base);
      } else if (t.baselineOf) base = baselines.get(t.baselineOf) ?? null;
      rows.push({ ...t, connections, one, many, base, baseShared: Boolean(t.baselineOf), loadAvg });
      log(
        `${products} ${t.name} ${t.who} c=${connections}: 1 process ${one.rps.toFixed(0)} req/s p99 ${one.p99} ms; ${WORKERS} processes ${many.rps.toFixed(0)} req/s p99 ${many.p99} ms${base ? `; baseline ${base.rps.toFixed(0)} req/s` : ""} (load ${loadAvg.toFixed(2)})`,
      );
    }
  }
  const buyer = { cookie: data.buyerCookie };
  const writer = new Database(data.dbFile);
  // A real change (SQLite does not count an update that writes the same value).
  const write = writer.prepare("UPDATE sessions SET expires_at = expires_at + 1 WHERE user_agent = 'bench'");
  const touch = () => write.run();
  const timings = {
    "/": await timing("/", buyer, touch),
    [SEARCH]: await timing(SEARCH, buyer, touch),
    "/api/user/products": await timing("/api/user/products", {}, touch),
  };
  writer.close();
  const bytes = large ? null : { "/": await firstVisit("/"), [`/product/${data.productId}`]: await firstVisit(`/product/${data.productId}`) };
  const pattern = large ? null : await patternPage(data.dbFile);
  const loadAfter = load1();
  await stopAll();
  fs.rmSync(data.dataDir, { recursive: true, force: true });
  return { products, data, rows, timings, bytes, pattern, loadBefore, loadAfter };
}

const phases = [await runPhase(SMALL, false)];
if (LARGE > 0) phases.push(await runPhase(LARGE, true));

// ---------------------------------------------------------------------------------------------
// The report
// ---------------------------------------------------------------------------------------------
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ratio = (x, b) => (b ? (x.rps / b.rps).toFixed(2) : "–");
const lines = [];
lines.push("# Browsing benchmark", "");
lines.push(
  `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()} (${(os.totalmem() / 2 ** 30).toFixed(1)} GB), Node ${process.version};`,
  `autocannon ${DURATION} s per cell after a 1 s warm-up; the app, the baseline and the load generator share the machine.`,
  `"1 process" is build/server.js with WEB_CONCURRENCY=1 (the default), "${WORKERS} processes" the same build with WEB_CONCURRENCY=${WORKERS} (node:cluster).`,
  "The baseline is plain node:http with the same SQL and an HTML string template (bench/baseline.mjs); JSON rows are compared with the baseline's explore page.",
  "Load is the 1-minute load average when the row started: the load generator and the servers themselves keep it near 2-3 on these 2 cores; above ~4 other work shared the machine and the numbers are low.",
  "",
);
for (const p of phases) {
  lines.push(
    `## ${p.products.toLocaleString("en-US")} extra products (${p.data.productCount.toLocaleString("en-US")} in the database, seeded in ${p.data.seedSeconds.toFixed(0)} s)`,
    "",
    `Load average (1 min) before ${p.loadBefore.toFixed(2)}, after ${p.loadAfter.toFixed(2)}.`,
    "",
  );
  lines.push(
    `| Page | Who | Conns | 1 process req/s | p50 | p99 | ${WORKERS} processes req/s | p50 | p99 | Baseline req/s | p50 | p99 | 1 process / baseline | ${WORKERS} processes / baseline | Errors | Load |`,
  );
  lines.push("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of p.rows) {
    const b = r.base;
    const baseCells = b && !r.baseShared ? `${b.rps.toFixed(0)} | ${b.p50} ms | ${b.p99} ms` : b ? `(${b.rps.toFixed(0)}) | – | –` : "– | – | –";
    lines.push(
      `| ${r.name} | ${r.who} | ${r.connections} | ${r.one.rps.toFixed(0)} | ${r.one.p50} ms | ${r.one.p99} ms | ${r.many.rps.toFixed(0)} | ${r.many.p50} ms | ${r.many.p99} ms | ${baseCells} | ${ratio(r.one, b)} | ${ratio(r.many, b)} | ${r.one.errors + r.many.errors + (r.baseShared ? 0 : b?.errors ?? 0)} | ${r.loadAvg.toFixed(1)} |`,
    );
  }
  lines.push(
    "",
    "Database time (Server-Timing `db`, median of 30 sequential requests to 1 process; pages as the logged-in buyer). Cold: another connection wrote just before each request, so the catalogue was read afresh; warm: unchanged data, the page is reused (untilDataChanges):",
    "",
  );
  lines.push("| Path | Database, cold | Whole request, cold | Database, warm | Whole request, warm |", "|---|---:|---:|---:|---:|");
  for (const [path_, t] of Object.entries(p.timings)) {
    lines.push(`| \`${path_}\` | ${t.cold.db.toFixed(2)} ms | ${t.cold.total.toFixed(1)} ms | ${t.warm.db.toFixed(2)} ms | ${t.warm.total.toFixed(1)} ms |`);
  }
  if (p.bytes) {
    lines.push("", "First visit (a visitor), gzipped:", "");
    lines.push("| Page | HTML | JavaScript (files) | CSS | Budget |", "|---|---:|---:|---:|---|");
    for (const [path_, b] of Object.entries(p.bytes)) {
      const ok = b.html <= 14 * 1024 && b.js <= 100 * 1024 && b.css <= 15 * 1024;
      lines.push(`| \`${path_}\` | ${kb(b.html)} | ${kb(b.js)} (${b.scripts}) | ${kb(b.css)} | ${ok ? "within" : "OVER"} (14 / 100 / 15 KB) |`);
    }
  }
  lines.push("");
}

// Targets of issue 11, judged on the multi-process figures (and the single process for reference).
const small = phases[0];
const find = (p, pred, c) => p.rows.find((r) => r.connections === c && pred(r));
const mark = (ok) => (ok ? "met" : "MISSED");
lines.push("## Targets (issue 11)", "");
for (const [label, pred] of [
  ["explore (buyer)", (r) => r.who === "buyer" && r.path === "/"],
  ["product (buyer)", (r) => r.who === "buyer" && r.path.startsWith("/product/")],
]) {
  const r10 = find(small, pred, 10);
  const r50 = find(small, pred, 50);
  for (const [key, procs] of [
    ["many", `${WORKERS} processes`],
    ["one", "1 process"],
  ]) {
    const x10 = r10[key];
    const x50 = r50[key];
    const q = x10.rps / r10.base.rps;
    lines.push(
      `- ${label}, ${procs}: ${q.toFixed(2)} of the baseline at 10 connections (≥ 0.15: ${mark(q >= 0.15)}), p99 ${x10.p99} ms (< 100: ${mark(x10.p99 < 100)}); at 50 p99 ${x50.p99} ms (< 500: ${mark(x50.p99 < 500)}), ${x50.errors} errors.`,
    );
  }
}
const json10 = find(small, (r) => r.path === "/api/user/products", 10);
const json50 = find(small, (r) => r.path === "/api/user/products", 50);
for (const [key, procs] of [
  ["many", `${WORKERS} processes`],
  ["one", "1 process"],
]) {
  const q = json10[key].rps / json10.base.rps;
  lines.push(
    `- JSON listing, ${procs}: ${q.toFixed(2)} of the baseline explore at 10 connections (≥ 0.5: ${mark(q >= 0.5)}); p99 at 50 ${json50[key].p99} ms (< 300: ${mark(json50[key].p99 < 300)}).`,
  );
}
const large = phases[1];
if (large) {
  for (const pathname of ["/", SEARCH]) {
    const t = large.timings[pathname];
    lines.push(
      `- ${large.data.productCount.toLocaleString("en-US")} products, \`${pathname}\`: ${t.cold.db.toFixed(2)} ms of database time read afresh, ${t.warm.db.toFixed(2)} ms reused (< 10 ms: ${mark(t.cold.db < 10)}).`,
    );
  }
  for (const [label, pathname] of [
    ["explore (buyer)", "/"],
    ["JSON listing", "/api/user/products"],
  ]) {
    const a = find(small, (r) => r.path === pathname && (r.who === "buyer" || pathname.startsWith("/api/")), 10);
    const b = find(large, (r) => r.path === pathname, 10);
    const qa = a.many.rps / a.base.rps;
    const qb = b.many.rps / b.base.rps;
    lines.push(
      `- ${label} at 10 connections, ${WORKERS} processes: ${qb.toFixed(2)} of the baseline at ${large.data.productCount.toLocaleString("en-US")} products against ${qa.toFixed(2)} at ${small.data.productCount.toLocaleString("en-US")} (within 20 %: ${mark(qb >= qa * 0.8)}).`,
    );
  }
}
lines.push(`- Bench wall time: ${((Date.now() - started) / 1000).toFixed(0)} s.`);

// Pattern files (issue 12): the pattern product page's first visit and its preview (measured in the first
// phase, while its servers ran), then bench/patterns.ts's table.
if (small.pattern) {
  const { id, b, svg } = small.pattern;
  lines.push("", "## Pattern product page, first visit, gzipped", "");
  lines.push(
    `- \`/product/${id}\`: HTML ${kb(b.html)} (${b.html <= 14 * 1024 ? "within" : "OVER"} the 14 KB budget), JavaScript ${kb(b.js)}, CSS ${kb(b.css)}; the lazy piece preview ${kb(svg.bytes)} (${svg.encoding}, ${svg.cacheControl}).`,
  );
}
try {
  const out = execFileSync(path.join(root, "node_modules", ".bin", "tsx"), ["bench/patterns.ts"], { cwd: root, encoding: "utf8" });
  lines.push("", out.trim().replace(/^### /m, "## "));
} catch (error) {
  lines.push("", "## Pattern files", "", `bench/patterns.ts failed or missed a target: ${String(error.stdout ?? error.message).trim()}`);
}

// Pattern work under load (issue 18): bench/pattern-load.ts on its own server and scratch data.
try {
  execFileSync(path.join(root, "node_modules", ".bin", "tsx"), ["bench/pattern-load.ts"], { cwd: root, stdio: "inherit" });
  lines.push("", fs.readFileSync(path.join(root, "bench", "PATTERN-LOAD.md"), "utf8").trim());
} catch (error) {
  lines.push("", "## Pattern work under load (issue 18)", "", `bench/pattern-load.ts failed: ${String(error.message).trim()}`);
}

// Valid big patterns beside the shop (issue 34, item 2): bench/big-patterns.ts on its own server and scratch data.
try {
  execFileSync(path.join(root, "node_modules", ".bin", "tsx"), ["bench/big-patterns.ts"], { cwd: root, stdio: "inherit" });
  lines.push("", fs.readFileSync(path.join(root, "bench", "BIG-PATTERNS.md"), "utf8").trim());
} catch (error) {
  lines.push("", "## Valid big patterns beside the shop (issue 34, item 2)", "", `bench/big-patterns.ts failed: ${String(error.message).trim()}`);
}

// Administration (issue 13): bench/admin.ts on its own scratch database of 100,000 orders and 10,000 users.
try {
  execFileSync(path.join(root, "node_modules", ".bin", "tsx"), ["bench/admin.ts"], { cwd: root, stdio: "inherit", env: { ...process.env, ADMIN_BENCH_SKIP_BUILD: "1" } });
  const admin = fs.readFileSync(path.join(root, "bench", "ADMIN-RESULTS.md"), "utf8").trim();
  lines.push("", admin.replace(/^# Admin benchmark/m, "## Administration (issue 13)"));
} catch (error) {
  lines.push("", "## Administration (issue 13)", "", `bench/admin.ts failed: ${String(error.message).trim()}`);
}

// Cutting layouts (issue 25): bench/layout.ts, in-process, on the real CAD exports of tests/fixtures/cad-dxf.
try {
  execFileSync(path.join(root, "node_modules", ".bin", "tsx"), ["bench/layout.ts"], { cwd: root, stdio: "inherit" });
  lines.push("", fs.readFileSync(path.join(root, "bench", "LAYOUT-RESULTS.md"), "utf8").trim());
} catch (error) {
  lines.push("", "## Cutting layouts (issue 25)", "", `bench/layout.ts failed: ${String(error.message).trim()}`);
}

// The hand-written reading of the numbers (bench/NOTES.md) follows the generated tables.
const notes = path.join(root, "bench", "NOTES.md");
if (fs.existsSync(notes)) lines.push("", fs.readFileSync(notes, "utf8").trim());
fs.writeFileSync(path.join(root, "bench", "RESULTS.md"), lines.join("\n") + "\n");
console.log("\n" + lines.join("\n"));
process.exit(0);
