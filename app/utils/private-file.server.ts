import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";

import type { files } from "../../db/schema";
import { getEnv } from "./env.server";

/** Streams a stored file as an attachment under its original name; never cached by shared caches. */
export function fileResponse(file: typeof files.$inferSelect): Response {
  const full = path.join(getEnv().DATA_DIR, "uploads", path.basename(file.name));
  if (!fs.existsSync(full)) throw new Response("Not found", { status: 404 });
  const stream = Readable.toWeb(fs.createReadStream(full)) as ReadableStream<Uint8Array>;
  const asciiName = file.originalName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Response(stream, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(fs.statSync(full).size),
      "Content-Disposition": `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
