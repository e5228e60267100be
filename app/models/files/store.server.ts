/**
 * The file store (decision 137): stored files live in `${DATA_DIR}/uploads/<32 hex>.<ext>` with a `files` row (this
 * module owns that table), generated files under `${DATA_DIR}/cache`. `storeFile` puts an inspected temp file (see
 * utils/multipart.server.ts and inspect.server.ts) into the store; images are re-encoded by sharp (orientation
 * applied, EXIF and other metadata dropped). `discardFiles` removes stored files (and their rows) of a request that
 * failed after storing, and `deleteUnreferencedFiles` those a save no longer uses: that check reads the tables of
 * the domains that refer to files, and writes only `files`. Callers write their own tables with what was stored.
 *
 * With FILE_STORE_URL (decision 102) the bucket is the durable store and the local folders a read-through cache: an
 * upload is stored only once its object is put (else FileStoreUnavailableError and nothing is kept), `localUpload`
 * fetches a file missing from this machine's disk, generated files are put beside the uploads (`keepCached`) and
 * fetched back (`fetchCached`), and deletes delete both. Without it, but with BACKUP_URL, an upload is copied to the
 * backup target as it is stored (the supervisor's sweep, server/backup.ts, retries what failed).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { eq, inArray, or, sql } from "drizzle-orm";
import sharp from "sharp";

import {
  files,
  helpRequests,
  makePhotos,
  patternVersions,
  productMedia,
  products,
  storeMedia,
  stores,
  users,
  type FILE_KINDS,
} from "../../../db/tables";
import type { Inspected } from "./inspect.server";
import type { TempFile } from "~/utils/multipart.server";
import { type Db, first } from "~/utils/db.server";
import { getEnv, type FileStoreConfig } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { objectStore, type ObjectStore } from "~/utils/object-store.server";
import { backupStore, backupTarget, type BackupStore } from "~/utils/backup-target.server";

/** The bucket of FILE_STORE_URL cannot be reached or refused a file: nothing was stored. */
export class FileStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The file store cannot be reached right now.", { cause });
    this.name = "FileStoreUnavailableError";
  }
}

/** Seconds a client is asked to wait (Retry-After) when the file store cannot be reached. */
export const FILE_STORE_RETRY_SECONDS = 10;

const remotes = new Map<string, ObjectStore>();

/** The bucket behind the file store (FILE_STORE_URL), or null for the local disk alone. */
function remote(): ObjectStore | null {
  const config: FileStoreConfig | null = getEnv().FILE_STORE;
  if (!config) return null;
  const id = JSON.stringify(config);
  let store = remotes.get(id);
  if (!store) remotes.set(id, (store = objectStore(config)));
  return store;
}

const backups = new Map<string, BackupStore | null>();

/** The backup target's file copies (BACKUP_URL), used only when there is no FILE_STORE_URL. */
function backup(): BackupStore | null {
  const raw = process.env.BACKUP_URL?.trim() ?? "";
  if (!raw) return null;
  if (!backups.has(raw)) {
    let store: BackupStore | null = null;
    try {
      const target = backupTarget(process.env);
      store = target ? backupStore(target) : null;
    } catch (error) {
      log.warn({ event: "backup", err: error }, "BACKUP_URL is not usable: uploads are not copied as they are stored");
    }
    backups.set(raw, store);
  }
  return backups.get(raw) ?? null;
}

const uploadKey = (name: string) => `uploads/${name}`;


/* The storage root: uploads live in `${DATA_DIR}/uploads` under random names, generated files in
 * `${DATA_DIR}/cache`. Names are validated before any path is built, so no request can reach outside. */

/** Random hex names with a short extension, exactly as uploads (and the seed) write them. */
const FILE_NAME = /^[a-f0-9]{32}\.[a-z0-9]{2,5}$/;

export function isValidFileName(name: string): boolean {
  return FILE_NAME.test(name);
}

export function uploadsDir(dataDir = getEnv().DATA_DIR): string {
  return path.join(dataDir, "uploads");
}

export function cacheDir(dataDir = getEnv().DATA_DIR): string {
  return path.join(dataDir, "cache");
}

/** The path of an uploaded file, or null when the name is malformed. */
export function uploadPath(name: string, dataDir?: string): string | null {
  if (!isValidFileName(name)) return null;
  return path.join(uploadsDir(dataDir), name);
}

export async function statFile(file: string): Promise<fs.Stats | null> {
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
}

/** The metadata row of an uploaded file, or undefined. */
export async function getFileRecord({ db, name }: { db: Db; name: string }) {
  return await first(db.select().from(files).where(eq(files.name, name)).limit(1));
}

export type FileKind = (typeof FILE_KINDS)[number];

export type StoredFile = { name: string; originalName: string; contentType: string; size: number };

