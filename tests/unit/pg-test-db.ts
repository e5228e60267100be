/**
 * createTestDb() on PostgreSQL (`TEST_DATABASE=postgres`, issue 49): each call gives a pool on a fresh database copied
 * from the run's migrated template (tests/unit/global-setup.ts). createTestDb stays synchronous for its callers: the
 * copy (`CREATE DATABASE ... TEMPLATE`, ~30 ms) starts at once and the pool's first connection waits for it. The
 * databases a test made are ended and dropped after it (tests/unit/pg-setup.ts), those of a file's `beforeAll` after
 * the file, so the cluster never holds more than a few tests' connections.
 */
import { randomBytes } from "node:crypto";

import pg from "pg";

import type { Db } from "../../db/client";
import { openPgPool } from "../../db/client.pg";
import { PG_TEMPLATE } from "./test-engine";

type Made = { name: string; pools: pg.Pool[]; created: Promise<void> };
const made: Made[] = [];

/** One connection per fork to the cluster's `postgres` database, that creates and drops the tests' databases. */
let admin: Promise<pg.Client> | undefined;
function adminClient(): Promise<pg.Client> {
  admin ??= (async () => {
    const client = new pg.Client({ connectionString: clusterUrl() });
    client.on("error", () => undefined);
    await client.connect();
    return client;
  })();
  return admin;
}

function clusterUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE=postgres without DATABASE_URL: the global setup (tests/unit/global-setup.ts) did not run");
  return url;
}

/**
 * A fresh database (a copy of the template): its URL, and `open()` for a pool on it (several pools stand in for
 * several processes). The copy starts at once; each pool's first connection waits for it.
 */
export function createPgSharedDb(): { location: string; open(): Db } {
  const name = `t_${process.pid}_${randomBytes(4).toString("hex")}`;
  const created = adminClient().then(async (client) => {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE}`);
  });
  created.catch(() => undefined);
  const url = new URL(clusterUrl());
  url.pathname = `/${name}`;
  const one: Made = { name, pools: [], created };
  made.push(one);
  return {
    location: url.toString(),
    open() {
      // The database is dropped after the test, which ends the connections of a pool that has just ended (its
      // clients close after `end()` resolves): expected, not worth a line in the output.
      const db = openPgPool(url.toString(), {
        max: 10,
        onIdleError: (error) => {
          if ((error as { code?: string }).code !== "57P01") console.error(`PostgreSQL connection lost while idle: ${error.message}`);
        },
      });
      const pool = db.$client;
      // pg's pool.query connects through pool.connect (with a callback); a transaction calls pool.connect() itself.
      const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => unknown;
      pool.connect = ((callback?: (...args: unknown[]) => void) => {
        if (callback) {
          created.then(() => connect(callback), (error: unknown) => callback(error));
          return undefined;
        }
        return created.then(() => connect());
      }) as typeof pool.connect;
      one.pools.push(pool);
      return db as unknown as Db;
    },
  };
}

/** How many databases createPgTestDb has made so far in this fork (a mark for endPgTestDbs). */
export function pgTestDbMark(): number {
  return made.length;
}

/**
 * A second connection that drops the tests' databases while the next test goes on (the admin connection, which
 * creates them, answers one statement at a time); the drops are awaited at the end of the file.
 */
let dropper: Promise<pg.Client> | undefined;
let drops: Promise<unknown> = Promise.resolve();

/** Ends the pools made since `mark` and drops their databases (awaited by closePgAdmin). */
export async function endPgTestDbs(mark = 0): Promise<void> {
  const ending = made.splice(mark);
  if (ending.length === 0) return;
  await Promise.all(ending.flatMap((one) => one.pools.map((pool) => (pool.ended ? undefined : pool.end().catch(() => undefined)))));
  dropper ??= (async () => {
    const client = new pg.Client({ connectionString: clusterUrl() });
    client.on("error", () => undefined);
    await client.connect();
    return client;
  })();
  const client = dropper;
  drops = drops.then(async () => {
    for (const one of ending) {
      await one.created.catch(() => undefined);
      await (await client).query(`DROP DATABASE IF EXISTS ${one.name} WITH (FORCE)`);
    }
  });
}

/** Waits for the drops and closes the fork's connections (after a file: the fork may run another, and reconnects). */
export async function closePgAdmin(): Promise<void> {
  const done = drops;
  drops = Promise.resolve();
  await done;
  for (const client of [admin, dropper]) if (client) await (await client).end().catch(() => undefined);
  admin = undefined;
  dropper = undefined;
}
