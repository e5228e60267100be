// CPU profile of the built app under load: `node bench/profile.mjs [path ...]` (default: explore and a
// product page as the logged-in buyer). Seeds a scratch database (BENCH_PRODUCTS, 10000), runs
// build/server.js as one process under `node --cpu-prof`, loads each path with autocannon (PROFILE_SECONDS,
// 10 s, PROFILE_CONNECTIONS, 10), stops the server and prints the self time by area and the top functions.
// PROFILE_WHO=visitor loads without cookies (and with HTML_CACHE_SECONDS=0). Build first (npm run build).
// BENCH_ROOT=<a built tree> profiles that tree (its own seed and build) instead of this one.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

import autocannon from "autocannon";

import { SECRET, seed } from "./fixtures.mjs";

// BENCH_ROOT: another built tree to profile (the base of `npm run bench -- --base`, bench/.scratch/trees/<sha>).
const root = path.resolve(process.env.BENCH_ROOT ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_APP_PORT ?? 4321);
const who = process.env.PROFILE_WHO ?? "buyer";

const data = await seed(root, PRODUCTS);
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/", `/product/${data.productId}`];
const profDir = path.join(data.dataDir, "profile");
const spawnedAt = Date.now();
const child = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${profDir}`, "build/server.js"], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: data.dataDir, SEED: "none", NODE_ENV: "production", SESSION_SECRET: SECRET, HTML_CACHE_SECONDS: "0", WEB_CONCURRENCY: "1", SUPERVISE: "off" },
  stdio: ["ignore", "ignore", "inherit"],
});
for (let up = false; !up; await sleep(200)) {
  up = await new Promise((resolve) => http.get(`http://127.0.0.1:${PORT}/healthz`, (res) => (res.resume(), resolve(true))).on("error", () => resolve(false)));
}
const headers = who === "buyer" ? { cookie: data.buyerCookie } : who === "cart" ? { cookie: data.visitorCookie } : undefined;
// Warm-up (PROFILE_WARMUP seconds, 3): module loading, compilation and the first reads are left out of the figures.
const WARMUP = Number(process.env.PROFILE_WARMUP ?? 3);
for (const p of paths) await autocannon({ url: `http://127.0.0.1:${PORT}${p}`, connections: CONNECTIONS, duration: WARMUP / paths.length, headers });
const measuredFrom = (Date.now() - spawnedAt) * 1000;
const results = [];
let served = 0;
for (const p of paths) {
  const r = await autocannon({ url: `http://127.0.0.1:${PORT}${p}`, connections: CONNECTIONS, duration: SECONDS, headers });
  served += r.requests.total;
  results.push(`${p}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.non2xx + r.errors} errors`);
}
await new Promise((resolve) => {
  child.once("exit", resolve);
  child.kill("SIGTERM");
});

const file = fs.readdirSync(profDir).find((f) => f.endsWith(".cpuprofile"));
const profile = JSON.parse(fs.readFileSync(path.join(profDir, file), "utf8"));
fs.mkdirSync(path.join(root, "bench", ".scratch"), { recursive: true });
fs.copyFileSync(path.join(profDir, file), path.join(root, "bench", ".scratch", "last.cpuprofile"));

// Self time per node from the samples.
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map();
// Samples taken before the warm-up ended are dropped (the profile starts with the process).
{
  let at = 0;
  profile.timeDeltas.forEach((delta, i) => {
    at += delta;
    if (at < measuredFrom) profile.timeDeltas[i] = 0;
  });
}
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

