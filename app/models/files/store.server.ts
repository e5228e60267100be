/**
 * The file store (decision 093): stored files live in `${DATA_DIR}/uploads/<32 hex>.<ext>` with a `files` row (this
 * module owns that table), generated files under `${DATA_DIR}/cache`. `storeFile` puts an inspected temp file (see
 * utils/multipart.server.ts and inspect.server.ts) into the store; images are re-encoded by sharp (orientation
 * applied, EXIF and other metadata dropped). `discardFiles` removes stored files (and their rows) of a request that
 * failed after storing, and `deleteUnreferencedFiles` those a save no longer uses: that check reads the tables of
 * the domains that refer to files, and writes only `files`. Callers write their own tables with what was stored.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { eq, inArray, or, sql } from "drizzle-orm";
import sharp from "sharp";

import {
  files,
  helpRequests,
  patternVersions,
  productMedia,
  products,
  storeMedia,
  stores,
  users,
  type FILE_KINDS,
} from "../../../db/schema";
import type { Inspected } from "./inspect.server";
import type { TempFile } from "~/utils/multipart.server";
import type { Db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";


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
export function getFileRecord({ db, name }: { db: Db; name: string }) {
  return db.select().from(files).where(eq(files.name, name)).get();
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
  try {
    db.insert(files).values({ name, originalName: temp.originalName, contentType, size, kind, ownerId }).run();
  } catch (error) {
    await fs.promises.rm(target, { force: true });
    throw error;
  }
  return { name, originalName: temp.originalName, contentType, size };
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
  db.delete(files).where(inArray(files.name, valid)).run();
  await Promise.all(valid.map((n) => fs.promises.rm(path.join(uploadsDir(dataDir), n), { force: true })));
}

/**
 * Deletes those of `names` that nothing refers to any more (store and product media, logos, size charts,
 * pattern files and versions, avatars, help-request resumes).
 */
export async function deleteUnreferencedFiles({ db, names, dataDir }: { db: Db; names: string[]; dataDir?: string }) {
  const unused: string[] = [];
  for (const name of new Set(names.filter(isValidFileName))) {
    const used =
      db.select({ one: sql`1` }).from(productMedia).where(eq(productMedia.media, name)).get() ??
      db.select({ one: sql`1` }).from(storeMedia).where(eq(storeMedia.media, name)).get() ??
      db.select({ one: sql`1` }).from(stores).where(eq(stores.avatar, name)).get() ??
      db
        .select({ one: sql`1` })
        .from(products)
        .where(or(eq(products.sizeChart, name), eq(products.patternFile, name)))
        .get() ??
      db.select({ one: sql`1` }).from(patternVersions).where(eq(patternVersions.file, name)).get() ??
      db.select({ one: sql`1` }).from(users).where(eq(users.avatar, name)).get() ??
      db.select({ one: sql`1` }).from(helpRequests).where(eq(helpRequests.resumeFile, name)).get();
    if (!used) unused.push(name);
  }
  await discardFiles({ db, names: unused, dataDir });
}
