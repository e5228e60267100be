/**
 * Restoring a backup (decision 101): the database through `litestream restore` from the target's `db/` replica, then
 * the uploads and keys. Used by `npm run restore` (scripts/restore.ts) and `npm run backup:verify`
 * (scripts/backup-verify.ts).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import Database from "better-sqlite3";

import { backupStore, KEY_FILES, litestreamBinary, litestreamConfig, litestreamEnv, UPLOAD_NAME, type BackupTarget } from "./backup";

const run = promisify(execFile);

export class RestoreError extends Error {}

export type RestoreReport = { orders: number; files: number; missingFiles: string[]; keys: string[]; integrity: string };

/** Whether a folder is missing or empty (restore refuses to write over a data folder in use). */
export function isEmptyDir(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

/**
 * Restores the backup at `target` into `dataDir` (created when missing). Refuses a folder that is not empty unless
 * `force` (then the database and the files of the backup replace those there). Throws RestoreError with a message a
 * person can act on: no backup there, Litestream's own error, or a database that fails its integrity check.
 */
export async function restoreBackup({ target, dataDir, force = false }: { target: BackupTarget; dataDir: string; force?: boolean }): Promise<RestoreReport> {
  if (!force && !isEmptyDir(dataDir)) {
    throw new RestoreError(`${dataDir} is not empty: restore into an empty folder, or pass --force to replace what is there.`);
  }
  fs.mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
  const dbFile = path.join(dataDir, "marketplace.db");
  if (force) for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(dbFile + suffix, { force: true });

  // Litestream restores to a path of its own choosing only through -o; the config names the replica.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-restore-"));
  try {
    const config = path.join(work, "litestream.yml");
    fs.writeFileSync(config, litestreamConfig(dbFile, target));
    try {
      await run(litestreamBinary(), ["restore", "-config", config, "-o", dbFile, dbFile], { env: litestreamEnv(target), maxBuffer: 16 * 1024 * 1024 });
    } catch (error) {
      const output = `${(error as { stderr?: string }).stderr ?? ""}${(error as { stdout?: string }).stdout ?? ""}`.trim();
      throw new RestoreError(`Litestream could not restore the database from ${target.url}: ${output || (error as Error).message}`);
    }
    if (!fs.existsSync(dbFile)) throw new RestoreError(`There is no database backup at ${target.url} (no generation of db/ to restore).`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }

  const store = backupStore(target);
  const names = await store.list("files");
  for (const name of names) {
    if (!UPLOAD_NAME.test(name)) continue;
    await store.get("files", name, path.join(dataDir, "uploads", name));
  }
  const keys = [...(await store.list("keys"))].filter((k) => (KEY_FILES as readonly string[]).includes(k));
  for (const name of keys) {
    const dest = path.join(dataDir, name);
    await store.get("keys", name, dest);
    fs.chmodSync(dest, 0o600);
  }
  return checkRestored(dataDir);
}

/** Integrity check and counts of a restored data folder; throws RestoreError when the database is damaged. */
export function checkRestored(dataDir: string): RestoreReport {
  const db = new Database(path.join(dataDir, "marketplace.db"), { readonly: true, fileMustExist: true });
  try {
    const integrity = (db.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check).join("; ");
    if (integrity !== "ok") throw new RestoreError(`The restored database fails its integrity check: ${integrity.slice(0, 500)}`);
    // eslint-disable-next-line no-restricted-syntax -- a restored SQLite file is checked through better-sqlite3
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    const orders = count("SELECT count(*) AS n FROM orders");
    // eslint-disable-next-line no-restricted-syntax -- a restored SQLite file is checked through better-sqlite3
    const rows = db.prepare("SELECT name FROM files").all() as { name: string }[];
    const present = new Set(fs.readdirSync(path.join(dataDir, "uploads")));
    const missingFiles = rows.map((r) => r.name).filter((n) => !present.has(n));
    const keys = KEY_FILES.filter((k) => fs.existsSync(path.join(dataDir, k)));
    return { orders, files: rows.length - missingFiles.length, missingFiles, keys: [...keys], integrity };
  } catch (error) {
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(`The restored database cannot be read: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}