/**
 * Puts an inspected temp file into the file store under a new random name and records it. Images are
 * re-encoded (orientation applied, metadata dropped; BMP becomes PNG). Throws when sharp cannot read an
 * image; the caller turns that into a field error.
 */
export async function storeFile({
  db,
  temp,
  inspected,
  kind,
  ownerId,
  dataDir,
}: {
  db: Db;
  temp: Pick<TempFile, "path" | "originalName">;
  inspected: Inspected;
  kind: FileKind;
  ownerId: number | null;
  dataDir?: string;
}): Promise<StoredFile> {
  const dir = uploadsDir(dataDir);
  await fs.promises.mkdir(dir, { recursive: true });
  let ext = inspected.ext;
  let contentType = inspected.contentType;
  if (inspected.kind === "image" && ext === "bmp") {
    ext = "png";
    contentType = "image/png";
  }
  const name = `${crypto.randomBytes(16).toString("hex")}.${ext}`;
  const target = path.join(dir, name);
  if (inspected.kind === "image") {
    await normaliseImage(temp.path, target, ext);
  } else {
    await moveFile(temp.path, target);
  }
  const size = (await fs.promises.stat(target)).size;
  await putUpload({ name, dataDir });
  try {
    await db.insert(files).values({ name, originalName: temp.originalName, contentType, size, kind, ownerId });
  } catch (error) {
    await removeUploads([name], dataDir);
    throw error;
  }
  return { name, originalName: temp.originalName, contentType, size };
}

/**
 * Makes a file just written to `${DATA_DIR}/uploads/NAME` durable: with FILE_STORE_URL it is put into the bucket
 * (when that fails the local file is removed and FileStoreUnavailableError thrown); else, with BACKUP_URL, it is
 * copied to the backup target (a failure is logged: the supervisor's sweep copies it later).
 */
export async function putUpload({ name, dataDir }: { name: string; dataDir?: string }): Promise<void> {
  const file = uploadPath(name, dataDir);
  if (!file) throw new Error(`invalid file name: ${name}`);
  const store = remote();
  if (store) {
    try {
      await store.put(uploadKey(name), file);
    } catch (error) {
      await fs.promises.rm(file, { force: true });
      log.error({ event: "file-store", file: name, err: error }, "a file could not be put into the file store");
      throw new FileStoreUnavailableError(error);
    }
    return;
  }
  const copy = backup();
  if (copy) {
    await copy.put("files", name, file).catch((error: unknown) => {
      log.warn({ event: "backup", file: name, err: error }, "an upload could not be copied to the backup as it was stored; the sweep tries again");
    });
  }
}

const fetching = new Map<string, Promise<boolean>>();

/** Fetches `key` into `file` when the file is not on this disk (one fetch per file at a time); false when neither has it. */
async function readThrough(store: ObjectStore, key: string, file: string): Promise<boolean> {
  if (await statFile(file)) return true;
  let job = fetching.get(file);
  if (!job) {
    job = (async () => {
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      return store.get(key, file);
    })().finally(() => fetching.delete(file));
    fetching.set(file, job);
  }
  return job;
}

/**
 * The local copy of an uploaded file, with its stat: on this disk, or (with FILE_STORE_URL) fetched from the bucket
 * first. Null when the name is malformed or no store has the file; FileStoreUnavailableError when the bucket cannot
 * answer.
 */
export async function localUpload(name: string, dataDir?: string): Promise<{ path: string; stat: fs.Stats } | null> {
  const file = uploadPath(name, dataDir);
  if (!file) return null;
  const store = remote();
  if (store) {
    try {
      if (!(await readThrough(store, uploadKey(name), file))) return null;
    } catch (error) {
      log.error({ event: "file-store", file: name, err: error }, "a file could not be fetched from the file store");
      throw new FileStoreUnavailableError(error);
    }
  }
  const stat = await statFile(file);
  return stat ? { path: file, stat } : null;
}

/** The bucket's key of a generated file under `${DATA_DIR}/cache`, or null for a path outside it. */
function cacheKey(file: string, dataDir?: string): string | null {
  const relative = path.relative(cacheDir(dataDir), file);
  if (!relative || relative.startsWith("..") || path.isAbsolute(relative)) return null;
  return `cache/${relative.split(path.sep).join("/")}`;
}

/**
 * Whether a generated file under `${DATA_DIR}/cache` is on this disk, fetching it from the bucket first when
 * FILE_STORE_URL is set. A bucket that cannot answer counts as "not there" (the caller builds the file again).
 */
export async function fetchCached(file: string, dataDir?: string): Promise<boolean> {
  const store = remote();
  const key = cacheKey(file, dataDir);
  if (!store || !key) return Boolean(await statFile(file));
  try {
    return await readThrough(store, key, file);
  } catch (error) {
    log.warn({ event: "file-store", file: key, err: error }, "a generated file could not be fetched from the file store; building it again");
    return Boolean(await statFile(file));
  }
}

