/**
 * A fake Stripe API on 127.0.0.1 for tests: the real `stripe` SDK talks to it through its host, port and
 * protocol options. It knows Checkout Sessions (create with idempotency keys, retrieve, expire) and lets a test
 * complete a session and build the matching webhook event; Connect accounts (create, retrieve) and account links;
 * transfers (recording idempotency keys; it can be told to refuse them or to fail the next attempts with a 500);
 * and refunds (idempotent, refusable).
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
  payment_intent: string | null;
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
  line_items: { name: string; unit_amount: number; quantity: number; tax_code: string | null; amount_tax: number }[];
  /** Stripe Tax: asked for with automatic_tax[enabled]; the fake taxes every line with a tax code at `taxRateBp`. */
  automatic_tax: { enabled: boolean; status: "complete" | null };
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  customer_details: { address: { country: string } } | null;
};

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

export type FakeAccount = {
  id: string;
  object: "account";
  type: "express";
  country: string;
  email: string | null;
  metadata: Record<string, string>;
  controller: Record<string, unknown>;
  capabilities: Record<string, string>;
  details_submitted: boolean;
  payouts_enabled: boolean;
  charges_enabled: boolean;
};
export type FakeAccountLink = { object: "account_link"; url: string; account: string; refresh_url: string; return_url: string; type: string; expires_at: number };
export type FakeTransfer = { id: string; object: "transfer"; amount: number; currency: string; destination: string; metadata: Record<string, string> };
export type FakeRefund = { id: string; object: "refund"; amount: number | null; payment_intent: string; status: "succeeded"; metadata: Record<string, string> };

