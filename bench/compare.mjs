// `npm run bench -- --base <commit>`: the request path of a named commit beside the working tree, in one run.
//
// Checks the base commit out into bench/.scratch/trees/<sha> (a git worktree), installs its dependencies (a link to
// this tree's node_modules when the lock files are the same, `npm ci` otherwise) and builds it, once per commit.
// Builds the working tree. Seeds each tree its own scratch database with its own bench/seed.ts and migrations (the
// same catalogue: the seed is deterministic), and logs the same buyer in on each. Starts each built app as one
// process, plus a server that answers each page's exact bytes from memory (what the machine gives at all at that
// moment). Then, for a few rounds, every page on both apps in turn (the order alternating each round) with
// autocannon at 10 connections, and prints the medians: each page's rate and p99 on both, their ratio, and each
// rate as a share of the memory server's rate for the same bytes (which takes out how busy the machine was).
//
// Options (or environment): --base REV (BENCH_BASE), --rounds N (BENCH_ROUNDS, 3), --seconds S (BENCH_SECONDS, 8),
// --products N (BENCH_PRODUCTS, 10000), --connections N (BENCH_CONNECTIONS, 10), --pages explore,product (BENCH_PAGES:
// only those rows), --skip-build (BENCH_SKIP_BUILD=1: the working tree's build/ as it is). Writes bench/COMPARE.md as well as printing the table.
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

import autocannon from "autocannon";

import { get, SECRET, seed } from "./fixtures.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const log = (...args) => console.log("[bench]", ...args);

function options(argv) {
  const arg = (name, env, fallback) => {
    const i = argv.indexOf(`--${name}`);
    if (i >= 0 && argv[i + 1] && !argv[i + 1].startsWith("--")) return argv[i + 1];
    return process.env[env] ?? fallback;
  };
  const number = (name, env, fallback) => {
    const value = Number(arg(name, env, fallback));
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
    return value;
  };
  return {
    base: arg("base", "BENCH_BASE", null),
    rounds: number("rounds", "BENCH_ROUNDS", 3),
    seconds: number("seconds", "BENCH_SECONDS", 8),
    products: number("products", "BENCH_PRODUCTS", 10_000),
    connections: number("connections", "BENCH_CONNECTIONS", 10),
    skipBuild: argv.includes("--skip-build") || process.env.BENCH_SKIP_BUILD === "1",
    /** Only the pages whose name contains one of these words (comma-separated), e.g. `explore,product`. */
    pages: arg("pages", "BENCH_PAGES", "")
      .split(",")
      .map((w) => w.trim().toLowerCase())
      .filter(Boolean),
  };
}

const git = (...args) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
const hashOf = (file) => (fs.existsSync(file) ? crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex") : "none");

/** The base commit's tree, installed and built (each step once per commit; a marker file says it finished). */
export function prepareBase(rev) {
  const sha = git("rev-parse", "--verify", `${rev}^{commit}`);
  const dir = path.join(root, "bench", ".scratch", "trees", sha.slice(0, 12));
  if (!fs.existsSync(path.join(dir, ".git"))) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    git("worktree", "prune");
    log(`checking out ${sha.slice(0, 12)} into ${path.relative(root, dir)}`);
    git("worktree", "add", "--detach", dir, sha);
  }
  const ready = path.join(dir, ".bench-ready");
  if (fs.existsSync(ready)) return { name: sha.slice(0, 7), dir };
  const modules = path.join(dir, "node_modules");
  fs.rmSync(modules, { recursive: true, force: true });
  if (hashOf(path.join(dir, "package-lock.json")) === hashOf(path.join(root, "package-lock.json"))) {
    log("same lock file: linking node_modules");
    fs.symlinkSync(path.join(root, "node_modules"), modules, "dir");
  } else {
    log(`installing ${sha.slice(0, 7)}'s dependencies (npm ci)`);
    execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: dir, stdio: "inherit" });
  }
  log(`building ${sha.slice(0, 7)}`);
  execFileSync("npm", ["run", "build", "--silent"], { cwd: dir, stdio: "inherit" });
  fs.writeFileSync(ready, `${sha}\n`);
  return { name: sha.slice(0, 7), dir };
}

let children = [];
process.on("exit", () => children.forEach((c) => c.kill("SIGTERM")));
process.on("SIGINT", () => process.exit(130));

async function waitFor(url) {
  for (let i = 0; i < 600; i++) {
    const ok = await get(url).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`${url} did not come up`);
}

async function startApp(tree, data, port) {
  const child = spawn(process.execPath, ["build/server.js"], {
    cwd: tree.dir,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), DATA_DIR: data.dataDir, SEED: "none", NODE_ENV: "production", SESSION_SECRET: SECRET, WEB_CONCURRENCY: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  await waitFor(`http://127.0.0.1:${port}/healthz`);
  return `http://127.0.0.1:${port}`;
}

/** Answers each registered path with the exact status, type and body it was given, from memory. */
function startMemoryServer(port) {
  const pages = new Map();
  const server = http.createServer((req, res) => {
    const page = pages.get(req.url);
    if (!page) return res.writeHead(404).end();
    res.writeHead(page.status, { "Content-Type": page.type, "Content-Length": page.body.length });
    res.end(page.body);
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        add(key, page) {
          pages.set(key, page);
          return key;
        },
        close: () => new Promise((r) => server.close(r)),
      }),
    ),
  );
}

