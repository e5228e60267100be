import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditLog, checkouts, products, transactions } from "../../../db/tables";
import { startFakeStripe } from "../../../tests/fakes/stripe";
import { balanceOf, fulfil, ledgerOf, orderById, paidShop, pendingTransfer } from "../../../tests/unit/admin-fixtures";
import { outbox, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { createStripeClient, createStripeProvider } from "~/models/payments/stripe.server";
import { downloadOrderPattern } from "~/models/buying/downloads.server";
import { refundIdempotencyKey, refundOrder } from "./refunds.server";
import { first } from "~/utils/db.server";

let dir: string;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let stripe: Stripe;
beforeAll(async () => {
  dir = useTestEnv();
  fake = await startFakeStripe();
  stripe = createStripeClient({ secretKey: "sk_test_admin", apiUrl: fake.url });
});
afterAll(() => fake.close());

describe("refundOrder (local provider)", () => {
  it("refunds a Pending order: Refunded, a Refund debit of exactly the sale's credit, downloads stop, audit, mails", async () => {
    const db = createTestDb();
    const { shop, buyer, admin, checkout } = await paidShop(db);
    const { digital, dress } = await fulfil(db, checkout.id);
    const before = await balanceOf(db, shop.store.id);
    expect((await downloadOrderPattern({ db, userId: buyer.id, orderId: digital.id })).ok).toBe(true);

    const result = await refundOrder({ db, orderId: digital.id, adminId: admin.id, stripe: null });
    expect(result).toMatchObject({ ok: true, refundId: `local_refund_${digital.id}`, refundedCents: 1250, debitCents: 1250 - 125 });
    const order = await orderById(db, digital.id);
    expect(order).toMatchObject({ status: "Refunded", providerRefundId: `local_refund_${digital.id}` });
    expect(order.refundedAt).toBeInstanceOf(Date);
    expect(await balanceOf(db, shop.store.id)).toBe(before - 1125);
    const refund = (await ledgerOf(db, shop.store.id)).find((t) => t.txType === "Refund")!;
    expect(refund).toMatchObject({ orderId: digital.id, amountCents: -1125, feeCents: 125, adminId: admin.id, status: "Completed" });
    expect(await downloadOrderPattern({ db, userId: buyer.id, orderId: digital.id })).toEqual({ ok: false, error: "refunded" });
    expect((await orderById(db, dress.id)).status).toBe("Pending");
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, digital.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "refund", targetType: "order", adminId: admin.id });
    const mails = outbox(dir).filter((m) => m.subject.includes(`#${digital.id}`));
    expect(mails.map((m) => m.to).sort()).toEqual([buyer.email, shop.seller.email].sort());
    expect(mails.find((m) => m.to === shop.seller.email)!.text).toContain("$11.25");
  });

  it("refuses a second refund and a refund of an order being refunded: one effect, also in parallel", async () => {
    const db = createTestDb();
    const { shop, admin, checkout } = await paidShop(db);
    const { printed } = await fulfil(db, checkout.id);
    const before = await balanceOf(db, shop.store.id);
    const results = await Promise.all([1, 2, 3].map(() => refundOrder({ db, orderId: printed.id, adminId: admin.id, stripe: null })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) expect(["in-progress", "already-refunded"]).toContain(!r.ok && r.error);
    const again = await refundOrder({ db, orderId: printed.id, adminId: admin.id, stripe: null });
    expect(again).toEqual({ ok: false, error: "already-refunded" });
    // Printed pattern 2000: fee 200 + 500 flat, credit 1300; printing and shipping 1000 goes back to the buyer.
    expect(await balanceOf(db, shop.store.id)).toBe(before - 1300);
    expect(await db.select().from(transactions).where(eq(transactions.txType, "Refund"))).toHaveLength(1);
  });

  it("may leave the store owing the platform after it withdrew", async () => {
    const db = createTestDb();
    const { shop, admin, checkout } = await paidShop(db);
    const { dress } = await fulfil(db, checkout.id);
    await pendingTransfer(db, shop.store.id, await balanceOf(db, shop.store.id));
    expect(await balanceOf(db, shop.store.id)).toBe(0);
    const result = await refundOrder({ db, orderId: dress.id, adminId: admin.id, stripe: null });
    expect(result.ok).toBe(true);
    expect(await balanceOf(db, shop.store.id)).toBe(-(8999 - 1350));
  });

  it("takes the refunded units out of the product's sold count, once (issue 19, item 20)", async () => {
    const db = createTestDb();
    const { shop, admin, checkout } = await paidShop(db);
    const { printed } = await fulfil(db, checkout.id);
    const soldOf = async (id: number) => (await first(db.select({ sold: products.sold }).from(products).where(eq(products.id, id)).limit(1)))!.sold;
    await db.update(products).set({ sold: 7 }).where(eq(products.id, shop.printed.id)); // 6 earlier sales and this one
    await Promise.all([1, 2].map(() => refundOrder({ db, orderId: printed.id, adminId: admin.id, stripe: null })));
    expect(await soldOf(shop.printed.id)).toBe(7 - printed.quantity);
    expect(await refundOrder({ db, orderId: printed.id, adminId: admin.id, stripe: null })).toEqual({ ok: false, error: "already-refunded" });
    expect(await soldOf(shop.printed.id)).toBe(6);
  });

  it("refuses unknown orders", async () => {
    const db = createTestDb();
    const { admin } = await paidShop(db);
    expect(await refundOrder({ db, orderId: 999, adminId: admin.id, stripe: null })).toEqual({ ok: false, error: "not-found" });
  });
});

