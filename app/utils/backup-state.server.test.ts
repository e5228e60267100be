import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { BACKUP_STATE_FILE, backupConfigured, lastCompleteBackup, readBackupState, writeBackupState } from "~/utils/backup-state.server";

describe("the backup's state file", () => {
  it("is read back as written, and anything else in its place reads as none", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-state-"));
    try {
      expect(readBackupState(dir)).toBeNull();
      const state = { startedAt: 1_000, databaseAt: 5_000, filesAt: null, updatedAt: 6_000 };
      writeBackupState(dir, state);
      expect(readBackupState(dir)).toEqual(state);
      expect(fs.readdirSync(dir)).toEqual([BACKUP_STATE_FILE]);
      for (const junk of ["", "{", "null", "[]", '{"startedAt":"yesterday","updatedAt":1}', '{"startedAt":1}']) {
        fs.writeFileSync(path.join(dir, BACKUP_STATE_FILE), junk);
        expect(readBackupState(dir), junk).toBeNull();
      }
      fs.writeFileSync(path.join(dir, BACKUP_STATE_FILE), '{"startedAt":1,"updatedAt":2,"databaseAt":-5,"filesAt":"soon"}');
      expect(readBackupState(dir)).toEqual({ startedAt: 1, updatedAt: 2, databaseAt: null, filesAt: null });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says the backup is complete up to the older of its two parts", () => {
    expect(lastCompleteBackup({ startedAt: 1, updatedAt: 9, databaseAt: 7, filesAt: 5 })).toBe(5);
    expect(lastCompleteBackup({ startedAt: 1, updatedAt: 9, databaseAt: 7, filesAt: null })).toBeNull();
  });

  it("knows whether BACKUP_URL is set", () => {
    expect(backupConfigured({})).toBe(false);
    expect(backupConfigured({ BACKUP_URL: "  " })).toBe(false);
    expect(backupConfigured({ BACKUP_URL: "file:///var/backups/x" })).toBe(true);
  });
});
