import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";

import type { SQL } from "drizzle-orm";

import { openDatabase, type Db } from "../../db/client";
import { createCache, type Cache } from "~/utils/cache.server";
import { getEnv } from "~/utils/env.server";

export type { Db };

declare global {
  var __db: Db | undefined;
  // Global like __db: the server (build/app.js) and the Remix build (build/server/index.js) each bundle this module.
  var __walIndexWatches: WeakMap<object, WalIndexWatch> | undefined;
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
    watchWalIndex(db);
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

const totalChangesQuery = preparedPerDb((db) => db.$client.prepare<[], number>("SELECT total_changes()").pluck());
const dataVersionQuery = preparedPerDb((db) => db.$client.prepare<[], number>("PRAGMA data_version").pluck());
/** Both in one statement, for a database whose WAL-index is not watched (one query, as tests count them). */
const bothQuery = preparedPerDb((db) =>
  db.$client.prepare<[], { c: number; v: number }>("SELECT total_changes() AS c, (SELECT data_version FROM pragma_data_version) AS v"),
);

/**
 * The WAL-index header of a watched database (watchWalIndex): SQLite's shared memory file (`<db>-shm`) begins with
 * it, and every commit by any connection, in this process or another, rewrites it before the commit returns
 * (https://www.sqlite.org/walformat.html, "The WAL-Index Header"; its iChange counts transactions). Reading its
 * first 48 bytes is one pread; `PRAGMA data_version` begins a read transaction (locks, a stat, the pager), 50-100 µs
 * between requests, a sixth of the JSON listing's time (bench/NOTES.md, issue 33 third pass). A header that differs
 * from the last one read (also one caught mid-write) starts a new epoch; a false "changed" only costs a cache miss.
 * The file is opened once and never closed: closing any descriptor of a file drops the process's POSIX locks on
 * it, SQLite's included.
 */
type WalIndexWatch = { fd: number; last: Buffer; read: Buffer; epoch: number };
const walIndexWatches = (globalThis.__walIndexWatches ??= new WeakMap<object, WalIndexWatch>());
const WAL_INDEX_HEADER_BYTES = 48;

/**
 * Makes dataVersion(db) read the WAL-index header instead of asking SQLite (see above). For the process-wide
 * database only (getDb): its descriptor stays open for the life of the process. False when the database has no
 * WAL-index file (in memory, another journal mode); dataVersion then keeps asking SQLite.
 */
export function watchWalIndex(db: Db): boolean {
  const client = db.$client;
  if (walIndexWatches.has(client)) return true;
  if (client.memory || String(client.pragma("journal_mode", { simple: true })).toLowerCase() !== "wal") return false;
  // The -shm file exists once the connection has read in WAL mode.
  // eslint-disable-next-line no-restricted-syntax -- SQLite's data version, read through better-sqlite3 (decision 159: SQLite-specific)
  dataVersionQuery(db).get();
  let fd: number;
  try {
    fd = fs.openSync(`${client.name}-shm`, "r");
  } catch {
    return false;
  }
  const watch = { fd, last: Buffer.alloc(WAL_INDEX_HEADER_BYTES), read: Buffer.alloc(WAL_INDEX_HEADER_BYTES), epoch: 0 };
  fs.readSync(fd, watch.last, 0, WAL_INDEX_HEADER_BYTES, 0);
  walIndexWatches.set(client, watch);
  return true;
}

function walIndexEpoch(watch: WalIndexWatch): number {
  const n = fs.readSync(watch.fd, watch.read, 0, WAL_INDEX_HEADER_BYTES, 0);
  if (n !== WAL_INDEX_HEADER_BYTES || !watch.read.equals(watch.last)) {
    watch.read.copy(watch.last);
    watch.epoch += 1;
  }
  return watch.epoch;
}

/**
 * What the data of this connection looks like now, as a string that changes on any write by this connection
 * (total_changes) and on any commit by another connection or process (data_version, or the WAL-index header of a
 * watched database).
 */
export function dataVersion(db: Db): string {
  const watch = walIndexWatches.get(db.$client);
  // eslint-disable-next-line no-restricted-syntax -- SQLite's data version, read through better-sqlite3 (decision 159: SQLite-specific)
  if (watch) return `${totalChangesQuery(db).get()!}:w${walIndexEpoch(watch)}`;
  // eslint-disable-next-line no-restricted-syntax -- SQLite's data version, read through better-sqlite3 (decision 159: SQLite-specific)
  const state = bothQuery(db).get()!;
  return `${state.c}:${state.v}`;
}

// ---- The asynchronous model API (issue 49, decision 159) -------------------------------------------------------
//
// Models reach the database through these and through Drizzle's builders awaited (`await db.select()...`), never
// through better-sqlite3's synchronous `.all()/.get()/.run()`, so the same model code runs on SQLite and PostgreSQL.

/** The first row of a query (or undefined): `first(db.select().from(t).where(...))`. */
export async function first<T>(query: PromiseLike<T[]>): Promise<T | undefined> {
  return (await query)[0];
}

/** Rows a write changed: SQLite's RunResult.changes, PostgreSQL's QueryResult.rowCount. */
export function affected(result: unknown): number {
  const r = result as { changes?: number | bigint; rowCount?: number | null };
  return Number(r.changes ?? r.rowCount ?? 0);
}

/** A raw SQL query's rows. */
export async function rawRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return db.all<T>(query);
}

