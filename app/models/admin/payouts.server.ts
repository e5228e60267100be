/**
 * An administrator's decision on a Pending withdrawal (spec 4, Transfer): Approve pays it out (Completed),
 * Reject gives the money back to the store's balance (Rejected). Both go through the seller side's one payout
 * function, `settleTransfer` (app/models/selling/payouts.server.ts: the ledger's claim, the provider call keyed by
 * the transfer, Completed, or Rejected with the provider's reason and the money back; the seller is emailed).
 *
 * Around it, the administrator's rules: the transfer must belong to the store the request names (another store's
 * is 404); Stripe payouts need an onboarded store (409, nothing changes); an approval first takes an exclusive
 * claim on the row (a conditional update of processed_at on a Pending, unclaimed transfer), so approving twice at
 * once calls the provider once and the other request gets "in-progress"; when the provider's outcome is unknown
 * the claim is released (the transfer stays Pending and the next approval retries with the same idempotency key).
 * Every decision is written to the audit log.
 */
import { and, eq, isNull } from "drizzle-orm";

import { stores, transactions, type Transaction } from "../../../db/schema";
import { getPayoutProvider, settleTransfer, type PayoutProvider } from "~/models/selling/payouts.server";
import type { Db } from "~/utils/db.server";
import { recordAudit, type AuditAction } from "./audit.server";

export type TransferError = "not-found" | "not-pending" | "in-progress" | "not-onboarded" | "provider-failed";

export const TRANSFER_MESSAGES: Record<TransferError, string> = {
  "not-found": "Transfer not found",
  "not-pending": "This transfer has already been processed.",
  "in-progress": "This transfer is already being paid out.",
  "not-onboarded": "The store has not finished payout onboarding with the payment provider.",
  "provider-failed": "The payment provider could not be reached to pay out this transfer. It stays Pending; please try again.",
};

export const TRANSFER_STATUS: Record<TransferError, number> = {
  "not-found": 404,
  "not-pending": 409,
  "in-progress": 409,
  "not-onboarded": 409,
  "provider-failed": 502,
};

/** ok with a Completed transfer, or with a Rejected one when the provider refused the payout (the money is back). */
export type TransferResult = { ok: true; transfer: Transaction } | { ok: false; error: TransferError };

function findTransfer(db: Db, transferId: number, storeId?: number) {
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.id, transferId),
        eq(transactions.txType, "Transfer"),
        storeId === undefined ? undefined : eq(transactions.storeId, storeId),
      ),
    )
    .get();
}

function whyNot(db: Db, transferId: number): TransferError {
  const row = findTransfer(db, transferId);
  if (!row) return "not-found";
  return row.status === "Pending" ? "in-progress" : "not-pending";
}

function audit(db: Db, adminId: number, transfer: Transaction, action: AuditAction, details: Record<string, unknown>, now: Date) {
  db.transaction(
    (tx) =>
      recordAudit(tx, {
        adminId,
        action,
        targetType: "store",
        targetId: transfer.storeId,
        details: { transferId: transfer.id, amountCents: -transfer.amountCents, ...details },
        now,
      }),
    { behavior: "immediate" },
  );
}

/** An administrator's decision on a pending transfer. */
type TransferDecision = {
  db: Db;
  transferId: number;
  /** The store the transfer must belong to (the API's storeid, the store screen's id): another store's is not found. */
  storeId: number;
  adminId: number;
  now?: Date;
};

export async function approveTransfer({
  db,
  transferId,
  storeId,
  adminId,
  provider = getPayoutProvider(),
  now = new Date(),
}: TransferDecision & { provider?: PayoutProvider }): Promise<TransferResult> {
  const found = findTransfer(db, transferId, storeId);
  if (!found) return { ok: false, error: "not-found" };
  if (found.status !== "Pending") return { ok: false, error: "not-pending" };
  if (provider.name === "stripe") {
    const store = db.select().from(stores).where(eq(stores.id, found.storeId)).get()!;
    if (!store.stripeAccountId || !store.stripeOnboarded) return { ok: false, error: "not-onboarded" };
  }
  // The administrator's exclusive claim: one approval reaches the provider.
  const claimed = db.transaction(
    (tx) =>
      tx
        .update(transactions)
        .set({ processedAt: now, adminId })
        .where(and(eq(transactions.id, transferId), eq(transactions.status, "Pending"), isNull(transactions.processedAt)))
        .returning()
        .get(),
    { behavior: "immediate" },
  );
  if (!claimed) return { ok: false, error: whyNot(db, transferId) };
  const settled = await settleTransfer({ db, transferId, decision: "approve", adminId, provider, now });
  if (!settled.ok) {
    const error = settled.error;
    if (error === "provider-unavailable") {
      db.update(transactions)
        .set({ processedAt: null, adminId: null })
        .where(and(eq(transactions.id, transferId), eq(transactions.status, "Pending")))
        .run();
      return { ok: false, error: "provider-failed" };
    }
    return { ok: false, error };
  }
  const transfer = settled.transfer;
  if (transfer.status === "Completed") {
    audit(db, adminId, transfer, "approve-transfer", { stripeTransferId: transfer.stripeTransferId, provider: provider.name }, now);
  } else {
    audit(db, adminId, transfer, "payout-refused", { reason: transfer.reason, provider: provider.name }, now);
  }
  return { ok: true, transfer };
}

export async function rejectTransfer({
  db,
  transferId,
  storeId,
  adminId,
  reason,
  now = new Date(),
}: TransferDecision & { reason?: string }): Promise<TransferResult> {
  if (!findTransfer(db, transferId, storeId)) return { ok: false, error: "not-found" };
  const settled = await settleTransfer({
    db,
    transferId,
    decision: "reject",
    reason: reason?.trim() || "Rejected by the administrator",
    adminId,
    now,
  });
  if (!settled.ok) return { ok: false, error: settled.error === "provider-unavailable" ? "provider-failed" : settled.error };
  audit(db, adminId, settled.transfer, "reject-transfer", { reason: settled.transfer.reason }, now);
  return { ok: true, transfer: settled.transfer };
}
