/**
 * The seller ledger: every row of `transactions` and every change of `stores.balance_cents` is written here,
 * each in one `behavior: "immediate"` transaction (or inside the caller's one, for a Sale) with conditional
 * updates, so money moves once also when requests race. The balance is the sum of the store's non-rejected rows.
 *
 * Exported functions (amounts in integer cents; credits positive, debits negative in the rows):
 *
 *   creditSale({ tx, order, now? }): Transaction | null
 *     Inside the fulfilment's transaction: credits price minus fee for a new order (null if it was credited).
 *   debitRefund({ db | tx, orderId, now? }): { ok: true; refund: Transaction } | { ok: false; error: "not-found" | "already-refunded" | "no-sale" }
 *     Debits exactly what the order's Sale credited (the balance may go negative: the store then owes).
 *     Does not change the order's status: the refund use case does that in its own transaction (or pass `tx`).
 *   requestWithdrawal({ db, storeId, now? }): { ok: true; transfer: Transaction } | { ok: false; error: WithdrawalError }
 *     The whole balance becomes one Pending Transfer debit (conditional update: never below zero).
 *   claimTransfer({ db, transferId, now? }): { ok: true; transfer: Transaction; store: Store } | { ok: false; error: SettleError }
 *     Marks a Pending transfer as being paid out (processed_at set while still Pending), before the provider call;
 *     a first claim nets what the store owes into it (netDebtIntoTransfer).
 *   payoutPlan({ requestedCents, balanceCents }): { requestedCents; debtCents; payoutCents }
 *     What paying a Pending transfer pays now: the amount requested less what the store owes (a balance below zero).
 *   netDebtIntoTransfer(tx, transfer, now?): { ok: true; transfer; plan } | { ok: false; error: "store-owes"; plan }
 *     Inside a claim's transaction, before any payout attempt: the transfer shrinks by the debt and the balance
 *     rises by it (back to zero), with the reason on the row; refused when the debt is the whole transfer or more.
 *   completeTransfer({ db, transferId, stripeTransferId?, adminId?, now? }): { ok: true; transfer } | { ok: false; error: SettleError }
 *   rejectTransfer({ db, transferId, reason, adminId?, claimed?, now? }): { ok: true; transfer } | { ok: false; error: SettleError }
 *     Rejected gives the money back to the balance.
 *   debitLabel({ db | tx, orderId, costCents, now? }): { ok: true; label: Transaction } | { ok: false; error: "not-found" | "already-charged" }
 *     A bought shipping label's cost, once per order.
 *   adjustBalance({ db | tx, storeId, amountCents, reason, adminId, now? }): { ok: true; adjustment: Transaction } | { ok: false; error: "not-found" | "invalid" }
 *     An administrator's correction, never an overwrite (pass `tx` to run inside the caller's transaction).
 *   ledgerBalance({ db, storeId }): number
 *     The sum of the store's non-rejected rows (what balance_cents caches).
 */
import { and, eq, gt, ne, sql } from "drizzle-orm";

import { orders, stores, transactions, type Order, type Store, type Transaction } from "../../../db/tables";
import { sellerCreditCents } from "~/models/shipping/rates";
import { affected, type Db, first, transaction, type Tx } from "~/utils/db.server";

const IMMEDIATE = { behavior: "immediate" } as const;

async function changeBalance(tx: Tx, storeId: number, deltaCents: number) {
  await tx.update(stores)
    .set({ balanceCents: sql`${stores.balanceCents} + ${deltaCents}` })
    .where(eq(stores.id, storeId));
}

