/**
 * The fake Stripe API as a process, for the Playwright "stripe" project (playwright.config.ts starts it):
 * `tsx tests/fakes/stripe-server.ts <port>`. Besides the Stripe routes it answers
 * `POST /__fake/complete/{sessionId}` (the buyer paid on Stripe's page) with the session,
 * `POST /__fake/onboard/{accountId}` (the seller finished Stripe's hosted onboarding) with the account,
 * `GET /__fake/transfers` (the transfers and the recorded transfer requests with their idempotency keys) and
 * `GET /__fake/requests` (every request the app made: method, path, idempotency key) and
 * `POST /__fake/behaviour` with JSON {refuseTransfers?, failTransfers?, refuseRefunds?}.
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
    const onboard = req.url?.match(/^\/__fake\/onboard\/([^/?]+)$/);
    if (req.method === "POST" && onboard) {
      const known = fake.accounts.has(onboard[1]!);
      res.writeHead(known ? 200 : 404, { "Content-Type": "application/json" });
      res.end(JSON.stringify(known ? fake.onboard(onboard[1]!) : { error: "no such account" }));
      return;
    }
    if (req.method === "GET" && req.url === "/__fake/transfers") {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ transfers: [...fake.transfers.values()], requests: fake.requests.filter((r) => r.path === "/v1/transfers") }));
      return;
    }
    if (req.method === "GET" && req.url === "/__fake/requests") {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(fake.requests));
      return;
    }
    if (req.method === "POST" && req.url === "/__fake/behaviour") {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        Object.assign(fake.behaviour, JSON.parse(body || "{}"));
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify(fake.behaviour));
      });
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
