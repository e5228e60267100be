/**
 * The server: Express in front of the Remix build. Migrates, seeds and creates the configured administrator before it
 * listens. Bundled as build/app.js (scripts/build-server.mjs) it serves the production build (build/server/index.js,
 * build/client); run from source (`npm run dev`: `tsx server.ts`) it serves the app through Vite's dev server in
 * middleware mode, with hot reloading (decision 134, docs/decisions/134-vite-build-dev-loop-route-areas.md).
 */
import "./app/utils/production-default";

import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import { sql } from "drizzle-orm";
import express from "express";
import helmet from "helmet";

import { deleteStaleVisitorCarts } from "./app/models/buying/cart.server";
import { sweepExpiredCheckouts } from "./app/models/buying/checkout.server";
import { deleteExpiredSessions } from "./app/models/accounts/sessions.server";
import { ensureAdmin } from "./app/models/accounts/users.server";
import { hasStaleReadings, rereadStoredVersions } from "./app/models/patterns/reread.server";
import { pooledRandomBytes } from "./app/utils/random-pool.server";
import { closeDb, openDb, rawRow } from "./app/utils/db.server";
import { getEnv } from "./app/utils/env.server";
import { requestContextOf } from "./app/utils/request-context.server";
import { log, logError } from "./app/utils/log.server";
import { configuredOrigin } from "./app/utils/mail.server";
import { measureDataDir, renderMetrics, startProcessMetrics } from "./app/utils/metrics.server";
import { sweepRateLimits } from "./app/utils/rate-limit.server";
import { seedDemoData } from "./db/seed";
import { runsPeriodicJobs } from "./server/cluster";
import { leadJobs } from "./server/job-leader";
import { readRouting } from "./server/read-routing";
import { installCrashGuard } from "./server/crash-guard";
import { requestStarted } from "./app/models/patterns/quiet";
import { createHtmlMicroCache } from "./server/html-cache";
import { clientAddress } from "./server/proxy-trust";
import { createRequestHandler } from "./server/remix-handler";
import { requestLog } from "./server/request-log";
import { createRouteLabeller } from "./server/route-label";
import { sameOriginGuard } from "./server/same-origin";
import { securityHeaders } from "./server/security-headers";

/** Run from source (tsx server.ts): the development server, with Vite. Bundled (build/app.js): production. */
const fromSource = import.meta.url.endsWith(".ts");
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), fromSource ? "." : "..");
const env = getEnv();

if (!env.PUBLIC_URL) {
  log.warn(
    { event: "config" },
    `PUBLIC_URL is not set: links in emails and payment return addresses will point to ${configuredOrigin(env)}. Set PUBLIC_URL to the site's public address in production.`,
  );
}

