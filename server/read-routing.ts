/**
 * Which requests read from a replica (issue 50 item 1, decision 165), with DATABASE_REPLICA_URL set.
 *
 * - A GET or HEAD reads from a replica: every query it makes outside a transaction runs in a `replicaReads` context
 *   (db/client.pg.ts), which sends it to one replica for the whole request. A transaction always runs on the primary.
 * - Every other method (a form post, a JSON call that changes something) uses the primary, and tells its client so:
 *   a cookie, `db-primary-until`, holding the time until which that client's GETs go to the primary too, so the page
 *   a post redirects to, and whatever the client reads next, shows what it saved even on a replica that lags
 *   (read-your-writes). With the synchronous standby of docs/deploy-postgres.md (`remote_apply`) a replica never
 *   lags behind an acknowledged write; the cookie covers asynchronous replicas, within `stickyMs`.
 * - The GETs that write (the spec's Stripe onboarding calls, decision 161) always use the primary.
 */
import type express from "express";

import { replicaReads } from "../db/client.pg";

export const PRIMARY_COOKIE = "db-primary-until";

/** GET paths that write by the spec's contract (decision 161's walk names them): always on the primary. */
export const PRIMARY_ONLY_GETS = ["/api/user/stripe-onboarding", "/api/user/get-stripe-account-link"];

/** How long after a write its client's reads stay on the primary: well past any replica lag we would accept. */
export const READ_YOUR_WRITES_MS = 10_000;

/** The time in the request's `db-primary-until` cookie (milliseconds since the epoch); 0 without one. */
export function primaryUntil(cookieHeader: string | undefined): number {
  if (!cookieHeader) return 0;
  const match = new RegExp(`(?:^|;\\s*)${PRIMARY_COOKIE}=(\\d{1,15})(?:;|$)`).exec(cookieHeader);
  return match ? Number(match[1]) : 0;
}

export function readRouting(options: { secure: boolean; stickyMs?: number; now?: () => number }): express.RequestHandler {
  const stickyMs = options.stickyMs ?? READ_YOUR_WRITES_MS;
  const now = options.now ?? Date.now;
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") {
      if (PRIMARY_ONLY_GETS.includes(req.path) || primaryUntil(req.headers.cookie) > now()) return next();
      return replicaReads.run({}, next);
    }
    const until = now() + stickyMs;
    res.append(
      "Set-Cookie",
      `${PRIMARY_COOKIE}=${until}; Path=/; Max-Age=${Math.ceil(stickyMs / 1000)}; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`,
    );
    next();
  };
}
