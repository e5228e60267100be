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
 * A store that owes the platform (its balance below zero, e.g. a refund after it asked to withdraw) repays the debt
 * out of the transfer first: the claim's transaction nets it (the ledger's netDebtIntoTransfer), so approving pays
 * the rest and the balance is back to zero; when the debt is the whole transfer or more, approving is refused
 * ("store-owes") and nothing changes. The approve screen shows that plan and sends the payout it showed: if the
 * balance moved since, the approval is refused ("amount-changed") instead of paying something else (decision 082).
 * Every decision is written to the audit log.
 */
import { and, eq, isNull } from "drizzle-orm";

import { stores, transactions, type Transaction } from "../../../db/tables";
import { netDebtIntoTransfer, payoutPlan } from "~/models/payments/ledger.server";
import { getPayoutProvider, settleTransfer, type PayoutProvider } from "~/models/selling/payouts.server";
import { type Db, type DbOrTx, first, transaction } from "~/utils/db.server";
import { recordAudit, type AuditAction } from "../platform/audit.server";

export type TransferError = "not-found" | "not-pending" | "in-progress" | "not-onboarded" | "store-owes" | "amount-changed" | "provider-failed";

/**
 * ok with a Completed transfer, or with a Rejected one when the provider refused the payout (the money is back);
 * `nettedCents` of the `requestedCents` repaid what the store owed (the transfer's amount is what was paid).
 */
export type TransferResult =
  | { ok: true; transfer: Transaction; requestedCents: number; nettedCents: number }
  | { ok: false; error: TransferError };

async function findTransfer(db: DbOrTx, transferId: number, storeId?: number) {
  return await first(db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.id, transferId),
        eq(transactions.txType, "Transfer"),
        storeId === undefined ? undefined : eq(transactions.storeId, storeId),
      ),
    ).limit(1));
}

async function whyNot(db: DbOrTx, transferId: number): Promise<TransferError> {
  const row = await findTransfer(db, transferId);
  if (!row) return "not-found";
  return row.status === "Pending" ? "in-progress" : "not-pending";
}

async function audit(db: Db, adminId: number, transfer: Transaction, action: AuditAction, details: Record<string, unknown>, now: Date) {
  await transaction(db,
    async (tx) =>
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

/** What approving a Pending transfer would pay now, for the approve screen (the ledger's plan on today's balance). */
export function approvalPlan({ transfer, balanceCents }: { transfer: Pick<Transaction, "amountCents">; balanceCents: number }) {
  return payoutPlan({ requestedCents: -transfer.amountCents, balanceCents });
}

type ClaimOutcome = { ok: true; requestedCents: number; nettedCents: number } | { ok: false; error: TransferError };

export async function approveTransfer({
  db,
  transferId,
  storeId,
  adminId,
  provider = getPayoutProvider(),
  expectPayoutCents,
  now = new Date(),
}: TransferDecision & {
  provider?: PayoutProvider;
  /** The payout the approve screen showed: refused ("amount-changed") when approving now would pay another amount. */
  expectPayoutCents?: number;
}): Promise<TransferResult> {
  const found = await findTransfer(db, transferId, storeId);
  if (!found) return { ok: false, error: "not-found" };
  if (found.status !== "Pending") return { ok: false, error: "not-pending" };
  if (provider.name === "stripe") {
    const store = (await first(db.select().from(stores).where(eq(stores.id, found.storeId)).limit(1)))!;
    if (!store.stripeAccountId || !store.stripeOnboarded) return { ok: false, error: "not-onboarded" };
  }
  // The administrator's exclusive claim: one approval reaches the provider. In the same immediate transaction, what
  // the store owes is netted out of the transfer (a refund racing this approval lands before it, or after the payout).
  const claimed = await transaction(db,
    async (tx): Promise<ClaimOutcome> => {
      const unclaimed = and(eq(transactions.id, transferId), eq(transactions.status, "Pending"), isNull(transactions.processedAt));
      const row = await first(tx.select().from(transactions).where(unclaimed).limit(1));
      if (!row) return { ok: false, error: await whyNot(tx, transferId) };
      const { balanceCents } = (await first(tx.select({ balanceCents: stores.balanceCents }).from(stores).where(eq(stores.id, row.storeId)).limit(1)))!;
      const plan = approvalPlan({ transfer: row, balanceCents });
      if (plan.payoutCents <= 0) return { ok: false, error: "store-owes" };
      if (expectPayoutCents !== undefined && plan.payoutCents !== expectPayoutCents) return { ok: false, error: "amount-changed" };
      const claim = (await tx.update(transactions).set({ processedAt: now, adminId }).where(unclaimed).returning())[0]!;
      const netted = await netDebtIntoTransfer(tx, claim);
      if (!netted.ok) throw new Error(`transfer ${transferId}: the plan and the netting disagree`);
      return { ok: true, requestedCents: plan.requestedCents, nettedCents: plan.debtCents };
    },
    { behavior: "immediate" },
  );
  if (!claimed.ok) return claimed;
  const settled = await settleTransfer({ db, transferId, decision: "approve", adminId, provider, now });
  if (!settled.ok) {
    const error = settled.error;
    if (error === "provider-unavailable") {
      await db.update(transactions)
        .set({ processedAt: null, adminId: null })
        .where(and(eq(transactions.id, transferId), eq(transactions.status, "Pending")));
      return { ok: false, error: "provider-failed" };
    }
    return { ok: false, error };
  }
  const transfer = settled.transfer;
  const netting = claimed.nettedCents > 0 ? { requestedCents: claimed.requestedCents, nettedCents: claimed.nettedCents } : {};
  if (transfer.status === "Completed") {
    await audit(db, adminId, transfer, "approve-transfer", { stripeTransferId: transfer.stripeTransferId, provider: provider.name, ...netting }, now);
  } else {
    await audit(db, adminId, transfer, "payout-refused", { reason: transfer.reason, provider: provider.name, ...netting }, now);
  }
  return { ok: true, transfer, requestedCents: claimed.requestedCents, nettedCents: claimed.nettedCents };
}

export async function rejectTransfer({
  db,
  transferId,
  storeId,
  adminId,
  reason,
  now = new Date(),
}: TransferDecision & { reason?: string }): Promise<TransferResult> {
  if (!await findTransfer(db, transferId, storeId)) return { ok: false, error: "not-found" };
  const settled = await settleTransfer({
    db,
    transferId,
    decision: "reject",
    reason: reason?.trim() || "Rejected by the administrator",
    adminId,
    now,
  });
  if (!settled.ok) return { ok: false, error: settled.error === "provider-unavailable" ? "provider-failed" : settled.error };
  await audit(db, adminId, settled.transfer, "reject-transfer", { reason: settled.transfer.reason }, now);
  return { ok: true, transfer: settled.transfer, requestedCents: -settled.transfer.amountCents, nettedCents: 0 };
}
