/**
 * The restore drill on PostgreSQL (issue 50 item 5, decision 162; decision 101's Litestream drill for SQLite): a
 * primary archiving its WAL into a backup folder, a base backup, paid orders, a point in time noted, more paid
 * orders; a restore to that point finds exactly the orders before it, every one; `npm run backup:verify` and
 * `npm run restore` (the scripts themselves, with a postgres:// DATABASE_URL) restore the latest state.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { openPgDatabase, type PgDb } from "../../db/client.pg";
import { giveToServerUser, stopNowQuietly } from "../../server/pg-bin";
import { archiveCommand, archiveNow, listBaseBackups, PgRestoreError, restorePg, takeBaseBackup, verifyPgBackup } from "../../server/pg-backup";
import { freePort } from "../free-port";
import { paidOrderKeys, seedShop, writePaidOrder, type Shop } from "./paid-orders";
import { queryOnce, startPgPrimary, type PgPrimary } from "./replication";

const run = promisify(execFile);

describe("archiveCommand", () => {
  test("copies a segment once; the same segment again is done, a different one under that name is refused", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-archive-"));
    try {
      fs.mkdirSync(path.join(dir, "backup", "wal"), { recursive: true });
      const segment = path.join(dir, "000000010000000000000003");
      const archive = (from: string) => run("sh", ["-c", archiveCommand(path.join(dir, "backup")).replaceAll("%p", from).replaceAll("%f", path.basename(segment))]);
      const archived = path.join(dir, "backup", "wal", path.basename(segment));
      fs.writeFileSync(segment, "first contents");
      await archive(segment);
      expect(fs.readFileSync(archived, "utf8")).toBe("first contents");
      await archive(segment);
      fs.writeFileSync(segment, "other contents");
      await expect(archive(segment)).rejects.toThrow();
      expect(fs.readFileSync(archived, "utf8")).toBe("first contents");
      expect(fs.readdirSync(path.join(dir, "backup", "wal"))).toEqual([path.basename(segment)]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Ceilings for a busy machine (the drills take seconds); nothing is timed against them.
describe("PostgreSQL backups: WAL archive, base backup, point-in-time restore", { timeout: 120_000 }, () => {
  let primary: PgPrimary;
  let work: string;
  let backupDir: string;
  let shopUrl: string;
  let db: PgDb;
  let shop: Shop;
  const before: string[] = [];
  const after: string[] = [];
  let pointInTime = "";
  const restoredDirs: string[] = [];

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-pgbackup-"));
    giveToServerUser(work);
    backupDir = path.join(work, "backup", "pg");
    primary = await startPgPrimary({ archiveDir: backupDir });
    await queryOnce(primary.url, "CREATE DATABASE shop");
    shopUrl = primary.url.replace(/\/postgres$/, "/shop");
    db = await openPgDatabase(shopUrl, { migrate: true, max: 2 });
    shop = await seedShop(db);
    await takeBaseBackup({ url: shopUrl, backupDir, sync: false });
    for (let i = 0; i < 25; i++) {
      await writePaidOrder(db, shop, `before-${i}`);
      before.push(`before-${i}`);
    }
    // The server's own clock, to the microsecond: every order above committed before it, every one below after.
    await new Promise((resolve) => setTimeout(resolve, 10));
    pointInTime = (await queryOnce<{ t: string }>(shopUrl, "SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' AS t"))[0].t;
    await new Promise((resolve) => setTimeout(resolve, 10));
    for (let i = 0; i < 25; i++) {
      await writePaidOrder(db, shop, `after-${i}`);
      after.push(`after-${i}`);
    }
    await archiveNow(shopUrl);
  }, 120_000);
  afterAll(async () => {
    await db?.$client.end();
    for (const dir of restoredDirs) stopNowQuietly(dir);
    await primary?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test("the archive and the base backup are in the folder", () => {
    expect(listBaseBackups(backupDir)).toHaveLength(1);
    expect(fs.readdirSync(path.join(backupDir, "wal")).filter((f) => /^[0-9A-F]{24}$/.test(f)).length).toBeGreaterThan(0);
  });

  const env = () => ({ ...process.env, DATABASE_URL: shopUrl, BACKUP_URL: `file://${path.dirname(backupDir)}`, BACKUP_VERIFY_GRACE_SECONDS: "0" });
  const tsx = path.resolve("node_modules/.bin/tsx");

  test("npm run restore to the point in time: exactly the paid orders written before it, every one, once", async () => {
    const pgData = path.join(work, "restored-by-script");
    fs.mkdirSync(pgData); // an empty folder given: restored into, not beside
    restoredDirs.push(pgData);
    const port = await freePort();
    const restoreRun = await run(tsx, ["scripts/restore.ts", "--pgdata", pgData, "--port", String(port), "--to", pointInTime], { env: env() });
    expect(restoreRun.stdout).toContain(`${before.length} orders`);
    const check = await openPgDatabase(`postgres://postgres@127.0.0.1:${port}/shop`, { migrate: false, max: 1 });
    try {
      const keys = await paidOrderKeys(check);
      expect([...keys.keys()].sort()).toEqual([...before].sort());
      expect([...keys.values()].every((orders) => orders === 1)).toBe(true);
      // A primary of its own: it takes a write.
      expect(await writePaidOrder(check, shop, "after-restore")).toBe("written");
    } finally {
      await check.$client.end();
    }
  });

  test("a point in time before the oldest base backup is refused with a message; a data folder in use is never written over", async () => {
    const restore = async (dataDir: string, targetTime?: string) => restorePg({ backupDir, dataDir, port: await freePort(), targetTime, databaseUrl: shopUrl });
    await expect(restore(path.join(work, "too-early"), "2001-01-01 00:00:00+00")).rejects.toThrow(PgRestoreError);
    await expect(restore(path.join(work, "too-early"), "2001-01-01 00:00:00+00")).rejects.toThrow(/No base backup started before/);
    await expect(restore(primary.dataDir)).rejects.toThrow(/is not empty/);
  });

  test("npm run backup:verify on a postgres:// DATABASE_URL: every paid order of the live primary is in the backup", async () => {
    const verify = await run(tsx, ["scripts/backup-verify.ts"], { env: env() });
    const live = before.length + after.length;
    expect(verify.stdout).toMatch(new RegExp(`ok: .*PostgreSQL.*: ${live} orders; all ${live} orders older than 0 s`));
  });

  test("backup:verify fails when the archive lacks orders the live primary has", async () => {
    // The same backup without its archived WAL: the base backup alone, from before every paid order.
    const partial = path.join(work, "partial", "pg");
    fs.mkdirSync(path.dirname(partial), { recursive: true });
    fs.cpSync(backupDir, partial, { recursive: true, filter: (source) => !source.startsWith(path.join(backupDir, "wal") + path.sep) });
    const workDir = fs.mkdtempSync(path.join(work, "verify-"));
    restoredDirs.push(path.join(workDir, "data"));
    const live = before.length + after.length;
    await expect(verifyPgBackup({ backupDir: partial, databaseUrl: shopUrl, workDir, graceSeconds: 0 })).rejects.toThrow(
      new RegExp(`lacks ${live} of the ${live} orders`),
    );
  });

  test("backup:verify fails when the primary's archive_command does not take the current segment", async () => {
    await queryOnce(shopUrl, "ALTER SYSTEM SET archive_command = 'false'");
    await queryOnce(shopUrl, "SELECT pg_reload_conf()");
    try {
      await writePaidOrder(db, shop, "not-archived");
      const workDir = fs.mkdtempSync(path.join(work, "verify-"));
      restoredDirs.push(path.join(workDir, "data"));
      await expect(verifyPgBackup({ backupDir, databaseUrl: shopUrl, workDir, graceSeconds: 0, archiveWaitSeconds: 2 })).rejects.toThrow(/was not archived within 2 s/);
    } finally {
      await queryOnce(shopUrl, "ALTER SYSTEM RESET archive_command");
      await queryOnce(shopUrl, "SELECT pg_reload_conf()");
    }
  });
});
