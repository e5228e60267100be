/**
 * `npm run restore [-- --force]`: brings the database, the uploads and the generated keys back from BACKUP_URL into
 * DATA_DIR (default ./data), which must be empty unless --force (decision 101). Then `npm start` serves them.
 *
 * With a `postgres://` DATABASE_URL (decision 162): `npm run restore -- [--to '2026-12-02 03:04:05+00'] [--pgdata
 * FOLDER] [--port N] [--listen ADDRESSES]` restores the base backup and archived WAL of BACKUP_URL's `pg/` folder
 * into a new data folder (default DATA_DIR/pg), to the point in time when given, and starts it on the port (default
 * DATABASE_URL's). The uploads live on S3 in that layout and are not touched.
 */
import path from "node:path";

import { backupTarget } from "../server/backup";
import { hostUrls } from "../db/pg-primary";
import { countOrders, isPostgresUrl, pgBackupDir, restorePg } from "../server/pg-backup";
import { restoreBackup, RestoreError } from "../server/restore";

const force = process.argv.includes("--force");
const dataDir = path.resolve(process.env.DATA_DIR?.trim() || "./data");
const option = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
};
const databaseUrl = process.env.DATABASE_URL?.trim();
try {
  const target = backupTarget();
  if (!target) throw new RestoreError("BACKUP_URL is not set: say where the backup is (file:///folder or s3://bucket/prefix).");
  if (isPostgresUrl(databaseUrl)) {
    const pgData = path.resolve(option("pgdata") ?? path.join(dataDir, "pg"));
    const port = Number(option("port") ?? (new URL(hostUrls(databaseUrl!)[0]).port || 5432));
    const to = option("to");
    console.log(`[restore] restoring PostgreSQL from ${target.url} into ${pgData}${to ? ` to ${to}` : " to the last archived change"}`);
    const restored = await restorePg({ backupDir: pgBackupDir(target), dataDir: pgData, port, targetTime: to, listen: option("listen") ?? "127.0.0.1", databaseUrl });
    console.log(`[restore] from base backup ${path.basename(restored.base)}: ${await countOrders(restored.url)} orders; the server runs (pg_ctl -D ${pgData} stop to stop it): ${restored.url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@")}`);
    console.log("[restore] it starts a new timeline: take a new base backup (npm run db:basebackup) once DATABASE_URL points at it.");
    process.exit(0);
  }
  console.log(`[restore] restoring ${target.url} into ${dataDir}`);
  const report = await restoreBackup({ target, dataDir, force });
  console.log(`[restore] integrity check: ${report.integrity}; ${report.orders} orders; ${report.files} files; keys: ${report.keys.join(", ") || "none"}`);
  if (report.missingFiles.length) console.log(`[restore] ${report.missingFiles.length} files recorded in the database are not in the backup: ${report.missingFiles.slice(0, 10).join(", ")}`);
  console.log("[restore] done: start the server with `npm start` (same DATA_DIR).");
} catch (error) {
  console.error(`[restore] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
