// Browsing and uploads while cutting layouts improve in the background (issue 47): `npx tsx bench/improve-load.ts`
// (build first). Two servers from build/server.js as `npm start` runs it (supervised, one worker, the demo seed, each
// on its own scratch DATA_DIR, layout warming off): "idle" with LAYOUT_IMPROVE_SECONDS=0, "improving" with it at its
// default (30), where the layouts of every size of a 15-size pattern are asked for through the JSON call, which queues
// their improvement (15 × 30 s of the background lane, more than the bench lasts). Phases alternate, idle then
// improving, IMPROVE_LOAD_ROUNDS times, in one window, so whatever else loads the machine is under both: while one
// server is measured the other is stopped (SIGSTOP of its process group), so the improvement runs only in its own
// phases. Each phase: a logged-in buyer's explore page `/` (autocannon, 10 connections, IMPROVE_LOAD_SECONDS), then
// one upload of a 6 MB 900-piece pattern, timed. The background lane's CPU seconds in the phase (the server's threads
// at nice 19) show the improvement ran. Target: p99 improving at most twice the idle p99 beside it, uploads within
// 15 s. Writes bench/IMPROVE-LOAD.md; logs each phase's CPU seconds per thread (name@nice). IMPROVE_LOAD_BUSY_SECONDS=0
// makes the second server idle too: an A/A control of the two servers. IMPROVE_LOAD_PLAN=1: the second server also
// makes a cut plan (issue 48) of the pattern, every size × 5, started before the first phase; its progress at the end
// is reported (IMPROVE_LOAD_OUT: the results' file name in bench/).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

import autocannon from "autocannon";
import Database from "better-sqlite3";

import { DEFAULT_SIZES, makeAstmDxf } from "../app/models/patterns/demo.server";
import { addSession, patternForm, serverPids, sessionCookie } from "./server-helpers";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SECONDS = Number(process.env.IMPROVE_LOAD_SECONDS ?? 15);
const ROUNDS = Number(process.env.IMPROVE_LOAD_ROUNDS ?? 3);
const PORT = Number(process.env.IMPROVE_LOAD_PORT ?? 4341);
const SECRET = "improve-load-secret-0123456789";
const log = (...args: unknown[]) => console.log("[improve-load]", ...args);

const scratch = path.join(root, "bench", ".scratch", `improve-load-${Date.now()}`);
const servers: ChildProcess[] = [];
// Stopped (SIGSTOP) servers would keep a pending SIGTERM: continued first, and their whole process groups ended.
process.on("exit", () =>
  servers.forEach((s) => {
    try {
      process.kill(-s.pid!, "SIGCONT");
      process.kill(-s.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  }),
);

/** CPU seconds of each of a server's threads, by name and nice value ("name@nice"). */
function threadCpu(server: ChildProcess): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of serverPids(server.pid!)) {
    let tids: string[] = [];
    try {
      tids = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
        const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const key = `${name}@${f[16]}`;
        out.set(key, (out.get(key) ?? 0) + (Number(f[11]) + Number(f[12])) / 100);
      } catch {
        // a thread that ended
      }
    }
  }
  return out;
}

/** CPU seconds of a server's threads at nice 19 (the background lane). */
function backgroundCpu(server: ChildProcess): number {
  let sum = 0;
  for (const [key, seconds] of threadCpu(server)) if (key.endsWith("@19")) sum += seconds;
  return sum;
}

type Server = { name: string; proc: ChildProcess; base: string; cookie: string; seller: string; productId: number };

