import { gzipSync } from "node:zlib";

import { createCache } from "~/utils/cache.server";
import { currentDataVersion, dataVersion, isPg, type Db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { inMemoryResponse } from "~/utils/known-body.server";

type Entry = { json: string; gzip?: Uint8Array<ArrayBuffer> };

/** The few large answers kept (a year of the financial report is ~3 MB of JSON, ~0.4 MB gzipped). */
const MAX_ENTRIES = 4;
const entries = createCache<Promise<Entry>>({ max: MAX_ENTRIES });

/**
 * A large JSON answer built once and reused, serialised and gzipped, until the data changes (dataVersion): the
 * same report asked again costs no query, no JSON.stringify and no compression. Answers gzip themselves when the
 * client accepts it and the app compresses (HTTP_COMPRESSION=on); the compression middleware leaves an encoded
 * body alone. At most MAX_ENTRIES answers are kept, the least recently used dropped. The version is read before the
 * answer is built (a write meanwhile only makes the next call build again); a build that fails is not kept.
 */
export async function cachedJsonResponse(request: Request, db: Db, key: string, compute: () => Promise<unknown>): Promise<Response> {
  // SQLite's version is read synchronously (no query); PostgreSQL's is a query (its WAL position).
  const version = isPg(db) ? await currentDataVersion(db) : dataVersion(db);
  const entry = await entries.getOrSet(
    key,
    () => {
      const built = compute().then((answer) => ({ json: JSON.stringify(answer) }) as Entry);
      built.catch(() => entries.delete(key));
      return built;
    },
    { version },
  );

  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8", Vary: "Accept-Encoding" });
  const acceptsGzip = /\bgzip\b/.test(request.headers.get("Accept-Encoding") ?? "");
  if (acceptsGzip && getEnv().HTTP_COMPRESSION === "on" && entry.json.length >= 1024) {
    entry.gzip ??= new Uint8Array(gzipSync(entry.json, { level: 6 }));
    headers.set("Content-Encoding", "gzip");
    return inMemoryResponse(entry.gzip, { headers });
  }
  return inMemoryResponse(entry.json, { headers });
}
