/**
 * Continuous backup (decision 101, issue 22): with BACKUP_URL set, the supervisor runs Litestream beside the app to
 * replicate the SQLite database (WAL frames, about a second behind), and copies every uploaded file and the
 * generated keys to the same target. `npm run restore` (scripts/restore.ts) brings both back; `npm run
 * backup:verify` restores into a temporary folder and checks the result. Without BACKUP_URL nothing here runs.
 *
 * The target's layout, for a `file://` folder or an `s3://bucket/prefix`:
 *   db/          Litestream's replica of marketplace.db (generations, snapshots, WAL segments)
 *   files/NAME   each file of DATA_DIR/uploads, copied once (upload names are random and never rewritten)
 *   keys/NAME    session-secret and data-key when they were generated into DATA_DIR (without data-key the sellers'
 *                bank numbers in a restored database cannot be read)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import path from "node:path";

import { writeBackupState, type BackupState } from "../app/utils/backup-state.server";
import { backupStore, joinKey, type BackupStore, type BackupTarget } from "../app/utils/backup-target.server";

export { backupStore, backupTarget, type BackupStore, type BackupTarget } from "../app/utils/backup-target.server";

/** Keys generated into DATA_DIR that a restored copy needs (env.server.ts writes them on first start). */
export const KEY_FILES = ["session-secret", "data-key"] as const;

/**
 * The Litestream binary (0.3.13): LITESTREAM_BIN, else the one `@flydotio/litestream-linux-x64` installs (the binary
 * package of `@flydotio/litestream`, an optional dependency: the registry carries it for Linux on x64 only).
 */
export function litestreamBinary(): string {
  const fromEnv = process.env.LITESTREAM_BIN?.trim();
  if (fromEnv) return fromEnv;
  const require = createRequire(import.meta.url);
  const name = `@flydotio/litestream-${process.platform}-${process.arch}`;
  try {
    return path.join(path.dirname(require.resolve(`${name}/package.json`)), "litestream");
  } catch {
    throw new Error(`BACKUP_URL needs Litestream: ${name} is not installed for this machine. Install Litestream 0.3 and set LITESTREAM_BIN to its path.`);
  }
}

const yamlString = (value: string) => JSON.stringify(value); // JSON strings are valid YAML scalars

/**
 * Litestream's configuration for one database and the target's `db/` replica. Keys are not written here: they
 * reach Litestream through its environment (litestreamEnv), so the file holds no secret.
 */
export function litestreamConfig(dbFile: string, target: BackupTarget): string {
  const lines = ["dbs:", `  - path: ${yamlString(path.resolve(dbFile))}`, "    replicas:"];
  if (target.kind === "file") {
    lines.push("      - type: file", `        path: ${yamlString(path.join(target.dir, "db"))}`);
  } else {
    lines.push(
      "      - type: s3",
      `        bucket: ${yamlString(target.bucket)}`,
      `        path: ${yamlString(joinKey(target.prefix, "db"))}`,
      `        region: ${yamlString(target.region)}`,
    );
    if (target.endpoint) lines.push(`        endpoint: ${yamlString(target.endpoint)}`, "        force-path-style: true");
  }
  lines.push("        sync-interval: 1s", "        snapshot-interval: 24h", "        retention: 72h");
  return lines.join("\n") + "\n";
}

/** Litestream's environment: its own variables for the S3 keys. */
export function litestreamEnv(target: BackupTarget): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (target.kind === "s3") {
    if (target.accessKeyId) env.LITESTREAM_ACCESS_KEY_ID = target.accessKeyId;
    if (target.secretAccessKey) env.LITESTREAM_SECRET_ACCESS_KEY = target.secretAccessKey;
  }
  return env;
}

/**
 * Upload names as the file store writes them (store.server.ts, kept apart from its sharp and database imports): anything
 * else in uploads/ is not copied, and nothing else in a backup's files/ is restored.
 */
export const UPLOAD_NAME = /^[a-f0-9]{32}\.[a-z0-9]{2,5}$/;

