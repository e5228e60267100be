import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";

import { is, sql, type SQL } from "drizzle-orm";
import { PgDatabase } from "drizzle-orm/pg-core";
import { SQLiteSelectBase } from "drizzle-orm/sqlite-core";
import pg from "pg";

import { openDatabase, type Db } from "../../db/client";
import { openPgDatabase, openPgTransaction, type OpenPgTransaction } from "../../db/client.pg";
import { createCache, type Cache } from "~/utils/cache.server";
import { getEnv } from "~/utils/env.server";
import { logError } from "~/utils/log.server";

export type { Db };

declare global {
  var __db: Db | undefined;
  var __dbOpening: Promise<Db> | undefined;
  // Global like __db: the server (build/app.js) and the Remix build (build/server/index.js) each bundle this module.
  var __walIndexWatches: WeakMap<object, WalIndexWatch> | undefined;
}

/** The database file of a data folder. */
export function databaseFile(dataDir: string): string {
  return path.join(dataDir, "marketplace.db");
}

/**
 * The process-wide database, migrated on first use: one SQLite file in DATA_DIR, or, when DATABASE_URL names one, a
 * PostgreSQL database, which opens asynchronously (a pool, then migrations under an advisory lock): a process on
 * PostgreSQL calls `await openDb()` once at start (server.ts, the CLIs) before anything calls getDb().
 */
export function getDb(): Db {
  if (!globalThis.__db) {
    if (getEnv().DATABASE_URL) {
      throw new Error("The database is PostgreSQL (DATABASE_URL), which opens asynchronously: await openDb() at start, before getDb()");
    }
    const db = openDatabase(databaseFile(getEnv().DATA_DIR));
    // With a backup running (BACKUP_URL, decision 101) Litestream checkpoints the WAL once it has copied it; the
    // app's own automatic checkpoints would race it for the write lock (Litestream's guidance), so they are off.
    if (process.env.BACKUP_URL?.trim()) db.$client.pragma("wal_autocheckpoint = 0");
    watchWalIndex(db);
    globalThis.__db = db;
  }
  return globalThis.__db;
}

/**
 * Opens the process-wide database (getDb) on either engine. On PostgreSQL (DATABASE_URL): a `pg` pool of
 * DATABASE_POOL_SIZE connections through drizzle's node-postgres driver and `db/schema.pg.ts`, migrated first;
 * its connections follow the primary among several hosts, and GET requests read from DATABASE_REPLICA_URL's servers
 * when set (decision 165, server/read-routing.ts).
 *
 * The handle is typed as SQLite's `Db` (decision 160): the models are written once against SQLite's types, and
 * drizzle's query builders have the same shapes on both (`await db.select()...`, `.returning()`,
 * `.onConflictDoUpdate()`). What SQLite's type offers and PostgreSQL's handle lacks must not be used by models:
 * better-sqlite3's synchronous `.all()/.get()/.run()` on builders and on `db`, `db.$client.prepare/pragma/exec`,
 * `preparedPerDb`, and SQLite's `db.transaction(fn, behavior)`; they go through `first`, `rawRows/rawRow/rawRun`
 * and `transaction` below, which work on both.
 */
export async function openDb(): Promise<Db> {
  if (globalThis.__db) return globalThis.__db;
  const env = getEnv();
  if (!env.DATABASE_URL) return getDb();
  const onIdleError = (error: Error) => logError({ event: "database" }, "a PostgreSQL connection was lost while idle", error);
  globalThis.__dbOpening ??= openPgDatabase(env.DATABASE_URL, { max: env.DATABASE_POOL_SIZE, onIdleError, replicas: env.DATABASE_REPLICA_URL }).then(
    (db) => (globalThis.__db = withoutNulCharacters(db as unknown as Db)),
    (error: unknown) => {
      globalThis.__dbOpening = undefined;
      throw error;
    },
  );
  return globalThis.__dbOpening;
}

