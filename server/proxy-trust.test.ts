import http from "node:http";
import type { AddressInfo } from "node:net";

import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { clientAddress } from "./proxy-trust";

// Each answer gives Express's own getter beside ours: they must agree for every combination of headers.
function appTrusting(trust: string | boolean) {
  const app = express();
  app.set("trust proxy", trust);
  app.get("*", (req, res) => {
    res.json({
      express: { ip: req.ip },
      ours: { ip: clientAddress(req) },
    });
  });
  return http.createServer(app);
}

const CASES: Record<string, string>[] = [
  {},
  { "x-forwarded-for": "203.0.113.7" },
  { "x-forwarded-for": "203.0.113.7, 127.0.0.1" },
  { "x-forwarded-for": "198.51.100.2, 203.0.113.7" },
  { "x-forwarded-proto": "https" },
  { "x-forwarded-proto": "https, http" },
  { "x-forwarded-host": "shop.example:8443" },
  { "x-forwarded-host": "shop.example, other.example" },
  { "x-forwarded-host": "[2001:db8::1]:443", "x-forwarded-proto": "https", "x-forwarded-for": "2001:db8::9" },
  { host: "[::1]:3000" },
];

describe.each([["loopback"], [false]])("with trust proxy %s", (trust) => {
  const server = appTrusting(trust);
  let base = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each(CASES.map((headers) => [JSON.stringify(headers), headers]))("answers as Express does for %s", async (_name, headers) => {
    const answer = await new Promise<{ express: unknown; ours: unknown }>((resolve, reject) => {
      http
        .get(`${base}/`, { headers }, (res) => {
          let body = "";
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve(JSON.parse(body)));
        })
        .on("error", reject);
    });
    expect(answer.ours).toEqual(answer.express);
  });
});
