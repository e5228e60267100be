import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

import { migrationsFolder } from "./migrations-folder";
import * as schema from "./schema.pg";

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** The advisory lock that lets one process at a time migrate a database (any fixed number, the same everywhere). */
const MIGRATION_LOCK = 4_901_580;

/**
 * Opens a PostgreSQL database through a `pg` connection pool (issue 49, decision 158) and, unless told not to,
 * applies the pending migrations of drizzle-pg/ in one transaction. Drizzle's migrator takes no lock of its own, so
 * it runs on one connection holding an advisory lock: processes started together migrate one after the other.
 * End the pool when done: `await db.$client.end()`.
 */
export async function openPgDatabase(url: string, options: { migrate?: boolean; max?: number } = {}): Promise<PgDb> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
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
  return drizzle(pool, { schema }) as PgDb;
}
