/**
 * The Stripe path end to end: the production server with STRIPE_* set, talking through the real SDK to the fake
 * Stripe API (tests/fakes/stripe-server.ts), webhooks signed with the SDK's test header helper.
 */
import Stripe from "stripe";

import { STRIPE_WEBHOOK_SECRET } from "../../playwright.config";
import { type APIRequestContext, expect, readDbIn, STRIPE_DATA_DIR, test, uniqueEmail } from "./fixtures";

const FAKE = process.env.E2E_FAKE_STRIPE_URL!;
const signer = new Stripe("sk_test_signer");

const readDb = <T>(sql: string, ...params: unknown[]) => readDbIn<T>(STRIPE_DATA_DIR, sql, ...params);

async function buyer(request: APIRequestContext) {
  const { token } = await (
    await request.post("/api/auth/register", { data: { email: uniqueEmail("stripe"), password: "stripe-pass-1", firstname: "Sid", lastname: "Stripe" } })
  ).json();
  const auth = { Authorization: token as string };
  const profile = { first_name: "Sid", last_name: "Stripe", street: "9 Pier", city: "Oakland", state: "CA", zip: "94607", country: "US", phone: "+1 510 555 0100" };
  expect((await request.post("/api/user/update-profile", { headers: auth, data: profile })).status()).toBe(200);
  return auth;
}

async function checkout(request: APIRequestContext, auth: Record<string, string>, items: unknown[]) {
  const res = await request.post("/api/user/checkout", { headers: auth, data: { digital_consent: true, items } });
  const session = await res.json();
  expect(res.status(), JSON.stringify(session)).toBe(200);
  expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
  return { ...session, sessionId: (session.url as string).split("/").pop()! };
}

async function webhook(request: APIRequestContext, type: string, session: unknown, signature?: string) {
  const body = JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: "event", type, data: { object: session } });
  return sendRaw(request, body, signature ?? signer.webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_WEBHOOK_SECRET }));
}

const sendRaw = (request: APIRequestContext, body: string, signature: string) =>
  request.post("/api/stripe/webhook", { data: body, headers: { "Content-Type": "application/json", "Stripe-Signature": signature } });

const digitalPatterns = () =>
  readDb<{ id: number; price_cents: number }>("SELECT id, price_cents FROM products p WHERE type = 'Pattern' AND delivery = 'Digital' AND NOT EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id) ORDER BY id");

test("checkout.session.completed fulfils once; a bad signature is refused", async ({ request }) => {
  const auth = await buyer(request);
  const product = digitalPatterns()[0]!;
  const session = await checkout(request, auth, [{ productId: product.id }]);
  expect(session.amount_total).toBe(product.price_cents);
  const paid = await (await request.post(`${FAKE}/__fake/complete/${session.sessionId}`)).json();

  const forged = await webhook(request, "checkout.session.completed", paid, "t=1,v1=deadbeef");
  expect(forged.status()).toBe(400);
  expect(await (await request.get("/api/user/get-orders", { headers: auth })).json()).toEqual([]);

  const body = JSON.stringify({ id: `evt_once_${session.id}`, object: "event", type: "checkout.session.completed", data: { object: paid } });
  const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_WEBHOOK_SECRET });
  expect(await (await sendRaw(request, body, signature)).json()).toEqual({ received: true, result: "fulfilled" });
  expect(await (await sendRaw(request, body, signature)).json()).toEqual({ received: true, result: "duplicate-event" });
  const orders = await (await request.get("/api/user/get-orders", { headers: auth })).json();
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ status: "Pending", amount: product.price_cents / 100, items: [{ pattern_url: expect.any(String) }] });
  expect(readDb("SELECT * FROM transactions WHERE order_id = ? AND tx_type = 'Sale'", orders[0].orderId)).toHaveLength(1);
});

test("the success page asks Stripe when the webhook is late, and expiry returns the stock", async ({ request }) => {
  const auth = await buyer(request);
  const product = digitalPatterns()[1]!;
  const session = await checkout(request, auth, [{ productId: product.id }]);
  await request.post(`${FAKE}/__fake/complete/${session.sessionId}`);
  const success = await request.get(`/purchases/success?session_id=${session.sessionId}`, { headers: auth });
  expect(success.status()).toBe(200);
  expect(await (await request.get("/api/user/get-orders", { headers: auth })).json()).toHaveLength(1);

  const [variant] = readDb<{ id: number; product_id: number; inventory: number }>(
    "SELECT v.id, v.product_id, v.inventory FROM variants v JOIN products p ON p.id = v.product_id WHERE p.type = 'Made' AND v.inventory >= 2 ORDER BY v.id LIMIT 1",
  );
  const held = await checkout(request, auth, [{ productId: variant!.product_id, variantId: variant!.id }]);
  expect(readDb<{ inventory: number }>("SELECT inventory FROM variants WHERE id = ?", variant!.id)[0]!.inventory).toBe(variant!.inventory - 1);
  const expired = await (await request.get(`${FAKE}/v1/checkout/sessions/${held.sessionId}`, { headers: { Authorization: "Bearer sk_test_e2e_fake" } })).json();
  const response = await webhook(request, "checkout.session.expired", { ...expired, status: "expired" });
  expect(await response.json()).toEqual({ received: true, result: "released" });
  expect(readDb<{ inventory: number }>("SELECT inventory FROM variants WHERE id = ?", variant!.id)[0]!.inventory).toBe(variant!.inventory);
});

