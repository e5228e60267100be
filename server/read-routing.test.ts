import type express from "express";
import { describe, expect, it } from "vitest";

import { replicaReads } from "../db/client.pg";
import { PRIMARY_COOKIE, primaryUntil, readRouting } from "./read-routing";

/** Runs the middleware on a fake request; says whether the rest of the request ran in a replica-reads context. */
function route(method: string, path: string, cookie?: string, now = 1_000_000) {
  const headers: Record<string, string[]> = {};
  const req = { method, path, headers: cookie ? { cookie } : {} } as unknown as express.Request;
  const res = {
    append(name: string, value: string) {
      (headers[name.toLowerCase()] ??= []).push(value);
      return res;
    },
  } as unknown as express.Response;
  let replica: boolean | undefined;
  readRouting({ secure: true, stickyMs: 10_000, now: () => now })(req, res, () => {
    replica = replicaReads.getStore() !== undefined;
  });
  return { replica, setCookie: headers["set-cookie"] ?? [] };
}

describe("read routing (issue 50 item 1, decision 165)", () => {
  it("sends a GET's reads to a replica and a post's to the primary, telling the client to read from the primary for a while", () => {
    expect(route("GET", "/product/5")).toEqual({ replica: true, setCookie: [] });
    expect(route("HEAD", "/")).toEqual({ replica: true, setCookie: [] });
    const post = route("POST", "/cart", undefined, 1_000_000);
    expect(post.replica).toBe(false);
    expect(post.setCookie).toEqual([`${PRIMARY_COOKIE}=1010000; Path=/; Max-Age=10; HttpOnly; SameSite=Lax; Secure`]);
    expect(route("DELETE", "/api/user/cart/1").replica).toBe(false);
  });

  it("reads a client's own writes from the primary until its cookie's time, then from a replica again", () => {
    const cookie = `theme=dark; ${PRIMARY_COOKIE}=1005000; session=abc`;
    expect(route("GET", "/purchases", cookie, 1_004_999).replica).toBe(false);
    expect(route("GET", "/purchases", cookie, 1_005_000).replica).toBe(true);
    expect(route("GET", "/purchases", `${PRIMARY_COOKIE}=garbage`).replica).toBe(true);
  });

  it("keeps the GETs that write by the spec (Stripe onboarding) on the primary", () => {
    expect(route("GET", "/api/user/stripe-onboarding").replica).toBe(false);
    expect(route("GET", "/api/user/get-stripe-account-link").replica).toBe(false);
    expect(route("GET", "/api/user/stripe-onboarded").replica).toBe(true);
  });

  it("reads the cookie's time only from its own name", () => {
    expect(primaryUntil(undefined)).toBe(0);
    expect(primaryUntil(`x${PRIMARY_COOKIE}=99`)).toBe(0);
    expect(primaryUntil(`${PRIMARY_COOKIE}=99`)).toBe(99);
    expect(primaryUntil(`a=1;${PRIMARY_COOKIE}=42`)).toBe(42);
  });
});
