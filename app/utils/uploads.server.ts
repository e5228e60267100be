/**
 * Uploads, done once for every form that takes files (store settings, designs, help requests, avatars).
 *
 * 1. `readMultipart` streams a multipart body: every file part goes to a temp file under
 *    `${DATA_DIR}/tmp` while its bytes are counted, and stops being written the moment it passes the
 *    limit (26214400 bytes unless told otherwise); the rest of that part is read and dropped, so every
 *    later field still arrives and the form can be shown again with what was typed. A too-large file is a
 *    per-file error, never a thrown exception. Text fields come back as a FormData for `parseWithZod`.
 * 2. `inspectFile` checks the content against what the field accepts: images and videos by their magic
 *    bytes (file-type), PDF by `%PDF-`, DOC/DOCX by file-type, DXF as text that no other type claims (the
 *    pattern reader, in its worker pool, then reads it once: models/patterns/read.server.ts). The file's own
 *    name or declared type is never trusted.
 * 3. `storeFile` puts an accepted file into the file store (`${DATA_DIR}/uploads/<32 hex>.<ext>`) with a
 *    `files` row; images are re-encoded by sharp (orientation applied, EXIF and other metadata dropped).
 * 4. `cleanup()` of a parse removes its temp files; `discardFiles` removes stored files (and their rows)
 *    of a request that failed after storing, and `deleteUnreferencedFiles` those a save no longer uses.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { eq, inArray, or, sql } from "drizzle-orm";
import { fileTypeFromFile } from "file-type";
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
} from "../../db/schema";
import { BodyTooLargeError, MAX_FORM_BYTES, readBytes } from "./body.server";
import type { Db } from "./db.server";
import { getEnv } from "./env.server";
import { invariantResponse } from "./invariant";
import { isValidFileName, uploadsDir } from "./files.server";

import { MAX_FILE_BYTES } from "./upload-limits";

export { MAX_FILE_BYTES, MAX_MEDIA } from "./upload-limits";

export function tooLargeMessage(fileName: string) {
  return `${fileName} is too large. Maximum file size is 25MB.`;
}

/** A file part written to a temp file, not yet checked. */
export type TempFile = {
  field: string;
  originalName: string;
  /** The type the client declared (not trusted). */
  declaredType: string;
  path: string;
  size: number;
};

/** A problem with one file, shown at its field (HTML) or as the 400's error (JSON). */
export type FileProblem = { field: string; fileName: string; message: string };

export type MultipartResult = {
  /** The text fields, in order (file parts are not in here). */
  fields: FormData;
  /** File parts within the limit, by field in arrival order; empty file inputs are skipped. */
  files: TempFile[];
  /** Files refused while reading (too large, too many). */
  problems: FileProblem[];
  /** Removes the temp files of this request (call it in a `finally`). */
  cleanup: () => Promise<void>;
};

/** Thrown for a body that is not a readable form or is far beyond any legitimate upload. */
export class UploadRequestError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413,
  ) {
    super(message);
  }
}

export type ReadMultipartOptions = {
  maxFileBytes?: number;
  /** File parts beyond this many are dropped with a problem (default 25). */
  maxFiles?: number;
  /** Each text field is cut off here (default 256 KiB); the whole body at maxBodyBytes. */
  maxFieldBytes?: number;
  maxBodyBytes?: number;
  tempDir?: string;
};

export function tempUploadsDir(dataDir = getEnv().DATA_DIR) {
  return path.join(dataDir, "tmp");
}

/**
 * readMultipart for a page's action: a request the reader refuses (not multipart, too large, too many files) is
 * thrown as its 400/413 Response for the route's error boundary; anything else is rethrown as is.
 */
export async function readPageMultipart(request: Request, options: ReadMultipartOptions = {}): Promise<MultipartResult> {
  try {
    return await readMultipart(request, options);
  } catch (error) {
    if (error instanceof UploadRequestError) invariantResponse(false, error.message, { status: error.status });
    throw error;
  }
}

/**
 * Reads a form body. A `multipart/form-data` body is streamed as described above; a urlencoded body (a form
 * without files) is read as usual, with no files.
 */
