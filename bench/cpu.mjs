// CPU time per request, the figure least disturbed by other work on the machine: `node bench/cpu.mjs`.
// Seeds a scratch database (BENCH_PRODUCTS, 10000), starts build/server.js (one process, as deployed) and the
// baseline, sends CPU_REQUESTS (1000) requests per path with autocannon (4 connections) and reads each
// server's user+system CPU time from /proc before and after. Build first (npm run build).
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

import autocannon from "autocannon";

import { SECRET, seed } from "./fixtures.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const AMOUNT = Number(process.env.CPU_REQUESTS ?? 1000);
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 4321);
const BASE_PORT = Number(process.env.BENCH_BASELINE_PORT ?? 4322);
const TICK_MS = 1000 / 100; // USER_HZ

const data = await seed(root, PRODUCTS);
const children = [];
process.on("exit", () => children.forEach((c) => c.kill("SIGTERM")));
async function start(args, env, port, probe) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  children.push(child);
  for (let up = false; !up; await sleep(200)) {
    up = await new Promise((resolve) => http.get(`http://127.0.0.1:${port}${probe}`, (res) => (res.resume(), resolve(true))).on("error", () => resolve(false)));
  }
  return child.pid;
}
const cpuMs = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};
const appPid = await start([process.env.APP_ENTRY ?? "build/server.js"], { WEB_CONCURRENCY: "1", SUPERVISE: "off", PORT: String(APP_PORT), HOST: "127.0.0.1", DATA_DIR: data.dataDir, SEED: "none", NODE_ENV: "production", SESSION_SECRET: SECRET }, APP_PORT, "/healthz");
const basePid = await start(["bench/baseline.mjs", data.dbFile, String(BASE_PORT)], {}, BASE_PORT, "/");

async function measure(pid, url, headers) {
  await autocannon({ url, connections: 4, amount: 100, headers });
  const before = cpuMs(pid);
  const r = await autocannon({ url, connections: 4, amount: AMOUNT, headers });
  return { ms: (cpuMs(pid) - before) / AMOUNT, errors: r.errors + r.non2xx };
}
const buyer = { cookie: data.buyerCookie };
const rows = [
  ["explore `/`", "buyer", "/", buyer, "/"],
  ["search `/?category1=women&q=dress`", "buyer", "/?category1=women&q=dress", buyer, "/?category1=women&q=dress"],
  [`product \`/product/${data.productId}\``, "buyer", `/product/${data.productId}`, buyer, `/product/${data.productId}`],
  ["cart `/cart`", "buyer", "/cart", buyer, null],
  ["explore `/`", "visitor with a cart", "/", { cookie: data.visitorCookie }, null],
  ["explore `/`", "visitor (HTML cache)", "/", undefined, null],
  ["JSON `/api/user/products`", "visitor", "/api/user/products", undefined, null],
  ["plain Remix page `/terms`", "buyer", "/terms", buyer, null],
];
const out = [
  `CPU time per request (user + system of the server process, ${AMOUNT} requests at 4 connections, ${data.productCount} products, load average ${os.loadavg()[0].toFixed(1)} at the start):`,
  "",
  "| Page | Who | App | Baseline | App / baseline |",
  "|---|---|---:|---:|---:|",
];
const baseExplore = await measure(basePid, `http://127.0.0.1:${BASE_PORT}/`);
for (const [name, who, p, headers, basePath] of rows) {
  const app = await measure(appPid, `http://127.0.0.1:${APP_PORT}${p}`, headers);
  const base = basePath === "/" ? baseExplore : basePath ? await measure(basePid, `http://127.0.0.1:${BASE_PORT}${basePath}`) : null;
  const ref = base ?? (p.startsWith("/api/") ? baseExplore : null);
  out.push(`| ${name} | ${who} | ${app.ms.toFixed(2)} ms | ${ref ? `${ref.ms.toFixed(2)} ms${base ? "" : " (explore)"}` : "–"} | ${ref ? (app.ms / ref.ms).toFixed(1) : "–"} |`);
}
out.push("", `Load average at the end ${os.loadavg()[0].toFixed(1)}.`);
console.log(out.join("\n"));
fs.rmSync(data.dataDir, { recursive: true, force: true });
process.exit(0);
