/**
 * The fake Stripe API as a process, for the Playwright "stripe" project (playwright.config.ts starts it):
 * `tsx tests/fakes/stripe-server.ts <port>`. Besides the Stripe routes it answers
 * `POST /__fake/complete/{sessionId}` (the buyer paid on Stripe's page) with the session.
 */
import http from "node:http";

import { startFakeStripe } from "./stripe";

const port = Number(process.argv[2] ?? process.env.FAKE_STRIPE_PORT ?? 4332);
const fake = await startFakeStripe();
const upstream = new URL(fake.url);

http
  .createServer((req, res) => {
    const complete = req.url?.match(/^\/__fake\/complete\/([^/?]+)$/);
    if (req.method === "POST" && complete) {
      const session = fake.sessions.get(complete[1]!);
      res.writeHead(session ? 200 : 404, { "Content-Type": "application/json" });
      res.end(JSON.stringify(session ? fake.complete(session.id) : { error: "no such session" }));
      return;
    }
    // What the app asked of Stripe (method, path, idempotency key), for assertions.
    if (req.method === "GET" && req.url === "/__fake/requests") {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(fake.requests));
      return;
    }
    if (req.url === "/__fake/health") {
      res.writeHead(200).end("ok");
      return;
    }
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  })
  .listen(port, "127.0.0.1", () => console.log(`[fake-stripe] listening on http://127.0.0.1:${port}`));
