/**
 * `npx tsx bench/pg-replication.ts [writes] [rounds]` (decision 162): on loopback, a primary and a synchronous standby
 * (tests/pg/replication.ts, fsync on), paid orders written one after another (checkout + order, one transaction,
 * tests/pg/paid-orders.ts) and timed:
 *   - write latency p50/p95 with synchronous_commit = remote_apply (waits until the standby has applied the commit)
 *     and = local (waits for the primary's own disk only);
 *   - replication lag with synchronous_commit = local: from a write's acknowledgement until a reader polling the
 *     standby sees it (p50/p95/p99), and pg_stat_replication.replay_lag's largest value meanwhile;
 *   - failover: the primary killed (pg_ctl stop -m immediate), the standby promoted (server/pg-failover.ts), the time
 *     from the kill to the first paid order written on the new primary; `rounds` times, each on a fresh pair.
 * Prints the numbers; asserts nothing.
 */
import pg from "pg";

import { openPgDatabase, type PgDb } from "../db/client.pg";
import { primaryUrl } from "../db/pg-primary";
import { promoteStandby } from "../server/pg-failover";
import { seedShop, writePaidOrder, type Shop } from "../tests/pg/paid-orders";
import { addStandby, queryOnce, startPgPrimary, type PgNode, type PgPrimary } from "../tests/pg/replication";

const writes = Number(process.argv[2] ?? 300);
const rounds = Number(process.argv[3] ?? 3);

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (v: number) => `${v.toFixed(2)} ms`;

async function pair(): Promise<{ primary: PgPrimary; standby: PgNode; db: PgDb; shop: Shop; shopUrl: string; standbyUrl: string }> {
  const primary = await startPgPrimary({ durable: true });
  const standby = await addStandby(primary);
  await queryOnce(primary.url, "CREATE DATABASE shop");
  const shopUrl = primary.url.replace(/\/postgres$/, "/shop");
  const db = await openPgDatabase(shopUrl, { migrate: true, max: 1 });
  db.$client.on("error", () => undefined);
  const shop = await seedShop(db);
  return { primary, standby, db, shop, shopUrl, standbyUrl: standby.url.replace(/\/postgres$/, "/shop") };
}

async function setCommit(url: string, level: "remote_apply" | "local") {
  await queryOnce(url, `ALTER SYSTEM SET synchronous_commit = '${level}'`);
  await queryOnce(url, "SELECT pg_reload_conf()");
  await new Promise((resolve) => setTimeout(resolve, 200));
}

async function timeWrites(db: PgDb, shop: Shop, prefix: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < writes; i++) {
    const started = performance.now();
    await writePaidOrder(db, shop, `${prefix}-${i}`);
    times.push(performance.now() - started);
  }
  return times;
}

const { primary, db, shop, shopUrl, standbyUrl } = await pair();
try {
  // Warm up (connections, plans, the first pages of each table).
  await timeWrites(db, shop, "warm");
  // The pool's connection keeps the setting it read at its start: open a fresh pool after each change.
  const latency: Record<string, number[]> = {};
  for (const level of ["remote_apply", "local", "remote_apply", "local"] as const) {
    await setCommit(shopUrl, level);
    const fresh = await openPgDatabase(shopUrl, { migrate: false, max: 1 });
    latency[level] = [...(latency[level] ?? []), ...(await timeWrites(fresh, shop, `${level}-${Object.keys(latency).length}-${latency[level]?.length ?? 0}`))];
    await fresh.$client.end();
  }
  for (const [level, times] of Object.entries(latency)) {
    console.log(`write (checkout + order), synchronous_commit = ${level.padEnd(12)}: p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}, p99 ${ms(pct(times, 99))} (${times.length} writes)`);
  }

  // Replication lag with the standby not waited for.
  await setCommit(shopUrl, "local");
  const writer = await openPgDatabase(shopUrl, { migrate: false, max: 1 });
  const reader = new pg.Client({ connectionString: standbyUrl });
  await reader.connect();
  const lags: number[] = [];
  let replayLag = 0;
  for (let i = 0; i < writes; i++) {
    const key = `lag-${i}`;
    await writePaidOrder(writer, shop, key);
    const acked = performance.now();
    for (;;) {
      const { rowCount } = await reader.query("SELECT 1 FROM checkouts WHERE provider_session_id = $1", [key]);
      if (rowCount) break;
    }
    lags.push(performance.now() - acked);
    if (i % 20 === 0) {
      const rows = await queryOnce<{ lag: number | null }>(shopUrl, "SELECT extract(epoch FROM replay_lag) * 1000 AS lag FROM pg_stat_replication");
      replayLag = Math.max(replayLag, Number(rows[0]?.lag ?? 0));
    }
  }
  await reader.end();
  await writer.$client.end();
  console.log(`replication lag (synchronous_commit = local), write acknowledged -> visible on the standby: p50 ${ms(pct(lags, 50))}, p95 ${ms(pct(lags, 95))}, p99 ${ms(pct(lags, 99))}; pg_stat_replication.replay_lag max ${ms(replayLag)}`);
} finally {
  await db.$client.end();
  await primary.stop();
}

// Failover rounds.
const failovers: number[] = [];
for (let round = 0; round < rounds; round++) {
  const set = await pair();
  try {
    await timeWrites(set.db, set.shop, "before");
    const killed = performance.now();
    await set.primary.kill();
    const report = await promoteStandby({ standby: set.standbyUrl, oldPrimary: set.shopUrl });
    const url = await primaryUrl([set.shopUrl, set.standbyUrl]);
    const after = await openPgDatabase(url, { migrate: false, max: 1 });
    await writePaidOrder(after, set.shop, "first-after");
    const total = performance.now() - killed;
    failovers.push(total);
    await after.$client.end();
    console.log(`failover round ${round + 1}: kill -> first new paid order ${ms(total)} (promotion ${ms(report.promotedMs)}, writable ${ms(report.writableMs)} after the script started)`);
  } finally {
    await set.db.$client.end().catch(() => undefined);
    await set.primary.stop();
  }
}
if (failovers.length) console.log(`failover: kill -> first new paid order p50 ${ms(pct(failovers, 50))}, max ${ms(Math.max(...failovers))} (${failovers.length} rounds)`);