describe("refundOrder through Stripe (real SDK, fake Stripe)", () => {
  async function stripeOrders() {
    const db = createTestDb();
    const shop = await paidShop(db, createStripeProvider(stripe));
    const session = fake.complete(shop.checkout.providerSessionId!);
    return { db, ...shop, ...await fulfil(db, shop.checkout.id), intent: session.payment_intent! };
  }

  it("calls refunds.create once, on the payment intent, for the order's amount and its printing and shipping, with its key", async () => {
    const { db, admin, printed, intent } = await stripeOrders();
    const before = fake.requests.filter((r) => r.path === "/v1/refunds").length;
    const results = await Promise.all([1, 2].map(() => refundOrder({ db, orderId: printed.id, adminId: admin.id, stripe })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const calls = fake.requests.filter((r) => r.path === "/v1/refunds").slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.idempotencyKey).toBe(refundIdempotencyKey(printed));
    const refund = [...fake.refunds.values()].find((r) => r.metadata.orderId === String(printed.id))!;
    expect(refund).toMatchObject({ payment_intent: intent, amount: 2000 + 1000 });
    expect(await orderById(db, printed.id)).toMatchObject({ status: "Refunded", providerRefundId: refund.id });
    // The payment intent was asked of Stripe once and kept on the checkout.
    expect((await first(db.select().from(checkouts).where(eq(checkouts.id, printed.checkoutId)).limit(1)))!.paymentIntentId).toBe(intent);
  });

  it("changes nothing when Stripe refuses, and the order can be refunded later", async () => {
    const { db, shop, admin, dress } = await stripeOrders();
    const before = await balanceOf(db, shop.store.id);
    const broken = createStripeClient({ secretKey: "sk_live_wrong", apiUrl: fake.url });
    const failed = await refundOrder({ db, orderId: dress.id, adminId: admin.id, stripe: broken });
    expect(failed).toEqual({ ok: false, error: "provider-failed" });
    expect(await orderById(db, dress.id)).toMatchObject({ status: "Pending", providerRefundId: null });
    expect(await balanceOf(db, shop.store.id)).toBe(before);
    const retried = await refundOrder({ db, orderId: dress.id, adminId: admin.id, stripe });
    expect(retried.ok).toBe(true);
  });
});