/** Closes the process-wide database (the CLIs, at their end): ends PostgreSQL's pool, closes SQLite's file. */
export async function closeDb(): Promise<void> {
  const db = globalThis.__db;
  globalThis.__db = undefined;
  globalThis.__dbOpening = undefined;
  if (!db) return;
  if (isPg(db)) await poolOf(db).end();
  else db.$client.close();
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

/** A select prepared on both engines (preparedQuery): its rows, or its first row, for the placeholders' values. */
export type PreparedRead<Row> = {
  all(values: Record<string, unknown>): Promise<Row[]>;
  get(values: Record<string, unknown>): Promise<Row | undefined>;
};
type PreparableSelect = { prepare(): { all(values?: Record<string, unknown>): unknown } };
type RowOf<Q extends PreparableSelect> = ReturnType<ReturnType<Q["prepare"]>["all"]> extends Array<infer R> ? R : never;

/**
 * A select built once per database handle and read asynchronously on both engines, for the statements (nearly)
 * every page runs (the session, the product page). SQLite: Drizzle's `.prepare()`, compiled once, each read a
 * synchronous step of it handed back resolved (no re-preparing, no await per row). PostgreSQL: `.prepare(name)`, a
 * named statement that each pooled connection parses once, each read an `execute`. `name` must be unique in the
 * app (PostgreSQL keys a connection's statements by it).
 */
export function preparedQuery<Q extends PreparableSelect>(name: string, build: (db: Db) => Q): (db: Db) => PreparedRead<RowOf<Q>> {
  return preparedPerDb((db): PreparedRead<RowOf<Q>> => {
    if (isPg(db)) {
      const query = (build(db) as unknown as { prepare(name: string): { execute(values: Record<string, unknown>): Promise<RowOf<Q>[]> } }).prepare(name);
      return {
        all: (values) => query.execute(values),
        get: async (values) => (await query.execute(values))[0],
      };
    }
    const query = build(db).prepare() as unknown as { all(values: Record<string, unknown>): RowOf<Q>[]; get(values: Record<string, unknown>): RowOf<Q> | undefined };
    return {
      all: (values) => Promise.resolve(query.all(values)),
      get: (values) => Promise.resolve(query.get(values)),
    };
  });
}

/**
 * Whether a database handle has been closed (a script or a test that ended while background work still held it):
 * SQLite's connection no longer open, PostgreSQL's pool ended. A transaction's handle is open.
 */
export function isClosed(db: DbOrTx): boolean {
  if (!("$client" in db)) return false;
  return isPg(db) ? (db.$client as unknown as pg.Pool).ended : !(db as Db).$client.open;
}

/**
 * PostgreSQL's text cannot hold U+0000, SQLite's can: on PostgreSQL the string parameters of every query through the
 * pool lose their NUL characters, instead of failing the statement (SQLSTATE 22021, a 500 for a search, a name or a
 * message typed with one). No field of the app means to keep one. SQLite is left as it is.
 */
export function withoutNulCharacters(db: Db): Db {
  if (!isPg(db)) return db;
  const pool = poolOf(db);
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const clean = (values: unknown) =>
    Array.isArray(values) ? values.map((v) => (typeof v === "string" && v.includes("\u0000") ? v.replaceAll("\u0000", "") : v)) : values;
  pool.query = ((config: unknown, values?: unknown, ...rest: unknown[]) => {
    if (config && typeof config === "object" && Object.getPrototypeOf(config) === Object.prototype && "values" in config) {
      return query({ ...config, values: clean((config as { values: unknown }).values) }, values, ...rest);
    }
    return query(config, clean(values), ...rest);
  }) as typeof pool.query;
  return db;
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
  if (isPg(db)) throw new Error("dataVersion(db) is SQLite's; on PostgreSQL, await currentDataVersion(db)");
  const watch = walIndexWatches.get(db.$client);
  // eslint-disable-next-line no-restricted-syntax -- SQLite's data version, read through better-sqlite3 (decision 159: SQLite-specific)
  if (watch) return `${totalChangesQuery(db).get()!}:w${walIndexEpoch(watch)}`;
  // eslint-disable-next-line no-restricted-syntax -- SQLite's data version, read through better-sqlite3 (decision 159: SQLite-specific)
  const state = bothQuery(db).get()!;
  return `${state.c}:${state.v}`;
}
/** One cache of read answers per database connection (tests open many). */
const memos = new WeakMap<object, Cache<unknown>>();

/**
 * A value read from the database (e.g. a count over the whole catalogue), reused until the data changes:
 * any write by this connection (total_changes) or commit by another connection or process (data_version)
 * starts afresh, so the answer is always what the query would return now. Never inside a transaction. On
 * PostgreSQL the version is currentDataVersion's (the WAL position) and the answer comes as a promise.
 */
export function untilDataChanges<T>(db: Db, key: string, compute: () => T): T {
  // On PostgreSQL the version is a query away: the answer is a promise (the asynchronous models await it anyway).
  if (isPg(db)) return untilPgDataChanges(db, key, compute) as T;
  const client = db.$client;
  if (client.inTransaction) return compute();
  let memo = memos.get(client);
  if (!memo) {
    memo = createCache<unknown>({ max: 1000 });
    memos.set(client, memo);
  }
  const cache = memo;
  return cache.getOrSet(key, () => forgetIfRejected(cache, key, compute()), { version: dataVersion(db) }) as T;
}

/** A computed answer that is a promise (the asynchronous models') leaves the cache if it fails: asked again, it is computed again. */
function forgetIfRejected<T>(cache: Cache<unknown>, key: string, answer: T): T {
  if (answer instanceof Promise) {
    answer.catch(() => {
      if (cache.get(key) === answer) cache.delete(key);
    });
  }
  return answer;
}

// ---- The asynchronous model API (issue 49, decision 159) -------------------------------------------------------
//
// Models reach the database through these and through Drizzle's builders awaited (`await db.select()...`), never
// through better-sqlite3's synchronous `.all()/.get()/.run()`, so the same model code runs on SQLite and PostgreSQL.

/**
 * The first row of a query (or undefined): `first(db.select().from(t).where(...).limit(1))`. A SQLite query (Drizzle's
 * better-sqlite3 builders have `get`) is read as one row, as SQLite steps it, not as a list of one: the pages' most
 * frequent read (issue 49's bench); any other query is awaited and its first row taken.
 */
export async function first<T>(query: PromiseLike<T[]>): Promise<T | undefined> {
  // eslint-disable-next-line no-restricted-syntax -- SQLite's one-row read (decision 159: SQLite-specific)
  if (is(query, SQLiteSelectBase)) return (query as unknown as { get(): T | undefined }).get();
  return (await query)[0];
}

/** Rows a write changed: SQLite's RunResult.changes, PostgreSQL's QueryResult.rowCount. */
export function affected(result: unknown): number {
  const r = result as { changes?: number | bigint; rowCount?: number | null };
  return Number(r.changes ?? r.rowCount ?? 0);
}

/**
 * Whether a handle (the database or a transaction's) is PostgreSQL's: drizzle's pg databases and transactions are
 * PgDatabase entities, whatever opened them (getDb, openPgDatabase in a test).
 */
export function isPg(db: DbOrTx): boolean {
  return is(db, PgDatabase);
}

/** The `pg` pool under a PostgreSQL handle. */
function poolOf(db: DbOrTx): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}