/** A new order's Sale: price minus fee plus the seller's shipping (decision 108), credited inside the fulfilment's own immediate transaction. */
export async function creditSale({ tx, order, now = new Date() }: { tx: Tx; order: Order; now?: Date }): Promise<Transaction | null> {
  const credit = sellerCreditCents(order);
  const row = (await tx
    .insert(transactions)
    .values({
      storeId: order.storeId,
      txType: "Sale",
      orderId: order.id,
      amountCents: credit,
      taxCents: order.taxCents,
      feeCents: order.feeCents,
      shippingCents: order.shippingCents,
      status: "Completed",
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning())[0];
  if (!row) return null;
  await changeBalance(tx, order.storeId, credit);
  return row;
}

export type RefundDebitError = "not-found" | "already-refunded" | "no-sale";

/** Debits what the order's Sale credited. Pass `tx` to run inside the caller's transaction (the refund use case). */
export async function debitRefund({
  db,
  tx: outer,
  orderId,
  now = new Date(),
}: {
  db?: Db;
  tx?: Tx;
  orderId: number;
  now?: Date;
}): Promise<{ ok: true; refund: Transaction } | { ok: false; error: RefundDebitError }> {
  const run = async (tx: Tx) => {
    const order = await first(tx.select().from(orders).where(eq(orders.id, orderId)).limit(1));
    if (!order) return { ok: false as const, error: "not-found" as const };
    const sale = await first(tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.orderId, orderId), eq(transactions.txType, "Sale"))).limit(1));
    if (!sale) return { ok: false as const, error: "no-sale" as const };
    const refund = (await tx
      .insert(transactions)
      .values({
        storeId: sale.storeId,
        txType: "Refund",
        orderId,
        amountCents: -sale.amountCents,
        // The tax goes back with the money (issue 46, item 7): negative like the amount, so summing the column nets it.
        taxCents: -sale.taxCents,
        feeCents: sale.feeCents,
        shippingCents: sale.shippingCents,
        status: "Completed",
        processedAt: now,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning())[0];
    if (!refund) return { ok: false as const, error: "already-refunded" as const };
    await changeBalance(tx, sale.storeId, -sale.amountCents);
    return { ok: true as const, refund };
  };
  if (outer) return await run(outer);
  if (!db) throw new Error("debitRefund needs db or tx");
  return await transaction(db, run, IMMEDIATE);
}

export type WithdrawalError = "not-found" | "not-onboarded" | "not-enough-balance";

/**
 * A withdrawal: the whole balance becomes one Pending Transfer debit. The debit is a conditional update on the
 * balance read in the same immediate transaction, so concurrent requests make exactly one transfer.
 */
export async function requestWithdrawal({
  db,
  storeId,
  now = new Date(),
}: {
  db: Db;
  storeId: number;
  now?: Date;
}): Promise<{ ok: true; transfer: Transaction } | { ok: false; error: WithdrawalError }> {
  return await transaction(db, async (tx) => {
    const store = await first(tx.select().from(stores).where(eq(stores.id, storeId)).limit(1));
    if (!store) return { ok: false as const, error: "not-found" as const };
    if (!store.stripeOnboarded) return { ok: false as const, error: "not-onboarded" as const };
    const amount = store.balanceCents;
    if (amount <= 0) return { ok: false as const, error: "not-enough-balance" as const };
    const debited = await tx
      .update(stores)
      .set({ balanceCents: sql`${stores.balanceCents} - ${amount}` })
      .where(and(eq(stores.id, storeId), eq(stores.balanceCents, amount), gt(stores.balanceCents, 0)));
    if (affected(debited) !== 1) return { ok: false as const, error: "not-enough-balance" as const };
    const transfer = (await tx
      .insert(transactions)
      .values({ storeId, txType: "Transfer", amountCents: -amount, status: "Pending", createdAt: now })
      .returning())[0];
    return { ok: true as const, transfer };
  }, IMMEDIATE);
}

export type PayoutPlan = { requestedCents: number; debtCents: number; payoutCents: number };

/**
 * What paying a Pending transfer of `requestedCents` pays now (issue 19, item 7; decision 082): a store whose
 * balance is below zero owes the platform (a refund, a label or an adjustment after it withdrew), and that debt is
 * repaid out of the transfer first. `payoutCents` <= 0 means nothing would be left to pay.
 */
export function payoutPlan({ requestedCents, balanceCents }: { requestedCents: number; balanceCents: number }): PayoutPlan {
  const debtCents = Math.max(0, -balanceCents);
  return { requestedCents, debtCents, payoutCents: requestedCents - debtCents };
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Nets what the store owes into a Pending transfer, inside the caller's immediate transaction and before the
 * transfer is ever sent to a provider (so a retry never changes what was asked of the provider): the transfer's
 * debit shrinks by the debt and the balance rises by as much (back to zero), so the ledger still sums to the
 * balance; the reason says so on the row. Refused ("store-owes") when the debt is as large as the transfer or
 * larger: nothing would be paid, and Reject (the amount back on the balance) is the way to repay it.
 */
export async function netDebtIntoTransfer(
  tx: Tx,
  transfer: Transaction,
): Promise<{ ok: true; transfer: Transaction; plan: PayoutPlan } | { ok: false; error: "store-owes"; plan: PayoutPlan }> {
  const store = (await first(tx.select({ balanceCents: stores.balanceCents }).from(stores).where(eq(stores.id, transfer.storeId)).limit(1)))!;
  const plan = payoutPlan({ requestedCents: -transfer.amountCents, balanceCents: store.balanceCents });
  if (plan.debtCents === 0) return { ok: true, transfer, plan };
  if (plan.payoutCents <= 0) return { ok: false, error: "store-owes", plan };
  const netted = (await tx
    .update(transactions)
    .set({
      amountCents: -plan.payoutCents,
      reason: `${dollars(plan.debtCents)} of the ${dollars(plan.requestedCents)} requested repaid what the store owed the platform; ${dollars(plan.payoutCents)} was paid out.`,
    })
    .where(and(eq(transactions.id, transfer.id), eq(transactions.status, "Pending"), eq(transactions.amountCents, transfer.amountCents)))
    .returning())[0];
  if (!netted) throw new Error(`transfer ${transfer.id} changed inside its own claim`);
  await changeBalance(tx, transfer.storeId, plan.debtCents);
  return { ok: true, transfer: netted, plan };
}

export type SettleError = "not-found" | "not-pending" | "in-progress" | "store-owes";
type SettleResult = { ok: true; transfer: Transaction } | { ok: false; error: SettleError };

async function pendingTransfer(tx: Tx, transferId: number): Promise<Transaction | { error: SettleError }> {
  const transfer = await first(tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, transferId), eq(transactions.txType, "Transfer"))).limit(1));
  if (!transfer) return { error: "not-found" };
  if (transfer.status !== "Pending") return { error: "not-pending" };
  return transfer;
}