test("issue 23 on Stripe: the store's shipping and a 20 % code are in the session's lines; the paid order carries both", async ({ request }) => {
  const login = await (await request.post("/api/auth/login", { data: { email: "seller@patternhouse.test", password: "demo-seller-pass" } })).json();
  const seller = { Authorization: login.token as string };
  const rates = { domestic_first: 6.5, domestic_additional: 2, international_first: 15, international_additional: 7, free_above: null };
  expect((await request.post("/api/user/shipping-rates", { headers: seller, data: rates })).status()).toBe(200);
  const code = `STRIPE${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const created = await request.post("/api/user/discount-codes", { headers: seller, data: { code, percent_off: 20, product_ids: null, max_uses: 5 } });
  expect(created.status(), await created.text()).toBe(201);

  const [variant] = readDb<{ id: number; product_id: number; price_cents: number; store: string }>(
    `SELECT v.id, v.product_id, p.price_cents, s.name AS store FROM variants v JOIN products p ON p.id = v.product_id JOIN stores s ON s.id = p.store_id
     JOIN users u ON u.id = s.user_id WHERE u.email = 'seller@patternhouse.test' AND p.type = 'Made' AND p.removed_at IS NULL AND v.inventory >= 1
     AND v.id <> (SELECT v2.id FROM variants v2 JOIN products p2 ON p2.id = v2.product_id WHERE p2.type = 'Made' AND v2.inventory >= 2 ORDER BY v2.id LIMIT 1)
     ORDER BY v.id DESC LIMIT 1`, // not the variant the expiry test above counts (tests of this file run side by side)
  );
  const auth = await buyer(request);
  const res = await request.post("/api/user/checkout", { headers: auth, data: { items: [{ productId: variant!.product_id, variantId: variant!.id }], discount_code: code.toLowerCase() } });
  const session = await res.json();
  expect(res.status(), JSON.stringify(session)).toBe(200);
  const discount = Math.floor((variant!.price_cents * 2000 + 5000) / 10000);
  expect(session).toMatchObject({ amount_subtotal: variant!.price_cents, amount_shipping: 650, amount_discount: discount, amount_total: variant!.price_cents + 650 - discount });

  const sessionId = (session.url as string).split("/").pop()!;
  const paid = await (await request.post(`${FAKE}/__fake/complete/${sessionId}`)).json();
  // What Stripe charges is the checkout's total to the cent: the discounted unit price and the store's shipping line.
  expect(paid.amount_total).toBe(session.amount_total);
  expect(paid.line_items).toContainEqual(expect.objectContaining({ name: `Shipping from ${variant!.store}`, unit_amount: 650, quantity: 1 }));
  expect(paid.line_items).toContainEqual(expect.objectContaining({ unit_amount: variant!.price_cents - discount, quantity: 1 }));
  expect(await (await webhook(request, "checkout.session.completed", paid)).json()).toMatchObject({ received: true, result: "fulfilled" });
  const [order] = readDb<{ amount_cents: number; shipping_cents: number; discount_cents: number; fee_cents: number; id: number }>(
    "SELECT id, amount_cents, shipping_cents, discount_cents, fee_cents FROM orders WHERE checkout_id = ?",
    session.id,
  );
  expect(order).toMatchObject({ amount_cents: variant!.price_cents - discount, shipping_cents: 650, discount_cents: discount });
  const [sale] = readDb<{ amount_cents: number }>("SELECT amount_cents FROM transactions WHERE order_id = ? AND tx_type = 'Sale'", order!.id);
  expect(sale!.amount_cents).toBe(order!.amount_cents - order!.fee_cents + 650);
  expect(readDb("SELECT uses FROM discount_codes WHERE code = ?", code)).toEqual([{ uses: 1 }]);
  // Other tests of this server buy patterns only; the rates are removed again all the same.
  expect((await request.post("/api/user/shipping-rates", { headers: seller, data: { rates: null } })).status()).toBe(200);
});
