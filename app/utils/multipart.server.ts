/**
 * Multipart bodies, read once for every form that takes files (store settings, designs, help requests, avatars).
 * `readMultipart` streams a multipart body: every file part goes to a temp file under `${DATA_DIR}/tmp` while its
 * bytes are counted, and stops being written the moment it passes the limit (26214400 bytes unless told
 * otherwise); the rest of that part is read and dropped, so every later field still arrives and the form can be
 * shown again with what was typed. A too-large file is a per-file error, never a thrown exception. Text fields come
 * back as a FormData for `parseWithZod`; `cleanup()` removes the temp files. What a file is, and storing it, is
 * the files domain: app/models/files/ (inspect.server.ts, store.server.ts).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";

import { BodyTooLargeError, MAX_FORM_BYTES, readBytes } from "~/utils/body.server";
import { getEnv } from "~/utils/env.server";
import { invariantResponse } from "~/utils/invariant";
import { MAX_FILE_BYTES } from "~/utils/upload-limits";
import { log, logError } from "~/utils/log.server";

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
      log.info({ event: "upload-refused", field: name, reason: "too-many-files" }, "an upload was refused");
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
      if (tooLarge) log.info({ event: "upload-refused", field: name, reason: "too-large", bytes: size }, "an upload was refused");
      if (out.failed) logError({ event: "upload-write-failed", reason: out.failed.message }, "writing an upload's temporary file failed");
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
