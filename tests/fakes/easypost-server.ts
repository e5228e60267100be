/**
 * The fake EasyPost API as a process, for Playwright (a webServer entry) or by hand:
 * `npx tsx tests/fakes/easypost-server.ts <port>`; the app then runs with EASYPOST_API_KEY=EZTK_fake_test_key
 * (or FAKE_EASYPOST_API_KEY) and EASYPOST_API_URL=http://127.0.0.1:<port>/v2/. Besides the EasyPost routes it
 * answers `GET /__fake/health` ("ok"), `GET /__fake/calls` (the recorded calls, JSON), `POST /__fake/reset`, and
 * `POST /__fake/fail` with a JSON body {on: "create"|"buy", status, code, message} (the next such call fails).
 */
import http from "node:http";

import { FAKE_EASYPOST_API_KEY, type FakeFailure, startFakeEasyPost } from "./easypost";

const port = Number(process.argv[2] ?? process.env.FAKE_EASYPOST_PORT ?? 4340);
const fake = await startFakeEasyPost({ apiKey: process.env.FAKE_EASYPOST_API_KEY ?? FAKE_EASYPOST_API_KEY });
const upstream = new URL(fake.url);

const json = (res: http.ServerResponse, status: number, payload: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(payload));
};

http
  .createServer((req, res) => {
    if (req.url === "/__fake/health") {
      res.writeHead(200).end("ok");
      return;
    }
    if (req.method === "GET" && req.url === "/__fake/calls") return json(res, 200, fake.calls);
    if (req.method === "POST" && req.url === "/__fake/reset") {
      fake.reset();
      return json(res, 200, { ok: true });
    }
    if (req.method === "POST" && req.url === "/__fake/fail") {
      let raw = "";
      req.on("data", (chunk) => (raw += chunk));
      req.on("end", () => {
        try {
          const f = JSON.parse(raw) as Partial<FakeFailure>;
          if (f.on !== "create" && f.on !== "buy") return json(res, 400, { error: 'on must be "create" or "buy"' });
          fake.failNext({ on: f.on, status: Number(f.status ?? 422), code: String(f.code ?? "FAKE.FAILURE"), message: String(f.message ?? "Told to fail.") });
          return json(res, 200, { ok: true });
        } catch {
          return json(res, 400, { error: "invalid JSON" });
        }
      });
      return;
    }
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => json(res, 502, { error: { code: "FAKE.UPSTREAM", message: "fake upstream unavailable" } }));
    req.pipe(forward);
  })
  .listen(port, "127.0.0.1", () => console.log(`[fake-easypost] listening on http://127.0.0.1:${port}`));
