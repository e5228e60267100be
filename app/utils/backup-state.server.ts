/**
 * How far the backup has got (decisions 095 and 146): the supervisor runs the backup (server/backup.ts) and writes
 * what it knows to a small file in DATA_DIR; the workers, which serve /metrics and the health screen, read it.
 *
 * Times are milliseconds since the epoch. `databaseAt`: the newest moment at which the replica held every change
 * written to the database (null until Litestream's first segment in this run); `filesAt`: the end of the last
 * successful sweep of uploads and keys; `startedAt`: when the backup started in this run.
 */
import fs from "node:fs";
import path from "node:path";

export type BackupState = { startedAt: number; databaseAt: number | null; filesAt: number | null; updatedAt: number };

export const BACKUP_STATE_FILE = "backup-state.json";

/** A backup older than this is a warning on the health screen. */
export const BACKUP_STALE_SECONDS = 300;

/** BACKUP_URL is set (its form is checked by the supervisor, which refuses to start on a bad one). */
export function backupConfigured(env: Record<string, string | undefined> = process.env): boolean {
  return Boolean(env.BACKUP_URL?.trim());
}

/** Written to a temporary name, then renamed: a reader never sees half a file. */
export function writeBackupState(dataDir: string, state: BackupState) {
  const file = path.join(dataDir, BACKUP_STATE_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(state));
  fs.renameSync(temp, file);
}

const time = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null);

/** The state the supervisor last wrote, or null when there is none (not started yet) or it cannot be read. */
export function readBackupState(dataDir: string): BackupState | null {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(path.join(dataDir, BACKUP_STATE_FILE), "utf8"));
  } catch {
    return null;
  }
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  const startedAt = time(r.startedAt);
  const updatedAt = time(r.updatedAt);
  if (startedAt === null || updatedAt === null) return null;
  return { startedAt, updatedAt, databaseAt: time(r.databaseAt), filesAt: time(r.filesAt) };
}

/**
 * Up to when everything (database and files) is in the backup: the older of the two, null while either has never
 * succeeded in this run.
 */
export function lastCompleteBackup(state: BackupState): number | null {
  if (state.databaseAt === null || state.filesAt === null) return null;
  return Math.min(state.databaseAt, state.filesAt);
}