type PgResult = pg.QueryResult<Record<string, unknown>>;
const pgExecute = (db: DbOrTx, query: SQL) => (db as unknown as { execute(q: SQL): Promise<PgResult> }).execute(query);

const PG_TIMESTAMP_TYPES = new Set([1114, 1184]);
const PG_BOOLEAN = 16;
const parsePgTimestamp = pg.types.getTypeParser(1184) as (text: string) => Date;
const parsePgTimestampWithoutZone = pg.types.getTypeParser(1114) as (text: string) => Date;

/**
 * A raw query's rows on PostgreSQL, shaped as SQLite's raw rows are, so the models' raw SQL reads the same on both:
 * timestamps as milliseconds since the epoch (SQLite stores them so; drizzle's driver leaves them as text), booleans
 * as 1/0, int8 and numeric as numbers (db/client.pg.ts). Query builders map columns themselves (Date, boolean).
 */
function sqliteShapedRows<T>(result: PgResult): T[] {
  const timestamps = result.fields.filter((f) => PG_TIMESTAMP_TYPES.has(f.dataTypeID));
  const booleans = result.fields.filter((f) => f.dataTypeID === PG_BOOLEAN);
  if (timestamps.length === 0 && booleans.length === 0) return result.rows as T[];
  for (const row of result.rows) {
    for (const f of timestamps) {
      const text = row[f.name];
      if (typeof text === "string") {
        row[f.name] = (f.dataTypeID === 1184 ? parsePgTimestamp(text) : parsePgTimestampWithoutZone(text)).getTime();
      }
    }
    for (const f of booleans) {
      const value = row[f.name];
      if (typeof value === "boolean") row[f.name] = value ? 1 : 0;
    }
  }
  return result.rows as T[];
}

