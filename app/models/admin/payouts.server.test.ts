import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditLog, orders, stores, transactions } from "../../../db/tables";
import { startFakeStripe } from "../../../tests/fakes/stripe";
import { balanceOf, fulfil, paidShop, pendingTransfer } from "../../../tests/unit/admin-fixtures";
import { useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { createStripeClient } from "~/models/payments/stripe.server";
import { ledgerBalance, payoutPlan } from "~/models/payments/ledger.server";
import { createLocalPayouts, createStripePayouts, settleTransfer, transferIdempotencyKey } from "~/models/selling/payouts.server";
import { approveTransfer, rejectTransfer } from "./payouts.server";
import { refundOrder } from "../buying/refunds.server";
import { first } from "~/utils/db.server";

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
beforeAll(async () => {
  useTestEnv();
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

async function shopWithTransfer() {
  const db = createTestDb();
  const shop = await paidShop(db);
  await fulfil(db, shop.checkout.id);
  const amount = await balanceOf(db, shop.shop.store.id);
  const transfer = await pendingTransfer(db, shop.shop.store.id, amount);
  return { db, ...shop, storeId: shop.shop.store.id, amount, transfer };
}

const local = createLocalPayouts();

describe("approveTransfer / rejectTransfer", () => {
  it("approves with the local provider: Completed, by whom, the balance stays paid out", async () => {
    const { db, admin, storeId, transfer } = await shopWithTransfer();
    const result = await approveTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, provider: local });
    expect(result.ok && result.transfer).toMatchObject({ status: "Completed", adminId: admin.id, stripeTransferId: null });
    expect(await balanceOf(db, storeId)).toBe(0);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "approve-transfer"))).toHaveLength(1);
    expect(await approveTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, provider: local })).toEqual({ ok: false, error: "not-pending" });
    expect(await rejectTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id })).toEqual({ ok: false, error: "not-pending" });
  });

  it("rejects: Rejected with a reason, the money returns to the balance, once", async () => {
    const { db, admin, storeId, amount, transfer } = await shopWithTransfer();
    const result = await rejectTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, reason: "Bank details do not match" });
    expect(result.ok && result.transfer).toMatchObject({ status: "Rejected", reason: "Bank details do not match" });
    expect(await balanceOf(db, storeId)).toBe(amount);
    expect(await rejectTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id })).toEqual({ ok: false, error: "not-pending" });
    expect(await balanceOf(db, storeId)).toBe(amount);
  });

  it("refuses a transfer of another store", async () => {
    const { db, admin, storeId, transfer } = await shopWithTransfer();
    expect(await approveTransfer({ db, transferId: transfer.id, storeId: storeId + 1, adminId: admin.id, provider: local })).toEqual({
      ok: false,
      error: "not-found",
    });
  });

  it("pays once through Stripe transfers.create when approved twice in parallel, keyed by the transfer id", async () => {
    const { db, admin, storeId, amount, transfer } = await shopWithTransfer();
    const account = await createStripeClient({ secretKey: "sk_test_admin", apiUrl: fake.url }).accounts.create({ type: "express" });
    await db.update(stores).set({ stripeAccountId: account.id, stripeOnboarded: true }).where(eq(stores.id, storeId));
    const stripe = createStripePayouts(createStripeClient({ secretKey: "sk_test_admin", apiUrl: fake.url }));
    const before = fake.requests.filter((r) => r.path === "/v1/transfers").length;
    const results = await Promise.all([1, 2].map(() => approveTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, provider: stripe })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    // The other approval finds the transfer claimed: still being paid ("in-progress"), or, on PostgreSQL where a
    // serializable claim that met the winner's runs again after a pause, already paid ("not-pending"). Either way
    // it never reaches Stripe.
    expect(["in-progress", "not-pending"]).toContain((results.find((r) => !r.ok) as { error: string }).error);
    const calls = fake.requests.filter((r) => r.path === "/v1/transfers").slice(before);
    expect(calls).toEqual([expect.objectContaining({ idempotencyKey: transferIdempotencyKey(transfer) })]);
    const paid = [...fake.transfers.values()].find((t) => t.metadata.transferId === String(transfer.id))!;
    expect(paid).toMatchObject({ amount, destination: account.id, currency: "usd" });
    expect(await first(db.select().from(transactions).where(eq(transactions.id, transfer.id)).limit(1))).toMatchObject({
      status: "Completed",
      stripeTransferId: paid.id,
    });
  });

  it("keeps the transfer Pending when the store has no connected account on Stripe", async () => {
    const { db, admin, storeId, transfer } = await shopWithTransfer();
    const stripe = createStripePayouts(createStripeClient({ secretKey: "sk_test_admin", apiUrl: fake.url }));
    expect(await approveTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, provider: stripe })).toEqual({ ok: false, error: "not-onboarded" });
    expect(await first(db.select().from(transactions).where(eq(transactions.id, transfer.id)).limit(1))).toMatchObject({ status: "Pending", processedAt: null });
  });

  it("a payout Stripe refuses is Rejected with Stripe's reason, the money back, audited; one call", async () => {
    const { db, admin, storeId, amount, transfer } = await shopWithTransfer();
    const client = createStripeClient({ secretKey: "sk_test_admin", apiUrl: fake.url });
    const account = await client.accounts.create({ type: "express" });
    await db.update(stores).set({ stripeAccountId: account.id, stripeOnboarded: true }).where(eq(stores.id, storeId));
    const before = fake.requests.filter((r) => r.path === "/v1/transfers").length;
    fake.behaviour.refuseTransfers = "Insufficient funds in the platform's Stripe balance.";
    try {
      const result = await approveTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, provider: createStripePayouts(client) });
      expect(result.ok && result.transfer).toMatchObject({ status: "Rejected", reason: "Insufficient funds in the platform's Stripe balance." });
    } finally {
      fake.behaviour.refuseTransfers = null;
    }
    expect(fake.requests.filter((r) => r.path === "/v1/transfers").slice(before)).toHaveLength(1);
    expect(await balanceOf(db, storeId)).toBe(amount);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "payout-refused"))).toHaveLength(1);
  });

  it("an unknown payout outcome (Stripe 500s) keeps it Pending and unclaimed; the next approval pays it once", async () => {
    const { db, admin, storeId, transfer } = await shopWithTransfer();
    const client = createStripeClient({ secretKey: "sk_test_admin", apiUrl: fake.url });
    const account = await client.accounts.create({ type: "express" });
    await db.update(stores).set({ stripeAccountId: account.id, stripeOnboarded: true }).where(eq(stores.id, storeId));
    fake.behaviour.failTransfers = 3; // the first attempt and the SDK's two retries
    expect(await approveTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, provider: createStripePayouts(client) })).toEqual({
      ok: false,
      error: "provider-failed",
    });
    expect(await first(db.select().from(transactions).where(eq(transactions.id, transfer.id)).limit(1))).toMatchObject({ status: "Pending", processedAt: null });
    const retried = await approveTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, provider: createStripePayouts(client) });
    expect(retried.ok && retried.transfer.status).toBe("Completed");
  });
});