async function start(name: string, port: number, improveSeconds: string): Promise<Server> {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(scratch, name);
  fs.mkdirSync(dataDir, { recursive: true });
  const proc = spawn(process.execPath, ["build/server.js"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", SESSION_SECRET: SECRET, WEB_CONCURRENCY: "1", LAYOUT_WARMING: "off", LAYOUT_IMPROVE_SECONDS: improveSeconds },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  servers.push(proc);
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/healthz`).then((r) => r.ok).catch(() => false)) break;
    if (i > 300) throw new Error(`${name}: the server did not come up`);
    await sleep(200);
  }
  const db = new Database(path.join(dataDir, "marketplace.db"));
  db.pragma("busy_timeout = 5000");
  const now = Date.now();
  const session = (userId: number) => addSession(db, userId);
  // eslint-disable-next-line no-restricted-syntax -- the benchmark reads the SQLite file through better-sqlite3
  const buyer = db.prepare("SELECT id FROM users WHERE email = 'buyer@patternhouse.test'").get() as { id: number };
  const { id: sellerId } = db
    .prepare(
      "INSERT INTO users (email, password_hash, first_name, last_name, phone, street, city, state, postal_code, country, created_at) VALUES ('improve-seller@bench.test', 'x', 'Load', 'Seller', '+1 555 0100', '1 Main St', 'Austin', 'TX', '73301', 'US', ?) RETURNING id",
    )
    .get(now) as { id: number };
  db.prepare("INSERT INTO stores (user_id, name, bio) VALUES (?, 'Improve Atelier', 'Load')").run(sellerId);
  const seller = session(sellerId);
  const buyerToken = session(buyer.id);
  db.close();
  const server: Server = { name, proc, base, cookie: await sessionCookie(buyerToken, SECRET), seller, productId: 0 };
  const graded = await upload(server, Buffer.from(makeAstmDxf({ pieces: 10, sizes: DEFAULT_SIZES })), "Fifteen sizes");
  if (graded.status !== 201) throw new Error(`${name}: upload of the 15-size pattern: ${graded.status}`);
  server.productId = graded.productId!;
  return server;
}

async function upload(server: Pick<Server, "base" | "seller">, dxf: Buffer, name: string) {
  const form = await patternForm(dxf, name);
  const started = performance.now();
  const res = await fetch(`${server.base}/api/user/update-product`, { method: "POST", headers: { Authorization: server.seller }, body: form });
  const body = (await res.json()) as { product?: { id: number } };
  return { status: res.status, productId: body.product?.id, seconds: (performance.now() - started) / 1000 };
}

const signal = (server: Server, sig: "SIGSTOP" | "SIGCONT") => process.kill(-server.proc.pid!, sig);

log("starting the servers on ports", PORT, PORT + 1);
const idleServer = await start("idle", PORT, "0");
signal(idleServer, "SIGSTOP");
const busyServer = await start("improving", PORT + 1, process.env.IMPROVE_LOAD_BUSY_SECONDS ?? "");
// Every size's layout asked for: each laid greedily at once, its improvement queued (15 × 30 s of the background lane).
for (const size of DEFAULT_SIZES) {
  const res = await fetch(`${busyServer.base}/api/user/layout/${busyServer.productId}?size=${size}&width=1400`, { headers: { Authorization: busyServer.seller } });
  const body = (await res.json()) as { efficiency?: number; error?: string };
  log("layout", size, res.status, body.efficiency ?? body.error);
}
const withPlan = process.env.IMPROVE_LOAD_PLAN === "1";
let planId: number | null = null;
const planStarted = performance.now();
if (withPlan) {
  const res = await fetch(`${busyServer.base}/api/user/cut-plan`, {
    method: "POST",
    headers: { Authorization: busyServer.seller, "Content-Type": "application/json" },
    body: JSON.stringify({ product_id: busyServer.productId, sizes: Object.fromEntries(DEFAULT_SIZES.map((s) => [s, 5])), width_mm: 1500, table_mm: 6000, max_plies: 40, nap: "two-way", gap_mm: 5, margin_mm: 10, end_mm: 20 }),
  });
  const body = (await res.json()) as { id?: number; error?: string };
  log("cut plan", res.status, body);
  if (!body.id) throw new Error("the cut plan was refused");
  planId = body.id;
}
signal(busyServer, "SIGSTOP");
const bigPattern = Buffer.from(makeAstmDxf({ pieces: 60, sizes: DEFAULT_SIZES }));

type Phase = { name: string; round: number; rps: number; p50: number; p99: number; errors: number; upload: number; uploadStatus: number; cpu: number };
const phases: Phase[] = [];
async function phase(server: Server, round: number): Promise<Phase> {
  signal(server, "SIGCONT");
  await autocannon({ url: `${server.base}/`, connections: 10, duration: 2, headers: { cookie: server.cookie } }); // warm-up
  const cpu0 = backgroundCpu(server.proc);
  const threads0 = threadCpu(server.proc);
  const r = await autocannon({ url: `${server.base}/`, connections: 10, duration: SECONDS, headers: { cookie: server.cookie } });
  const cpu = backgroundCpu(server.proc) - cpu0;
  const threads = [...threadCpu(server.proc)].map(([k, v]) => [k, v - (threads0.get(k) ?? 0)] as const).filter(([, v]) => v > 0.05);
  log(server.name, "CPU s by thread:", threads.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(", "));
  const up = await upload(server, bigPattern, "Big pattern");
  signal(server, "SIGSTOP");
  const result = { name: server.name, round, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts, upload: up.seconds, uploadStatus: up.status, cpu };
  log(result);
  phases.push(result);
  return result;
}

const pairs: [Phase, Phase][] = [];
for (let round = 1; round <= ROUNDS; round++) pairs.push([await phase(idleServer, round), await phase(busyServer, round)]);
const load = os.loadavg()[0]!;
let planLine = "";
if (planId !== null) {
  signal(busyServer, "SIGCONT");
  const status = async () => (await (await fetch(`${busyServer.base}/api/user/cut-plan/${planId}`, { headers: { Authorization: busyServer.seller } })).json()) as { status: string; progress: number; error?: string | null; markers?: unknown[] };
  const during = await status();
  // Then left alone (no requests but a status call every 5 s) until it ends or 10 more minutes pass.
  const quiet = performance.now();
  let end = during;
  while (end.status !== "done" && end.status !== "failed" && performance.now() - quiet < 600_000) {
    await sleep(5_000);
    end = await status();
  }
  planLine = `- The cut plan (every size × 5): ${during.status} at ${Math.round(during.progress * 100)} % after the phases (${((quiet - planStarted) / 1000).toFixed(0)} s while pages were served); then, left alone, ${end.status} ${((performance.now() - quiet) / 1000).toFixed(0)} s later (${end.markers?.length ?? 0} markers${end.error ? `; ${end.error}` : ""}).`;
  signal(busyServer, "SIGSTOP");
}

const ms = (n: number) => `${n} ms`;
const p99s = (name: string) => phases.filter((p) => p.name === name).map((p) => p.p99);
const worst = Math.max(...pairs.map(([a, b]) => b.p99 / Math.max(1, a.p99)));
const lines = [
  "## Browsing and uploads while layouts improve (issue 47, `npx tsx bench/improve-load.ts`)",
  "",
  `Run ${new Date().toISOString()} on ${os.availableParallelism()} cores, load ${load.toFixed(1)} at the end (others' work on the machine: under both columns alike).`,
  `Two servers as \`npm start\` runs them (one worker, the demo seed, warming off), measured in turn (the other stopped): idle (LAYOUT_IMPROVE_SECONDS=0) and`,
  `improving (LAYOUT_IMPROVE_SECONDS at its default, 30; all 15 sizes of a 15-size pattern's layouts asked for, their improvement queued). A phase: the`,
  `logged-in buyer's explore page \`/\`, autocannon 10 connections for ${SECONDS} s, then one upload of a 6 MB 900-piece pattern, timed. Background CPU: the`,
  "server's nice-19 threads' CPU seconds during the browsing.",
  "",
  "| Round | Server | req/s | p50 | p99 | errors | upload | background CPU |",
  "|---:|---|---:|---:|---:|---:|---:|---:|",
  ...phases.map((p) => `| ${p.round} | ${p.name} | ${p.rps.toFixed(0)} | ${ms(p.p50)} | ${ms(p.p99)} | ${p.errors} | ${p.upload.toFixed(1)} s (${p.uploadStatus}) | ${p.cpu.toFixed(1)} s |`),
  "",
  ...pairs.map(([a, b]) => `- Round ${a.round}: p99 improving / idle ${(b.p99 / Math.max(1, a.p99)).toFixed(2)} ×; upload while improving ${b.upload.toFixed(1)} s.`),
  `- Worst round ${worst.toFixed(2)} × (target ≤ 2 ×); p99 idle ${p99s("idle").join(", ")} ms, improving ${p99s("improving").join(", ")} ms; uploads while improving at most ${Math.max(...pairs.map(([, b]) => b.upload)).toFixed(1)} s (target ≤ 15 s).`,
];
if (planLine) lines.push(planLine);
console.log(lines.join("\n"));
fs.writeFileSync(path.join(root, "bench", process.env.IMPROVE_LOAD_OUT ?? "IMPROVE-LOAD.md"), lines.join("\n") + "\n");
for (const s of [idleServer, busyServer]) {
  signal(s, "SIGCONT");
  process.kill(-s.proc.pid!, "SIGTERM");
}
fs.rmSync(scratch, { recursive: true, force: true });
process.exit(0);