export async function readMultipart(request: Request, options: ReadMultipartOptions = {}): Promise<MultipartResult> {
  const maxFileBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
  const maxFiles = options.maxFiles ?? 25;
  const maxFieldBytes = options.maxFieldBytes ?? 256 * 1024;
  const maxBodyBytes = options.maxBodyBytes ?? (maxFiles + 1) * maxFileBytes;
  const contentType = request.headers.get("Content-Type") ?? "";
  const temps: TempFile[] = [];
  const partial: string[] = [];
  const cleanup = async () => {
    await Promise.all([...temps.map((t) => t.path), ...partial].map((p) => fs.promises.rm(p, { force: true })));
  };

  if (!/^multipart\/form-data/i.test(contentType)) {
    // A form without files (urlencoded), no body, or a type no form sends: read bounded; only urlencoded has fields.
    const bytes = await readBytes(request, Math.min(maxBodyBytes, MAX_FORM_BYTES)).catch((error: unknown) => {
      if (error instanceof BodyTooLargeError) throw new UploadRequestError("The request is too large", 413);
      throw error;
    });
    if (!bytes) throw new UploadRequestError("The form could not be read", 400);
    const fields = new FormData();
    if (/^application\/x-www-form-urlencoded/i.test(contentType)) {
      for (const [key, value] of new URLSearchParams(new TextDecoder().decode(bytes))) fields.append(key, value);
    }
    return { fields, files: [], problems: [], cleanup };
  }

  const problems: FileProblem[] = [];
  const tempDir = options.tempDir ?? tempUploadsDir();
  await fs.promises.mkdir(tempDir, { recursive: true });
  sweepOnce(tempDir);
  let bodyBytes = 0;
  let fileCount = 0;

  const count = (n: number) => {
    bodyBytes += n;
    if (bodyBytes > maxBodyBytes) throw new UploadRequestError("The request is too large", 413);
  };

  // Text parts are returned (Remix appends them to the FormData); file parts are written here and
  // return undefined, so no file ever sits in memory as a whole.
  const handler: UploadHandler = async ({ name, filename, contentType: declaredType, data }) => {
    if (typeof filename !== "string") {
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of data) {
        count(chunk.byteLength);
        size += chunk.byteLength;
        if (size > maxFieldBytes) throw new UploadRequestError(`The field ${name} is too long`, 413);
        chunks.push(chunk);
      }
      return Buffer.concat(chunks).toString("utf8");
    }
    const originalName = cleanFileName(filename);
    // An empty file input sends a part with no name and no bytes: nothing was chosen.
    if (!originalName) {
      for await (const chunk of data) count(chunk.byteLength);
      return undefined;
    }
    fileCount += 1;
    if (fileCount > maxFiles) {
      for await (const chunk of data) count(chunk.byteLength);
      problems.push({ field: name, fileName: originalName, message: `Too many files: at most ${maxFiles} per request.` });
      return undefined;
    }
    const tempPath = path.join(tempDir, `${crypto.randomBytes(16).toString("hex")}.part`);
    partial.push(tempPath);
    const out = new TempFileWriter(tempPath);
    let size = 0;
    let tooLarge = false;
    try {
      for await (const chunk of data) {
        count(chunk.byteLength);
        size += chunk.byteLength;
        if (tooLarge || out.failed) continue;
        if (size > maxFileBytes) {
          // Stop keeping this file at once; the rest of its bytes are read and dropped.
          tooLarge = true;
          await out.abandon();
          continue;
        }
        await out.write(chunk);
      }
    } finally {
      // Also when the body fails midway (a client that disconnects): the file is closed before it is removed.
      await out.close();
    }
    if (tooLarge || out.failed) {
      await fs.promises.rm(tempPath, { force: true });
      partial.splice(partial.indexOf(tempPath), 1);
      const message = tooLarge ? tooLargeMessage(originalName) : `${originalName} could not be stored right now. Please try again later.`;
      if (out.failed) console.error(`[uploads] writing a temp file failed: ${out.failed.message}`);
      problems.push({ field: name, fileName: originalName, message });
      return undefined;
    }
    partial.splice(partial.indexOf(tempPath), 1);
    temps.push({ field: name, originalName, declaredType: declaredType ?? "", path: tempPath, size });
    return undefined;
  };

  let fields: FormData;
  try {
    fields = await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    await cleanup();
    if (error instanceof UploadRequestError) throw error;
    throw new UploadRequestError("The form could not be read", 400);
  }
  return { fields, files: temps, problems, cleanup };
}

/**
 * A temp file written chunk by chunk whose errors never escape: a failed write (a full disk) or a write pending
 * when the file is abandoned is recorded in `failed` (or ignored when abandoned), never an unhandled 'error' event,
 * which would take the whole process down.
 */
export class TempFileWriter {
  private readonly out: fs.WriteStream;
  failed: Error | null = null;
  private abandoned = false;

  /** `flags`: "wx" (a new file) unless a test writes to a device such as /dev/full. */
  constructor(file: string, flags = "wx") {
    this.out = fs.createWriteStream(file, { flags });
    this.out.on("error", (error) => {
      if (!this.abandoned) this.failed ??= error;
    });
  }

  /** Writes a chunk and waits until the file has it; resolves (with `failed` set) on an error. */
  write(chunk: Uint8Array): Promise<void> {
    if (this.failed || this.abandoned || this.out.destroyed) return Promise.resolve();
    // The callback runs once the chunk is written, or with the error: either way the loop goes on, one chunk in
    // flight at a time (the body is not read faster than the disk takes it).
    return new Promise<void>((resolve) => this.out.write(chunk, () => resolve()));
  }