/** The pages compared: a logged-in buyer on explore and a product, a visitor on the JSON listing, a plain page. */
function pagesOf(data) {
  const buyer = { cookie: data.buyerCookie };
  return [
    { name: "explore `/`", who: "buyer", path: "/", headers: buyer },
    { name: `product \`/product/${data.productId}\``, who: "buyer", path: `/product/${data.productId}`, headers: buyer },
    { name: "cart `/cart`", who: "buyer", path: "/cart", headers: buyer },
    { name: "JSON `/api/user/products`", who: "visitor", path: "/api/user/products", headers: {} },
    { name: "plain page `/terms`", who: "buyer", path: "/terms", headers: buyer },
  ];
}

async function load(url, headers, opts) {
  await autocannon({ url, connections: opts.connections, duration: 1, headers }); // warm-up
  const r = await autocannon({ url, connections: opts.connections, duration: opts.seconds, headers });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export async function compare(argv) {
  const opts = options(argv);
  if (!opts.base) throw new Error("usage: npm run bench -- --base <commit> [--rounds 3] [--seconds 8]");
  const base = prepareBase(opts.base);
  const head = { name: `working tree (${git("rev-parse", "--short", "HEAD")}${git("status", "--porcelain", "--untracked-files=no") ? "+changes" : ""})`, dir: root };
  if (!opts.skipBuild) {
    log("building the working tree");
    execFileSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  }
  const trees = [base, head];
  for (const tree of trees) {
    log(`seeding ${tree.name}: ${opts.products} extra products`);
    tree.data = await seed(tree.dir, opts.products);
  }
  if (trees[0].data.productId !== trees[1].data.productId) log(`note: the product rows differ (${trees.map((t) => t.data.productId).join(" and ")})`);
  trees[0].url = await startApp(trees[0], trees[0].data, 4331);
  trees[1].url = await startApp(trees[1], trees[1].data, 4332);
  const memory = await startMemoryServer(4333);

  // Every page answers 200 on both, the buyer is logged in on both, and the memory server holds each one's bytes.
  const rows = pagesOf(trees[1].data)
    .map((page, i) => ({ ...page, i, runs: trees.map(() => []), memory: trees.map(() => []) }))
    .filter((row) => !opts.pages.length || opts.pages.some((w) => row.name.toLowerCase().includes(w)));
  for (const row of rows) {
    row.paths = trees.map((t) => pagesOf(t.data)[row.i].path);
    row.headersOf = trees.map((t) => pagesOf(t.data)[row.i].headers);
    row.bytes = [];
    row.memoryKey = [];
    for (const [k, tree] of trees.entries()) {
      const res = await get(tree.url + row.paths[k], row.headersOf[k]);
      if (res.status !== 200) throw new Error(`${tree.name} ${row.paths[k]} answered ${res.status}`);
      if (row.who === "buyer" && res.headers["content-type"]?.includes("html") && !res.body.includes(`action="/logout"`)) {
        throw new Error(`${tree.name}: the buyer is not logged in on ${row.paths[k]}`);
      }
      row.bytes.push(res.body.length);
      row.memoryKey.push(memory.add(`/${k}${row.paths[k]}`, { status: 200, type: res.headers["content-type"] ?? "text/html", body: res.body }));
    }
  }

  const started = Date.now();
  for (let round = 0; round < opts.rounds; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    log(`round ${round + 1} of ${opts.rounds} (load ${os.loadavg()[0].toFixed(1)})`);
    for (const row of rows) {
      for (const k of order) {
        row.runs[k].push(await load(trees[k].url + row.paths[k], row.headersOf[k], opts));
        row.memory[k].push((await load(memory.url + row.memoryKey[k], {}, opts)).rps);
      }
    }
  }
  await memory.close();
  children.forEach((c) => c.kill("SIGTERM"));
  children = [];

  const fmt = (n) => Math.round(n).toLocaleString("en-US");
  const lines = [
    `| Page | ${base.name}: req/s, p99 | ${head.name}: req/s, p99 | ratio | share of memory, ${base.name} → now | errors |`,
    "|---|---:|---:|---:|---:|---:|",
  ];
  for (const row of rows) {
    const [b, h] = row.runs.map((runs) => ({ rps: median(runs.map((r) => r.rps)), p99: median(runs.map((r) => r.p99)), errors: runs.reduce((n, r) => n + r.errors, 0) }));
    const [mb, mh] = row.memory.map(median);
    lines.push(
      `| ${row.name} (${row.who}) | ${fmt(b.rps)}, ${fmt(b.p99)} ms | ${fmt(h.rps)}, ${fmt(h.p99)} ms | **${(h.rps / b.rps).toFixed(2)}x** | ${(b.rps / mb).toFixed(3)} → ${(h.rps / mh).toFixed(3)} (${((h.rps / mh) / (b.rps / mb)).toFixed(2)}x) | ${b.errors + h.errors} |`,
    );
  }
  const report = [
    `## ${base.name} against the ${head.name}`,
    "",
    `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${os.cpus().length} cores, Node ${process.version}. One process each, ${opts.connections} connections,`,
    `${opts.seconds} s per run after 1 s of warm-up, median of ${opts.rounds} interleaved rounds (${Math.round((Date.now() - started) / 1000)} s); ${opts.products} extra products.`,
    `"Share of memory": the rate as a share of a plain server's rate for the same bytes, measured beside it (the machine's own noise taken out).`,
    "",
    ...lines,
    "",
  ].join("\n");
  console.log(`\n${report}`);
  fs.writeFileSync(path.join(root, "bench", "COMPARE.md"), `${report}\n`);
  for (const tree of trees) fs.rmSync(tree.data.dataDir, { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await compare(process.argv.slice(2));
  process.exit(0);
}