/**
 * Copies to the target every upload and key file it does not have yet. Returns how many were copied; a file that
 * fails is left for the next sweep (and reported through `onError`).
 */
export async function sweepFiles({
  dataDir,
  store,
  copied,
  onError,
}: {
  dataDir: string;
  store: BackupStore;
  /** Names already on the target (filled from store.list at the first sweep, then kept up to date). */
  copied: { files: Set<string>; keys: Set<string> };
  onError: (name: string, error: unknown) => void;
}): Promise<number> {
  let n = 0;
  const names = await fs.promises.readdir(path.join(dataDir, "uploads")).catch(() => [] as string[]);
  for (const name of names) {
    if (!UPLOAD_NAME.test(name) || copied.files.has(name)) continue;
    try {
      await store.put("files", name, path.join(dataDir, "uploads", name));
      copied.files.add(name);
      n++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException)?.code === "ENOENT") continue; // deleted meanwhile
      onError(name, error);
    }
  }
  for (const name of KEY_FILES) {
    if (copied.keys.has(name) || !fs.existsSync(path.join(dataDir, name))) continue;
    try {
      await store.put("keys", name, path.join(dataDir, name));
      copied.keys.add(name);
      n++;
    } catch (error) {
      onError(name, error);
    }
  }
  return n;
}

/**
 * A Litestream 0.3.13 log line that says data reached the replica ("wal segment written", "snapshot written"; its
 * slog text format, `time=... level=INFO msg="wal segment written" db=... replica=... position=...`): the time it
 * names (Litestream's clock, this machine's), else `now`. Any other line: null.
 */
export function replicatedAt(line: string, now = Date.now()): number | null {
  if (!/\bmsg="(wal segment written|snapshot written)"/.test(line)) return null;
  const stamp = /^time=(\S+)/.exec(line.trim())?.[1];
  const at = stamp ? Date.parse(stamp) : NaN;
  return Number.isFinite(at) ? at : now;
}

/**
 * The newest moment at which the replica held every change to the database, from one more look (every second):
 * Litestream writes nothing while the database is idle, so "the last segment written" alone would age on a quiet
 * site. When the database and its WAL have not changed since the last segment was written (`changedAt`, their newest
 * modification time, no later than `replicatedAt`), the replica holds everything now; when they have, the changes
 * since are not replicated yet and the moment stays where it was. Nothing moves while Litestream is not running or
 * has written nothing in this run.
 */
export function databaseSyncedAt({
  previous,
  replicatedAt: replicated,
  changedAt,
  running,
  now,
}: {
  previous: number | null;
  replicatedAt: number | null;
  changedAt: number;
  running: boolean;
  now: number;
}): number | null {
  if (!running || replicated === null) return previous;
  if (changedAt <= replicated) return now;
  return Math.max(previous ?? 0, replicated);
}

/** The newest modification time of the database file and its WAL (0 when neither exists). */
function changedAt(dbFile: string): number {
  let newest = 0;
  for (const file of [dbFile, `${dbFile}-wal`]) {
    try {
      newest = Math.max(newest, fs.statSync(file).mtimeMs);
    } catch {
      // No WAL right after a checkpoint that truncated it.
    }
  }
  return newest;
}

type Logger = Record<"debug" | "info" | "warn" | "error", (fields: object, message: string) => void>;

/** How often uploads are looked for (the drill's "acknowledged a few seconds before" leaves room for two sweeps). */
export const SWEEP_MS = 2_000;

/**
 * Runs the backup beside the app, in the supervisor: Litestream (started again after a crash, with a back-off) and
 * the file sweep. `stop()` ends both, letting Litestream push its last WAL frames.
 */