  /** Drops the file: pending writes are cancelled without an error reaching anyone. */
  async abandon(): Promise<void> {
    this.abandoned = true;
    this.out.destroy();
    await this.close();
  }

  /** Ends the file (flushing it) or, when destroyed, waits until its descriptor is closed. */
  close(): Promise<void> {
    if (this.out.closed) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.out.once("close", () => resolve());
      if (!this.out.destroyed) this.out.end();
    });
  }
}

const swept = new Set<string>();

/**
 * Temp files outlive their request only when the process died mid-upload: the first upload of a process removes
 * those older than an hour (in the background; a running upload's file is always younger).
 */
function sweepOnce(dir: string) {
  if (swept.has(dir)) return;
  swept.add(dir);
  void sweepStaleTempFiles(dir, 3_600_000).catch(() => undefined);
}

export async function sweepStaleTempFiles(dir: string, olderThanMs: number): Promise<number> {
  const now = Date.now();
  let removed = 0;
  for (const name of await fs.promises.readdir(dir)) {
    if (!name.endsWith(".part")) continue;
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > olderThanMs) {
      await fs.promises.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** The base name of a client file name, without control characters, at most 200 characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200);
}

export type AcceptKind = "image" | "video" | "dxf" | "document";

export type Inspected = {
  kind: AcceptKind;
  /** The extension the stored file gets (from the content, not from the client's name). */
  ext: string;
  contentType: string;
};

const IMAGE_TYPES: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/bmp": "bmp",
};
const VIDEO_TYPES: Record<string, string> = {
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov",
};
const DOCUMENT_TYPES: Record<string, string> = {
  "application/pdf": "pdf",
  "application/x-cfb": "doc",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
};

const EXPECTED: Record<AcceptKind, string> = {
  image: "an image (JPEG, PNG, GIF, WebP or BMP)",
  video: "a video (MP4, WebM or MOV)",
  dxf: "a DXF pattern file with at least one entity",
  document: "a PDF or Word document",
};

export function wrongContentMessage(fileName: string, accept: readonly AcceptKind[]) {
  const list = accept.map((k) => EXPECTED[k]);
  const what = list.length > 1 ? `${list.slice(0, -1).join(", ")} or ${list[list.length - 1]}` : list[0];
  return `${fileName} is not ${what}.`;
}

/**
 * What a temp file really is, judged by its content, when that is one of the accepted kinds;
 * otherwise a message for its field.
 */
export async function inspectFile(
  file: Pick<TempFile, "path" | "originalName" | "size">,
  accept: readonly AcceptKind[],
): Promise<{ ok: true; file: Inspected } | { ok: false; message: string }> {
  const refuse = { ok: false as const, message: wrongContentMessage(file.originalName, accept) };
  if (file.size === 0) return { ok: false, message: `${file.originalName} is empty.` };
  const detected = await fileTypeFromFile(file.path).catch(() => undefined);
  const mime = detected?.mime ?? "";
  if (accept.includes("image") && IMAGE_TYPES[mime]) {
    return { ok: true, file: { kind: "image", ext: IMAGE_TYPES[mime], contentType: mime } };
  }
  if (accept.includes("video") && VIDEO_TYPES[mime]) {
    return { ok: true, file: { kind: "video", ext: VIDEO_TYPES[mime], contentType: mime } };
  }
  if (accept.includes("document")) {
    if (DOCUMENT_TYPES[mime]) {
      return { ok: true, file: { kind: "document", ext: DOCUMENT_TYPES[mime], contentType: documentType(mime) } };
    }
    if (!detected && (await startsWith(file.path, "%PDF-"))) {
      return { ok: true, file: { kind: "document", ext: "pdf", contentType: "application/pdf" } };
    }
  }
  if (accept.includes("dxf") && !detected) {
    const head = await readHead(file.path, 8192);
    if (head.toString("latin1").startsWith("AutoCAD Binary DXF")) {
      return { ok: false, message: `${file.originalName} is a binary DXF. Export it again as an ASCII (text) DXF.` };
    }
    if (!head.includes(0)) return { ok: true, file: { kind: "dxf", ext: "dxf", contentType: "application/dxf" } };
  }
  return refuse;
}

function documentType(mime: string) {
  return mime === "application/x-cfb" ? "application/msword" : mime;
}

/** The first `length` bytes of a file (fewer when it is shorter). */
async function readHead(file: string, length: number): Promise<Buffer> {
  const handle = await fs.promises.open(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function startsWith(file: string, prefix: string): Promise<boolean> {
  return (await readHead(file, prefix.length)).toString("latin1") === prefix;
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
