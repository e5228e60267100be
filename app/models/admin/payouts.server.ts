/**
 * An administrator's decision on a Pending withdrawal (spec 4, Transfer): Approve pays it out (Completed),
 * Reject gives the money back to the store's balance (Rejected).
 *
 * Approve follows the design notes' payout rule: (1) claim the transfer in one immediate transaction (a
 * conditional update of processed_at on a Pending, unclaimed row: one request wins, so approving twice pays once),
 * (2) pay out through Stripe `transfers.create` to the store's connected account with the transfer's id as
 * idempotency key, or, with the local provider, record it as paid by the platform, (3) mark it Completed with the
 * Stripe transfer id. A Stripe failure releases the claim: the transfer stays Pending and can be approved again
 * or rejected.
 *
 * NOTE for the lead: `approveTransfer` / `rejectTransfer` duplicate the selling issue's payout function
 * (app/models/selling); fold them into it when both are merged.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type Stripe from "stripe";

import { stores, transactions, type Transaction } from "../../../db/schema";
import type { Db } from "~/utils/db.server";
import { recordAudit } from "./audit.server";

export type TransferError = "not-found" | "not-pending" | "in-progress" | "not-onboarded" | "provider-failed";

export const TRANSFER_MESSAGES: Record<TransferError, string> = {
  "not-found": "Transfer not found",
  "not-pending": "This transfer has already been processed.",
  "in-progress": "This transfer is already being paid out.",
  "not-onboarded": "The store has not finished payout onboarding with the payment provider.",
  "provider-failed": "The payment provider could not pay out this transfer. It stays Pending; please try again.",
};

export const TRANSFER_STATUS: Record<TransferError, number> = {
  "not-found": 404,
  "not-pending": 409,
  "in-progress": 409,
  "not-onboarded": 409,
  "provider-failed": 502,
};

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

function whyNot(db: Db, transferId: number, storeId?: number): TransferError {
  const row = findTransfer(db, transferId, storeId);
  if (!row) return "not-found";
  return row.status === "Pending" ? "in-progress" : "not-pending";
}

export async function approveTransfer({
  db,
  transferId,
  storeId,
  adminId,
  stripe,
  now = new Date(),
}: {
  db: Db;
  transferId: number;
  /** When given, the transfer must belong to this store (the API's storeid). */
  storeId?: number;
  adminId: number;
  stripe: Stripe | null;
  now?: Date;
}): Promise<TransferResult> {
  const claimed = db.transaction(
    (tx) =>
      tx
        .update(transactions)
        .set({ processedAt: now, adminId })
        .where(
          and(
            eq(transactions.id, transferId),
            eq(transactions.txType, "Transfer"),
            eq(transactions.status, "Pending"),
            isNull(transactions.processedAt),
            storeId === undefined ? undefined : eq(transactions.storeId, storeId),
          ),
        )
        .returning()
        .get(),
    { behavior: "immediate" },
  );
  if (!claimed) return { ok: false, error: whyNot(db, transferId, storeId) };
  const store = db.select().from(stores).where(eq(stores.id, claimed.storeId)).get()!;
  const releaseClaim = () =>
    db.update(transactions)
      .set({ processedAt: null, adminId: null })
      .where(and(eq(transactions.id, transferId), eq(transactions.status, "Pending")))
      .run();
  let stripeTransferId: string | null = null;
  if (stripe) {
    if (!store.stripeAccountId || !store.stripeOnboarded) {
      releaseClaim();
      return { ok: false, error: "not-onboarded" };
    }
    try {
      const transfer = await stripe.transfers.create(
        {
          amount: -claimed.amountCents,
          currency: "usd",
          destination: store.stripeAccountId,
          metadata: { transferId: String(claimed.id), storeId: String(store.id) },
        },
        { idempotencyKey: `transfer-${claimed.id}` },
      );
      stripeTransferId = transfer.id;
    } catch (error) {
      console.error(`[payout] transfer ${claimed.id}:`, error);
      releaseClaim();
      return { ok: false, error: "provider-failed" };
    }
  }
  const completed = db.transaction(
    (tx) => {
      const row = tx
        .update(transactions)
        .set({ status: "Completed", stripeTransferId, processedAt: now, adminId })
        .where(and(eq(transactions.id, transferId), eq(transactions.status, "Pending")))
        .returning()
        .get();
      if (!row) return undefined;
      recordAudit(tx, {
        adminId,
        action: "approve-transfer",
        targetType: "store",
        targetId: row.storeId,
        details: { transferId: row.id, amountCents: -row.amountCents, stripeTransferId, provider: stripe ? "stripe" : "local" },
        now,
      });
      return row;
    },
    { behavior: "immediate" },
  );
  if (!completed) return { ok: false, error: "not-pending" };
  return { ok: true, transfer: completed };
}

export function rejectTransfer({
  db,
  transferId,
  storeId,
  adminId,
  reason,
  now = new Date(),
}: {
  db: Db;
  transferId: number;
  storeId?: number;
  adminId: number;
  reason?: string;
  now?: Date;
}): TransferResult {
  const result = db.transaction(
    (tx) => {
      const row = tx
        .update(transactions)
        .set({ status: "Rejected", processedAt: now, adminId, reason: reason?.trim() || "Rejected by the administrator" })
        .where(
          and(
            eq(transactions.id, transferId),
            eq(transactions.txType, "Transfer"),
            eq(transactions.status, "Pending"),
            isNull(transactions.processedAt),
            storeId === undefined ? undefined : eq(transactions.storeId, storeId),
          ),
        )
        .returning()
        .get();
      if (!row) return undefined;
      // The withdrawal debited the balance when it was requested: the money returns.
      tx.update(stores)
        .set({ balanceCents: sql`${stores.balanceCents} - ${row.amountCents}` })
        .where(eq(stores.id, row.storeId))
        .run();
      recordAudit(tx, {
        adminId,
        action: "reject-transfer",
        targetType: "store",
        targetId: row.storeId,
        details: { transferId: row.id, amountCents: -row.amountCents, reason: row.reason },
        now,
      });
      return row;
    },
    { behavior: "immediate" },
  );
  if (!result) return { ok: false, error: whyNot(db, transferId, storeId) };
  return { ok: true, transfer: result };
}