/** A raw SQL query's first row. */
export async function rawRow<T>(db: DbOrTx, query: SQL): Promise<T | undefined> {
  return db.get<T>(query);
}

/** Runs a raw SQL statement; the rows it changed. */
export async function rawRun(db: DbOrTx, query: SQL): Promise<number> {
  return db.run(query).changes;
}

type TxBehavior = "immediate" | "deferred";
/** The async context's open transaction: the connection it runs on and its savepoint depth. */
const openTransaction = new AsyncLocalStorage<{ client: object; depth: number }>();
/**
 * One transaction at a time per database: the tail of its queue. A file's connections in this process share one
 * queue (two connections on one thread would otherwise deadlock: SQLite's busy wait blocks the thread that holds the
 * other connection's open transaction); an in-memory database is its own.
 */
const transactionQueues = new Map<object | string, Promise<void>>();
const queueKey = (client: Db["$client"]): object | string => (client.memory ? client : path.resolve(client.name));

/** Whether the calling async context is inside a transaction of `db`'s connection (from `transaction`). */
export function inTransaction(db: DbOrTx): boolean {
  return openTransaction.getStore()?.client === (db as Db).$client;
}

/**
 * Runs `body` in one transaction: committed when it resolves, rolled back when it throws. On SQLite: one
 * transaction per connection at a time (others wait in turn, asynchronously), begun `IMMEDIATE` by default (the
 * write lock at once: no upgrade deadlock between processes); a transaction opened inside another (the same async
 * context) is a savepoint. The body must only await the database: no network inside a transaction.
 */
export async function transaction<T>(db: DbOrTx, body: (tx: Tx) => Promise<T>, options: { behavior?: TxBehavior } = {}): Promise<T> {
  const handle = db as Db;
  const client = handle.$client;
  const open = openTransaction.getStore();
  if (open?.client === client) {
    const name = `sp${open.depth + 1}`;
    client.exec(`SAVEPOINT ${name}`);
    try {
      const result = await openTransaction.run({ client, depth: open.depth + 1 }, () => body(handle as unknown as Tx));
      client.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      client.exec(`ROLLBACK TO ${name}`);
      client.exec(`RELEASE ${name}`);
      throw error;
    }
  }
  const key = queueKey(client);
  const before = transactionQueues.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  transactionQueues.set(key, mine);
  await before;
  try {
    client.exec(options.behavior === "deferred" ? "BEGIN DEFERRED" : "BEGIN IMMEDIATE");
    try {
      const result = await openTransaction.run({ client, depth: 0 }, () => body(handle as unknown as Tx));
      client.exec("COMMIT");
      return result;
    } catch (error) {
      if (client.inTransaction) client.exec("ROLLBACK");
      throw error;
    }
  } finally {
    if (transactionQueues.get(key) === mine) transactionQueues.delete(key);
    release();
  }
}

// ---- Added by the asynchronous conversion (issue 49, decision 159) ----------------------------------------------

/** One cache of asynchronous read answers per database connection (tests open many). */
const asyncMemos = new WeakMap<object, Cache<Promise<unknown>>>();

/**
 * A value read from the database (e.g. a count over the whole catalogue), reused until the data changes: any write
 * by this connection (total_changes) or commit by another connection or process (data_version) starts afresh, so
 * the answer is always what the query would return now. It replaces the synchronous untilDataChanges: the answer is
 * a promise (concurrent requests share one computation); the version is read before the compute starts, so a write
 * during it only makes the next call compute again. Not cached while a transaction is open on the connection (its
 * writes may still roll back); a compute that fails is forgotten.
 */
export function untilDataChangesAsync<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  const client = db.$client;
  if (client.inTransaction) return compute();
  let memo = asyncMemos.get(client);
  if (!memo) {
    memo = createCache<Promise<unknown>>({ max: 1000 });
    asyncMemos.set(client, memo);
  }
  const cache = memo;
  return cache.getOrSet(
    key,
    () => {
      const answer = compute();
      answer.catch(() => cache.delete(key));
      return answer;
    },
    { version: dataVersion(db) },
  ) as Promise<T>;
}
