/**
 * A fake Stripe API on 127.0.0.1 for tests: the real `stripe` SDK talks to it through its host, port and
 * protocol options. It knows Checkout Sessions (create with idempotency keys, retrieve, expire) and lets a test
 * complete a session and build the matching webhook event.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeSession = {
  id: string;
  object: "checkout.session";
  mode: "payment";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_subtotal: number;
  amount_total: number;
  currency: "usd";
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  url: string | null;
  line_items: { name: string; unit_amount: number; quantity: number }[];
  payment_intent: string | null;
};

export type FakeRefund = { id: string; object: "refund"; amount: number; payment_intent: string; status: "succeeded"; metadata: Record<string, string> };
export type FakeTransfer = { id: string; object: "transfer"; amount: number; currency: string; destination: string; metadata: Record<string, string> };

/** Stripe's form encoding (a[b][0][c]=1) back into nested objects and arrays. */
function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

const list = (value: unknown) => Object.values((value ?? {}) as Record<string, unknown>) as Record<string, unknown>[];

export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const idempotent = new Map<string, string>();
  const requests: { method: string; path: string; idempotencyKey?: string }[] = [];
  const refunds = new Map<string, FakeRefund>();
  const transfers = new Map<string, FakeTransfer>();
  /** Stripe refuses to refund more than a payment intent's charge. */
  const paidIntents = new Map<string, number>();

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0]!;
      const key = req.headers["idempotency-key"] as string | undefined;
      requests.push({ method: req.method ?? "", path, idempotencyKey: key });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${crypto.randomBytes(6).toString("hex")}` });
        res.end(JSON.stringify(payload));
      };
      const fail = (status: number, message: string) => send(status, { error: { type: "invalid_request_error", message } });
      if (!String(req.headers.authorization ?? "").startsWith("Bearer sk_test_")) return fail(401, "Invalid API Key provided");

      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        if (key && idempotent.has(key)) return send(200, sessions.get(idempotent.get(key)!));
        const form = parseForm(body);
        const lines = list(form.line_items).map((l) => {
          const price = l.price_data as Record<string, unknown>;
          return {
            name: String((price.product_data as Record<string, unknown>).name),
            unit_amount: Number(price.unit_amount),
            quantity: Number(l.quantity),
          };
        });
        const total = lines.reduce((sum, l) => sum + l.unit_amount * l.quantity, 0);
        const id = `cs_test_${crypto.randomBytes(12).toString("hex")}`;
        const session: FakeSession = {
          id,
          object: "checkout.session",
          mode: "payment",
          status: "open",
          payment_status: "unpaid",
          amount_subtotal: total,
          amount_total: total,
          currency: "usd",
          client_reference_id: (form.client_reference_id as string) ?? null,
          metadata: (form.metadata as Record<string, string>) ?? {},
          customer_email: (form.customer_email as string) ?? null,
          success_url: String(form.success_url),
          cancel_url: String(form.cancel_url),
          expires_at: Number(form.expires_at),
          url: `https://checkout.stripe.test/c/pay/${id}`,
          line_items: lines,
          payment_intent: null,
        };
        sessions.set(id, session);
        if (key) idempotent.set(key, id);
        return send(200, session);
      }
      // Refunds and transfers: created once per idempotency key, as Stripe does.
      if (req.method === "POST" && (path === "/v1/refunds" || path === "/v1/transfers")) {
        const store: Map<string, FakeRefund | FakeTransfer> = path === "/v1/refunds" ? refunds : transfers;
        if (key && idempotent.has(key)) return send(200, store.get(idempotent.get(key)!));
        const form = parseForm(body);
        const amount = Number(form.amount);
        let created: FakeRefund | FakeTransfer;
        if (path === "/v1/refunds") {
          const intent = String(form.payment_intent ?? "");
          const left = paidIntents.get(intent);
          if (left === undefined) return fail(404, `No such payment_intent: '${intent}'`);
          if (amount > left) return fail(400, `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${left / 100})`);
          paidIntents.set(intent, left - amount);
          created = { id: `re_${crypto.randomBytes(12).toString("hex")}`, object: "refund", amount, payment_intent: intent, status: "succeeded", metadata: (form.metadata as Record<string, string>) ?? {} };
        } else {
          created = { id: `tr_${crypto.randomBytes(12).toString("hex")}`, object: "transfer", amount, currency: String(form.currency), destination: String(form.destination), metadata: (form.metadata as Record<string, string>) ?? {} };
        }
        store.set(created.id, created);
        if (key) idempotent.set(key, created.id);
        return send(200, created);
      }
      const match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/);
      const session = match ? sessions.get(match[1]!) : undefined;
      if (match && !session) return fail(404, `No such checkout.session: '${match[1]}'`);
      if (session && req.method === "GET" && !match![2]) return send(200, session);
      if (session && req.method === "POST" && match![2]) {
        if (session.status !== "open") return fail(400, `Only Checkout Sessions with a status in ["open"] can be expired.`);
        session.status = "expired";
        session.url = null;
        return send(200, session);
      }
      return fail(404, `Unrecognized request URL (${req.method}: ${path})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    refunds,
    transfers,
    /** The buyer paid on Stripe's page. */
    complete(id: string) {
      const session = sessions.get(id)!;
      const intent = session.payment_intent ?? `pi_${crypto.randomBytes(12).toString("hex")}`;
      Object.assign(session, { status: "complete", payment_status: "paid", url: null, payment_intent: intent });
      paidIntents.set(intent, session.amount_total);
      return session;
    },
    /** Stripe expired it (its expires_at passed). */
    expire(id: string) {
      const session = sessions.get(id)!;
      Object.assign(session, { status: "expired", url: null });
      return session;
    },
    /** A webhook event body as Stripe sends it. */
    event(type: string, session: FakeSession, id = `evt_${crypto.randomBytes(12).toString("hex")}`) {
      return JSON.stringify({
        id,
        object: "event",
        api_version: "2025-01-01",
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: session },
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