/** Writes `set` on the transfer only while it is still Pending; undefined when another request settled it first. */
async function updatePending(tx: Tx, transferId: number, set: Partial<typeof transactions.$inferInsert>): Promise<Transaction | undefined> {
  return (await tx
    .update(transactions)
    .set(set)
    .where(and(eq(transactions.id, transferId), eq(transactions.status, "Pending")))
    .returning())[0];
}

/** One pending transfer to claim, complete or reject. */
type TransferArgs = { db: Db; transferId: number; now?: Date };

/**
 * Starts a payout: a Pending transfer is claimed (processed_at set, status still Pending) so that it can no longer
 * be rejected while the provider is being paid. The first claim nets what the store owes into it (an
 * administrator's approval claims, and nets, before it calls this). Claiming again is allowed: a payout with an
 * unknown outcome is retried with the same idempotency key and the same amount.
 */
export async function claimTransfer({
  db,
  transferId,
  now = new Date(),
}: TransferArgs): Promise<{ ok: true; transfer: Transaction; store: Store } | { ok: false; error: SettleError }> {
  return await transaction(db, async (tx) => {
    const found = await pendingTransfer(tx, transferId);
    if ("error" in found) return { ok: false as const, error: found.error };
    if (!found.processedAt) {
      const netted = await netDebtIntoTransfer(tx, found);
      if (!netted.ok) return { ok: false as const, error: netted.error };
    }
    const transfer = (await updatePending(tx, transferId, { processedAt: found.processedAt ?? now }))!;
    const store = (await first(tx.select().from(stores).where(eq(stores.id, transfer.storeId)).limit(1)))!;
    return { ok: true as const, transfer, store };
  }, IMMEDIATE);
}

/** The payout went through: Pending becomes Completed (the money already left the balance at the request). */
export async function completeTransfer({
  db,
  transferId,
  stripeTransferId = null,
  adminId = null,
  now = new Date(),
}: TransferArgs & { stripeTransferId?: string | null; adminId?: number | null }): Promise<SettleResult> {
  return await transaction(db, async (tx) => {
    const found = await pendingTransfer(tx, transferId);
    if ("error" in found) return { ok: false as const, error: found.error };
    const transfer = await updatePending(tx, transferId, { status: "Completed", stripeTransferId, adminId, processedAt: now });
    if (!transfer) return { ok: false as const, error: "not-pending" as const };
    return { ok: true as const, transfer };
  }, IMMEDIATE);
}

