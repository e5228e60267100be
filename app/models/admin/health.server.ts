/**
 * The administrator's health screen (decision 095): what the metrics say, in words, for one person on one host —
 * the version and uptime of the process that answered, the disk left under DATA_DIR, the database and its WAL, the
 * mail outbox, pattern work waiting, the last backup, and the last errors this process logged.
 */
import fs from "node:fs";

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
  backup: { configured: false } | { configured: true; lastAt: string | null };
  recentErrors: { time: string; msg: string; reqId?: string }[];
};

export function getHealth({ dataDir, version, now = Date.now() }: { dataDir: string; version: string; now?: number }): Health {
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
    backup: { configured: false },
    recentErrors: recentErrors(),
  };
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