export function startBackup({ dataDir, dbFile, target, log }: { dataDir: string; dbFile: string; target: BackupTarget; log: Logger }) {
  const configFile = path.join(dataDir, "litestream.yml");
  fs.writeFileSync(configFile, litestreamConfig(dbFile, target));
  const store = backupStore(target);
  let stopping = false;
  let child: ChildProcess | null = null;
  let quickExits = 0;
  const state = { lastFileSweep: 0, litestreamRunning: false, lastReplicatedAt: null as number | null };
  // What /metrics and the health screen read (app/utils/backup-state.server.ts), refreshed every second.
  const published: BackupState = { startedAt: Date.now(), databaseAt: null, filesAt: null, updatedAt: Date.now() };
  const publish = () => {
    const now = Date.now();
    published.databaseAt = databaseSyncedAt({
      previous: published.databaseAt,
      replicatedAt: state.lastReplicatedAt,
      changedAt: changedAt(dbFile),
      running: state.litestreamRunning,
      now,
    });
    published.filesAt = state.lastFileSweep || null;
    published.updatedAt = now;
    try {
      writeBackupState(dataDir, published);
    } catch (error) {
      log.warn({ event: "backup", err: error }, "the backup state could not be written");
    }
  };
  publish();
  const publisher = setInterval(publish, 1_000);
  publisher.unref();

  const runLitestream = () => {
    const started = Date.now();
    const proc = spawn(litestreamBinary(), ["replicate", "-config", configFile], { env: litestreamEnv(target), stdio: ["ignore", "pipe", "pipe"] });
    child = proc;
    state.litestreamRunning = true;
    // Litestream logs each WAL segment it writes at INFO: those go to debug; its warnings and errors stay.
    const relay = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) {
        const text = line.trim();
        if (!text) continue;
        const at = replicatedAt(text);
        if (at !== null) state.lastReplicatedAt = Math.max(state.lastReplicatedAt ?? 0, at);
        const level = /\blevel=(\w+)/.exec(text)?.[1]?.toUpperCase();
        const fields = { event: "backup", source: "litestream" };
        if (level === "ERROR") log.error(fields, text);
        else if (level === "WARN") log.warn(fields, text);
        else if (/new generation|snapshot written/.test(text)) log.info(fields, text);
        else log.debug(fields, text);
      }
    };
    proc.stdout!.on("data", relay);
    proc.stderr!.on("data", relay);
    proc.on("error", (error) => log.error({ event: "backup", err: error }, "Litestream could not be started"));
    proc.on("exit", (code, signal) => {
      state.litestreamRunning = false;
      child = null;
      if (stopping) return;
      quickExits = Date.now() - started < 60_000 ? quickExits + 1 : 0;
      const delay = Math.min(60_000, 1_000 * 2 ** Math.max(0, quickExits - 1));
      log.error({ event: "backup", code: signal ?? code, delayMs: delay }, "Litestream exited; starting it again");
      setTimeout(() => !stopping && runLitestream(), delay).unref();
    });
  };
  runLitestream();

  const copied = { files: new Set<string>(), keys: new Set<string>() };
  let listed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const sweep = async () => {
    // What the sweep holds is every upload there when it began: that is the moment the files part is backed up to.
    const began = Date.now();
    try {
      if (!listed) {
        copied.files = await store.list("files");
        copied.keys = await store.list("keys");
        listed = true;
      }
      const n = await sweepFiles({
        dataDir,
        store,
        copied,
        onError: (name, error) => log.warn({ event: "backup", file: name, err: error }, "a file could not be copied to the backup; trying again"),
      });
      state.lastFileSweep = began;
      if (n) log.info({ event: "backup", files: n }, `${n} file${n === 1 ? "" : "s"} copied to the backup`);
    } catch (error) {
      log.warn({ event: "backup", err: error }, "the backup target could not be listed; trying again");
    }
    if (!stopping) timer = setTimeout(sweep, SWEEP_MS);
  };
  void sweep();
  log.info({ event: "backup", target: target.kind }, `backing up to ${target.kind === "file" ? target.dir : `s3://${target.bucket}/${target.prefix}`}`);

  return {
    state,
    async stop() {
      stopping = true;
      clearTimeout(timer);
      const proc = child;
      if (proc) {
        await new Promise<void>((resolve) => {
          const force = setTimeout(() => proc.kill("SIGKILL"), 10_000);
          proc.once("exit", () => {
            clearTimeout(force);
            resolve();
          });
          proc.kill("SIGTERM");
        });
      }
      clearInterval(publisher);
      publish();
    },
  };
}