function area(frame) {
  const url = frame.url ?? "";
  const fn = frame.functionName;
  if (fn === "(idle)") return "idle";
  if (fn === "(garbage collector)") return "garbage collection";
  if (fn === "(program)") return "program (V8, native)";
  if (/react-dom/.test(url)) return "React rendering (react-dom/server)";
  if (/@remix-run\/router/.test(url)) return "route matching and data router (@remix-run/router)";
  if (/turbo-stream/.test(url)) return "serialisation (turbo-stream)";
  if (/@remix-run\/react/.test(url)) return "Remix components (@remix-run/react)";
  if (/@remix-run\/(server-runtime|node|express)/.test(url)) return "Remix server runtime";
  if (/\/react\//.test(url)) return "React (hooks, elements)";
  if (/compression|zlib/.test(url) || /zlib/.test(fn)) return "compression (gzip)";
  if (/helmet/.test(url)) return "helmet";
  if (/node_modules\/(express|body-parser|send|finalhandler|router|path-to-regexp|qs|on-finished|serve-static|accepts|negotiator|mime|type-is|content-type|cookie|proxy-addr|fresh|etag|range-parser|parseurl|depd|encodeurl|escape-html|vary|statuses|safe-buffer)\//.test(url)) return "Express";
  if (/better-sqlite3|drizzle-orm/.test(url)) return "database (drizzle, better-sqlite3)";
  if (/\/build\/server\/index\.js/.test(url)) return "app code (routes, components, loaders)";
  if (/\/build\/app\.js/.test(url)) return "server.ts (middleware, HTML cache)";
  if (/zod/.test(url)) return "zod";
  if (/^node:|internal\//.test(url) || url === "") return "Node (HTTP, streams, crypto, natives)";
  return `other (${url.replace(/.*node_modules\//, "").split("/")[0]})`;
}
const areas = new Map();
const fns = new Map();
let total = 0;
let idle = 0;
for (const [id, t] of self) {
  const n = byId.get(id);
  const a = area(n.callFrame);
  if (a === "idle") {
    idle += t;
    continue;
  }
  total += t;
  areas.set(a, (areas.get(a) ?? 0) + t);
  const key = `${n.callFrame.functionName || "(anonymous)"} ${(n.callFrame.url ?? "").replace(/.*node_modules\//, "").replace(/^file:\/\/.*\/build\//, "build/")}:${n.callFrame.lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + t);
}
// Inclusive time of a few named functions (each sample counted once per function).
const MARKERS = ["matchRoutes", "flattenRoutes", "rankRouteBranches", "renderToPipeableStream", "encode", "loader", "handleDocumentRequest", "handleResourceRequest", "getViewer", "getSessionViewer", "getUser", "getCookieSession", "parse", "unsign", "listProducts", "readPage", "compression", "helmetMiddleware", "sendRemixResponse", "createRemixRequest"];
const inclusive = new Map();
profile.samples.forEach((id, i) => {
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const f = byId.get(cur).callFrame;
    const name = f.functionName;
    if (MARKERS.includes(name)) {
      const key = `${name} ${(f.url ?? "").replace(/.*node_modules\//, "").replace(/^file:\/\/.*\/build\//, "build/")}:${f.lineNumber + 1}`;
      if (!seen.has(key)) {
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
      }
    }
  }
});
const pct = (t) => `${((100 * t) / total).toFixed(1)} %`;
const perRequest = (t) => `${(t / 1000 / Math.max(1, served)).toFixed(2)} ms`;
const out = [];
out.push(
  `Load (${who}, ${CONNECTIONS} connections): ${results.join("; ")}`,
  `Busy CPU ${(total / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s, ${served} requests: ${perRequest(total)} of CPU per request`,
  "",
  "| Area (self time) | Share of busy CPU | Per request |",
  "|---|---:|---:|",
);
for (const [a, t] of [...areas].sort((x, y) => y[1] - x[1])) if (t / total >= 0.002) out.push(`| ${a} | ${pct(t)} | ${perRequest(t)} |`);
out.push("", "| Function (self time) | Share | Per request |", "|---|---:|---:|");
for (const [f, t] of [...fns].sort((x, y) => y[1] - x[1]).slice(0, 25)) out.push(`| \`${f}\` | ${pct(t)} | ${perRequest(t)} |`);
out.push("", "| Function (inclusive) | Share | Per request |", "|---|---:|---:|");
for (const [f, t] of [...inclusive].sort((x, y) => y[1] - x[1]).slice(0, 25)) if (t / total >= 0.002) out.push(`| \`${f}\` | ${pct(t)} | ${perRequest(t)} |`);
console.log(out.join("\n"));
fs.rmSync(data.dataDir, { recursive: true, force: true });
