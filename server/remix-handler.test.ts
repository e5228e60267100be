import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { jsonTextResponse } from "../app/utils/known-body.server";
import { createRequestHandler } from "./remix-handler";

// A build with one resource route whose body streams in three pieces, one per tick, as a rendered page does.
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

beforeAll(async () => {
  const app = express();
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

function get(path: string, encoding = "gzip", method = "GET"): Promise<{ status: number; encoding?: string; length?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: "127.0.0.1", port, path, method, headers: { "Accept-Encoding": encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, encoding: res.headers["content-encoding"], length: res.headers["content-length"], body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject)
      .end();
  });
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
