import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";

import { migrationsFolder } from "./migrations-folder";
import * as schema from "./schema";

export { migrationsFolder };

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * Opens (and migrates) a SQLite database: WAL, foreign keys on, a busy timeout so that
 * concurrent writers wait instead of failing.
 */
export function openDatabase(filename: string, options: { migrate?: boolean } = {}): Db {
  const sqlite = new Database(filename);
  if (filename !== ":memory:") sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = drizzle(sqlite, { schema }) as Db;
  if (options.migrate !== false) {
    // Table rebuilds (how SQLite drops a constraint) need foreign keys off: a pragma inside the migration's
    // transaction would be ignored, and dropping a referenced table would cascade. Checked before turning them on.
    sqlite.pragma("foreign_keys = OFF");
    migrate(db, { migrationsFolder: migrationsFolder() });
    const broken = sqlite.pragma("foreign_key_check") as unknown[];
    if (broken.length > 0) throw new Error(`Migrations left ${broken.length} broken foreign keys`);
  }
  sqlite.pragma("foreign_keys = ON");
  return db;
}
