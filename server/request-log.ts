/**
 * One log line and one metrics sample per request (decision 095), written when its answer ends (or the client
 * goes): method, route (server/route-label.ts), path without its query (a reset link's token must not reach the
 * log), status, duration in ms, bytes sent, request id and user id. Fingerprinted assets and /healthz are logged at
 * `debug` only, so a page view is one line at the default level.
 */
import type { RequestHandler } from "express";

import { log } from "../app/utils/log.server";
import { httpDuration } from "../app/utils/metrics.server";
import { requestContextOf } from "../app/utils/request-context.server";

export function requestLog({ routeOf }: { routeOf: () => (pathname: string) => string }): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const ctx = requestContextOf(res);
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf()(req.path);
      // Closed before an answer was sent: the client went away.
      const status = res.headersSent ? res.statusCode : 499;
      httpDuration.observe({ route, method: req.method, status: String(status) }, seconds);
      const quiet = route === "assets" || req.path === "/healthz" || req.path === "/metrics";
      const level = status >= 500 ? "error" : quiet ? "debug" : "info";
      if (!log.isLevelEnabled(level)) return;
      log[level](
        {
          reqId: ctx?.id,
          userId: ctx?.userId,
          method: req.method,
          route,
          path: req.path,
          status,
          ms: Math.round(seconds * 10_000) / 10,
          bytes: Number(res.getHeader("Content-Length")) || undefined,
        },
        "request",
      );
    });
    next();
  };
}