/** A raw SQL query's rows (on PostgreSQL shaped as SQLite's: sqliteShapedRows). */
export async function rawRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  if (isPg(db)) return sqliteShapedRows<T>(await pgExecute(db, query));
  return db.all<T>(query);
}

/** A raw SQL query's first row. */
export async function rawRow<T>(db: DbOrTx, query: SQL): Promise<T | undefined> {
  if (isPg(db)) return (await rawRows<T>(db, query))[0];
  return db.get<T>(query);
}

/** Runs a raw SQL statement; the rows it changed. */
export async function rawRun(db: DbOrTx, query: SQL): Promise<number> {
  if (isPg(db)) return (await pgExecute(db, query)).rowCount ?? 0;
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
  if (isPg(db)) {
    const open = openPgTransaction.getStore();
    return open?.pool === poolOf(db) && open.client !== null;
  }
  return openTransaction.getStore()?.client === (db as Db).$client;
}

export type TransactionOptions = {
  /** SQLite only: `immediate` (the default) takes the write lock at BEGIN; ignored on PostgreSQL (serializable). */
  behavior?: TxBehavior;
  /** PostgreSQL only: runs of the body at most, the first included, when serialization failures repeat. */
  attempts?: number;
};

/**
 * Runs `body` in one transaction: committed when it resolves, rolled back when it throws. `body` receives a handle
 * to use (the database itself: on both engines, any query made through `db` inside the body's async context belongs
 * to the transaction); a transaction opened inside another (the same async context) is a savepoint. The body must
 * only await the database: no network inside a transaction, and on PostgreSQL it may run more than once.
 *
 * SQLite: one transaction per database file in this process at a time (others wait in turn, asynchronously), begun `IMMEDIATE` by
 * default (the write lock at once: no upgrade deadlock between processes).
 *
 * PostgreSQL (decision 160): one pooled connection for the whole transaction, `ISOLATION LEVEL SERIALIZABLE`, so
 * a read-then-write (a claim, a balance, stock) behaves as if transactions ran one after another, across processes;
 * on a serialization failure or a deadlock (SQLSTATE 40001, 40P01), at the commit too, everything is rolled back and
 * the body runs again from the start, up to `attempts` runs with jittered exponential backoff in between. `behavior`
 * is ignored. Statements outside a transaction use the pool, one autocommitted statement each.
 */
export async function transaction<T>(db: DbOrTx, body: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  if (isPg(db)) return pgTransaction(db, body, options.attempts ?? PG_TRANSACTION_ATTEMPTS);
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
    await beginSqlite(client, options.behavior ?? "immediate");
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

/** Each SQLite connection's busy timeout (openDatabase's 5 s), read once. */
const busyTimeouts = new WeakMap<Db["$client"], number>();

/**
 * BEGIN on SQLite. `IMMEDIATE` takes the write lock, which another connection (another process: WEB_CONCURRENCY
 * workers, a CLI) may hold across its transaction's awaits. SQLite's busy handler would wait for it synchronously,
 * stalling this process's event loop (and, for two connections in one process, never letting the holder finish);
 * instead the lock is tried without waiting and tried again after an asynchronous pause, within the connection's
 * busy timeout, then SQLITE_BUSY is thrown as before.
 */
async function beginSqlite(client: Db["$client"], behavior: TxBehavior): Promise<void> {
  if (behavior === "deferred") {
    client.exec("BEGIN DEFERRED");
    return;
  }
  let timeout = busyTimeouts.get(client);
  if (timeout === undefined) {
    timeout = Number(client.pragma("busy_timeout", { simple: true }));
    busyTimeouts.set(client, timeout);
  }
  const deadline = Date.now() + timeout;
  for (let attempt = 0; ; attempt++) {
    client.pragma("busy_timeout = 0");
    try {
      client.exec("BEGIN IMMEDIATE");
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() >= deadline) throw error;
    } finally {
      client.pragma(`busy_timeout = ${timeout}`);
    }
    await sleep(Math.random() * Math.min(20, 2 ** attempt));
  }
}

