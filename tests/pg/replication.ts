/**
 * A primary and a synchronous standby on loopback, for the failover and backup drills (issue 50, decision 162).
 *
 * `startPgPrimary()` runs `initdb` into a fresh temporary folder and starts the server on 127.0.0.1 at a free port
 * (its socket inside the folder), ready to stream (`wal_level = replica`, trust for replication on loopback, as
 * initdb writes it), optionally archiving every finished WAL segment into a backup folder (`archive_command`,
 * server/pg-backup.ts). `addStandby(primary)` takes `pg_basebackup -R` of it into another folder, starts that copy
 * on another port as a hot standby (`cluster_name = 'standby'`, the name its WAL receiver reports; the primary's is
 * `primary`), waits until it streams, then makes it synchronous on the primary (`synchronous_standby_names = 'FIRST 1
 * (primary, standby)'`, `synchronous_commit = remote_apply`, by ALTER SYSTEM, so a write is acknowledged only once
 * the standby has applied it). The standby gets the same two settings in its postgresql.conf, as both machines are
 * configured alike in docs/deploy-postgres.md (a standby ignores them; promoted, it would wait for the lost primary
 * on its first write until scripts/pg-failover.ts clears them).
 *
 * Durability is off as in tests/pg/cluster.ts (fsync, full-page writes): `pg_ctl stop -m immediate` kills the
 * server processes but the kernel keeps what they wrote, so a killed primary loses nothing a real crash would not.
 * `stop()` stops both and removes the folder (also when the test process exits without it).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import pg from "pg";

import { archiveCommand, prepareBackupDir } from "../../server/pg-backup";
import { giveToServerUser, runPg, stopNowQuietly } from "../../server/pg-bin";
import { freePort } from "../free-port";

export type PgNode = {
  /** The superuser's URL of the node's `postgres` database. */
  url: string;
  port: number;
  dataDir: string;
  /** `pg_ctl stop -m immediate`: the processes die at once, as in a crash. */
  kill(): Promise<void>;
};

export type PgPrimary = PgNode & {
  /** The folder everything lives in (each node's data folder, the shared socket folder, logs). */
  dir: string;
  /** Stops every node started in the folder and removes it. */
  stop(): Promise<void>;
};

const socketDir = (dir: string) => path.join(dir, "socket");

/** Starts the server of a data folder on a free port; picks another port when one is taken meanwhile. */
async function startNode(dir: string, dataDir: string, settings: string[]): Promise<PgNode> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    fs.appendFileSync(
      path.join(dataDir, "postgresql.conf"),
      ["", "# tests/pg/replication.ts", "listen_addresses = '127.0.0.1'", `port = ${port}`, `unix_socket_directories = '${socketDir(dir)}'`, ...settings, ""].join("\n"),
    );
    try {
      await runPg("pg_ctl", ["-D", dataDir, "start", "-w", "-t", "60", "-l", `${dataDir}.log`]);
      return {
        url: `postgres://postgres@127.0.0.1:${port}/postgres`,
        port,
        dataDir,
        async kill() {
          await runPg("pg_ctl", ["-D", dataDir, "stop", "-m", "immediate", "-w"]);
        },
      };
    } catch (error) {
      lastError = error;
    }
  }
  const log = fs.existsSync(`${dataDir}.log`) ? fs.readFileSync(`${dataDir}.log`, "utf8") : "";
  throw new Error(`PostgreSQL did not start: ${String(lastError)}\n${log.slice(-2000)}`);
}

const nodes = new Map<string, Set<string>>();

