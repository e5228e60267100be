/** Sends a file from disk as a Response: ETag / 304, single HTTP ranges (206 / 416), streaming. */
import fs from "node:fs";
import { Readable } from "node:stream";

export type SendFileOptions = {
  contentType: string;
  cacheControl: string;
  /** Extra headers, e.g. Content-Disposition. */
  headers?: Record<string, string>;
  /** Part of the ETag that tells variants of one file apart (e.g. "w400"). */
  tag?: string;
};

export type ByteRange = { start: number; end: number };

/**
 * Parses a `Range` header against a file size: a range, "unsatisfiable", or null when the header
 * is absent, not about bytes, or asks for several ranges (then the whole file is sent).
 */
export function parseRange(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return header.trim().startsWith("bytes=") && !header.includes(",") ? "unsatisfiable" : null;
  const [, from, to] = match;
  if (from === "" && to === "") return "unsatisfiable";
  let start: number;
  let end: number;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

export function etagFor(stat: fs.Stats, tag = ""): string {
  return `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${tag ? `-${tag}` : ""}"`;
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((value) => {
    const v = value.trim();
    return v === "*" || v === etag || v === `W/${etag}`;
  });
}

export function sendFile(request: Request, file: string, stat: fs.Stats, options: SendFileOptions): Response {
  const etag = etagFor(stat, options.tag);
  // X-Content-Type-Options: nosniff comes from helmet (server.ts) on every response.
  const headers = new Headers({
    "Content-Type": options.contentType,
    "Cache-Control": options.cacheControl,
    "Accept-Ranges": "bytes",
    "Last-Modified": stat.mtime.toUTCString(),
    ETag: etag,
    ...options.headers,
  });

  if (matchesEtag(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers });
  }

  const ifRange = request.headers.get("If-Range");
  const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.get("Range"), stat.size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${stat.size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: stat.size - 1 };
  const length = stat.size === 0 ? 0 : end - start + 1;
  headers.set("Content-Length", String(length));
  if (range) headers.set("Content-Range", `bytes ${start}-${end}/${stat.size}`);
  const body =
    request.method === "HEAD" || length === 0
      ? null
      : (Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream<Uint8Array>);
  return new Response(body, { status: range ? 206 : 200, headers });
}
