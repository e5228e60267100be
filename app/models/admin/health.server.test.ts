import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { describeBackup, describeBytes, describeUptime, getHealth } from "~/models/admin/health.server";
import { writeBackupState } from "~/utils/backup-state.server";

describe("the health screen's facts", () => {
  it("reads the disk, the database and its WAL, and the outbox of a data folder", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "health-"));
    fs.writeFileSync(path.join(dir, "marketplace.db"), Buffer.alloc(4096));
    fs.writeFileSync(path.join(dir, "marketplace.db-wal"), Buffer.alloc(1024));
    fs.mkdirSync(path.join(dir, "outbox"));
    fs.writeFileSync(path.join(dir, "outbox", "a.json"), "{}");
    fs.writeFileSync(path.join(dir, "outbox", "b.json"), "{}");
    const health = getHealth({ dataDir: dir, version: "9.9.9" });
    expect(health).toMatchObject({ version: "9.9.9", databaseBytes: 4096, walBytes: 1024, outboxMessages: 2, backup: { configured: false } });
    expect(health.disk!.freeBytes).toBeGreaterThan(0);
    expect(health.disk!.totalBytes).toBeGreaterThanOrEqual(health.disk!.freeBytes);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("says when the backup last held everything, and warns past five minutes", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "health-backup-"));
    try {
      const now = Date.parse("2026-11-26T10:00:00Z");
      const off = getHealth({ dataDir: dir, version: "1", now });
      expect(off.backup).toEqual({ configured: false });
      expect(describeBackup(off.backup)).toBe("Backups are not set up (BACKUP_URL is not set)");

      writeBackupState(dir, { startedAt: now - 60_000, databaseAt: now - 2_000, filesAt: now - 40_000, updatedAt: now });
      const fresh = getHealth({ dataDir: dir, version: "1", backupConfigured: true, now });
      expect(fresh.backup).toEqual({ configured: true, lastAt: "2026-11-26T09:59:20.000Z", ageSeconds: 40, stale: false });
      expect(describeBackup(fresh.backup)).toBe("40 s ago (2026-11-26 09:59 UTC)");

      writeBackupState(dir, { startedAt: now - 3_600_000, databaseAt: now - 301_000, filesAt: now - 1_000, updatedAt: now });
      const old = getHealth({ dataDir: dir, version: "1", backupConfigured: true, now });
      expect(old.backup).toMatchObject({ ageSeconds: 301, stale: true });
      expect(describeBackup(old.backup)).toBe("5 min ago (2026-11-26 09:54 UTC): older than 5 minutes, see the log");

      writeBackupState(dir, { startedAt: now - 10_000, databaseAt: null, filesAt: now - 1_000, updatedAt: now });
      expect(describeBackup(getHealth({ dataDir: dir, version: "1", backupConfigured: true, now }).backup)).toBe("None yet (starting)");
      writeBackupState(dir, { startedAt: now - 600_000, databaseAt: null, filesAt: now - 1_000, updatedAt: now });
      const never = getHealth({ dataDir: dir, version: "1", backupConfigured: true, now }).backup;
      expect(never).toMatchObject({ lastAt: null, stale: true });
      expect(describeBackup(never)).toContain("None yet: nothing has reached the backup for more than 5 minutes");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says sizes and durations in words", () => {
    expect(describeBytes(512)).toBe("512 B");
    expect(describeBytes(4_600_000)).toBe("4.6 MB");
    expect(describeBytes(271_000_000_000)).toBe("271 GB");
    expect(describeUptime(40)).toBe("40 s");
    expect(describeUptime(7_500)).toBe("2 h 5 min");
    expect(describeUptime(3 * 86_400 + 4 * 3600 + 10)).toBe("3 d 4 h");
  });
});
