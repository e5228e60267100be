import { AsyncLocalStorage } from "node:async_hooks";

import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

import { migrationsFolder } from "./migrations-folder";
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

/** Makes `pool.query` use the connection of the transaction open in the calling async context, if any. */
function routeToOpenTransaction(pool: pg.Pool): void {
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = ((...args: unknown[]) => {
    const open = openPgTransaction.getStore();
    if (open?.pool !== pool || !open.client) return poolQuery(...args);
    return (open.client.query as (...a: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => {
      open.failure = error;
      throw error;
    });
  }) as typeof pool.query;
}

/**
 * Opens a PostgreSQL database through a `pg` connection pool (issue 49, decisions 158 and 160) and, unless told not
 * to, applies the pending migrations of drizzle-pg/ in one transaction. Drizzle's migrator takes no lock of its own,
 * so it runs on one connection holding an advisory lock: processes started together migrate one after the other.
 * Sessions run in UTC (date functions agree with SQLite's). End the pool when done: `await db.$client.end()`.
 */
export async function openPgDatabase(
  url: string,
  options: { migrate?: boolean; max?: number; onIdleError?: (error: Error) => void } = {},
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
 * to the transaction open in the caller's async context. Synchronous, for callers that cannot await (the tests'
 * createTestDb); openPgDatabase is this plus the migrations.
 */
export function openPgPool(url: string, options: { max?: number; onIdleError?: (error: Error) => void } = {}): PgDb {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, options: "-c TimeZone=UTC" });
  // An idle connection whose server went away (a restart, a failover) reports it here; unheard, the process would
  // crash. The pool drops that connection and opens another when next asked.
  pool.on("error", options.onIdleError ?? ((error) => console.error(`PostgreSQL connection lost while idle: ${error.message}`)));
  routeToOpenTransaction(pool);
  return drizzle(pool, { schema }) as PgDb;
}
