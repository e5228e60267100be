import path from "node:path";

import { openDatabase, type Db } from "../../db/client";
import { createCache, type Cache } from "~/utils/cache.server";
import { getEnv } from "~/utils/env.server";

export type { Db };

declare global {
  var __db: Db | undefined;
}

/** The database file of a data folder. */
export function databaseFile(dataDir: string): string {
  return path.join(dataDir, "marketplace.db");
}

/** The process-wide database (one SQLite file in DATA_DIR), migrated on first use. */
export function getDb(): Db {
  if (!globalThis.__db) {
    const db = openDatabase(databaseFile(getEnv().DATA_DIR));
    // With a backup running (BACKUP_URL, decision 101) Litestream checkpoints the WAL once it has copied it; the
    // app's own automatic checkpoints would race it for the write lock (Litestream's guidance), so they are off.
    if (process.env.BACKUP_URL?.trim()) db.$client.pragma("wal_autocheckpoint = 0");
    globalThis.__db = db;
  }
  return globalThis.__db;
}

/** The handle a Drizzle transaction callback receives; model helpers accept it or the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * A query prepared once per database handle: `prepare(db)` builds it with Drizzle's `.prepare()` (placeholders via
 * `sql.placeholder`), so Drizzle writes the SQL and SQLite compiles it once, and each call only binds its values.
 * For the statements (nearly) every page runs: the session's viewer, the product page, dataVersion.
 */
export function preparedPerDb<Q>(prepare: (db: Db) => Q): (db: Db) => Q {
  const byDb = new WeakMap<Db, Q>();
  return (db) => {
    let query = byDb.get(db);
    if (query === undefined) {
      query = prepare(db);
      byDb.set(db, query);
    }
    return query;
  };
}

const dataVersionQuery = preparedPerDb((db) =>
  db.$client.prepare<[], { c: number; v: number }>("SELECT total_changes() AS c, (SELECT data_version FROM pragma_data_version) AS v"),
);

/**
 * What the data of this connection looks like now, as a string that changes on any write by this connection
 * (total_changes) and on any commit by another connection or process (data_version).
 */
export function dataVersion(db: Db): string {
  const state = dataVersionQuery(db).get()!;
  return `${state.c}:${state.v}`;
}
/** One cache of read answers per database connection (tests open many). */
const memos = new WeakMap<object, Cache<unknown>>();

/**
 * A value read from the database (e.g. a count over the whole catalogue), reused until the data changes:
 * any write by this connection (total_changes) or commit by another connection or process (data_version)
 * starts afresh, so the answer is always what the query would return now. Never inside a transaction.
 */
export function untilDataChanges<T>(db: Db, key: string, compute: () => T): T {
  const client = db.$client;
  if (client.inTransaction) return compute();
  let memo = memos.get(client);
  if (!memo) {
    memo = createCache<unknown>({ max: 1000 });
    memos.set(client, memo);
  }
  return memo.getOrSet(key, compute, { version: dataVersion(db) }) as T;
}
