/**
 * `npx tsx bench/pg-pages.ts [rounds] [seconds] [base tree]` (issue 49 item 7, issue 50's bench; build first): the
 * rendering path (explore, a product page, the JSON listing) on the same demo data, served by build/server.js:
 *   - SQLite before: the base tree's build (e.g. bench/.scratch/trees/<sha>, as `npm run bench -- --base` leaves it),
 *     when given;
 *   - SQLite: DATA_DIR, no DATABASE_URL (what `npm start` runs);
 *   - PostgreSQL, primary alone: DATABASE_URL the primary, every read there;
 *   - PostgreSQL, reads on the standby: DATABASE_URL both servers, DATABASE_REPLICA_URL the standby.
 * The primary has a synchronous standby (`remote_apply`, fsync on) in both PostgreSQL cases. One process each, one
 * server at a time, the pages and servers interleaved for `rounds` rounds (median kept), visitors (no cookie), the
 * HTML micro-cache off. Prints a Markdown table; asserts nothing.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import autocannon from "autocannon";

import { freePort } from "../tests/free-port";
import { addStandby, queryOnce, startPgPrimary } from "../tests/pg/replication";

const rounds = Number(process.argv[2] ?? 3);
const seconds = Number(process.argv[3] ?? 8);
const baseTree = process.argv[4] ? path.resolve(process.argv[4]) : undefined;
const CONNECTIONS = 10;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const log = (...args: unknown[]) => console.error("[pg-pages]", ...args);

type Server = { name: string; url: string; child: ChildProcess };

async function startApp(name: string, env: Record<string, string>, cwd = root): Promise<Server> {
  const port = await freePort();
  const logFile = path.join(os.tmpdir(), `pg-pages-${name.replace(/\W+/g, "-")}-${process.pid}.log`);
  const child = spawn(process.execPath, ["build/server.js"], {
    cwd,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), HTML_CACHE_SECONDS: "0", WEB_CONCURRENCY: "1", LAYOUT_WARMING: "off", SESSION_SECRET: "bench-session-secret-0123456789", ...env },
    stdio: ["ignore", fs.openSync(logFile, "w"), fs.openSync(logFile, "a")],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${fs.readFileSync(logFile, "utf8").slice(-2000)}`);
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`${name} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { name, url, child };
}

async function stop(server: Server) {
  if (server.child.exitCode !== null) return;
  server.child.kill("SIGTERM");
  await new Promise((resolve) => server.child.once("exit", resolve));
}

async function measure(url: string) {
  await autocannon({ url, connections: CONNECTIONS, duration: 1 });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const primary = await startPgPrimary({ durable: true });
const servers: Server[] = [];
try {
  const standby = await addStandby(primary);
  await queryOnce(primary.url, "CREATE DATABASE shop");
  const primaryDb = `postgres://postgres@127.0.0.1:${primary.port}/shop`;
  const standbyDb = `postgres://postgres@127.0.0.1:${standby.port}/shop`;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pg-pages-"));

  log("seeding the demo on SQLite and on PostgreSQL");
  if (baseTree) {
    const sha = path.basename(baseTree).slice(0, 7);
    servers.push(await startApp(`SQLite before (${sha})`, { DATA_DIR: path.join(scratch, "sqlite-base"), SEED: "demo" }, baseTree));
  }
  servers.push(await startApp("SQLite", { DATA_DIR: path.join(scratch, "sqlite"), SEED: "demo" }));
  servers.push(await startApp("PostgreSQL, primary alone", { DATA_DIR: path.join(scratch, "pg"), SEED: "demo", DATABASE_URL: primaryDb }));
  servers.push(
    await startApp("PostgreSQL, reads on the standby", {
      DATA_DIR: path.join(scratch, "pg"),
      SEED: "none",
      DATABASE_URL: `postgres://postgres@127.0.0.1:${primary.port},127.0.0.1:${standby.port}/shop`,
      DATABASE_REPLICA_URL: standbyDb,
    }),
  );
  const [product] = await queryOnce<{ id: number }>(primaryDb, "SELECT id FROM products WHERE status = 'published' AND removed_at IS NULL AND type = 'Pattern' ORDER BY id LIMIT 1");
  const pages = [
    { name: "explore `/`", path: "/" },
    { name: `product \`/product/${product.id}\``, path: `/product/${product.id}` },
    { name: "JSON `/api/user/products`", path: "/api/user/products" },
  ];
  for (const server of servers) {
    for (const page of pages) {
      const status = (await fetch(server.url + page.path)).status;
      if (status !== 200) throw new Error(`${server.name} answers ${page.path} with ${status}`);
    }
  }
  const results = new Map<string, Array<{ rps: number; p99: number; errors: number }>>();
  for (let round = 1; round <= rounds; round++) {
    log(`round ${round} of ${rounds} (load ${os.loadavg()[0].toFixed(1)})`);
    for (const page of pages) {
      // Each round begins with another server, so none always runs first.
      for (let i = 0; i < servers.length; i++) {
        const server = servers[(i + round) % servers.length];
        const key = `${page.name}\u0000${server.name}`;
        results.set(key, [...(results.get(key) ?? []), await measure(server.url + page.path)]);
      }
    }
  }
  const when = new Date().toISOString().slice(0, 16).replace("T", " ");
  console.log(`\n## The rendering path on SQLite and on PostgreSQL\n`);
  console.log(
    `${when} UTC, ${os.availableParallelism()} cores, Node ${process.version}, PostgreSQL 15 on loopback with a synchronous standby (remote_apply, fsync on). ` +
      `The demo data; visitors; one app process each, ${CONNECTIONS} connections, ${seconds} s per run after 1 s of warm-up, median of ${rounds} interleaved rounds.\n`,
  );
  const sqliteNow = servers.find((s) => s.name === "SQLite")!;
  const before = servers.find((s) => s.name.startsWith("SQLite before"));
  const alone = servers.find((s) => s.name === "PostgreSQL, primary alone")!;
  const onStandby = servers.find((s) => s.name === "PostgreSQL, reads on the standby")!;
  const ratios = [...(before ? ["SQLite now / before"] : []), "PostgreSQL / SQLite", "standby / primary alone"];
  console.log(`| Page | ${servers.map((s) => `${s.name}: req/s, p99`).join(" | ")} | ${ratios.join(" | ")} | errors |`);
  console.log(`|---|${servers.map(() => "---:").join("|")}|${ratios.map(() => "---:").join("|")}|---:|`);
  for (const page of pages) {
    const cell = (s: Server) => {
      const runs = results.get(`${page.name}\u0000${s.name}`)!;
      return { rps: median(runs.map((r) => r.rps)), p99: median(runs.map((r) => r.p99)), errors: runs.reduce((n, r) => n + r.errors, 0) };
    };
    const cells = servers.map(cell);
    const x = (a: Server, b: Server) => `${(cell(a).rps / cell(b).rps).toFixed(2)}x`;
    const shown = [...(before ? [x(sqliteNow, before)] : []), x(alone, sqliteNow), x(onStandby, alone)];
    console.log(
      `| ${page.name} | ${cells.map((c) => `${Math.round(c.rps).toLocaleString("en")}, ${c.p99} ms`).join(" | ")} | ${shown.join(" | ")} | ${cells.reduce((n, c) => n + c.errors, 0)} |`,
    );
  }
} finally {
  for (const server of servers) await stop(server);
  await primary.stop();
}
