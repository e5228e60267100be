import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";

import { databaseSyncedAt, replicatedAt, startBackup } from "./backup";
import { readBackupState } from "../app/utils/backup-state.server";

describe("Litestream's log lines", () => {
  it("finds the segments and snapshots that reached the replica, at the time the line names", () => {
    // Lines as Litestream 0.3.13 writes them (captured from `litestream replicate` on this machine).
    const written = 'time=2026-11-26T09:15:20.976Z level=INFO msg="wal segment written" db=/tmp/t.db replica=file position=e18fb84384cf55cd/00000000:16512 elapsed=1.559723ms sz=4120';
    const snapshot = 'time=2026-11-26T09:15:17.997Z level=INFO msg="snapshot written" db=/tmp/t.db replica=file position=e18fb84384cf55cd/00000000:16512 elapsed=13.473119ms sz=333';
    expect(replicatedAt(written)).toBe(Date.parse("2026-11-26T09:15:20.976Z"));
    expect(replicatedAt(snapshot)).toBe(Date.parse("2026-11-26T09:15:17.997Z"));
    // Not yet written, or nothing to do with the replica.
    expect(replicatedAt('time=2026-11-26T09:15:20.974Z level=INFO msg="write wal segment" db=/tmp/t.db replica=file position=x')).toBeNull();
    expect(replicatedAt('time=2026-11-26T09:15:17.982Z level=INFO msg="sync: new generation" db=/tmp/t.db')).toBeNull();
    expect(replicatedAt('time=2026-11-26T09:15:17.982Z level=ERROR msg="monitor error" error="wal segment written"')).toBeNull();
    // A line without a readable time counts at the moment it was read.
    expect(replicatedAt('level=INFO msg="wal segment written" db=/tmp/t.db', 1234)).toBe(1234);
  });
});

describe("up to when the replica holds every change", () => {
  const base = { previous: 1_000, replicatedAt: 5_000, running: true, now: 9_000 };
  it("is now when nothing changed since the last segment (a quiet site is not behind)", () => {
    expect(databaseSyncedAt({ ...base, changedAt: 4_900 })).toBe(9_000);
    expect(databaseSyncedAt({ ...base, changedAt: 5_000 })).toBe(9_000);
  });
  it("stays put while changes wait for the next segment", () => {
    expect(databaseSyncedAt({ ...base, changedAt: 5_100 })).toBe(5_000);
    expect(databaseSyncedAt({ ...base, previous: 7_000, changedAt: 8_000 })).toBe(7_000);
  });
  it("never moves while Litestream is down or has written nothing yet", () => {
    expect(databaseSyncedAt({ ...base, running: false, changedAt: 0 })).toBe(1_000);
    expect(databaseSyncedAt({ ...base, replicatedAt: null, changedAt: 0 })).toBe(1_000);
    expect(databaseSyncedAt({ ...base, previous: null, replicatedAt: null, changedAt: 0 })).toBeNull();
  });
});

describe("startBackup", () => {
  it("publishes in DATA_DIR when the database and the files last reached a folder target", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-state-"));
    const targetDir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-target-"));
    const dbFile = path.join(dataDir, "marketplace.db");
    const db = new Database(dbFile);
    db.pragma("journal_mode = WAL");
    db.pragma("wal_autocheckpoint = 0");
    db.exec("CREATE TABLE t (x)");
    const quiet = { debug() {}, info() {}, warn() {}, error() {} };
    const backup = startBackup({ dataDir, dbFile, target: { kind: "file", dir: targetDir, url: `file://${targetDir}` }, log: quiet });
    const until = async (ok: () => boolean) => {
      const started = Date.now();
      while (!ok()) {
        if (Date.now() - started > 15_000) throw new Error(`not reached: ${JSON.stringify(readBackupState(dataDir))}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    try {
      const startedAt = Date.now();
      await until(() => (readBackupState(dataDir)?.databaseAt ?? 0) >= startedAt && (readBackupState(dataDir)?.filesAt ?? 0) >= startedAt);
      // A write: the state does not claim it until a segment holding it is written, and then it does.
      // eslint-disable-next-line no-restricted-syntax -- a SQLite file written through better-sqlite3
      db.prepare("INSERT INTO t VALUES (1)").run();
      const wroteAt = fs.statSync(`${dbFile}-wal`).mtimeMs;
      await until(() => (readBackupState(dataDir)?.databaseAt ?? 0) > wroteAt);
      expect(fs.readdirSync(path.join(targetDir, "db"))).toContain("generations");
    } finally {
      await backup.stop();
      db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(targetDir, { recursive: true, force: true });
    }
  });
});
