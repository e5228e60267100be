/**
 * `npm run backup:verify`: restores BACKUP_URL into a temporary folder, runs PRAGMA integrity_check and counts the
 * orders and files (decision 101). Exit 0 when the backup is good; 1 with a message when it is missing, cannot be
 * restored, is damaged or lacks files older than BACKUP_VERIFY_GRACE_SECONDS (default 300). For a cron job.
 *
 * With a `postgres://` DATABASE_URL (decision 162): restores BACKUP_URL's `pg/` folder (base backup and archived WAL)
 * into a temporary server on a private socket and checks that it holds every order the live primary has that is
 * older than the grace (the primary is first asked to archive its current WAL segment).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import Database from "better-sqlite3";

import { backupTarget } from "../server/backup";
import { isPostgresUrl, pgBackupDir, verifyPgBackup } from "../server/pg-backup";
import { restoreBackup, RestoreError } from "../server/restore";

const grace = Number(process.env.BACKUP_VERIFY_GRACE_SECONDS ?? 300);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-verify-"));
try {
  const target = backupTarget();
  if (!target) throw new RestoreError("BACKUP_URL is not set: nothing to verify.");
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (isPostgresUrl(databaseUrl)) {
    const report = await verifyPgBackup({ backupDir: pgBackupDir(target), databaseUrl: databaseUrl!, workDir: dir, graceSeconds: grace });
    const live = report.live
      ? `all ${report.live.olderOrders} orders older than ${grace} s on the live primary are there`
      : "the live primary did not answer: nothing to compare with";
    console.log(`[backup:verify] ok: ${target.url} (PostgreSQL, base ${path.basename(report.base)}): ${report.orders} orders; ${live}${report.archived ? "" : " (its current WAL segment could not be archived first)"}`);
  } else {
    const report = await restoreBackup({ target, dataDir: dir, force: true });
    // Files uploaded in the last minutes may not be copied yet; older ones must be there.
    let late: string[] = [];
    if (report.missingFiles.length) {
      const db = new Database(path.join(dir, "marketplace.db"), { readonly: true });
      const cutoff = Date.now() - grace * 1000; // created_at is in milliseconds
      const old = new Set((db.prepare("SELECT name FROM files WHERE created_at < ?").all(cutoff) as { name: string }[]).map((r) => r.name));
      db.close();
      late = report.missingFiles.filter((n) => old.has(n));
    }
    if (late.length) throw new RestoreError(`${late.length} files older than ${grace} s are missing from the backup: ${late.slice(0, 10).join(", ")}`);
    console.log(`[backup:verify] ok: ${target.url}: integrity ${report.integrity}, ${report.orders} orders, ${report.files} files${report.missingFiles.length ? ` (${report.missingFiles.length} recent ones not copied yet)` : ""}`);
  }
} catch (error) {
  console.error(`[backup:verify] FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
