import { fileURLToPath } from "node:url";

import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import type { Db } from "../../../db/client";
import { orders, stores, transactions } from "../../../db/tables";
import { useTestEnv } from "../../../tests/unit/buying-fixtures";
import { balanceOf, makeSoldShop, SOLD_BALANCE } from "../../../tests/unit/selling-fixtures";
import { closeTestDbs, createSharedTestDb, createSharedTestDbs, createTestDb, makeUser } from "../../../tests/unit/helpers";
import { raceWorkers } from "../../../tests/unit/race-workers";
import {
  adjustBalance,
  claimTransfer,
  completeTransfer,
  debitLabel,
  debitRefund,
  ledgerBalance,
  rejectTransfer,
  requestWithdrawal,
} from "~/models/payments/ledger.server";
import { first } from "~/utils/db.server";

beforeAll(() => {
  useTestEnv();
});

describe("the ledger", () => {
  it("credits each sale price minus fee, and the balance is the sum of the rows", async () => {
    const db = createTestDb();
    const shop = await makeSoldShop(db);
    const sales = await db.select().from(transactions).where(eq(transactions.storeId, shop.store.id));
    expect(sales.map((t) => [t.txType, t.orderId, t.amountCents, t.feeCents, t.shippingCents])).toEqual([
      ["Sale", shop.dressOrder.id, 8999 - 1350, 1350, 0],
      ["Sale", shop.bagOrder.id, 9100 - 1366, 1366, 0],
      ["Sale", shop.digitalOrder.id, 1250 - 125, 125, 0],
      ["Sale", shop.printedOrder.id, 2000 - 700, 700, 1000],
    ]);
    expect(await balanceOf(db, shop.store.id)).toBe(SOLD_BALANCE);
    expect(await ledgerBalance({ db, storeId: shop.store.id })).toBe(SOLD_BALANCE);
  });

  it("a refund debits exactly what the sale credited, once; after a payout the store owes", async () => {
    const db = createTestDb();
    const shop = await makeSoldShop(db);
    const withdrawal = await requestWithdrawal({ db, storeId: shop.store.id });
    expect(withdrawal.ok).toBe(true);
    const first = await debitRefund({ db, orderId: shop.dressOrder.id });
    expect(first).toMatchObject({ ok: true, refund: { txType: "Refund", amountCents: -7649, feeCents: 1350, orderId: shop.dressOrder.id } });
    expect(await debitRefund({ db, orderId: shop.dressOrder.id })).toEqual({ ok: false, error: "already-refunded" });
    expect(await debitRefund({ db, orderId: 999_999 })).toEqual({ ok: false, error: "not-found" });
    expect(await balanceOf(db, shop.store.id)).toBe(-7649);
    expect(await ledgerBalance({ db, storeId: shop.store.id })).toBe(-7649);
    // A store that owes cannot withdraw.
    expect(await requestWithdrawal({ db, storeId: shop.store.id })).toEqual({ ok: false, error: "not-enough-balance" });
  });

  it("a withdrawal takes the whole balance into one Pending transfer; none at 0 or without onboarding", async () => {
    const db = createTestDb();
    const shop = await makeSoldShop(db, { onboarded: false });
    expect(await requestWithdrawal({ db, storeId: shop.store.id })).toEqual({ ok: false, error: "not-onboarded" });
    await db.update(stores).set({ stripeOnboarded: true }).where(eq(stores.id, shop.store.id));
    const result = await requestWithdrawal({ db, storeId: shop.store.id });
    expect(result).toMatchObject({ ok: true, transfer: { txType: "Transfer", amountCents: -SOLD_BALANCE, status: "Pending", orderId: null } });
    expect(await balanceOf(db, shop.store.id)).toBe(0);
    expect(await requestWithdrawal({ db, storeId: shop.store.id })).toEqual({ ok: false, error: "not-enough-balance" });
    expect(await ledgerBalance({ db, storeId: shop.store.id })).toBe(0);
  });

  it("Rejected gives the money back; Completed keeps it paid; neither twice; a claimed transfer cannot be rejected by an admin", async () => {
    const db = createTestDb();
    const shop = await makeSoldShop(db);
    const a = await requestWithdrawal({ db, storeId: shop.store.id });
    if (!a.ok) throw new Error(a.error);
    expect(await rejectTransfer({ db, transferId: a.transfer.id, reason: "Bank details missing" })).toMatchObject({
      ok: true,
      transfer: { status: "Rejected", reason: "Bank details missing" },
    });
    expect(await balanceOf(db, shop.store.id)).toBe(SOLD_BALANCE);
    expect(await rejectTransfer({ db, transferId: a.transfer.id, reason: "again" })).toEqual({ ok: false, error: "not-pending" });
    expect(await completeTransfer({ db, transferId: a.transfer.id })).toEqual({ ok: false, error: "not-pending" });
    expect(await ledgerBalance({ db, storeId: shop.store.id })).toBe(SOLD_BALANCE);

    const b = await requestWithdrawal({ db, storeId: shop.store.id });
    if (!b.ok) throw new Error(b.error);
    expect((await claimTransfer({ db, transferId: b.transfer.id })).ok).toBe(true);
    expect(await rejectTransfer({ db, transferId: b.transfer.id, reason: "late" })).toEqual({ ok: false, error: "in-progress" });
    expect(await completeTransfer({ db, transferId: b.transfer.id, stripeTransferId: "tr_1" })).toMatchObject({ ok: true, transfer: { status: "Completed", stripeTransferId: "tr_1" } });
    expect(await balanceOf(db, shop.store.id)).toBe(0);
    expect(await ledgerBalance({ db, storeId: shop.store.id })).toBe(0);
  });

  it("a label is debited once per order; an adjustment needs a reason and records the administrator", async () => {
    const db = createTestDb();
    const shop = await makeSoldShop(db);
    const admin = await makeUser(db, { role: "admin" });
    expect(await debitLabel({ db, orderId: shop.dressOrder.id, costCents: 745 })).toMatchObject({ ok: true, label: { txType: "Label", amountCents: -745 } });
    expect(await debitLabel({ db, orderId: shop.dressOrder.id, costCents: 745 })).toEqual({ ok: false, error: "already-charged" });
    expect(await adjustBalance({ db, storeId: shop.store.id, amountCents: -500, reason: " ", adminId: admin.id })).toEqual({ ok: false, error: "invalid" });
    expect(await adjustBalance({ db, storeId: shop.store.id, amountCents: -500, reason: "Damaged parcel", adminId: admin.id })).toMatchObject({
      ok: true,
      adjustment: { txType: "Adjustment", amountCents: -500, reason: "Damaged parcel", adminId: admin.id },
    });
    expect(await balanceOf(db, shop.store.id)).toBe(SOLD_BALANCE - 745 - 500);
    expect(await ledgerBalance({ db, storeId: shop.store.id })).toBe(SOLD_BALANCE - 745 - 500);
    const rows = await db.select().from(transactions).where(and(eq(transactions.storeId, shop.store.id), eq(transactions.orderId, shop.dressOrder.id)));
    expect(rows.map((r) => r.txType)).toEqual(["Sale", "Label"]);
    expect((await first(db.select().from(orders).where(eq(orders.id, shop.dressOrder.id)).limit(1)))!.status).toBe("Pending");
  });
});

