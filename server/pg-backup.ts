/**
 * PostgreSQL's backups (issue 50 item 5, decision 162; the counterpart of decision 101's Litestream for SQLite):
 * continuous WAL archiving plus base backups, into a folder, and restores to the latest state or to a point in time.
 *
 * The folder (BACKUP_URL's file:// folder, its `pg/` sub-folder):
 *   wal/NAME         every finished WAL segment, copied there by the primary's archive_command (archiveCommand())
 *   base/STAMP/      a base backup (pg_basebackup, plain format, with the WAL it needs), STAMP its start in UTC
 *   base/STAMP.json  { startedAt }: when it started (a restore to a point in time picks the last base before it)
 *
 * A restore copies the last suitable base backup into a fresh data folder, asks for recovery (`recovery.signal`,
 * `restore_command` reading wal/, `recovery_target_time` when given, `recovery_target_action = 'promote'`), starts
 * the server and waits until it has replayed what there is (to the target) and accepts writes.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

import pg from "pg";

import { hostUrls, primaryUrl } from "../db/pg-primary";
import { giveToServerUser, runPg, stopNowQuietly } from "./pg-bin";

const run = promisify(execFile);

export class PgRestoreError extends Error {}

const quoteShell = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;
const quoteConf = (value: string) => `'${value.replaceAll("'", "''")}'`;

export const walDir = (backupDir: string) => path.join(backupDir, "wal");
export const baseDir = (backupDir: string) => path.join(backupDir, "base");

/**
 * The primary's `archive_command` for a backup folder. A segment is copied under a temporary name and renamed, so a
 * restore never reads half of one. A name already there is never overwritten: the same contents (a copy whose
 * success PostgreSQL did not record before a crash, so it archives the segment again) is success; other contents
 * (a second primary archiving into the same folder) fail, and PostgreSQL keeps retrying and logs it.
 */
export function archiveCommand(backupDir: string): string {
  const wal = quoteShell(walDir(backupDir));
  return `if [ -f ${wal}/%f ]; then cmp -s %p ${wal}/%f; else cp %p ${wal}/%f.part && mv ${wal}/%f.part ${wal}/%f; fi`;
}

/** Creates the backup folder's layout, writable by the server's user (its archive_command writes wal/). */
export function prepareBackupDir(backupDir: string): void {
  for (const dir of [backupDir, walDir(backupDir), baseDir(backupDir)]) {
    fs.mkdirSync(dir, { recursive: true });
    giveToServerUser(dir);
  }
}

/**
 * Takes a base backup of the server at `url` into the folder; returns its folder. Seconds for a small database.
 * `sync: false` skips flushing the copy to disk (tests: a throwaway folder on a busy machine).
 */
export async function takeBaseBackup({ url, backupDir, sync = true }: { url: string; backupDir: string; sync?: boolean }): Promise<string> {
  prepareBackupDir(backupDir);
  const startedAt = new Date();
  const dest = path.join(baseDir(backupDir), startedAt.toISOString().replace(/[:.]/g, "-"));
  await runPg("pg_basebackup", ["-d", url, "-D", `${dest}.part`, "-X", "stream", "--checkpoint=fast", ...(sync ? [] : ["--no-sync"])]);
  fs.renameSync(`${dest}.part`, dest);
  fs.writeFileSync(`${dest}.json`, JSON.stringify({ startedAt: startedAt.toISOString() }) + "\n");
  return dest;
}

type BaseBackup = { dir: string; startedAt: Date };

export function listBaseBackups(backupDir: string): BaseBackup[] {
  const base = baseDir(backupDir);
  const names = fs.existsSync(base) ? fs.readdirSync(base) : [];
  return names
    .filter((name) => name.endsWith(".json") && fs.existsSync(path.join(base, name.slice(0, -5))))
    .map((name) => ({
      dir: path.join(base, name.slice(0, -5)),
      startedAt: new Date((JSON.parse(fs.readFileSync(path.join(base, name), "utf8")) as { startedAt: string }).startedAt),
    }))
    .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
}

export type PgRestored = { url: string; port: number; dataDir: string; base: string; stop(): Promise<void> };

