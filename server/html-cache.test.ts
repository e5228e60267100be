import type { AddressInfo } from "node:net";
import type { Server } from "node:http";

import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { createHtmlMicroCache } from "./html-cache";

let clock = 0;
let renders = 0;
let server: Server;
let base = "";

beforeAll(async () => {
  const app = express();
  let nonceCounter = 0;
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonceCounter}xyz`;
    next();
  });
  app.use(createHtmlMicroCache({ ttlMs: 2000, maxEntries: 2, now: () => clock }));
  app.get("/page", (req, res) => {
    renders++;
    if (req.query.cookie) res.setHeader("Set-Cookie", "a=b");
    res.type("html");
    // Streamed in two pieces, as Remix does.
    res.write(`<script nonce="${res.locals.cspNonce}">1</script>`);
    res.end(`<p>render ${renders}</p>`);
  });
  app.get("/missing", (_req, res) => {
    renders++;
    res.status(404).type("html").send("<p>nope</p>");
  });
  app.get("/json", (_req, res) => {
    renders++;
    res.json({ renders });
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", resolve);
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { headers });
  return { status: res.status, cache: res.headers.get("x-cache"), body: await res.text() };
}

describe("HTML micro-cache", () => {
  test("a visitor's page is rendered once per lifetime and sent with each request's own nonce", async () => {
    clock = 1_000;
    const before = renders;
    const first = await get("/page");
    const second = await get("/page");
    expect(first.cache).toBe("MISS");
    expect(second.cache).toBe("HIT");
    expect(renders - before).toBe(1);
    expect(second.body).toContain("<p>render");
    const firstNonce = first.body.match(/nonce="([^"]+)"/)![1];
    const secondNonce = second.body.match(/nonce="([^"]+)"/)![1];
    expect(secondNonce).not.toBe(firstNonce);
    expect(second.body.replace(secondNonce, firstNonce)).toBe(first.body);

    clock += 2_001; // expired: rendered again
    expect((await get("/page")).cache).toBe("MISS");
    expect(renders - before).toBe(2);
  });

  test("requests with a cookie or a token, and responses that set a cookie, are never cached", async () => {
    clock = 100_000;
    const before = renders;
    await get("/page", { Cookie: "__session=x" });
    await get("/page", { Cookie: "__session=x" });
    await get("/page", { Authorization: "token" });
    expect(renders - before).toBe(3);
    await get("/page?cookie=1");
    const again = await get("/page?cookie=1");
    expect(again.cache).toBe("MISS");
    expect(renders - before).toBe(5);
  });

  test("only 200 HTML answers are kept", async () => {
    clock = 200_000;
    const before = renders;
    await get("/missing");
    expect((await get("/missing")).status).toBe(404);
    await get("/json");
    await get("/json");
    expect(renders - before).toBe(4);
  });

  test("the number of pages kept is bounded", async () => {
    clock = 300_000;
    await get("/page?a=1");
    await get("/page?a=2");
    await get("/page?a=3"); // pushes ?a=1 out
    expect((await get("/page?a=3")).cache).toBe("HIT");
    expect((await get("/page?a=1")).cache).toBe("MISS");
  });
});