// SQLite in DATA_DIR, or PostgreSQL when DATABASE_URL names one (decision 160); migrated before anything else.
const db = await openDb();
if (env.SEED === "demo") {
  const started = Date.now();
  const { seeded } = await seedDemoData({ db, dataDir: env.DATA_DIR });
  if (seeded) log.info({ event: "seed", ms: Date.now() - started }, "demo data seeded");
}
if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
  const admin = await ensureAdmin({ db, email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
  log.info({ event: "admin", userId: admin.id }, "the configured administrator is an administrator");
}

// The periodic jobs run in one process only: with WEB_CONCURRENCY > 1 the first worker (server/cluster.ts), and on
// PostgreSQL, of all the machines' first workers, the one holding the jobs' advisory lock (server/job-leader.ts).
const jobs = runsPeriodicJobs()
  ? leadJobs({
      databaseUrl: env.DATABASE_URL,
      onLead: () => void startupJobs().catch((error) => logError({ event: "jobs" }, "the jobs run at start failed", error)),
      onLost: (error) => logError({ event: "jobs" }, "this process stopped running the periodic jobs: its database connection was lost", error),
    })
  : { leads: () => false, stop: async () => undefined };

// Expired sessions are deleted at start and every six hours.
// Ended rate-limit windows go at the same times.
const housekeeping = setInterval(async () => {
  if (!jobs.leads()) return;
  await deleteExpiredSessions({ db });
  await sweepRateLimits({ db });
}, 6 * 60 * 60 * 1000).unref();

// Open checkouts past their expiry are settled with their provider and their reserved stock released;
// visitor carts older than their cookie go too.
const sweeper = setInterval(async () => {
  if (!jobs.leads()) return;
  sweepExpiredCheckouts({ db }).catch((error) => logError({ event: "checkout-sweep" }, "sweeping expired checkouts failed", error));
  await deleteStaleVisitorCarts({ db });
}, 60_000);
sweeper.unref();

/** What the leading process runs when it starts leading (at start, or when it takes over from another). */
async function startupJobs() {
  await deleteExpiredSessions({ db });
  await sweepRateLimits({ db });
  // Pattern versions read by an older reader are read again with this one (decision 100), in the background: one at
  // a time in the worker pool, while the server answers. A file that fails keeps its reading and is logged.
  if (!(await hasStaleReadings({ db }))) return;
  const started = Date.now();
  setTimeout(() => {
    rereadStoredVersions({ db, dataDir: env.DATA_DIR })
      .then((report) => {
        for (const f of report.failed) {
          log.warn({ event: "pattern-reread-failed", productId: f.productId, version: f.version, error: f.error }, `pattern version kept its old reading: ${f.message}`);
        }
        log.info({ event: "pattern-reread", reread: report.reread, failed: report.failed.length, ms: Date.now() - started }, "stored patterns read again with the current reader");
      })
      .catch((error) => logError({ event: "pattern-reread" }, "reading stored patterns again failed", error));
  }, 1000).unref();
}

const app = express();
const listening = http.createServer(app);
// An idle kept-alive connection stays open longer than its clients keep one (Caddy's and browsers' pools, the tests'
// request contexts): with Node's 5 s, a client reusing a connection just as the server closed it got ECONNRESET on a
// request the server never saw. The headers' limit must exceed it (Node's rule).
listening.keepAliveTimeout = 65_000;
listening.headersTimeout = 66_000;

// Development: Vite in middleware mode compiles the app on request and reloads what changed (its hot-reload socket
// shares this server's port); the Remix build is loaded through Vite on every request. Production: the built files.
const vite = fromSource
  ? await import("vite").then(({ createServer }) =>
      createServer({ root, server: { middlewareMode: true, hmr: { server: listening } }, appType: "custom" }),
    )
  : undefined;
const build = vite
  ? () =>
      (vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>).then((latest) => {
        if (latest.routes !== labelledRoutes) {
          labelledRoutes = latest.routes;
          routeLabel = createRouteLabeller(latest.routes);
        }
        return latest;
      })
  : ((await import(pathToFileURL(path.join(root, "build", "server", "index.js")).href)) as ServerBuild);
// The route a request went to, for its log line and metrics (server/route-label.ts); in development, of the build
// Vite last loaded.
let labelledRoutes: ServerBuild["routes"] | undefined;
let routeLabel = typeof build === "function" ? (_path: string) => "dev" : createRouteLabeller(build.routes);

startProcessMetrics();
measureDataDir(env.DATA_DIR);

// An uncaught exception or unhandled rejection: logged, its request answered 500, this worker replaced once its
// other requests finish (server/crash-guard.ts; the supervisor is server/cluster.ts).
const guard = installCrashGuard({
  // Called only after a fatal error, by then `listening` (below) exists.
  server: () => listening,
  onDrain: () => {
    clearInterval(sweeper);
    clearInterval(housekeeping);
  },
});

app.disable("x-powered-by");
app.use(guard.track);
// Counted in flight until answered or dropped: background layout searches sleep meanwhile (app/models/patterns/quiet.ts).
app.use((_req, res, next) => {
  res.once("close", requestStarted());
  next();
});
app.use(requestLog({ routeOf: () => routeLabel }));
// Behind a reverse proxy on the same host, trust its X-Forwarded-* headers (https, client address).
app.set("trust proxy", "loopback");

app.use((req, res, next) => {
  res.locals.cspNonce = pooledRandomBytes(16).toString("base64");
  // The client address for rate limits; never taken from the client's own headers.
  req.headers["x-client-address"] = clientAddress(req);
  next();
});

// Helmet's headers, recorded once at start and set per request with the request's nonce (server/security-headers.ts).
app.use(
  securityHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          "img-src": ["'self'", "data:", "blob:"],
          "media-src": ["'self'", "blob:"],
          "connect-src": ["'self'"],
          // A form post may end in a redirect to the payment provider (checkout, onboarding).
          "form-action": ["'self'", "https://checkout.stripe.com", "https://connect.stripe.com"],
          "upgrade-insecure-requests": null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // "no-referrer" would make browsers send `Origin: null` on form posts, which Remix's CSRF check refuses.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // HSTS only makes sense when the site is served over https by a proxy in front.
      strictTransportSecurity: env.PUBLIC_URL?.startsWith("https:") ? undefined : false,
    }),
  ),
);

// Every state-changing request, to any path, must come from this site (server/same-origin.ts).
app.use(sameOriginGuard({ publicUrl: env.PUBLIC_URL }));

// With read replicas (DATABASE_REPLICA_URL), GETs read from one, and a client that just wrote reads from the primary
// for a while (server/read-routing.ts, decision 165).
if (env.DATABASE_REPLICA_URL) app.use(readRouting({ secure: env.PUBLIC_URL?.startsWith("https:") ?? false }));

app.get("/healthz", async (_req, res) => {
  try {
    await rawRow(db, sql`select 1`);
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  } catch (error) {
    logError({ event: "healthz" }, "the database did not answer", error);
    res.status(503).json({ status: "error" });
  }
});

