/**
 * `npm run db:basebackup`: a base backup of the PostgreSQL primary (DATABASE_URL, several hosts allowed) into
 * BACKUP_URL's `pg/base/` folder (decision 162), beside the WAL its archive_command copies into `pg/wal/`. Run it
 * daily (cron or a systemd timer, docs/deploy-postgres.md) and after a restore or a failover.
 */
import path from "node:path";

import { primaryUrl } from "../db/pg-primary";
import { backupTarget } from "../server/backup";
import { isPostgresUrl, pgBackupDir, takeBaseBackup } from "../server/pg-backup";

try {
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (!isPostgresUrl(databaseUrl)) throw new Error("DATABASE_URL is not a postgres:// URL: a SQLite database is backed up by Litestream (decision 101).");
  const target = backupTarget();
  if (!target) throw new Error("BACKUP_URL is not set: say where the backup goes (file:///folder).");
  const started = performance.now();
  const dest = await takeBaseBackup({ url: await primaryUrl(databaseUrl!), backupDir: pgBackupDir(target) });
  console.log(`[db:basebackup] ${path.basename(dest)} in ${Math.round(performance.now() - started)} ms: ${dest}`);
} catch (error) {
  console.error(`[db:basebackup] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
