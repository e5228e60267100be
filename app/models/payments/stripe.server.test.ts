import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { Db } from "../../../db/client";
import { checkouts, orders, paymentEvents, transactions, type User } from "../../../db/tables";
import { startFakeStripe } from "../../../tests/fakes/stripe";
import { inventoryOf, makeBuyer, makeShop, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { addToCart, countCartItems } from "~/models/buying/cart.server";
import { createCheckout, sweepExpiredCheckouts } from "~/models/buying/checkout.server";
import { returnFromPayment } from "~/models/buying/purchases.server";
import { action as webhookRoute } from "~/routes/_api+/api.stripe.webhook";
import { first as firstRow } from "~/utils/db.server";

const SECRET = "whsec_test_secret";
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
const signer = new Stripe("sk_test_signer");

beforeAll(async () => {
  fake = await startFakeStripe();
  useTestEnv({ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: fake.url });
});
afterAll(() => fake.close());

let db: Db;
let buyer: User;
let shop: Awaited<ReturnType<typeof makeShop>>;
beforeEach(async () => {
  db = createTestDb();
  globalThis.__db = db;
  shop = await makeShop(db);
  buyer = await makeBuyer(db);
  await addToCart({ db, owner: { userId: buyer.id }, productId: shop.dress.id, variantId: shop.dressM.id });
  await addToCart({ db, owner: { userId: buyer.id }, productId: shop.printed.id, variantId: shop.printedS.id, quantity: 2 });
});

async function checkout_(now?: Date) {
  const result = await createCheckout({ db, user: buyer, origin: "http://shop.test", now });
  if (!result.ok) throw new Error(result.error);
  return { checkout: result.checkout, session: fake.sessions.get(result.checkout.providerSessionId!)! };
}

function post(body: string, signature = signer.webhooks.generateTestHeaderString({ payload: body, secret: SECRET })) {
  const request = new Request("http://shop.test/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body,
  });
  return webhookRoute({ request, params: {}, context: { cspNonce: "" } }) as Promise<Response>;
}