export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const accounts = new Map<string, FakeAccount>();
  const accountLinks: FakeAccountLink[] = [];
  const transfers = new Map<string, FakeTransfer>();
  const refunds = new Map<string, FakeRefund>();
  /** Idempotency keys to the object they created, per path (Stripe scopes keys per endpoint and account). */
  const idempotent = new Map<string, string>();
  const behaviour = {
    refuseTransfers: null as string | null,
    failTransfers: 0,
    refuseRefunds: null as string | null,
    /** Stripe Tax's rate on lines with a tax code, and the customer's country the fake reports. */
    taxRateBp: 800,
    taxCountry: "US",
    /** The country of the card that pays (a charge's payment_method_details.card.country). */
    cardCountry: "US",
  };
  const requests: { method: string; path: string; idempotencyKey?: string }[] = [];

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
      const replay = key ? idempotent.get(`${path} ${key}`) : undefined;

      if (req.method === "POST" && path === "/v1/accounts") {
        if (replay) return send(200, accounts.get(replay));
        const form = parseForm(body);
        const id = `acct_${crypto.randomBytes(8).toString("hex")}`;
        const account: FakeAccount = {
          id,
          object: "account",
          type: "express",
          country: String(form.country ?? "US"),
          email: (form.email as string) ?? null,
          metadata: (form.metadata as Record<string, string>) ?? {},
          controller: (form.controller as Record<string, unknown>) ?? {},
          capabilities: Object.fromEntries(Object.keys((form.capabilities as object) ?? {}).map((c) => [c, "inactive"])),
          details_submitted: false,
          payouts_enabled: false,
          charges_enabled: false,
        };
        accounts.set(id, account);
        if (key) idempotent.set(`${path} ${key}`, id);
        return send(200, account);
      }
      const accountMatch = path.match(/^\/v1\/accounts\/([^/]+)$/);
      if (accountMatch && req.method === "GET") {
        const account = accounts.get(accountMatch[1]!);
        return account ? send(200, account) : fail(404, `No such account: '${accountMatch[1]}'`);
      }
      if (accountMatch && req.method === "DELETE") {
        // Stripe lets a platform delete the Express accounts it controls; it answers a deleted object.
        if (!accounts.delete(accountMatch[1]!)) return fail(404, `No such account: '${accountMatch[1]}'`);
        return send(200, { id: accountMatch[1], object: "account", deleted: true });
      }
      if (req.method === "POST" && path === "/v1/account_links") {
        const form = parseForm(body);
        if (!accounts.has(String(form.account))) return fail(400, `No such account: '${form.account}'`);
        const link: FakeAccountLink = {
          object: "account_link",
          url: `https://connect.stripe.test/setup/e/${form.account}/${crypto.randomBytes(8).toString("hex")}`,
          account: String(form.account),
          refresh_url: String(form.refresh_url),
          return_url: String(form.return_url),
          type: String(form.type),
          expires_at: Math.floor(Date.now() / 1000) + 300,
        };
        accountLinks.push(link);
        return send(200, link);
      }
      if (req.method === "POST" && path === "/v1/transfers") {
        if (replay) return send(200, transfers.get(replay));
        if (behaviour.failTransfers > 0) {
          behaviour.failTransfers -= 1;
          res.writeHead(500, { "Content-Type": "application/json" });
          return res.end(JSON.stringify({ error: { type: "api_error", message: "Something went wrong on Stripe's end." } }));
        }
        const form = parseForm(body);
        if (behaviour.refuseTransfers) return fail(400, behaviour.refuseTransfers);
        const destination = accounts.get(String(form.destination));
        if (!destination) return fail(400, `No such destination: '${form.destination}'`);
        const transfer: FakeTransfer = {
          id: `tr_${crypto.randomBytes(8).toString("hex")}`,
          object: "transfer",
          amount: Number(form.amount),
          currency: String(form.currency),
          destination: destination.id,
          metadata: (form.metadata as Record<string, string>) ?? {},
        };
        transfers.set(transfer.id, transfer);
        if (key) idempotent.set(`${path} ${key}`, transfer.id);
        return send(200, transfer);
      }
      if (req.method === "POST" && path === "/v1/refunds") {
        if (replay) return send(200, refunds.get(replay));
        const form = parseForm(body);
        if (behaviour.refuseRefunds) return fail(400, behaviour.refuseRefunds);
        if (!form.payment_intent) return fail(400, "One of charge or payment_intent is required");
        const refund: FakeRefund = {
          id: `re_${crypto.randomBytes(8).toString("hex")}`,
          object: "refund",
          amount: form.amount === undefined ? null : Number(form.amount),
          payment_intent: String(form.payment_intent),
          status: "succeeded",
          metadata: (form.metadata as Record<string, string>) ?? {},
        };
        refunds.set(refund.id, refund);
        if (key) idempotent.set(`${path} ${key}`, refund.id);
        return send(200, refund);
      }

      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        if (replay) return send(200, sessions.get(replay));
        const form = parseForm(body);
        const automatic = (form.automatic_tax as Record<string, unknown> | undefined)?.enabled === "true";
        const lines = list(form.line_items).map((l) => {
          const price = l.price_data as Record<string, unknown>;
          const product = price.product_data as Record<string, unknown>;
          const taxCode = typeof product.tax_code === "string" ? product.tax_code : null;
          const amount = Number(price.unit_amount) * Number(l.quantity);
          return {
            name: String(product.name),
            unit_amount: Number(price.unit_amount),
            quantity: Number(l.quantity),
            tax_code: taxCode,
            amount_tax: automatic && taxCode ? Math.round((amount * behaviour.taxRateBp) / 10000) : 0,
          };
        });
        const subtotal = lines.reduce((sum, l) => sum + l.unit_amount * l.quantity, 0);
        const tax = lines.reduce((sum, l) => sum + l.amount_tax, 0);
        const total = subtotal + tax;
        const id = `cs_test_${crypto.randomBytes(12).toString("hex")}`;
        const session: FakeSession = {
          id,
          object: "checkout.session",
          mode: "payment",
          status: "open",
          payment_status: "unpaid",
          payment_intent: null,
          amount_subtotal: subtotal,
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
          automatic_tax: { enabled: automatic, status: automatic ? "complete" : null },
          total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: tax },
          customer_details: automatic ? { address: { country: behaviour.taxCountry } } : null,
        };
        sessions.set(id, session);
        if (key) idempotent.set(`${path} ${key}`, id);
        return send(200, session);
      }
      const items = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/);
      if (items && req.method === "GET") {
        const owner = sessions.get(items[1]!);
        if (!owner) return fail(404, `No such checkout.session: '${items[1]}'`);
        const data = owner.line_items.map((l, i) => ({
          id: `li_${owner.id.slice(-8)}_${i}`,
          object: "item",
          description: l.name,
          quantity: l.quantity,
          amount_subtotal: l.unit_amount * l.quantity,
          amount_tax: l.amount_tax,
          amount_total: l.unit_amount * l.quantity + l.amount_tax,
          currency: "usd",
        }));
        return send(200, { object: "list", data, has_more: false, url: path });
      }
      const match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/);
      const session = match ? sessions.get(match[1]!) : undefined;
      if (match && !session) return fail(404, `No such checkout.session: '${match[1]}'`);
      if (session && req.method === "GET" && !match![2]) {
        // expand[]=payment_intent.latest_charge: the intent and its charge, with the card's country.
        if (!(req.url ?? "").includes("latest_charge") || !session.payment_intent) return send(200, session);
        const charge = { id: `ch_${session.payment_intent.slice(3)}`, object: "charge", payment_method_details: { type: "card", card: { country: behaviour.cardCountry } } };
        return send(200, { ...session, payment_intent: { id: session.payment_intent, object: "payment_intent", latest_charge: charge } });
      }
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
    accounts,
    accountLinks,
    transfers,
    refunds,
    requests,
    /** Switches: refuse transfers or refunds with a message (null: accept), fail the next n transfer attempts with a 500. */
    behaviour,
    /** The seller finished (or not) Stripe's hosted onboarding. */
    onboard(id: string, { details_submitted = true, payouts_enabled = true } = {}) {
      const account = accounts.get(id)!;
      Object.assign(account, { details_submitted, payouts_enabled, charges_enabled: payouts_enabled });
      return account;
    },
    /** The buyer paid on Stripe's page. */
    complete(id: string) {
      const session = sessions.get(id)!;
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: session.payment_intent ?? `pi_${crypto.randomBytes(10).toString("hex")}`, url: null });
      return session;
    },
    /** Stripe expired it (its expires_at passed). */
    expire(id: string) {
      const session = sessions.get(id)!;
      Object.assign(session, { status: "expired", url: null });
      return session;
    },
    /** A webhook event body as Stripe sends it. */
    event(type: string, session: FakeSession | FakeAccount, id = `evt_${crypto.randomBytes(12).toString("hex")}`) {
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
