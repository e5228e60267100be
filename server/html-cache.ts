/**
 * A micro-cache for the HTML that visitors without any cookie or token see (explore, product and
 * store pages, legal pages). A page is rendered at most once per `ttlMs` for everyone in that
 * situation; each cached copy is sent with the current request's CSP nonce in place of the one it
 * was rendered with. Anything personal is never cached: requests with a Cookie or Authorization
 * header, responses that set a cookie, and anything but a 200 text/html answer.
 */
import type { NextFunction, Request, Response } from "express";

import { createCache } from "../app/utils/cache.server";

type Entry = { body: Buffer; nonce: string; headers: Record<string, string> };

/** Headers that belong to one response and are not replayed from the cache. */
const PER_RESPONSE = new Set([
  "content-length",
  "content-encoding",
  "content-security-policy",
  "date",
  "etag",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "vary",
  "server-timing",
  "x-cache",
]);

export function createHtmlMicroCache({
  ttlMs,
  maxEntries = 500,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}) {
  const entries = createCache<Entry>({ max: maxEntries, ttlMs, now });

  function cacheable(req: Request) {
    return (
      ttlMs > 0 &&
      req.method === "GET" &&
      !req.headers.cookie &&
      !req.headers.authorization &&
      !req.path.startsWith("/api/") &&
      !req.path.endsWith(".data") &&
      !req.path.startsWith("/__")
    );
  }

  return function htmlMicroCache(req: Request, res: Response, next: NextFunction) {
    if (!cacheable(req)) return next();
    const key = req.originalUrl;
    const nonce = String(res.locals.cspNonce ?? "");
    const hit = entries.get(key);
    if (hit) {
      res.status(200).set(hit.headers).set("X-Cache", "HIT");
      const body = hit.nonce ? hit.body.toString("utf8").replaceAll(hit.nonce, nonce) : hit.body;
      res.send(body);
      return;
    }

    // Render as usual, keeping a copy of what goes out.
    res.setHeader("X-Cache", "MISS");
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk == null || typeof chunk === "function") return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, (encoding as BufferEncoding) || "utf8"));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      const type = String(res.getHeader("content-type") ?? "");
      if (res.statusCode === 200 && type.startsWith("text/html") && !res.getHeader("set-cookie")) {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (value !== undefined && !PER_RESPONSE.has(name)) headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
        }
        entries.set(key, { body: Buffer.concat(chunks), nonce, headers });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  };
}