/** A payout provider that records what it was asked to pay, and can be held until `release()`. */
function recordingProvider() {
  const paid: number[] = [];
  let release = () => {};
  let held: Promise<void> | null = null;
  return {
    paid,
    hold() {
      held = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
    provider: {
      name: "local" as const,
      async payOut({ transfer }: { transfer: { amountCents: number } }) {
        if (held) await held;
        paid.push(-transfer.amountCents);
        return { ok: true as const, providerTransferId: null };
      },
    },
  };
}

describe("a transfer approved while the store owes the platform (issue 19, item 7)", () => {
  // paidShop's sales credit the store 7649 (dress), 1125 (digital pattern) and 1300 (printed pattern): 10074.
  it("nets the debt: pays the rest, the balance is back to zero, the ledger and the seller say why", async () => {
    const { db, admin, storeId, amount, transfer, ...shop } = await shopWithTransfer();
    const { digital } = await ordersOf(db, shop.checkout.id);
    expect((await refundOrder({ db, orderId: digital, adminId: admin.id, stripe: null })).ok).toBe(true);
    expect(await balanceOf(db, storeId)).toBe(-1125);
    const spy = recordingProvider();
    const result = await approveTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, provider: spy.provider });
    expect(result).toMatchObject({ ok: true, nettedCents: 1125, requestedCents: amount });
    expect(spy.paid).toEqual([amount - 1125]);
    const row = (await first(db.select().from(transactions).where(eq(transactions.id, transfer.id)).limit(1)))!;
    expect(row).toMatchObject({ status: "Completed", amountCents: -(amount - 1125), adminId: admin.id });
    expect(row.reason).toBe("$11.25 of the $100.74 requested repaid what the store owed the platform; $89.49 was paid out.");
    expect(await balanceOf(db, storeId)).toBe(0);
    expect(await ledgerBalance({ db, storeId })).toBe(0);
    const audit = (await first(db.select().from(auditLog).where(eq(auditLog.action, "approve-transfer")).limit(1)))!;
    expect(JSON.parse(audit.details)).toMatchObject({ transferId: transfer.id, amountCents: amount - 1125, nettedCents: 1125, requestedCents: amount });
  });

  it("refuses when the store owes as much as the transfer or more: nothing is paid, nothing changes; Reject still works", async () => {
    const { db, admin, storeId, amount, transfer, ...shop } = await shopWithTransfer();
    const bought = await ordersOf(db, shop.checkout.id);
    for (const orderId of [bought.dress, bought.digital, bought.printed]) {
      expect((await refundOrder({ db, orderId, adminId: admin.id, stripe: null })).ok).toBe(true);
    }
    expect(await balanceOf(db, storeId)).toBe(-amount);
    const spy = recordingProvider();
    expect(await approveTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, provider: spy.provider })).toEqual({ ok: false, error: "store-owes" });
    expect(spy.paid).toEqual([]);
    expect(await first(db.select().from(transactions).where(eq(transactions.id, transfer.id)).limit(1))).toMatchObject({
      status: "Pending",
      amountCents: -amount,
      processedAt: null,
    });
    expect(await balanceOf(db, storeId)).toBe(-amount);
    expect((await rejectTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id })).ok).toBe(true);
    expect(await balanceOf(db, storeId)).toBe(0);
    expect(await ledgerBalance({ db, storeId })).toBe(0);
  });

  it("an approval made from a screen that showed another payout is refused until it is looked at again", async () => {
    const { db, admin, storeId, amount, transfer, ...shop } = await shopWithTransfer();
    expect(payoutPlan({ requestedCents: amount, balanceCents: await balanceOf(db, storeId) })).toEqual({ requestedCents: amount, debtCents: 0, payoutCents: amount });
    await refundOrder({ db, orderId: (await ordersOf(db, shop.checkout.id)).digital, adminId: admin.id, stripe: null });
    const spy = recordingProvider();
    const stale = await approveTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, provider: spy.provider, expectPayoutCents: amount });
    expect(stale).toEqual({ ok: false, error: "amount-changed" });
    expect(spy.paid).toEqual([]);
    expect(await balanceOf(db, storeId)).toBe(-1125);
    const plan = payoutPlan({ requestedCents: amount, balanceCents: await balanceOf(db, storeId) });
    expect(plan).toEqual({ requestedCents: amount, debtCents: 1125, payoutCents: amount - 1125 });
    const fresh = await approveTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, provider: spy.provider, expectPayoutCents: plan.payoutCents });
    expect(fresh.ok).toBe(true);
    expect(spy.paid).toEqual([amount - 1125]);
  });

  it("races: two approvals and a refund at once pay once, and the ledger stays the balance", async () => {
    const { db, admin, storeId, amount, transfer, ...shop } = await shopWithTransfer();
    const spy = recordingProvider();
    spy.hold();
    const approvals = [1, 2].map(() => approveTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, provider: spy.provider }));
    // The refund lands while the claimed payout is with the provider: a refund after the payout (the store owes).
    const refund = await refundOrder({ db, orderId: (await ordersOf(db, shop.checkout.id)).digital, adminId: admin.id, stripe: null });
    spy.release();
    const results = await Promise.all(approvals);
    expect(refund.ok).toBe(true);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(spy.paid).toEqual([amount]);
    expect(await balanceOf(db, storeId)).toBe(-1125);
    expect(await ledgerBalance({ db, storeId })).toBe(-1125);
  });

  it("an automatic approval (auto_approve_transfers) nets the same way", async () => {
    const { db, admin, storeId, amount, transfer, ...shop } = await shopWithTransfer();
    await refundOrder({ db, orderId: (await ordersOf(db, shop.checkout.id)).digital, adminId: admin.id, stripe: null });
    const spy = recordingProvider();
    const settled = await settleTransfer({ db, transferId: transfer.id, decision: "approve", provider: spy.provider });
    expect(settled.ok && settled.transfer).toMatchObject({ status: "Completed", amountCents: -(amount - 1125) });
    expect(spy.paid).toEqual([amount - 1125]);
    expect(await balanceOf(db, storeId)).toBe(0);
    expect(await ledgerBalance({ db, storeId })).toBe(0);
  });

  it("Stripe is asked for the netted amount", async () => {
    const { db, admin, storeId, amount, transfer, ...shop } = await shopWithTransfer();
    const client = createStripeClient({ secretKey: "sk_test_admin", apiUrl: fake.url });
    const account = await client.accounts.create({ type: "express" });
    await db.update(stores).set({ stripeAccountId: account.id, stripeOnboarded: true }).where(eq(stores.id, storeId));
    await refundOrder({ db, orderId: (await ordersOf(db, shop.checkout.id)).digital, adminId: admin.id, stripe: null });
    const result = await approveTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, provider: createStripePayouts(client) });
    expect(result.ok && result.transfer.status).toBe("Completed");
    const paid = fake.transfers.get(result.ok ? result.transfer.stripeTransferId! : "")!;
    expect(paid).toMatchObject({ amount: amount - 1125, destination: account.id, metadata: { transferId: String(transfer.id) } });
  });
});

async function ordersOf(db: ReturnType<typeof createTestDb>, checkoutId: number) {
  const rows = await db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
  const byName = (name: string) => rows.find((o) => o.productName === name)!.id;
  return { dress: byName("Wrap Dress"), digital: byName("Tote Pattern"), printed: byName("Printed Shirt Pattern") };
}
