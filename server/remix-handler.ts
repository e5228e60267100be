/**
 * Express in front of the Remix build (decision 090): what @remix-run/express's createRequestHandler does, with one
 * difference in how the request body is handed over. The adapter gives Remix the socket's own stream, and when an
 * action stops reading early (a refused upload, a 401 before the body, a 413) the stream is cancelled, which destroys
 * the socket: the client's next request on that kept-alive connection is reset, and a client still sending may
 * never read the answer. Here the body is a web stream fed from the socket; cancelling it only stops feeding it,
 * and whatever the client still sends is read and dropped, so the answer arrives whole and the connection stays
 * usable. A body that keeps coming long after the answer (past DRAIN_LIMIT_BYTES or DRAIN_LIMIT_MS) is cut off.
 */
import type http from "node:http";

import { createRequestHandler as createRemixHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type express from "express";

import { inMemoryBodyOf } from "../app/utils/known-body.server";
import { bindRequestContext, requestContextOf } from "../app/utils/request-context.server";
import { hostnameOf, protocolOf } from "./proxy-trust";

const DRAIN_LIMIT_BYTES = 256 * 1024 * 1024;
const DRAIN_LIMIT_MS = 30_000;
/** Bytes the body stream buffers before the socket is paused. */
const BODY_HIGH_WATER = 256 * 1024;

function headersOf(incoming: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(incoming)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

/** The request's URL as the adapter builds it: X-Forwarded-Host's or Host's port, `trust proxy` respected. */
function urlOf(req: express.Request): string {
  const portOf = (value: string | undefined) => Number.parseInt(value?.split(":")[1] ?? "", 10);
  const forwarded = portOf(req.get("X-Forwarded-Host"));
  const own = portOf(req.get("host"));
  const port = Number.isSafeInteger(forwarded) ? forwarded : Number.isSafeInteger(own) ? own : "";
  return new URL(`${protocolOf(req)}://${hostnameOf(req)}${port ? `:${port}` : ""}${req.originalUrl}`).href;
}

/**
 * The body as a web stream that never destroys the socket; see the top of this file. `stop()` detaches it from the
 * socket (after the answer): nothing is queued or paused any more.
 */
function bodyOf(req: express.Request): { stream: ReadableStream<Uint8Array>; stop: () => void } {
  let open = true;
  let close = () => {};
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        close = () => {
          if (!open) return;
          open = false;
          controller.error(new Error("The request was answered before its body was read"));
        };
        req.on("data", (chunk: Buffer) => {
          if (!open) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once("end", () => {
          if (open) controller.close();
          open = false;
        });
        req.once("error", (error) => {
          if (open) controller.error(error);
          open = false;
        });
      },
      pull() {
        req.resume();
      },
      cancel() {
        // Nobody reads on: drop the rest (the socket keeps flowing), never destroy it.
        open = false;
        req.resume();
      },
    },
    { highWaterMark: BODY_HIGH_WATER, size: (chunk) => chunk.byteLength },
  );
  return { stream, stop: () => close() };
}

/** After the answer is sent, reads and drops what is left of the body, within limits; past them, closes. */
function drainAfterAnswer(req: express.Request, res: express.Response, stopBody: () => void) {
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    stopBody();
    let dropped = 0;
    const timer = setTimeout(() => req.destroy(), DRAIN_LIMIT_MS);
    timer.unref();
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.byteLength;
      if (dropped > DRAIN_LIMIT_BYTES) req.destroy();
    });
    req.once("close", () => clearTimeout(timer));
    req.resume();
  });
}

/**
 * Writes a Remix answer's body as it comes, as @remix-run/node's writeReadableStreamToWritable does but without
 * calling `res.flush()` after every piece: with `compression` in front that flush ends a gzip block each time,
 * 4-10 % more bytes per page (bench/NOTES.md, issue 20). Pages here stream no deferred data, so zlib may fill its
 * window; the end of the answer flushes it.
 */
async function writeBody(body: ReadableStream<Uint8Array>, res: express.Response) {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
}

export function createRequestHandler({
  build,
  mode,
  getLoadContext,
}: {
  /** The server build, or (in development, through Vite) a function that loads it afresh for each request. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: express.Request, res: express.Response) => AppLoadContext;
}): express.RequestHandler {
  const handle = createRemixHandler(build, mode);
  return async (req, res, next) => {
    try {
      const controller = new AbortController();
      let finished = false;
      res.once("finish", () => (finished = true));
      // The client went away before the answer was written: loaders and actions are told.
      res.once("close", () => {
        if (!finished) controller.abort();
      });
      const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: headersOf(req.headers), signal: controller.signal };
      if (req.method !== "GET" && req.method !== "HEAD") {
        const body = bodyOf(req);
        init.body = body.stream;
        init.duplex = "half";
        drainAfterAnswer(req, res, body.stop);
      }
      const request = new Request(urlOf(req), init);
      // Loaders find the request's context (id, user) from the Request they are given (request-context.server.ts).
      const ctx = requestContextOf(res);
      if (ctx) bindRequestContext(request, ctx);
      const response = await handle(request, getLoadContext(req, res));
      res.statusMessage = response.statusText;
      res.status(response.status);
      // One header each, set-cookie once per cookie; appended only to a header a middleware already set.
      for (const [key, value] of response.headers.entries()) {
        if (key === "set-cookie" || res.hasHeader(key)) res.append(key, value);
        else res.setHeader(key, value);
      }
      // A body already in memory is written in one piece, with its length (known-body.server.ts).
      const inMemory = req.method === "HEAD" ? undefined : inMemoryBodyOf(response);
      if (inMemory !== undefined) {
        // Compression, when it encodes, drops this length itself.
        res.setHeader("Content-Length", typeof inMemory === "string" ? Buffer.byteLength(inMemory) : inMemory.byteLength);
        res.end(inMemory);
      }
      else if (response.body) await writeBody(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}
