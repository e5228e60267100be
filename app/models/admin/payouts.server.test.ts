import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditLog, stores, transactions } from "../../../db/schema";
import { startFakeStripe } from "../../../tests/fakes/stripe";
import { balanceOf, fulfil, paidShop, pendingTransfer } from "../../../tests/unit/admin-fixtures";
import { useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { createStripeClient } from "~/models/payments/stripe.server";
import { createLocalPayouts, createStripePayouts, transferIdempotencyKey } from "~/models/selling/payouts.server";
import { approveTransfer, rejectTransfer } from "./payouts.server";

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
beforeAll(async () => {
  useTestEnv();
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

async function shopWithTransfer() {
  const db = createTestDb();
  const shop = await paidShop(db);
  fulfil(db, shop.checkout.id);
  const amount = balanceOf(db, shop.shop.store.id);
  const transfer = pendingTransfer(db, shop.shop.store.id, amount);
  return { db, ...shop, storeId: shop.shop.store.id, amount, transfer };
}

const local = createLocalPayouts();

describe("approveTransfer / rejectTransfer", () => {
  it("approves with the local provider: Completed, by whom, the balance stays paid out", async () => {
    const { db, admin, storeId, transfer } = await shopWithTransfer();
    const result = await approveTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, provider: local });
    expect(result.ok && result.transfer).toMatchObject({ status: "Completed", adminId: admin.id, stripeTransferId: null });
    expect(balanceOf(db, storeId)).toBe(0);
    expect(db.select().from(auditLog).where(eq(auditLog.action, "approve-transfer")).all()).toHaveLength(1);
    expect(await approveTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, provider: local })).toEqual({ ok: false, error: "not-pending" });
    expect(await rejectTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id })).toEqual({ ok: false, error: "not-pending" });
  });

  it("rejects: Rejected with a reason, the money returns to the balance, once", async () => {
    const { db, admin, storeId, amount, transfer } = await shopWithTransfer();
    const result = await rejectTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, reason: "Bank details do not match" });
    expect(result.ok && result.transfer).toMatchObject({ status: "Rejected", reason: "Bank details do not match" });
    expect(balanceOf(db, storeId)).toBe(amount);
    expect(await rejectTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id })).toEqual({ ok: false, error: "not-pending" });
    expect(balanceOf(db, storeId)).toBe(amount);
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
    db.update(stores).set({ stripeAccountId: account.id, stripeOnboarded: true }).where(eq(stores.id, storeId)).run();
    const stripe = createStripePayouts(createStripeClient({ secretKey: "sk_test_admin", apiUrl: fake.url }));
    const before = fake.requests.filter((r) => r.path === "/v1/transfers").length;
    const results = await Promise.all([1, 2].map(() => approveTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, provider: stripe })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, error: "in-progress" });
    const calls = fake.requests.filter((r) => r.path === "/v1/transfers").slice(before);
    expect(calls).toEqual([expect.objectContaining({ idempotencyKey: transferIdempotencyKey(transfer) })]);
    const paid = [...fake.transfers.values()].find((t) => t.metadata.transferId === String(transfer.id))!;
    expect(paid).toMatchObject({ amount, destination: account.id, currency: "usd" });
    expect(db.select().from(transactions).where(eq(transactions.id, transfer.id)).get()).toMatchObject({
      status: "Completed",
      stripeTransferId: paid.id,
    });
  });

  it("keeps the transfer Pending when the store has no connected account on Stripe", async () => {
    const { db, admin, storeId, transfer } = await shopWithTransfer();
    const stripe = createStripePayouts(createStripeClient({ secretKey: "sk_test_admin", apiUrl: fake.url }));
    expect(await approveTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, provider: stripe })).toEqual({ ok: false, error: "not-onboarded" });
    expect(db.select().from(transactions).where(eq(transactions.id, transfer.id)).get()).toMatchObject({ status: "Pending", processedAt: null });
  });

  it("a payout Stripe refuses is Rejected with Stripe's reason, the money back, audited; one call", async () => {
    const { db, admin, storeId, amount, transfer } = await shopWithTransfer();
    const client = createStripeClient({ secretKey: "sk_test_admin", apiUrl: fake.url });
    const account = await client.accounts.create({ type: "express" });
    db.update(stores).set({ stripeAccountId: account.id, stripeOnboarded: true }).where(eq(stores.id, storeId)).run();
    const before = fake.requests.filter((r) => r.path === "/v1/transfers").length;
    fake.behaviour.refuseTransfers = "Insufficient funds in the platform's Stripe balance.";
    try {
      const result = await approveTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, provider: createStripePayouts(client) });
      expect(result.ok && result.transfer).toMatchObject({ status: "Rejected", reason: "Insufficient funds in the platform's Stripe balance." });
    } finally {
      fake.behaviour.refuseTransfers = null;
    }
    expect(fake.requests.filter((r) => r.path === "/v1/transfers").slice(before)).toHaveLength(1);
    expect(balanceOf(db, storeId)).toBe(amount);
    expect(db.select().from(auditLog).where(eq(auditLog.action, "payout-refused")).all()).toHaveLength(1);
  });

  it("an unknown payout outcome (Stripe 500s) keeps it Pending and unclaimed; the next approval pays it once", async () => {
    const { db, admin, storeId, transfer } = await shopWithTransfer();
    const client = createStripeClient({ secretKey: "sk_test_admin", apiUrl: fake.url });
    const account = await client.accounts.create({ type: "express" });
    db.update(stores).set({ stripeAccountId: account.id, stripeOnboarded: true }).where(eq(stores.id, storeId)).run();
    fake.behaviour.failTransfers = 3; // the first attempt and the SDK's two retries
    expect(await approveTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, provider: createStripePayouts(client) })).toEqual({
      ok: false,
      error: "provider-failed",
    });
    expect(db.select().from(transactions).where(eq(transactions.id, transfer.id)).get()).toMatchObject({ status: "Pending", processedAt: null });
    const retried = await approveTransfer({ db, transferId: transfer.id, storeId, adminId: admin.id, provider: createStripePayouts(client) });
    expect(retried.ok && retried.transfer.status).toBe("Completed");
  });
});
