import express from "express";
import helmet from "helmet";
import { describe, expect, it } from "vitest";

import { securityHeaders } from "./security-headers";

/** The headers an app answers `/` with: helmet as middleware, or helmet's headers recorded once. */
async function headersOf(kind: "helmet" | "recorded") {
  const app = express();
  app.disable("x-powered-by");
  let n = 0;
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++n}`;
    next();
  });
  const options = {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: { "script-src": ["'self'", (_req: unknown, res: unknown) => `'nonce-${(res as express.Response).locals.cspNonce}'`], "upgrade-insecure-requests": null },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false as const,
  };
  app.use(kind === "helmet" ? helmet(options) : securityHeaders(helmet(options)));
  app.get("/", (_req, res) => {
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as { port: number };
  try {
    const answers = [];
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      const headers = Object.fromEntries([...res.headers].filter(([name]) => !["date", "etag", "content-length", "connection", "keep-alive"].includes(name)));
      answers.push(headers);
    }
    return answers;
  } finally {
    server.close();
  }
}

describe("security headers recorded from helmet once", () => {
  it("are the headers helmet sets, each request with its own nonce", async () => {
    const [viaHelmet, recorded] = await Promise.all([headersOf("helmet"), headersOf("recorded")]);
    expect(recorded).toEqual(viaHelmet);
    expect(recorded[0]!["content-security-policy"]).toContain("'nonce-nonce1'");
    expect(recorded[1]!["content-security-policy"]).toContain("'nonce-nonce2'");
    expect(recorded[0]!["x-content-type-options"]).toBe("nosniff");
  });

  it("refuses headers that change from one response to the next beyond the nonce", () => {
    let calls = 0;
    const varying: express.RequestHandler = (_req, res, next) => {
      res.setHeader("X-Varying", String(++calls));
      next();
    };
    expect(() => securityHeaders(varying)).toThrow(/depend on more than the nonce/);
  });
});
