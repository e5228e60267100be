/**
 * The failover drill (issue 50 item 4, decision 162): paid orders written on a primary with a synchronous standby
 * (`remote_apply`), the primary killed (`pg_ctl stop -m immediate`), the standby promoted by `npm run db:failover`'s
 * script, the writer's pool (PrimaryPool) following it and going on: every acknowledged order is there, none twice.
 * The time from the kill to the first new write is printed, never asserted.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { openPgDatabase, type PgDb } from "../../db/client.pg";
import { hostUrls, PrimaryPool, primaryUrl } from "../../db/pg-primary";
import * as schema from "../../db/schema.pg";
import { FailoverError, promoteStandby } from "../../server/pg-failover";
import { paidOrderKeys, seedShop, writePaidOrder, type Shop } from "./paid-orders";
import { addStandby, queryOnce, startPgPrimary, waitFor, type PgNode, type PgPrimary } from "./replication";

const run = promisify(execFile);

const withDb = (url: string, db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};

describe("hostUrls: a libpq multi-host URL as one URL per host", () => {
  test("splits the hosts, keeps user, password, database and parameters, drops target_session_attrs", () => {
    expect(hostUrls("postgres://app:s3cret@db1:5432,db2:5433/shop?target_session_attrs=read-write&sslmode=require")).toEqual([
      "postgres://app:s3cret@db1:5432/shop?sslmode=require",
      "postgres://app:s3cret@db2:5433/shop?sslmode=require",
    ]);
    expect(hostUrls("postgresql://db1/shop")).toEqual(["postgresql://db1/shop"]);
    expect(hostUrls("postgres://a@db1:1/x, postgres://b@db2:2/y")).toEqual(["postgres://a@db1:1/x", "postgres://b@db2:2/y"]);
    expect(() => hostUrls("mysql://db1/shop")).toThrow(/Not a PostgreSQL URL/);
  });
});

// Ceilings for a busy machine (the drills take seconds); nothing is timed against them.
describe("failover drill: primary and synchronous standby on loopback", { timeout: 120_000 }, () => {
  let primary: PgPrimary;
  let standby: PgNode;
  let primaryDb: string;
  let standbyDb: string;

  beforeAll(async () => {
    primary = await startPgPrimary();
    standby = await addStandby(primary);
    await queryOnce(primary.url, "CREATE DATABASE shop");
    primaryDb = withDb(primary.url, "shop");
    standbyDb = withDb(standby.url, "shop");
  }, 120_000);
  afterAll(async () => {
    await primary?.stop();
  });

  test("primaryUrl and PrimaryPool find the server that accepts writes, whatever the order; the failover refuses while the old primary lives", async () => {
    expect(await primaryUrl([standbyDb, primaryDb])).toBe(primaryDb);
    const multi = `postgres://postgres@127.0.0.1:${standby.port},127.0.0.1:${primary.port}/shop?target_session_attrs=read-write`;
    expect(await primaryUrl(multi)).toBe(primaryDb);
    const pool = new PrimaryPool(multi, { max: 1 });
    try {
      expect((await pool.query("SELECT pg_is_in_recovery() AS r")).rows[0].r).toBe(false);
      expect(pool.currentUrl).toBe(primaryDb);
    } finally {
      await pool.end();
    }
    await expect(primaryUrl([standbyDb])).rejects.toThrow(/No PostgreSQL primary.*standby/);
    await expect(promoteStandby({ standby: standbyDb, oldPrimary: primaryDb })).rejects.toThrow(FailoverError);
    expect((await queryOnce(standbyDb, "SELECT pg_is_in_recovery() AS r"))[0].r).toBe(true);
  });

  test("kill the primary while paid orders are written: every acknowledged order is on the promoted standby, none twice", async () => {
    const setup = await openPgDatabase(primaryDb, { migrate: true, max: 1 });
    const shop: Shop = await seedShop(setup);
    await setup.$client.end();

    // The app's pool as it will be on PostgreSQL: over both servers, following the primary (db/pg-primary.ts). A
    // connection's death between two queries is an 'error' event (the pool's for idle ones, the client's for one in
    // use): the writer learns of it from its next query's error.
    const pool = new PrimaryPool(`postgres://postgres@127.0.0.1:${primary.port},127.0.0.1:${standby.port}/shop?target_session_attrs=read-write`, { max: 2 });
    pool.on("error", () => undefined);
    pool.on("connect", (client) => client.on("error", () => undefined));
    const db = drizzle(pool, { schema }) as PgDb;
    const acknowledged: string[] = [];
    let already = 0;
    let killedAt = 0;
    let firstWriteAfterKill = 0;
    let failedAttempts = 0;
    let stop = false;

    // The writer: one paid order after another; after an error, the same key again (the pool finds the primary).
    const writer = (async () => {
      for (let i = 0; !stop; ) {
        const key = `drill-${i}`;
        try {
          const outcome = await writePaidOrder(db, shop, key);
          if (outcome === "already") already++;
          acknowledged.push(key);
          if (killedAt && pool.currentUrl === standbyDb && !firstWriteAfterKill) firstWriteAfterKill = performance.now();
          i++;
        } catch {
          failedAttempts++;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    })();

    await waitFor("40 orders before the kill", async () => acknowledged.length >= 40);
    // On the standby already, as remote_apply promises: replayed before the primary answered.
    const seenOnStandby = acknowledged.length;
    const onStandby = await queryOnce<{ n: number }>(standbyDb, "SELECT count(*)::int AS n FROM orders");
    expect(onStandby[0].n).toBeGreaterThanOrEqual(seenOnStandby);

    killedAt = performance.now();
    await primary.kill();
    const ackedAtKill = acknowledged.length;
    // The operator's command, as the runbook gives it (docs/deploy-postgres.md).
    const failover = await run(path.resolve("node_modules/.bin/tsx"), ["scripts/pg-failover.ts", "--standby", standbyDb, "--old-primary", primaryDb], {
      timeout: 60_000,
    });
    const printed = failover.stdout.trim().split("\n");
    expect(printed.at(-1)).toBe(standbyDb);
    await waitFor("40 orders after the failover", async () => acknowledged.length >= ackedAtKill + 40, 60);
    stop = true;
    await writer;
    await pool.end();

    const check = await openPgDatabase(standbyDb, { migrate: false, max: 1 });
    try {
      const keys = await paidOrderKeys(check);
      for (const key of acknowledged) expect(keys.get(key), key).toBe(1);
      expect(new Set(acknowledged).size).toBe(acknowledged.length);
      expect([...keys.values()].every((orders) => orders === 1)).toBe(true);
      expect((await queryOnce<{ r: boolean }>(standbyDb, "SELECT pg_is_in_recovery() AS r"))[0].r).toBe(false);
      expect((await queryOnce<{ synchronous_standby_names: string }>(standbyDb, "SHOW synchronous_standby_names"))[0].synchronous_standby_names).toBe("");
    } finally {
      await check.$client.end();
    }
    console.log(
      `[failover drill] ${acknowledged.length} paid orders acknowledged (${ackedAtKill} before the kill), ${already} found already written on retry, ` +
        `${failedAttempts} failed attempts; ${printed[0]}; ` +
        `kill -> first new order ${Math.round(firstWriteAfterKill - killedAt)} ms`,
    );
  });

  test("runbook, step 5: the old primary's place comes back as the new primary's standby, synchronous again after RESET", async () => {
    const rejoined = await addStandby(primary, { from: standby, name: "primary", synchronous: false });
    const state = async () =>
      (await queryOnce<{ sync_state: string }>(standbyDb, "SELECT sync_state FROM pg_stat_replication WHERE application_name = 'primary'"))[0]?.sync_state;
    expect(await state()).toBe("async");
    await queryOnce(standbyDb, "ALTER SYSTEM RESET synchronous_standby_names");
    await queryOnce(standbyDb, "SELECT pg_reload_conf()");
    await waitFor("the rejoined node to be synchronous", async () => (await state()) === "sync");
    const db = await openPgDatabase(standbyDb, { migrate: false, max: 1 });
    try {
      const [shop] = await db.select({ buyerId: schema.checkouts.userId }).from(schema.checkouts).limit(1);
      const [order] = await db.select().from(schema.orders).limit(1);
      await writePaidOrder(db, { buyerId: shop.buyerId, storeId: order.storeId, productId: order.productId }, "after-rejoin");
    } finally {
      await db.$client.end();
    }
    // remote_apply: acknowledged once the rejoined standby applied it.
    const rows = await queryOnce<{ n: number }>(withDb(rejoined.url, "shop"), "SELECT count(*)::int AS n FROM checkouts WHERE provider_session_id = 'after-rejoin'");
    expect(rows[0].n).toBe(1);
  });
});