/** Puts a generated file just written under `${DATA_DIR}/cache` into the bucket (FILE_STORE_URL); failures are logged. */
export async function keepCached(file: string, dataDir?: string): Promise<void> {
  const store = remote();
  const key = cacheKey(file, dataDir);
  if (!store || !key) return;
  await store.put(key, file).catch((error: unknown) => {
    log.warn({ event: "file-store", file: key, err: error }, "a generated file could not be put into the file store");
  });
}

/**
 * Deletes generated files under `${DATA_DIR}/cache/<folder>` whose names `drop` chooses, on this disk and (with
 * FILE_STORE_URL) in the bucket.
 */
export async function dropCached({ folder, drop, dataDir }: { folder: string; drop: (name: string) => boolean; dataDir?: string }) {
  const dir = path.join(cacheDir(dataDir), folder);
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  for (const name of names) if (drop(name)) await fs.promises.rm(path.join(dir, name), { force: true });
  const store = remote();
  const prefix = cacheKey(path.join(dir, "x"), dataDir)?.slice(0, -2);
  if (!store || !prefix) return;
  try {
    const keys = (await store.list(prefix)).filter((k) => !k.includes("/") && drop(k));
    await store.delete(keys.map((k) => `${prefix}/${k}`));
  } catch (error) {
    log.warn({ event: "file-store", folder: prefix, err: error }, "generated files could not be deleted from the file store");
  }
}

async function normaliseImage(source: string, target: string, ext: string) {
  const temp = `${target}.tmp`;
  try {
    const animated = ext === "gif" || ext === "webp";
    let image = sharp(source, { animated, limitInputPixels: 100_000_000 }).rotate();
    if (ext === "jpg") image = image.jpeg({ quality: 90, mozjpeg: true });
    else if (ext === "png") image = image.png();
    else if (ext === "gif") image = image.gif();
    else image = image.webp({ quality: 90 });
    await image.toFile(temp);
    await fs.promises.rename(temp, target);
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
}

async function moveFile(source: string, target: string) {
  try {
    await fs.promises.rename(source, target);
  } catch {
    await fs.promises.copyFile(source, target);
    await fs.promises.rm(source, { force: true });
  }
}

/** Removes stored files and their rows (a request that failed after storing them). */
export async function discardFiles({ db, names, dataDir }: { db: Db; names: string[]; dataDir?: string }) {
  const valid = names.filter(isValidFileName);
  if (valid.length === 0) return;
  await db.delete(files).where(inArray(files.name, valid));
  await removeUploads(valid, dataDir);
}

/** Removes uploads from this disk and (FILE_STORE_URL) the bucket; a bucket that fails is logged, not retried. */
async function removeUploads(names: string[], dataDir?: string) {
  await Promise.all(names.map((n) => fs.promises.rm(path.join(uploadsDir(dataDir), n), { force: true })));
  const store = remote();
  if (!store) return;
  await store.delete(names.map(uploadKey)).catch((error: unknown) => {
    log.warn({ event: "file-store", files: names, err: error }, "files could not be deleted from the file store");
  });
}

/**
 * Deletes those of `names` that nothing refers to any more (store and product media, logos, size charts,
 * pattern files and versions, avatars, help-request resumes, makes' photos).
 */
export async function deleteUnreferencedFiles({ db, names, dataDir }: { db: Db; names: string[]; dataDir?: string }) {
  const unused: string[] = [];
  for (const name of new Set(names.filter(isValidFileName))) {
    const used =
      await first(db.select({ one: sql`1` }).from(productMedia).where(eq(productMedia.media, name)).limit(1)) ??
      await first(db.select({ one: sql`1` }).from(storeMedia).where(eq(storeMedia.media, name)).limit(1)) ??
      await first(db.select({ one: sql`1` }).from(stores).where(eq(stores.avatar, name)).limit(1)) ??
      await first(db
        .select({ one: sql`1` })
        .from(products)
        .where(or(eq(products.sizeChart, name), eq(products.patternFile, name))).limit(1)) ??
      await first(db.select({ one: sql`1` }).from(patternVersions).where(eq(patternVersions.file, name)).limit(1)) ??
      await first(db.select({ one: sql`1` }).from(users).where(eq(users.avatar, name)).limit(1)) ??
      await first(db.select({ one: sql`1` }).from(helpRequests).where(eq(helpRequests.resumeFile, name)).limit(1)) ??
      await first(db.select({ one: sql`1` }).from(makePhotos).where(eq(makePhotos.file, name)).limit(1));
    if (!used) unused.push(name);
  }
  await discardFiles({ db, names: unused, dataDir });
}
