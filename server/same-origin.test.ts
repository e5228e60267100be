import { describe, expect, it } from "vitest";

import { checkSameOrigin, type SameOriginInput } from "./same-origin";

const SITE = "https://patternhouse.example";
const base: SameOriginInput = { method: "POST", path: "/settings", siteOrigin: SITE };
const allowed = (input: Partial<SameOriginInput>) => checkSameOrigin({ ...base, ...input }).allowed;

describe("checkSameOrigin", () => {
  it("lets safe methods through from anywhere", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) {
      expect(allowed({ method, origin: "https://evil.example", cookie: "__session=x" })).toBe(true);
    }
  });

  it("accepts this site's own Origin and refuses any other", () => {
    expect(allowed({ origin: SITE })).toBe(true);
    expect(allowed({ origin: "HTTPS://PATTERNHOUSE.EXAMPLE" })).toBe(true);
    expect(allowed({ origin: "https://evil.example" })).toBe(false);
    // Another origin of the same site, another port, plain http, or an opaque origin.
    expect(allowed({ origin: "https://shop.patternhouse.example" })).toBe(false);
    expect(allowed({ origin: "https://patternhouse.example:8443" })).toBe(false);
    expect(allowed({ origin: "http://patternhouse.example" })).toBe(false);
    expect(allowed({ origin: "null" })).toBe(false);
  });

  it("refuses this site's Origin sent to another host (Remix would answer that document post with a 500)", () => {
    expect(allowed({ origin: SITE, requestHost: "patternhouse.example" })).toBe(true);
    expect(allowed({ origin: SITE, requestHost: "PatternHouse.example" })).toBe(true);
    expect(allowed({ origin: SITE, requestHost: "localhost" })).toBe(false);
    expect(allowed({ origin: SITE, requestHost: "patternhouse.example:8443" })).toBe(false);
    expect(checkSameOrigin({ ...base, origin: SITE, requestHost: "127.0.0.1:3000" })).toEqual({
      allowed: false,
      reason: `origin ${SITE} sent to host 127.0.0.1:3000`,
    });
  });

  it("trusts Origin over Sec-Fetch-Site when both are sent", () => {
    expect(allowed({ origin: "https://evil.example", secFetchSite: "same-origin" })).toBe(false);
  });

  it("without Origin, accepts Sec-Fetch-Site same-origin and none only", () => {
    expect(allowed({ secFetchSite: "same-origin", cookie: "__session=x" })).toBe(true);
    expect(allowed({ secFetchSite: "none", cookie: "__session=x" })).toBe(true);
    expect(allowed({ secFetchSite: "same-site", cookie: "__session=x" })).toBe(false);
    expect(allowed({ secFetchSite: "cross-site" })).toBe(false);
  });

  it("without either header, refuses only requests that carry the session cookie", () => {
    expect(allowed({})).toBe(true);
    expect(allowed({ cookie: "theme=dark" })).toBe(true);
    expect(allowed({ cookie: "theme=dark; __session=abc" })).toBe(false);
    expect(allowed({ path: "/logout", cookie: "__session=abc" })).toBe(false);
    // The JSON API never reads the cookie (tested in api-cross-site.spec.ts): an API client's cookie jar is harmless.
    expect(allowed({ path: "/api/auth/login", cookie: "__session=abc" })).toBe(true);
    expect(allowed({ path: "/api-not-the-api", cookie: "__session=abc" })).toBe(false);
  });

  it("exempts only the signed Stripe webhook", () => {
    expect(allowed({ path: "/api/stripe/webhook", origin: "https://stripe.example" })).toBe(true);
    expect(allowed({ path: "/api/stripe/webhook/x", origin: "https://stripe.example" })).toBe(false);
    expect(allowed({ path: "/api/user/checkout", origin: "https://stripe.example" })).toBe(false);
  });

  it("covers any path and method, including routes that do not exist yet", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(allowed({ method, path: "/seller/some-future-screen", origin: "https://evil.example" })).toBe(false);
    }
  });
});
