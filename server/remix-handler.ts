/**
 * Express in front of the Remix build: @remix-run/express's adapter, as the design card names it. The Request is
 * built and the answer written by the adapter's own `createRemixRequest` and `sendRemixResponse` (patched: the request
 * body never destroys the socket when an action answers before reading it, and a streamed answer is written without
 * flushing the compressor after each piece; patches/README.md). What is ours, between the two:
 *
 * - the Remix Request is tied to the request's context (id, user), which loaders find from it
 *   (app/utils/request-context.server.ts);
 * - an answer whose body is already in memory (app/utils/known-body.server.ts) is written in one `res.end` with its
 *   length instead of through its web stream (bench/NOTES.md, issue 33, fourth pass).
 *
 * The adapter's own `createRequestHandler` is these steps without the two of ours (it has no hook for them).
 */
import { createRequestHandler as createRemixHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
// Exported by the adapter's module (typed in its server.d.ts), not by its entry, which exports createRequestHandler.
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import type express from "express";

import { inMemoryBodyOf } from "../app/utils/known-body.server";
import { bindRequestContext, requestContextOf } from "../app/utils/request-context.server";

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
      const request = createRemixRequest(req, res);
      const ctx = requestContextOf(res);
      if (ctx) bindRequestContext(request, ctx);
      const response = await handle(request, getLoadContext(req, res));
      const inMemory = req.method === "HEAD" ? undefined : inMemoryBodyOf(response);
      if (inMemory === undefined) await sendRemixResponse(res, response);
      else sendInMemory(res, response, inMemory);
    } catch (error) {
      next(error);
    }
  };
}

/** What `sendRemixResponse` does, for a body already in memory: one write, with its length. */
function sendInMemory(res: express.Response, response: Response, body: string | Uint8Array) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // The adapter appends every header (a read and Express's checks each); the same headers, set unless a middleware
  // already set one, and set-cookie once per cookie.
  for (const [key, value] of response.headers) {
    if (key === "set-cookie" || res.hasHeader(key)) res.append(key, value);
    else res.setHeader(key, value);
  }
  // Compression, when it encodes, drops this length itself.
  res.setHeader("Content-Length", typeof body === "string" ? Buffer.byteLength(body) : body.byteLength);
  res.end(body);
}
