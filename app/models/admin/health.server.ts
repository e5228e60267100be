/**
 * The administrator's health screen (decision 095): what the metrics say, in words, for one person on one host —
 * the version and uptime of the process that answered, the disk left under DATA_DIR, the database and its WAL, the
 * mail outbox, pattern work waiting, the last backup, and the last errors this process logged.
 */
import fs from "node:fs";

import { BACKUP_STALE_SECONDS, lastCompleteBackup, readBackupState } from "~/utils/backup-state.server";
import { recentErrors } from "~/utils/log.server";
import { patternQueueSize, storageFacts } from "~/utils/metrics.server";

export type Health = {
  version: string;
  startedAt: string;
  uptimeSeconds: number;
  pid: number;
  disk: { freeBytes: number; totalBytes: number } | null;
  databaseBytes: number;
  walBytes: number;
  outboxMessages: number;
  patternQueue: number;
  /**
   * `lastAt`: up to when database and files were both in the backup (null before the first time); `ageSeconds`: how
   * long ago; `stale`: older than BACKUP_STALE_SECONDS, or none yet that long after the backup (or this process)
   * started.
   */
  backup: { configured: false } | { configured: true; lastAt: string | null; ageSeconds: number | null; stale: boolean };
  recentErrors: { time: string; msg: string; reqId?: string }[];
};

export function getHealth({
  dataDir,
  version,
  backupConfigured = false,
  now = Date.now(),
}: {
  dataDir: string;
  version: string;
  /** BACKUP_URL is set: the backup's state is read from DATA_DIR (written by the supervisor). */
  backupConfigured?: boolean;
  now?: number;
}): Health {
  let disk: Health["disk"] = null;
  try {
    const stats = fs.statfsSync(dataDir);
    disk = { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
  } catch {
    // Not every file system answers statfs: the screen says "unknown".
  }
  const uptimeSeconds = Math.round(process.uptime());
  return {
    version,
    startedAt: new Date(now - uptimeSeconds * 1000).toISOString(),
    uptimeSeconds,
    pid: process.pid,
    disk,
    ...storageFacts(dataDir),
    patternQueue: patternQueueSize(),
    backup: backupConfigured ? backupHealth(dataDir, now, uptimeSeconds) : { configured: false },
    recentErrors: recentErrors(),
  };
}

function backupHealth(dataDir: string, now: number, uptimeSeconds: number): Health["backup"] {
  const state = readBackupState(dataDir);
  const last = state && lastCompleteBackup(state);
  if (!last) {
    const waited = state ? (now - state.startedAt) / 1000 : uptimeSeconds;
    return { configured: true, lastAt: null, ageSeconds: null, stale: waited > BACKUP_STALE_SECONDS };
  }
  const ageSeconds = Math.max(0, Math.round((now - last) / 1000));
  return { configured: true, lastAt: new Date(last).toISOString(), ageSeconds, stale: ageSeconds > BACKUP_STALE_SECONDS };
}

/** "3 d 4 h", "2 h 5 min", "40 s". */
export function describeUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min`;
  return `${seconds} s`;
}

/** "1.4 GB", "820 MB", "12 KB". */
export function describeBytes(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 || value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** The "Last backup" line: "12 s ago (2026-11-26 09:30 UTC)", with a warning past five minutes. */
export function describeBackup(backup: Health["backup"]): string {
  if (!backup.configured) return "Backups are not set up (BACKUP_URL is not set)";
  const minutes = BACKUP_STALE_SECONDS / 60;
  if (backup.lastAt === null || backup.ageSeconds === null) {
    return backup.stale ? `None yet: nothing has reached the backup for more than ${minutes} minutes, see the log` : "None yet (starting)";
  }
  const when = `${describeUptime(backup.ageSeconds)} ago (${backup.lastAt.slice(0, 16).replace("T", " ")} UTC)`;
  return backup.stale ? `${when}: older than ${minutes} minutes, see the log` : when;
}
