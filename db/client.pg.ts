import { AsyncLocalStorage } from "node:async_hooks";

import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

import { migrationsFolder } from "./migrations-folder";
import { hostUrls, PrimaryPool } from "./pg-primary";
import * as schema from "./schema.pg";

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** The advisory lock that lets one process at a time migrate a database (any fixed number, the same everywhere). */
const MIGRATION_LOCK = 4_901_580;

/**
 * `pg` parses int8 and numeric as strings (they can exceed 2^53). Here they are numbers, as SQLite's integers are
 * (decision 160): ids, counts (`count(*)` is int8), money in cents (`bigint`, and `sum()` of a bigint is numeric)
 * and milliseconds all stay far below 2^53; a value that does not is an error, never a silently rounded number.
 * Process-wide: drizzle's queries fall back to pg's global parsers for every type but the date and time ones.
 */
function parseExactNumber(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) && !(Number.isFinite(value) && /[.eE]/.test(text))) {
    throw new RangeError(`PostgreSQL returned ${text}, which a JavaScript number cannot hold exactly`);
  }
  return value;
}
pg.types.setTypeParser(pg.types.builtins.INT8, parseExactNumber);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, parseExactNumber);

/**
 * The connection of the transaction open in this async context (app/utils/db.server.ts's `transaction`), per pool.
 * Every query sent through the pool from inside that context goes to it, so a model that uses `db` rather than the
 * `tx` it was given still reads and writes inside the transaction, as on SQLite's one connection; other requests,
 * in other async contexts, use other connections. `client` is null once the transaction has ended.
 */
export type OpenPgTransaction = {
  pool: pg.Pool;
  client: pg.PoolClient | null;
  depth: number;
  /** The last error a statement of this transaction failed with (PostgreSQL then aborts the transaction). */
  failure?: unknown;
};
export const openPgTransaction = new AsyncLocalStorage<OpenPgTransaction>();

/**
 * Reads that may be answered by a replica (issue 50 item 1, decision 165): the async context of a request that only
 * reads (server/read-routing.ts: a GET or HEAD). The store is the request's own: the replica it reads from is chosen
 * at its first query and kept for the rest of it, so a cache's data version and the answer it keys come from one
 * server.
 */
export type ReplicaReads = { replica?: pg.Pool };
export const replicaReads = new AsyncLocalStorage<ReplicaReads>();

/**
 * Errors after which a read sent to a replica is sent to the primary instead: the replica cannot be reached or is
 * going away (a restart, a promotion), or it cancelled the read for a conflict with recovery (40001 on a standby).
 */
export function isReplicaUnavailable(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? "");
  if (["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "40001"].includes(code)) return true;
  if (/^(08|57P)/.test(code)) return true;
  return error instanceof Error && /Connection terminated|timeout exceeded when trying to connect/i.test(error.message);
}

/**
 * Makes `pool.query` use the connection of the transaction open in the calling async context, if any; else, in a
 * context of reads (replicaReads) with replicas given, a replica (the context's, or the next in turn), falling back
 * to the primary when the replica is unavailable; else the pool.
 */
function routeQueries(pool: pg.Pool, replicas: pg.Pool[]): void {
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  let turn = 0;
  pool.query = ((...args: unknown[]) => {
    const open = openPgTransaction.getStore();
    if (open?.pool === pool && open.client) {
      return (open.client.query as (...a: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => {
        open.failure = error;
        throw error;
      });
    }
    const reads = replicas.length > 0 ? replicaReads.getStore() : undefined;
    if (!reads) return poolQuery(...args);
    reads.replica ??= replicas[turn++ % replicas.length];
    return (reads.replica.query as (...a: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => {
      if (!isReplicaUnavailable(error)) throw error;
      return poolQuery(...args);
    });
  }) as typeof pool.query;
}

/**
 * Opens a PostgreSQL database through a `pg` connection pool (issue 49, decisions 158 and 160) and, unless told not
 * to, applies the pending migrations of drizzle-pg/ in one transaction. Drizzle's migrator takes no lock of its own,
 * so it runs on one connection holding an advisory lock: processes started together migrate one after the other.
 * Sessions run in UTC (date functions agree with SQLite's). End the pool when done: `await db.$client.end()` (it
 * ends the replicas' pools too).
 *
 * A URL with several hosts (libpq's `postgres://u@a:5432,b:5432/db`, decision 162) opens a `PrimaryPool`, whose
 * connections go to whichever host is the primary and follow it after a failover. `replicas` (DATABASE_REPLICA_URL,
 * decision 165) are servers that answer the reads of a `replicaReads` context.
 */
export async function openPgDatabase(
  url: string,
  options: { migrate?: boolean; max?: number; onIdleError?: (error: Error) => void; replicas?: string[] } = {},
): Promise<PgDb> {
  const db = openPgPool(url, options);
  const pool = db.$client;
  if (options.migrate !== false) {
    try {
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
        await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder("drizzle-pg") });
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
  }
  return db;
}

/**
 * The handle on a PostgreSQL database without migrating it: a `pg` pool (no connection opened yet), its queries routed
 * to the transaction open in the caller's async context, or to a replica in a replicaReads context. Synchronous, for
 * callers that cannot await (the tests' createTestDb); openPgDatabase is this plus the migrations.
 */
export function openPgPool(
  url: string,
  options: { max?: number; onIdleError?: (error: Error) => void; replicas?: string[]; readOnly?: boolean } = {},
): PgDb {
  // readOnly: sessions that refuse every write with SQLSTATE 25006, as a standby's do (the tests' GET walk, decision 161).
  const config = { max: options.max ?? 10, options: `-c TimeZone=UTC${options.readOnly ? " -c default_transaction_read_only=on" : ""}` };
  const hosts = hostUrls(url);
  const pool = hosts.length > 1 ? new PrimaryPool(hosts, config) : new pg.Pool({ ...config, connectionString: url });
  const replicas = (options.replicas ?? []).map((replicaUrl) => new pg.Pool({ ...config, connectionString: replicaUrl }));
  // An idle connection whose server went away (a restart, a failover) reports it here; unheard, the process would
  // crash. The pool drops that connection and opens another when next asked.
  const onIdleError = options.onIdleError ?? ((error: Error) => console.error(`PostgreSQL connection lost while idle: ${error.message}`));
  for (const p of [pool, ...replicas]) p.on("error", onIdleError);
  if (replicas.length > 0) {
    const endPool = pool.end.bind(pool) as () => Promise<void>;
    pool.end = (async () => {
      await Promise.all(replicas.map((replica) => replica.end()));
      await endPool();
    }) as typeof pool.end;
  }
  routeQueries(pool, replicas);
  return drizzle(pool, { schema }) as PgDb;
}