const WORKER = fileURLToPath(new URL("../../../tests/unit/withdraw-worker.ts", import.meta.url));

describe("withdrawal races", () => {
  it("ten concurrent withdrawals on two connections to one file make exactly one transfer", async () => {
    const [a, b] = createSharedTestDbs(2) as [Db, Db];
    const shop = await makeSoldShop(a);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => Promise.resolve().then(async () => requestWithdrawal({ db: i % 2 ? a : b, storeId: shop.store.id }))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.error === "not-enough-balance")).toHaveLength(9);
    expect(await a.select().from(transactions).where(eq(transactions.txType, "Transfer"))).toHaveLength(1);
    expect(await balanceOf(b, shop.store.id)).toBe(0);
    await closeTestDbs(a, b);
  });

  it("eight threads with their own connections, released at once, make exactly one transfer and never a negative balance", async () => {
    const shared = createSharedTestDb();
    const file = shared.location;
    const db = shared.open();
    const shop = await makeSoldShop(db);
    const results = await raceWorkers(WORKER, 8, () => ({ file, storeId: shop.store.id }));
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r === "not-enough-balance")).toHaveLength(7);
    const transfers = await db.select().from(transactions).where(eq(transactions.txType, "Transfer"));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.amountCents).toBe(-SOLD_BALANCE);
    expect(await balanceOf(db, shop.store.id)).toBe(0);
    expect(await ledgerBalance({ db, storeId: shop.store.id })).toBe(0);
    await closeTestDbs(db);
  });
});