/** Runs of a PostgreSQL transaction's body at most when serialization failures repeat (the first included). */
export const PG_TRANSACTION_ATTEMPTS = 12;
const PG_RETRY_BASE_MS = 2;
const PG_RETRY_MAX_MS = 250;

/** SQLSTATEs after which the whole transaction is run again: serialization_failure, deadlock_detected. */
const PG_RETRYABLE = new Set(["40001", "40P01"]);

/** Whether an error (or what it wraps: drizzle wraps pg's errors in DrizzleQueryError) asks for a retry. */
export function isSerializationFailure(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (PG_RETRYABLE.has(String((e as { code?: unknown }).code))) return true;
  }
  return false;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function pgTransaction<T>(db: DbOrTx, body: (tx: Tx) => Promise<T>, attempts: number): Promise<T> {
  const pool = poolOf(db);
  const handle = db as unknown as Tx;
  const open = openPgTransaction.getStore();
  if (open?.pool === pool && open.client) {
    const client = open.client;
    const name = `sp${open.depth + 1}`;
    await client.query(`SAVEPOINT ${name}`);
    try {
      const result = await openPgTransaction.run({ ...open, depth: open.depth + 1 }, () => body(handle));
      await client.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      // A serialization failure inside the savepoint fails the whole transaction: the outermost one runs again.
      if (isSerializationFailure(error)) open.failure = error;
      await client.query(`ROLLBACK TO SAVEPOINT ${name}`);
      throw error;
    }
  }
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    const mine: OpenPgTransaction = { pool, client, depth: 0 };
    let broken: Error | undefined;
    try {
      await client.query("BEGIN ISOLATION LEVEL SERIALIZABLE");
      const result = await openPgTransaction.run(mine, () => body(handle));
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch((e: Error) => (broken = e));
      // The body may have caught the failed statement's error and thrown another: what failed decides.
      const retry = isSerializationFailure(error) || isSerializationFailure(mine.failure);
      if (!retry || attempt >= attempts) throw error;
    } finally {
      mine.client = null;
      client.release(broken);
    }
    // Full jitter: concurrent losers spread out instead of colliding again.
    await sleep(Math.random() * Math.min(PG_RETRY_MAX_MS, PG_RETRY_BASE_MS * 2 ** attempt));
  }
}

/**
 * What the data of a database looks like now, as a string that changes on any commit, on either engine: SQLite's
 * dataVersion; on PostgreSQL the WAL insert position (decision 160): every committed write, by any process and
 * outside transactions too, moves it before its commit returns, and it costs no write of its own (a counter row
 * bumped by every transaction would make all write transactions conflict on it). Other WAL traffic (vacuum, other
 * databases of the cluster) only costs a cache miss. On a standby, the replayed position.
 */
export async function currentDataVersion(db: Db): Promise<string> {
  if (!isPg(db)) return dataVersion(db);
  const row = await rawRow<{ v: string }>(
    db,
    sql`SELECT (CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_insert_lsn() END)::text AS v`,
  );
  return `pg:${row!.v}`;
}

/** untilDataChanges on PostgreSQL: the version is read (one query) before the value is looked up or computed. */
async function untilPgDataChanges<T>(db: Db, key: string, compute: () => T): Promise<Awaited<T>> {
  if (inTransaction(db)) return await compute();
  const pool = poolOf(db);
  let memo = memos.get(pool);
  if (!memo) {
    memo = createCache<unknown>({ max: 1000 });
    memos.set(pool, memo);
  }
  const version = await currentDataVersion(db);
  const cache = memo;
  return cache.getOrSet(key, () => forgetIfRejected(cache, key, Promise.resolve(compute())), { version }) as Promise<Awaited<T>>;
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
  if (isPg(db)) return untilPgDataChanges(db, key, compute) as Promise<T>;
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