// Prometheus metrics (app/utils/metrics.server.ts): with METRICS_TOKEN set, for `Authorization: Bearer <token>`
// only; without it, for clients on this machine only (behind a proxy on the same host, req.ip is the real client).
app.get("/metrics", async (req, res) => {
  res.set("Cache-Control", "no-store");
  if (!metricsAllowed(req)) {
    res.status(401).json({ error: "Unauthorized" });
    return;
  }
  const { body, contentType } = await renderMetrics();
  res.type(contentType).send(body);
});

if (vite) {
  // The app's modules, Vite's client and the public files, as Vite serves them in development.
  app.use(vite.middlewares);
} else {
  // Fingerprinted assets: pre-compressed at build time (scripts/build-server.mjs), cached for a year.
  const assets = path.join(root, "build", "client", "assets");
  app.use("/assets", precompressed(assets));
  app.use("/assets", express.static(assets, { immutable: true, maxAge: "1y", index: false }));
  // Other public files (favicon; Vite copies public/ to build/client): only paths that name a file reach the disk.
  const publicFiles = express.static(path.join(root, "build", "client"), { maxAge: "1h", index: false });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
}

// Dynamic responses (HTML, JSON) are gzipped on the fly; files and media are not. Brotli costs twice
// gzip's CPU per page here for 1 % fewer bytes, so it is kept for the pre-compressed assets
// (docs/decisions/003-compression.md).
if (env.HTTP_COMPRESSION === "on") {
  app.use((req, _res, next) => {
    const accepted = req.headers["accept-encoding"];
    if (typeof accepted === "string") req.headers["accept-encoding"] = accepted.replace(/\bbr\b(;q=[\d.]+)?,?\s*/g, "");
    next();
  });
  app.use(
    compression({
      level: 6,
      threshold: 1024,
      filter: (req, res) => !req.path.startsWith("/api/files/") && compression.filter(req, res),
    }),
  );
}

// Remix's old data protocol (`?_data=`, before single fetch): nothing here sends it, and Remix answers it with a logged
// error and its stack, which visitors could use to push real errors off /admin/health's list. A quiet 400.
app.use((req, res, next) => {
  // Looked for in the raw query first: parsing every request's query string (req.query) costs more than this check.
  const query = req.url.indexOf("?");
  if (query === -1 || !req.url.includes("_data", query)) return next();
  if (!Object.prototype.hasOwnProperty.call(req.query ?? {}, "_data")) return next();
  res.status(400).set("Cache-Control", "no-store").json({ error: "This address does not answer ?_data requests" });
});

// In development every request renders afresh, so an edit shows at once.
if (!vite) app.use(createHtmlMicroCache({ ttlMs: env.HTML_CACHE_SECONDS * 1000 }));

app.all(
  "*",
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV === "development" ? "development" : "production",
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string, requestId: requestContextOf(res)?.id }),
  }),
);

// An error thrown in a middleware before Remix (Remix answers its own errors): logged, a 500, the worker kept.
app.use(((error, _req, res, _next) => {
  logError({ event: "request-failed" }, "a request failed before the app answered", error);
  if (res.headersSent) return res.destroy();
  res.status(500).type("text/plain").set("Cache-Control", "no-store").send(`Something went wrong. Error id: ${String(res.getHeader("X-Request-Id") ?? "")}`);
}) as express.ErrorRequestHandler);

listening.listen(env.PORT, env.HOST, () => {
  log.info(
    { event: "listening", port: env.PORT },
    `Patternhouse listening on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`,
  );
});

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ event: "shutdown", signal }, "finishing open requests");
  clearInterval(sweeper);
  clearInterval(housekeeping);
  listening.close(() => {
    void vite?.close();
    void Promise.all([jobs.stop(), closeDb()]).finally(() => process.exit(0));
  });
  listening.closeIdleConnections();
  setTimeout(() => {
    listening.closeAllConnections();
    process.exit(0);
  }, 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));

function metricsAllowed(req: express.Request): boolean {
  const token = env.METRICS_TOKEN;
  if (token) {
    const given = Buffer.from(req.get("Authorization")?.replace(/^Bearer\s+/i, "") ?? "");
    const wanted = Buffer.from(token);
    return given.length === wanted.length && crypto.timingSafeEqual(given, wanted);
  }
  const ip = req.ip ?? "";
  return ip === "127.0.0.1" || ip === "::1" || ip === "::ffff:127.0.0.1";
}

/** Serves `file.br` / `file.gz` next to a static file when the client accepts it. */
function precompressed(dir: string): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const accepts = String(req.headers["accept-encoding"] ?? "");
    const file = path.join(dir, path.normalize(decodeURIComponent(req.path)));
    if (!file.startsWith(dir + path.sep)) return next();
    for (const [encoding, ext] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      if (!accepts.includes(encoding) || !fs.existsSync(file + ext)) continue;
      const type = express.static.mime.lookup(file);
      res.set({
        "Content-Encoding": encoding,
        "Content-Type": type + (type.startsWith("text/") || type.includes("javascript") ? "; charset=utf-8" : ""),
        "Cache-Control": "public, max-age=31536000, immutable",
        Vary: "Accept-Encoding",
      });
      return res.sendFile(file + ext);
    }
    next();
  };
}
