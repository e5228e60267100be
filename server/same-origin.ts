/**
 * The cross-site request check (docs/decisions/035-cross-site-requests.md). It runs in Express in
 * front of Remix for every path, so every page action, resource route and API route, including
 * routes added later, is covered without any code of their own.
 *
 * A request that may change state (anything but GET, HEAD and OPTIONS) passes when:
 * - its `Origin` is this site's origin (PUBLIC_URL when set, else the request's own scheme and host) and names the
 *   host the request was sent to (`X-Forwarded-Host`, else `Host`: Remix refuses a document post otherwise, with a
 *   500, so it is refused here first with the 403); or
 * - it has no `Origin` and `Sec-Fetch-Site` is `same-origin` or `none` (typed in or a bookmark); or
 * - it has neither header (curl, scripts, old clients) and either carries no session cookie or is a
 *   JSON API request (`/api/*`: the API authenticates by the `Authorization` header only and never
 *   reads the cookie, so a cookie jar in an API client must not break its login). Browsers send
 *   `Origin` on every cross-origin post, so this case cannot be forged from a page.
 * The signed Stripe webhook is exempt. Everything else gets 403: JSON `{ error }` for `/api/*` and
 * Remix data requests (`?_data=`), a small HTML page otherwise.
 */
import type { NextFunction, Request, Response } from "express";

import { log } from "../app/utils/log.server";

export const CROSS_SITE_MESSAGE =
  "This request came from another site and was refused. Go back to the page, reload it and try again.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Paths that authenticate their caller themselves (a signature) and are called by other sites. */
const EXEMPT_PATHS = new Set(["/api/stripe/webhook"]);
const SESSION_COOKIE = "__session";

export type SameOriginInput = {
  method: string;
  path: string;
  /** This site's origin, e.g. `https://patternhouse.example`. */
  siteOrigin: string;
  origin?: string;
  /** The host the request was sent to, as Remix reads it: the first `X-Forwarded-Host`, else `Host`. */
  requestHost?: string;
  secFetchSite?: string;
  cookie?: string;
};

export type SameOriginVerdict = { allowed: true } | { allowed: false; reason: string };

function hasSessionCookie(cookie: string | undefined) {
  if (!cookie) return false;
  return cookie.split(";").some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

function isApiPath(path: string) {
  return path === "/api" || path.startsWith("/api/");
}

/** Decides one request; pure, so it is unit-tested apart from Express. */
export function checkSameOrigin(input: SameOriginInput): SameOriginVerdict {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return { allowed: true };
  if (EXEMPT_PATHS.has(input.path)) return { allowed: true };
  const origin = input.origin?.trim();
  if (origin) {
    if (origin.toLowerCase() !== input.siteOrigin.toLowerCase()) return { allowed: false, reason: `origin ${origin}` };
    const host = input.requestHost?.trim().toLowerCase();
    if (host !== undefined && host !== new URL(origin).host.toLowerCase()) {
      return { allowed: false, reason: `origin ${origin} sent to host ${host}` };
    }
    return { allowed: true };
  }
  const site = input.secFetchSite?.trim().toLowerCase();
  if (site) {
    return site === "same-origin" || site === "none"
      ? { allowed: true }
      : { allowed: false, reason: `sec-fetch-site ${site}` };
  }
  if (!hasSessionCookie(input.cookie)) return { allowed: true };
  if (isApiPath(input.path)) return { allowed: true };
  return { allowed: false, reason: "no origin with a session cookie" };
}

/** The origin of a URL (PUBLIC_URL), without a trailing slash or path. */
export function originOf(url: string): string {
  return new URL(url).origin;
}

function wantsJson(req: Request) {
  return isApiPath(req.path) || Object.prototype.hasOwnProperty.call(req.query ?? {}, "_data");
}

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Request refused | Patternhouse</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1c1917}a{color:#9a3412}</style></head>
<body><main><h1>Request refused</h1><p>${CROSS_SITE_MESSAGE}</p><p><a href="/">Go to Patternhouse</a></p></main></body>
</html>
`;

/** Express middleware; `publicUrl` is PUBLIC_URL (optional). */
export function sameOriginGuard({ publicUrl }: { publicUrl?: string }) {
  const fixedOrigin = publicUrl ? originOf(publicUrl) : undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const verdict = checkSameOrigin({
      method: req.method,
      path: req.path,
      siteOrigin: fixedOrigin ?? `${req.protocol}://${req.get("host") ?? ""}`,
      origin: req.get("origin"),
      requestHost: req.get("x-forwarded-host")?.split(",")[0]?.trim() || req.get("host"),
      secFetchSite: req.get("sec-fetch-site"),
      cookie: req.get("cookie"),
    });
    if (verdict.allowed) return next();
    log.warn({ event: "cross-site-refused", method: req.method, path: req.path, reason: verdict.reason }, "a cross-site request was refused");
    res.status(403).set("Cache-Control", "no-store");
    if (wantsJson(req)) return res.json({ error: CROSS_SITE_MESSAGE });
    return res.type("html").send(PAGE);
  };
}
