import http from "node:http";
import net, { type AddressInfo } from "node:net";
import zlib from "node:zlib";

import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { jsonTextResponse } from "../app/utils/known-body.server";
import { bindRequestContext, requestContextOf } from "../app/utils/request-context.server";
import { createRequestHandler } from "./remix-handler";

// A build of resource routes: one whose body streams in three pieces, one per tick, as a rendered page does; one whose
// body is in memory; actions that read their body, answer before reading it, or stop reading it part-way; a loader
// that waits for its request to be aborted; one that shows the Request it was given.
let aborted: (reason: unknown) => void = () => {};
const pieces = ["<p>first</p>".repeat(200), "<p>second</p>".repeat(200), "<p>third</p>".repeat(200)];
const build = {
  mode: "production",
  basename: "/",
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  isSpaMode: false,
  future: { v3_singleFetch: true, v3_lazyRouteDiscovery: true, v3_relativeSplatPath: true, v3_throwAbortReason: true },
  assets: { version: "test", url: "/build/manifest.js", entry: { module: "/build/entry.js", imports: [] }, routes: {} },
  entry: { module: { default: () => new Response("no documents here", { status: 500 }) } },
  routes: {
    "routes/echo": {
      id: "routes/echo",
      path: "echo",
      module: { action: async ({ request }: { request: Request }) => new Response(`${request.method} ${(await request.text()).length}`) },
    },
    // Refused before the body is read (no Authorization, as the API answers).
    "routes/early": { id: "routes/early", path: "early", module: { action: () => Response.json({ error: "Authentication required" }, { status: 401 }) } },
    // Reads a piece of the body, then refuses the rest (as a size limit does) and cancels it.
    "routes/refuse": {
      id: "routes/refuse",
      path: "refuse",
      module: {
        action: async ({ request }: { request: Request }) => {
          const reader = request.body!.getReader();
          await reader.read();
          await reader.cancel();
          return Response.json({ error: "Too large" }, { status: 413 });
        },
      },
    },
    "routes/wait": {
      id: "routes/wait",
      path: "wait",
      module: {
        loader: ({ request }: { request: Request }) =>
          new Promise((_resolve, reject) => {
            request.signal.addEventListener("abort", () => {
              aborted(request.signal.reason);
              reject(request.signal.reason);
            });
          }),
      },
    },
    "routes/whoami": {
      id: "routes/whoami",
      path: "whoami",
      module: {
        loader: ({ request, context }: { request: Request; context: { cspNonce: string } }) => {
          const headers = new Headers();
          headers.append("Set-Cookie", "a=1; Path=/");
          headers.append("Set-Cookie", "b=2; Path=/");
          return Response.json({ url: request.url, id: requestContextOf(request)?.id, nonce: context.cspNonce }, { headers });
        },
      },
    },
    "routes/known": { id: "routes/known", path: "known", module: { loader: () => jsonTextResponse(JSON.stringify({ word: "één" })) } },
    "routes/stream": {
      id: "routes/stream",
      path: "stream",
      module: {
        loader: () => {
          const encoder = new TextEncoder();
          let sent = 0;
          const body = new ReadableStream<Uint8Array>({
            async pull(controller) {
              await new Promise((resolve) => setImmediate(resolve));
              if (sent < pieces.length) controller.enqueue(encoder.encode(pieces[sent++]));
              else controller.close();
            },
          });
          return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
        },
      },
    },
  },
} as unknown as ServerBuild;

let server: http.Server;
let port = 0;
let flushes = 0;
const app = express();

