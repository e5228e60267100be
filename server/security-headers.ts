/**
 * Helmet's security headers, worked out once (issue 33): helmet builds the same dozen headers on every request (its
 * Content-Security-Policy directives are joined afresh each time, eleven middlewares called in a row), yet they differ
 * between requests only by the CSP nonce. Here helmet runs once, at start, on a stand-in response whose nonce is a
 * marker; each request then gets the recorded headers, the marker replaced by its own nonce (`res.locals.cspNonce`).
 * Helmet stays the source of every header and value. A CSP directive that is a function of the request (other than
 * through the nonce) would not be honoured: none is, and `securityHeaders` refuses headers that differ between two
 * stand-in responses in anything but the nonce.
 */
import type http from "node:http";

import type { RequestHandler } from "express";

const NONCE_MARK = "NONCE-MARK-7f3a9c";

type Recorded = { name: string; value: string; withNonce: boolean };

export function securityHeaders(helmetMiddleware: RequestHandler): RequestHandler {
  const recorded = record(helmetMiddleware, NONCE_MARK);
  // A second run with another marker must differ only where the nonce goes: nothing else may depend on the request.
  const again = record(helmetMiddleware, `${NONCE_MARK}-2`);
  if (again.length !== recorded.length || again.some((h, i) => h.name !== recorded[i]!.name || h.value.replaceAll(`${NONCE_MARK}-2`, NONCE_MARK) !== recorded[i]!.value)) {
    throw new Error("securityHeaders: helmet's headers depend on more than the nonce");
  }
  return (_req, res, next) => {
    const nonce = String(res.locals.cspNonce ?? "");
    for (const h of recorded) res.setHeader(h.name, h.withNonce ? h.value.replaceAll(NONCE_MARK, nonce) : h.value);
    next();
  };
}

/** The headers helmet sets on a stand-in request and response, in order. */
function record(helmetMiddleware: RequestHandler, nonce: string): Recorded[] {
  const headers = new Map<string, string>();
  const res = {
    locals: { cspNonce: nonce },
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, Array.isArray(value) ? value.join(", ") : String(value));
      return res;
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
    getHeader(name: string) {
      return headers.get(name);
    },
  };
  const req = { method: "GET", url: "/", headers: {} } as unknown as http.IncomingMessage;
  let called = false;
  helmetMiddleware(req as never, res as never, ((error?: unknown) => {
    if (error) throw error;
    called = true;
  }) as never);
  if (!called) throw new Error("securityHeaders: helmet did not finish synchronously");
  return [...headers].map(([name, value]) => ({ name, value, withNonce: value.includes(nonce) }));
}