describe("Stripe Checkout through the real SDK and a fake Stripe", () => {
  it("creates a session in cents, one line per cart line plus printing and shipping", async () => {
    const { checkout, session } = await checkout_();
    expect(checkout.provider).toBe("stripe");
    expect(checkout.url).toBe(session.url);
    expect(session.line_items).toEqual([
      // Without Stripe Tax (decision 123) no tax codes are sent and Stripe adds no tax.
      { name: "Wrap Dress (Size: M)", unit_amount: 8999, quantity: 1, tax_code: null, amount_tax: 0 },
      { name: "Printed Shirt Pattern (Size: S)", unit_amount: 2000, quantity: 2, tax_code: null, amount_tax: 0 },
      { name: "Printing and shipping", unit_amount: 1000, quantity: 2, tax_code: null, amount_tax: 0 },
    ]);
    expect(session.amount_total).toBe(checkout.totalCents);
    expect(session).toMatchObject({
      client_reference_id: String(checkout.id),
      metadata: { checkoutId: String(checkout.id) },
      success_url: "http://shop.test/purchases/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://shop.test/cart",
      customer_email: buyer.email,
    });
    expect(fake.requests.find((r) => r.path === "/v1/checkout/sessions" && r.method === "POST")?.idempotencyKey).toBe(
      `checkout-${checkout.id}-${checkout.createdAt.getTime()}`,
    );
  });

  it("fulfils on checkout.session.completed, once, however often the event comes", async () => {
    const { checkout, session } = await checkout_();
    const body = fake.event("checkout.session.completed", fake.complete(session.id), "evt_completed_1");
    const first = await post(body);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, result: "fulfilled" });
    const replay = await post(body);
    expect(await replay.json()).toEqual({ received: true, result: "duplicate-event" });
    const late = await post(fake.event("checkout.session.async_payment_succeeded", session));
    expect(await late.json()).toEqual({ received: true, result: "not-open" });
    expect(await db.select().from(orders)).toHaveLength(2);
    expect(await db.select().from(transactions)).toHaveLength(2);
    expect((await firstRow(db.select().from(checkouts).where(eq(checkouts.id, checkout.id)).limit(1)))!.status).toBe("paid");
    expect(await countCartItems({ db, owner: { userId: buyer.id } })).toBe(0);
  });

  it("refuses a bad signature with 400 and changes nothing", async () => {
    const { checkout, session } = await checkout_();
    const body = fake.event("checkout.session.completed", fake.complete(session.id));
    const forged = signer.webhooks.generateTestHeaderString({ payload: body, secret: "whsec_wrong" });
    const tampered = body.replace(`"amount_total":${checkout.totalCents}`, `"amount_total":${checkout.totalCents}`).replace("evt_", "evt_x");
    const signedOriginal = signer.webhooks.generateTestHeaderString({ payload: body, secret: SECRET });
    for (const [payload, signature] of [
      [body, forged],
      [body, ""],
      [tampered, signedOriginal],
    ] as const) {
      const response = await post(payload, signature);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "Invalid signature" });
    }
    expect((await firstRow(db.select().from(checkouts).where(eq(checkouts.id, checkout.id)).limit(1)))!.status).toBe("open");
    expect(await db.select().from(orders)).toHaveLength(0);
    expect(await db.select().from(paymentEvents)).toHaveLength(0);
    expect(await inventoryOf(db, shop.dressM.id)).toBe(0);
  });

  it("releases the stock on checkout.session.expired, once", async () => {
    const { checkout, session } = await checkout_();
    expect(await inventoryOf(db, shop.dressM.id)).toBe(0);
    const body = fake.event("checkout.session.expired", fake.expire(session.id));
    expect(await (await post(body)).json()).toEqual({ received: true, result: "released" });
    expect(await (await post(body)).json()).toEqual({ received: true, result: "duplicate-event" });
    expect(await inventoryOf(db, shop.dressM.id)).toBe(1);
    expect((await firstRow(db.select().from(checkouts).where(eq(checkouts.id, checkout.id)).limit(1)))!.status).toBe("expired");
    expect(await db.select().from(orders)).toHaveLength(0);
    expect(await db.select().from(paymentEvents)).toHaveLength(1);
  });

  it("waits for async_payment_succeeded when a session completes unpaid", async () => {
    const { session } = await checkout_();
    const completed = { ...fake.complete(session.id), payment_status: "unpaid" as const };
    expect(await (await post(fake.event("checkout.session.completed", completed))).json()).toEqual({ received: true, result: "awaiting payment" });
    expect(await db.select().from(orders)).toHaveLength(0);
    const succeeded = fake.event("checkout.session.async_payment_succeeded", fake.complete(session.id));
    expect(await (await post(succeeded)).json()).toEqual({ received: true, result: "fulfilled" });
    expect(await db.select().from(orders)).toHaveLength(2);
  });

  it("releases the stock when a delayed payment fails", async () => {
    const { checkout, session } = await checkout_();
    const failed = fake.event("checkout.session.async_payment_failed", { ...fake.complete(session.id), payment_status: "unpaid" as const });
    expect(await (await post(failed)).json()).toEqual({ received: true, result: "released" });
    expect(await inventoryOf(db, shop.dressM.id)).toBe(1);
    expect((await firstRow(db.select().from(checkouts).where(eq(checkouts.id, checkout.id)).limit(1)))!.status).toBe("cancelled");
  });

  it("ignores other events and unknown sessions", async () => {
    const { session } = await checkout_();
    expect(await (await post(fake.event("customer.created", session))).json()).toEqual({ received: true, result: "ignored" });
    const stranger = { ...session, id: "cs_test_unknown" };
    expect(await (await post(fake.event("checkout.session.completed", stranger))).json()).toEqual({ received: true, result: "unknown session" });
  });

  it("does not fulfil when the amount paid differs from the checkout", async () => {
    const { session } = await checkout_();
    const paid = { ...fake.complete(session.id), amount_total: 1 };
    expect(await (await post(fake.event("checkout.session.completed", paid))).json()).toEqual({ received: true, result: "amount mismatch" });
    expect(await db.select().from(orders)).toHaveLength(0);
  });

  it("the sweep expires overdue sessions at Stripe and returns their stock", async () => {
    const now = new Date();
    const { session } = await checkout_(now);
    expect(await sweepExpiredCheckouts({ db, now: new Date(now.getTime() + 31 * 60_000) })).toBe(1);
    expect(fake.sessions.get(session.id)!.status).toBe("expired");
    expect(await inventoryOf(db, shop.dressM.id)).toBe(1);
  });

  it("the sweep and the success page fulfil a session Stripe says is paid when the webhook is late", async () => {
    const now = new Date();
    const { session } = await checkout_(now);
    fake.complete(session.id);
    expect(await returnFromPayment({ db, userId: buyer.id, origin: "http://shop.test" })).toEqual({ confirming: false });
    expect(await db.select().from(orders)).toHaveLength(2);
    expect(await inventoryOf(db, shop.dressM.id)).toBe(0);
  });

  it("says the payment is being confirmed while Stripe has not been paid", async () => {
    await checkout_();
    expect(await returnFromPayment({ db, userId: buyer.id, origin: "http://shop.test" })).toEqual({ confirming: true });
    expect(await countCartItems({ db, owner: { userId: buyer.id } })).toBe(0); // spec 4: the success return empties the cart
    expect(await db.select().from(orders)).toHaveLength(0);
  });
});