beforeAll(async () => {
  app.set("trust proxy", "loopback");
  app.use((_req, res, next) => {
    bindRequestContext(res, { id: "c0ffee" });
    next();
  });
  app.use(compression({ threshold: 0 }));
  // Counts the compressor's flushes: each one ends a gzip block, which costs bytes on every page.
  app.use((_req, res, next) => {
    const flush = (res as express.Response & { flush: () => void }).flush.bind(res);
    (res as express.Response & { flush: () => void }).flush = () => {
      flushes += 1;
      flush();
    };
    next();
  });
  app.all("*", createRequestHandler({ build, mode: "production", getLoadContext: () => ({ cspNonce: "test" }) }));
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", resolve);
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Answer = { status: number; encoding?: string; length?: string; headers: http.IncomingHttpHeaders; body: Buffer };

function get(path: string, encoding = "gzip", method = "GET", headers: http.OutgoingHttpHeaders = {}, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: "127.0.0.1", port, path, method, headers: { "Accept-Encoding": encoding, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers["content-encoding"],
            length: res.headers["content-length"],
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on("error", reject)
      .end(body);
  });
}

/** A raw HTTP/1.1 connection, to send a body the server does not read and reuse the connection after. */
function connect() {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (d: Buffer) => (received += d.toString("latin1")));
  socket.on("error", () => undefined);
  const statuses = () => [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
  const until = async (check: () => boolean, ms = 10_000) => {
    const end = Date.now() + ms;
    while (!check() && Date.now() < end && !socket.destroyed) await new Promise((r) => setTimeout(r, 10));
    return check();
  };
  /** Sends `length` bytes of body, as fast as the server takes them; false if it stopped taking them for 5 s. */
  const sendBody = async (length: number) => {
    const chunk = Buffer.alloc(64 * 1024, 65);
    for (let sent = 0; sent < length; sent += chunk.length) {
      if (socket.write(chunk.subarray(0, Math.min(chunk.length, length - sent)))) continue;
      const drained = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 5_000);
        socket.once("drain", () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      if (!drained) return false;
    }
    return true;
  };
  return { socket, statuses, until, sendBody, received: () => received };
}

describe("the Remix handler's streamed answers", () => {
  test("are written whole and gzipped without a flush of the compressor after each piece", async () => {
    flushes = 0;
    const res = await get("/stream");
    expect(res.status).toBe(200);
    expect(res.encoding).toBe("gzip");
    expect(zlib.gunzipSync(res.body).toString("utf8")).toBe(pieces.join(""));
    expect(flushes).toBe(0);
  });
});

describe("answers whose body is in memory", () => {
  test("are written in one piece with their length, gzipped when asked, and without a body to HEAD", async () => {
    const plain = await get("/known", "identity");
    expect(plain.status).toBe(200);
    expect(JSON.parse(plain.body.toString("utf8"))).toEqual({ word: "één" });
    expect(plain.length).toBe(String(plain.body.byteLength));
    const gzipped = await get("/known");
    expect(gzipped.encoding).toBe("gzip");
    expect(gzipped.length).toBeUndefined();
    expect(JSON.parse(zlib.gunzipSync(gzipped.body).toString("utf8"))).toEqual({ word: "één" });
    const head = await get("/known", "identity", "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
  });
});

describe("request bodies", () => {
  test("are handed to the action whole", async () => {
    const body = Buffer.alloc(3 * 1024 * 1024 + 17, 66);
    const res = await get("/echo", "identity", "POST", { "Content-Type": "application/octet-stream" }, body);
    expect(res.status).toBe(200);
    expect(res.body.toString("utf8")).toBe(`POST ${body.byteLength}`);
  });

  // remix-run/remix#10433: the adapter's own body stream left the unread body paused (the client, still sending, never
  // got its answer) or, cancelled, destroyed the socket. Fails on the unpatched @remix-run/express (patches/README.md).
  test.each([
    ["answered before the body is read", "/early", 401, '{"error":"Authentication required"}'],
    ["answered after part of it, the rest cancelled", "/refuse", 413, '{"error":"Too large"}'],
  ])("%s: the answer arrives whole and the kept-alive connection serves the next request", async (_label, path, status, answer) => {
    const length = 8 * 1024 * 1024;
    const c = connect();
    c.socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/octet-stream\r\nContent-Length: ${length}\r\n\r\n`);
    expect(await c.sendBody(length)).toBe(true);
    c.socket.write(`GET /known HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Encoding: identity\r\n\r\n`);
    expect(await c.until(() => c.statuses().length >= 2 && c.received().endsWith("}"))).toBe(true);
    expect(c.statuses()).toEqual([status, 200]);
    expect(c.received()).toContain(answer);
    expect(c.received()).toContain(Buffer.from('{"word":"één"}').toString("latin1"));
    expect(c.socket.destroyed).toBe(false);
    c.socket.destroy();
  });
});

describe("the Request Remix is given", () => {
  test("names the client's address as the adapter does, X-Forwarded-* only from a trusted proxy", async () => {
    const direct = JSON.parse((await get("/whoami", "identity", "GET", { Host: "shop.test:8080" })).body.toString("utf8"));
    expect(direct.url).toBe("http://shop.test:8080/whoami");
    const forwarded = { Host: "127.0.0.1:3000", "X-Forwarded-Host": "patterns.example:8443", "X-Forwarded-Proto": "https" };
    expect(JSON.parse((await get("/whoami?a=1", "identity", "GET", forwarded)).body.toString("utf8")).url).toBe("https://patterns.example:8443/whoami?a=1");
    app.set("trust proxy", false);
    try {
      // Scheme and host name from the connection and Host; the port, as the adapter has always taken it, from
      // X-Forwarded-Host whoever sent it (links and redirects to the site use PUBLIC_URL, not the request's URL).
      expect(JSON.parse((await get("/whoami", "identity", "GET", forwarded)).body.toString("utf8")).url).toBe("http://127.0.0.1:8443/whoami");
    } finally {
      app.set("trust proxy", "loopback");
    }
  });

  test("carries the request's context and the load context; every Set-Cookie reaches the client", async () => {
    const res = await get("/whoami", "identity");
    expect(JSON.parse(res.body.toString("utf8"))).toMatchObject({ id: "c0ffee", nonce: "test" });
    expect(res.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  test("is aborted when the client goes away before the answer", async () => {
    const reason = new Promise((resolve) => (aborted = resolve));
    const c = connect();
    c.socket.write(`GET /wait HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await new Promise((r) => setTimeout(r, 50));
    c.socket.destroy();
    expect(await reason).toBeDefined();
  });
});