/** `durable` keeps fsync and full-page writes on (the bench, to measure what a production server pays). */
export async function startPgPrimary(options: { archiveDir?: string; durable?: boolean } = {}): Promise<PgPrimary> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-pgha-"));
  fs.mkdirSync(socketDir(dir));
  giveToServerUser(dir);
  giveToServerUser(socketDir(dir));
  const dataDirs = new Set<string>();
  nodes.set(dir, dataDirs);
  const stopNow = () => {
    for (const dataDir of dataDirs) stopNowQuietly(dataDir);
    fs.rmSync(dir, { recursive: true, force: true });
    nodes.delete(dir);
  };
  process.once("exit", stopNow);
  try {
    const dataDir = path.join(dir, "primary");
    dataDirs.add(dataDir);
    await runPg("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync", "--no-instructions"]);
    if (options.archiveDir) prepareBackupDir(options.archiveDir);
    const archive = options.archiveDir ? ["archive_mode = on", `archive_command = '${archiveCommand(options.archiveDir).replaceAll("'", "''")}'`] : [];
    const fast = options.durable ? [] : ["fsync = off", "full_page_writes = off"];
    const node = await startNode(dir, dataDir, ["cluster_name = 'primary'", "wal_level = replica", ...fast, ...archive]);
    return {
      ...node,
      dir,
      async stop() {
        process.removeListener("exit", stopNow);
        stopNow();
      },
    };
  } catch (error) {
    process.removeListener("exit", stopNow);
    stopNow();
    throw error;
  }
}

/** Polls `check` until it returns true (every 20 ms); throws after `seconds` with `what` in the message. */
export async function waitFor(what: string, check: () => Promise<boolean>, seconds = 30): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Gave up waiting ${seconds} s for ${what}${lastError ? `: ${String(lastError)}` : ""}`);
}

/** One query on a fresh connection (for settings and checks; the drills' writers keep their own pools). */
export async function queryOnce<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The settings docs/deploy-postgres.md gives both machines: the other one is the synchronous standby. */
export const SYNCHRONOUS_STANDBYS = "FIRST 1 (primary, standby)";

/**
 * A hot standby named `name` (its cluster_name, which its WAL receiver reports) of the node `from` (default: the
 * cluster's first primary): pg_basebackup -R, streaming, with the settings both machines share
 * (`synchronous_standby_names = 'FIRST 1 (primary, standby)'`, `remote_apply`; a standby ignores them). Unless
 * `synchronous` is false, `from` then gets them too (ALTER SYSTEM) and this returns once it reports the standby
 * `sync`; else once it streams.
 */
export async function addStandby(
  cluster: PgPrimary,
  { synchronous = true, name = "standby", from = cluster as PgNode }: { synchronous?: boolean; name?: string; from?: PgNode } = {},
): Promise<PgNode> {
  let dataDir = path.join(cluster.dir, name);
  for (let n = 2; fs.existsSync(dataDir); n++) dataDir = path.join(cluster.dir, `${name}-${n}`);
  nodes.get(cluster.dir)?.add(dataDir);
  await runPg("pg_basebackup", ["-d", from.url, "-D", dataDir, "-R", "-X", "stream", "--checkpoint=fast", "--no-sync"]);
  // The copy carries the primary's archive settings: a standby archives nothing unless archive_mode = always.
  const alike = [`synchronous_standby_names = '${SYNCHRONOUS_STANDBYS}'`, "synchronous_commit = remote_apply"];
  const standby = await startNode(cluster.dir, dataDir, [`cluster_name = '${name}'`, "hot_standby = on", ...alike]);
  const state = async () =>
    (await queryOnce<{ state: string; sync_state: string }>(from.url, "SELECT state, sync_state FROM pg_stat_replication WHERE application_name = $1", [name]))[0];
  await waitFor(`${name} to stream`, async () => (await state())?.state === "streaming");
  if (synchronous) {
    await queryOnce(from.url, `ALTER SYSTEM SET synchronous_standby_names = '${SYNCHRONOUS_STANDBYS}'`);
    await queryOnce(from.url, "ALTER SYSTEM SET synchronous_commit = 'remote_apply'");
    await queryOnce(from.url, "SELECT pg_reload_conf()");
    await waitFor(`${name} to be synchronous`, async () => (await state())?.sync_state === "sync");
  }
  return standby;
}