async function recoveryState(url: string): Promise<"recovering" | "done" | "down"> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ recovery: boolean }>("SELECT pg_is_in_recovery() AS recovery");
    return rows[0].recovery ? "recovering" : "done";
  } catch {
    return "down";
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The URL of a server on `port`, with the user, password and database of `databaseUrl` (the postgres superuser's
 * `postgres` database without one), through TCP on `listen`'s first address, or through the unix socket in
 * `socketDir` when `listen` is empty (a restore nobody else should reach).
 */
export function serverUrl({ databaseUrl, port, listen, socketDir }: { databaseUrl?: string; port: number; listen: string; socketDir?: string }): string {
  const url = new URL(databaseUrl ? hostUrls(databaseUrl)[0] : "postgres://postgres@localhost/postgres");
  url.hostname = listen === "" || listen === "*" || listen === "0.0.0.0" ? "127.0.0.1" : listen.split(",")[0].trim();
  url.port = String(port);
  if (listen === "") {
    if (!socketDir) throw new PgRestoreError("A restore without a TCP address needs a socket folder.");
    url.searchParams.set("host", socketDir);
  }
  return url.toString();
}

/**
 * Restores the folder's backup into `dataDir` (missing or empty) and starts it on `port` (TCP on `listen`, the
 * socket in `socketDir`), to `targetTime` (a timestamp PostgreSQL reads, e.g. `2026-12-02 03:04:05.123456+00`) or,
 * without one, to the last archived segment. Resolves once it accepts writes, with its URL (the credentials and
 * database of `databaseUrl`); throws PgRestoreError with the server's log when recovery fails (no base backup old
 * enough, the target not reached in the archive).
 */
export async function restorePg({
  backupDir,
  dataDir,
  port,
  targetTime,
  listen = "127.0.0.1",
  socketDir,
  databaseUrl,
  waitSeconds = 600,
}: {
  backupDir: string;
  dataDir: string;
  port: number;
  targetTime?: string;
  listen?: string;
  socketDir?: string;
  databaseUrl?: string;
  waitSeconds?: number;
}): Promise<PgRestored> {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new PgRestoreError(`${dataDir} is not empty: restore PostgreSQL into a new folder (a data folder in use is never overwritten).`);
  }
  const backups = listBaseBackups(backupDir);
  if (backups.length === 0) throw new PgRestoreError(`There is no base backup in ${baseDir(backupDir)}: take one with \`npm run db:basebackup\`.`);
  let chosen = backups.at(-1)!;
  if (targetTime) {
    // PostgreSQL reads the target; JavaScript only picks the base backup, so a format it cannot read picks the oldest.
    const target = new Date(targetTime.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00"));
    const before = Number.isNaN(target.getTime()) ? backups.slice(0, 1) : backups.filter((b) => b.startedAt < target);
    if (before.length === 0) throw new PgRestoreError(`No base backup started before ${targetTime}: the oldest is from ${backups[0].startedAt.toISOString()}.`);
    chosen = before.at(-1)!;
  }
  // Into the folder (an empty one given, a mount point perhaps, is kept), not beside it.
  fs.mkdirSync(dataDir, { recursive: true });
  await run("cp", ["-a", `${chosen.dir}/.`, dataDir]);
  fs.chmodSync(dataDir, 0o700);
  for (const stale of ["standby.signal", "postmaster.pid", "postmaster.opts"]) fs.rmSync(path.join(dataDir, stale), { force: true });
  const settings = [
    "",
    "# server/pg-backup.ts restorePg: recovery from the archive, then a primary of its own",
    `restore_command = ${quoteConf(`cp ${quoteShell(walDir(backupDir))}/%f %p`)}`,
    ...(targetTime ? [`recovery_target_time = ${quoteConf(targetTime)}`] : []),
    "recovery_target_action = 'promote'",
    // Not the old primary's standby, nor archiving into the folder it is restored from, nor waiting for a standby.
    "primary_conninfo = ''",
    "archive_mode = off",
    "synchronous_standby_names = ''",
    `listen_addresses = ${quoteConf(listen)}`,
    `port = ${port}`,
    ...(socketDir ? [`unix_socket_directories = ${quoteConf(socketDir)}`] : []),
    "",
  ];
  fs.appendFileSync(path.join(dataDir, "postgresql.auto.conf"), settings.join("\n"));
  fs.writeFileSync(path.join(dataDir, "recovery.signal"), "");
  giveToServerUser(dataDir, { recursive: true });
  const log = path.join(dataDir, "restore.log");
  const url = serverUrl({ databaseUrl, port, listen, socketDir });
  const failure = (what: string) => new PgRestoreError(`${what}\n${fs.existsSync(log) ? fs.readFileSync(log, "utf8").slice(-3000) : ""}`);
  try {
    // -w returns once connections are accepted: during recovery (hot standby) or after it.
    await runPg("pg_ctl", ["-D", dataDir, "start", "-w", "-t", String(waitSeconds), "-l", log]);
  } catch (error) {
    stopNowQuietly(dataDir);
    throw failure(`The restored server did not start: ${(error as Error).message}`);
  }
  const deadline = Date.now() + waitSeconds * 1000;
  for (;;) {
    const state = await recoveryState(url);
    if (state === "done") break;
    if (state === "down" || Date.now() > deadline) {
      stopNowQuietly(dataDir);
      throw failure(state === "down" ? "Recovery stopped the server (see its log):" : `Recovery did not finish within ${waitSeconds} s:`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    port,
    dataDir,
    base: chosen.dir,
    async stop() {
      await runPg("pg_ctl", ["-D", dataDir, "stop", "-m", "fast", "-w"]);
    },
  };
}

/**
 * Has the primary at `url` close its current WAL segment and waits until the archiver has copied it (so what was
 * committed until now is in the backup). Needs a superuser or a role granted pg_switch_wal.
 */
export async function archiveNow(url: string, waitSeconds = 60): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ file: string }>("SELECT pg_walfile_name(pg_switch_wal()) AS file");
    const file = rows[0].file;
    const deadline = Date.now() + waitSeconds * 1000;
    for (;;) {
      const archived = await client.query<{ last: string | null }>("SELECT last_archived_wal AS last FROM pg_stat_archiver");
      const last = archived.rows[0].last;
      // Segment names sort in WAL order (timeline, then position); a later one archived means this one was too.
      if (last && last.slice(0, 24) >= file) return;
      if (Date.now() > deadline) throw new PgRestoreError(`WAL segment ${file} was not archived within ${waitSeconds} s: check archive_command in the server's log.`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await client.end();
  }
}

/** The orders in the database at `url`, those created before `cutoff` when given. */
export async function countOrders(url: string, cutoff: Date | null = null): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      cutoff ? "SELECT count(*)::int AS n FROM orders WHERE created_at < $1" : "SELECT count(*)::int AS n FROM orders",
      cutoff ? [cutoff] : [],
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

export type PgVerifyReport = { orders: number; base: string; live: { olderOrders: number; restoredOlderOrders: number; cutoff: Date } | null; archived: boolean };

/**
 * `npm run backup:verify` on PostgreSQL: asks the live primary to archive its current segment (when it answers and
 * may), restores the latest state into `workDir` (a server on a private unix socket, no TCP), counts the orders and
 * compares those older than `graceSeconds` with the live database's: the backup must hold every one of them.
 * Throws PgRestoreError when it cannot restore or orders are missing.
 */
export async function verifyPgBackup({
  backupDir,
  databaseUrl,
  workDir,
  graceSeconds,
  archiveWaitSeconds = 60,
}: {
  backupDir: string;
  databaseUrl: string;
  workDir: string;
  graceSeconds: number;
  archiveWaitSeconds?: number;
}): Promise<PgVerifyReport> {
  let live: string | null = null;
  let archived = false;
  // No live primary (verifying the backup of a lost machine), or no right to switch WAL (42501): the grace covers
  // what is not archived yet. An archive that does not take the segment is a failure.
  live = await primaryUrl(databaseUrl).catch(() => null);
  if (live) {
    try {
      await archiveNow(live, archiveWaitSeconds);
      archived = true;
    } catch (error) {
      if ((error as { code?: string }).code !== "42501") throw error;
    }
  }
  let cutoff: Date | null = null;
  let olderOrders = 0;
  if (live) {
    const client = new pg.Client({ connectionString: live });
    await client.connect();
    try {
      cutoff = (await client.query<{ cutoff: Date }>("SELECT now() - make_interval(secs => $1) AS cutoff", [graceSeconds])).rows[0].cutoff;
    } finally {
      await client.end();
    }
    olderOrders = await countOrders(live, cutoff);
  }
  const socketDir = path.join(workDir, "socket");
  fs.mkdirSync(socketDir, { recursive: true });
  giveToServerUser(workDir);
  giveToServerUser(socketDir);
  const restored = await restorePg({ backupDir, dataDir: path.join(workDir, "data"), port: 5432, listen: "", socketDir, databaseUrl });
  try {
    const orders = await countOrders(restored.url, null);
    const restoredOlderOrders = cutoff ? await countOrders(restored.url, cutoff) : orders;
    if (cutoff && restoredOlderOrders < olderOrders) {
      throw new PgRestoreError(
        `The backup lacks ${olderOrders - restoredOlderOrders} of the ${olderOrders} orders older than ${graceSeconds} s on the live database (it has ${restoredOlderOrders}).`,
      );
    }
    return { orders, base: restored.base, live: cutoff ? { olderOrders, restoredOlderOrders, cutoff } : null, archived };
  } finally {
    stopNowQuietly(restored.dataDir);
  }
}

export const isPostgresUrl = (url: string | undefined) => /^postgres(ql)?:\/\//.test(url?.trim() ?? "");

/**
 * The PostgreSQL backup folder of BACKUP_URL: its `pg/` sub-folder. A file:// target only: the archive is written
 * by the database server's archive_command, which copies files (to a mounted or synchronised folder for off-site).
 */
export function pgBackupDir(target: { kind: "file"; dir: string } | { kind: "s3"; url: string }): string {
  if (target.kind !== "file") {
    throw new PgRestoreError(`PostgreSQL's backups go to a folder (BACKUP_URL=file:///folder), not ${target.url}: see docs/deploy-postgres.md for copying that folder off the machine.`);
  }
  return path.join(target.dir, "pg");
}
