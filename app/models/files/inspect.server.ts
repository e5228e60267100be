/**
 * Inspecting an upload: what its bytes are (images and videos by their magic bytes with file-type, PDF by `%PDF-`,
 * DOC/DOCX by file-type, DXF as text no other type claims), never its own name or declared type. The limits are
 * limits.ts (client-safe); resized images are images.server.ts.
 */
import fs from "node:fs";

import { fileTypeFromFile } from "file-type";
import { log } from "~/utils/log.server";

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
  file: { path: string; originalName: string; size: number },
  accept: readonly AcceptKind[],
): Promise<{ ok: true; file: Inspected } | { ok: false; message: string }> {
  const refuse = { ok: false as const, message: wrongContentMessage(file.originalName, accept) };
  if (file.size === 0) return refused("empty", { ok: false, message: `${file.originalName} is empty.` });
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
      return refused("binary-dxf", { ok: false, message: `${file.originalName} is a binary DXF. Export it again as an ASCII (text) DXF.` });
    }
    if (!head.includes(0)) return { ok: true, file: { kind: "dxf", ext: "dxf", contentType: "application/dxf" } };
  }
  return refused(mime ? `content-${mime}` : "content-unknown", refuse);
}

/** A refused upload is an event in the log (not the file's name: a seller's own words). */
function refused<T>(reason: string, answer: T): T {
  log.info({ event: "upload-refused", reason }, "an upload was refused");
  return answer;
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
