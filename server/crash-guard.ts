/**
 * What a worker does when something throws outside any request handler's reach (decision 090): an uncaught
 * exception or an unhandled rejection is logged with its stack and the ids of the requests open at that moment; the
 * worker, which may now be in a bad state, tells its supervisor (which starts a replacement at once), stops taking
 * connections, lets its open requests finish and exits. Requests still open after `drainMs` (the one the error came
 * from among them: its handler will never answer) get a 500 page naming their error id, if nothing was sent yet.
 * Which request an error came from is not known: that would take AsyncLocalStorage, whose promise hook cost 6-13 %
 * of every request's throughput on Node 20 (issue 33, request-context.server.ts).
 */
import cluster from "node:cluster";
import type http from "node:http";

import type { RequestHandler } from "express";

import { logError } from "../app/utils/log.server";
import { pooledRandomBytes } from "../app/utils/random-pool.server";
import { bindRequestContext } from "../app/utils/request-context.server";

type RequestContext = { res: http.ServerResponse; id: string };

export type CrashGuard = {
  /** Express middleware: gives each request its context (id) and counts it as open until its response ends. */
  track: RequestHandler;
  /** Starts draining: called on a fatal error (and by tests). */
  drain: (reason: string) => void;
};

const ERROR_PAGE = (id: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong · Patternhouse</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>Something went wrong</h1><p>The page could not be shown. Please try again in a moment.</p><p>If this keeps happening, quote this error id: <code>${id}</code></p><p><a href="/">Back to the home page</a></p></body></html>`;

/** Answers 500 on a response nothing was sent on yet; never throws. */
function fail(ctx: RequestContext) {
  try {
    if (ctx.res.headersSent) {
      ctx.res.destroy();
      return;
    }
    ctx.res.writeHead(500, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", Connection: "close" });
    ctx.res.end(ERROR_PAGE(ctx.id));
  } catch {
    // The socket is gone: nothing to answer.
  }
}

export function installCrashGuard({
  server,
  onDrain,
  drainMs = 10_000,
  exit = (code: number) => process.exit(code),
}: {
  server: () => http.Server | undefined;
  /** Stops the worker's timers (periodic jobs) and closes what must be closed before exiting. */
  onDrain: () => void;
  drainMs?: number;
  exit?: (code: number) => void;
}): CrashGuard {
  const open = new Set<RequestContext>();
  let draining = false;

  const track: RequestHandler = (req, res, next) => {
    const ctx: RequestContext = { res, id: pooledRandomBytes(6).toString("hex") };
    bindRequestContext(req, ctx);
    bindRequestContext(res, ctx);
    open.add(ctx);
    res.setHeader("X-Request-Id", ctx.id);
    res.once("close", () => {
      open.delete(ctx);
      if (draining && open.size === 0) exit(1);
    });
    if (draining) res.setHeader("Connection", "close");
    next();
  };

  function drain(reason: string) {
    if (draining) return;
    draining = true;
    if (cluster.isWorker) process.send?.({ type: "draining", reason });
    try {
      onDrain();
    } catch (error) {
      logError({ event: "worker-draining" }, "stopping the worker's timers failed", error);
    }
    const s = server();
    s?.close();
    s?.closeIdleConnections();
    if (open.size === 0) exit(1);
    setTimeout(() => {
      for (const ctx of open) {
        logError({ event: "request-unanswered", reqId: ctx.id }, "a request was still open when the worker stopped: answered 500");
        fail(ctx);
      }
      exit(1);
    }, drainMs).unref();
  }

  function fatal(kind: string, error: unknown) {
    logError({ event: "worker-crashed", kind, openRequests: [...open].map((ctx) => ctx.id) }, `${kind}: the worker will be replaced`, error);
    drain(kind);
  }

  process.on("uncaughtException", (error) => fatal("uncaught exception", error));
  process.on("unhandledRejection", (reason) => fatal("unhandled rejection", reason));
  return { track, drain };
}