/**
 * Rejected by an administrator or refused by the provider: the transfer is marked Rejected with the reason and
 * its amount returns to the balance. An administrator cannot reject a transfer whose payout is under way
 * (`claimed: true` is only passed by the payout itself, after the provider refused).
 */
export async function rejectTransfer({
  db,
  transferId,
  reason,
  adminId = null,
  claimed = false,
  now = new Date(),
}: TransferArgs & { reason: string; adminId?: number | null; claimed?: boolean }): Promise<SettleResult> {
  return await transaction(db, async (tx) => {
    const found = await pendingTransfer(tx, transferId);
    if ("error" in found) return { ok: false as const, error: found.error };
    if (found.processedAt && !claimed) return { ok: false as const, error: "in-progress" as const };
    const transfer = await updatePending(tx, transferId, { status: "Rejected", reason, adminId, processedAt: now });
    if (!transfer) return { ok: false as const, error: "not-pending" as const };
    await changeBalance(tx, transfer.storeId, -transfer.amountCents);
    return { ok: true as const, transfer };
  }, IMMEDIATE);
}

/**
 * A bought shipping label's cost, debited once per order (the unique order + type index holds it). Pass `tx` to
 * run inside the caller's transaction (the label is stored on the order in the same one).
 */
export async function debitLabel({
  db,
  tx: outer,
  orderId,
  costCents,
  now = new Date(),
}: {
  db?: Db;
  tx?: Tx;
  orderId: number;
  costCents: number;
  now?: Date;
}): Promise<{ ok: true; label: Transaction } | { ok: false; error: "not-found" | "already-charged" }> {
  const run = async (tx: Tx) => {
    const order = await first(tx.select().from(orders).where(eq(orders.id, orderId)).limit(1));
    if (!order) return { ok: false as const, error: "not-found" as const };
    const label = (await tx
      .insert(transactions)
      .values({
        storeId: order.storeId,
        txType: "Label",
        orderId,
        amountCents: -costCents,
        shippingCents: costCents,
        status: "Completed",
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning())[0];
    if (!label) return { ok: false as const, error: "already-charged" as const };
    await changeBalance(tx, order.storeId, -costCents);
    return { ok: true as const, label };
  };
  if (outer) return await run(outer);
  if (!db) throw new Error("debitLabel needs db or tx");
  return await transaction(db, run, IMMEDIATE);
}

/** An administrator's balance change: an Adjustment row with the reason and the administrator, never an overwrite. */
export async function adjustBalance({
  db,
  tx: outer,
  storeId,
  amountCents,
  reason,
  adminId,
  now = new Date(),
}: {
  db?: Db;
  tx?: Tx;
  storeId: number;
  amountCents: number;
  reason: string;
  adminId: number;
  now?: Date;
}): Promise<{ ok: true; adjustment: Transaction } | { ok: false; error: "not-found" | "invalid" }> {
  if (!Number.isInteger(amountCents) || amountCents === 0 || !reason.trim()) return { ok: false, error: "invalid" };
  const run = async (tx: Tx) => {
    const store = await first(tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).limit(1));
    if (!store) return { ok: false as const, error: "not-found" as const };
    const adjustment = (await tx
      .insert(transactions)
      .values({
        storeId,
        txType: "Adjustment",
        amountCents,
        status: "Completed",
        reason: reason.trim(),
        adminId,
        processedAt: now,
        createdAt: now,
      })
      .returning())[0];
    await changeBalance(tx, storeId, amountCents);
    return { ok: true as const, adjustment };
  };
  if (outer) return await run(outer);
  if (!db) throw new Error("adjustBalance needs db or tx");
  return await transaction(db, run, IMMEDIATE);
}

/** The sum of the store's non-rejected ledger rows: what stores.balance_cents caches. */
export async function ledgerBalance({ db, storeId }: { db: Db | Tx; storeId: number }): Promise<number> {
  const row = await first(db
    .select({ total: sql<number>`coalesce(sum(${transactions.amountCents}), 0)` })
    .from(transactions)
    .where(and(eq(transactions.storeId, storeId), ne(transactions.status, "Rejected"))).limit(1));
  return Number(row?.total ?? 0);
}
