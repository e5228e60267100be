/**
 * Withdrawals and payouts (design notes, Known pitfalls: a payout around a remote call):
 * (1) the whole balance is debited into a Pending Transfer in one immediate transaction (ledger.server.ts);
 * (2) paying out claims the transfer, calls the provider outside any transaction with the transfer's id in the
 *     idempotency key; (3) marks it Completed, or Rejected with the provider's reason and the money given back.
 *
 * Exported:
 *   withdrawBalance({ db, storeId, now? }): Promise<WithdrawResult>
 *     The seller's withdrawal; with auto_approve_transfers on, paid out at once.
 *   settleTransfer({ db, transferId, decision: "approve" | "reject", reason?, adminId? }): Promise<SettleTransferResult>
 *     The one way a Pending transfer ends (auto-approval and the administrator's Approve / Reject).
 *   transferIdempotencyKey(transfer): string
 *   getPayoutProvider(): PayoutProvider   (Stripe when STRIPE_SECRET_KEY is set, else the local provider)
 */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";

import { stores, users, type Store, type Transaction } from "../../../db/tables";
import { getStripe } from "~/models/payments/providers.server";
import { isStripeError } from "~/models/payments/stripe.server";
import { getPlatformSettings } from "~/models/platform/settings.server";
import { type Db, first } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { sendMail } from "~/utils/mail.server";
import { formatCents } from "~/utils/money";
import { claimTransfer, completeTransfer, rejectTransfer, requestWithdrawal, type WithdrawalError } from "../payments/ledger.server";
import { log, logError } from "~/utils/log.server";

export type PayoutOutcome = { ok: true; providerTransferId: string | null } | { ok: false; reason: string };

/** Pays a claimed transfer to the store. Throws when the outcome is unknown (network, provider error): retry. */
export interface PayoutProvider {
  readonly name: "stripe" | "local";
  payOut(args: { transfer: Transaction; store: Store }): Promise<PayoutOutcome>;
}

/** Unique per transfer row, also across databases sharing one Stripe account. */
export function transferIdempotencyKey(transfer: Pick<Transaction, "id" | "createdAt">): string {
  return `transfer-${transfer.id}-${transfer.createdAt.getTime()}`;
}

export function createStripePayouts(stripe: Stripe): PayoutProvider {
  return {
    name: "stripe",
    async payOut({ transfer, store }) {
      if (!store.stripeAccountId) return { ok: false, reason: "The store has no connected Stripe account." };
      try {
        const created = await stripe.transfers.create(
          {
            amount: -transfer.amountCents,
            currency: "usd",
            destination: store.stripeAccountId,
            metadata: { transferId: String(transfer.id), storeId: String(store.id) },
          },
          { idempotencyKey: transferIdempotencyKey(transfer) },
        );
        return { ok: true, providerTransferId: created.id };
      } catch (error) {
        // A definite refusal (4xx: insufficient platform funds, account not payable...) ends the transfer;
        // anything else (network, 5xx after the SDK's retries) leaves it Pending for a retry with the same key.
        if (isStripeError(error, "StripeInvalidRequestError", "StripeCardError", "StripePermissionError")) {
          return { ok: false, reason: error.message };
        }
        throw error;
      }
    },
  };
}

/** Without Stripe: the embedded default pays out at once (there is no money to move on a local install). */
export function createLocalPayouts(): PayoutProvider {
  return { name: "local", payOut: async () => ({ ok: true, providerTransferId: null }) };
}

export function getPayoutProvider(): PayoutProvider {
  const stripe = getStripe();
  return stripe ? createStripePayouts(stripe) : createLocalPayouts();
}

export type SettleTransferError = "not-found" | "not-pending" | "in-progress" | "store-owes" | "provider-unavailable";
export type SettleTransferResult = { ok: true; transfer: Transaction } | { ok: false; error: SettleTransferError };

/**
 * Ends a Pending transfer. approve: what the store owes is netted out of it first (ledger's netDebtIntoTransfer;
 * "store-owes" when nothing would be left), then paid out through the provider, Completed (or Rejected with the
 * provider's reason, the money back on the balance); reject: Rejected with the reason, the money back. The seller
 * is emailed.
 */
export async function settleTransfer({
  db,
  transferId,
  decision,
  reason,
  adminId = null,
  provider = getPayoutProvider(),
  now = new Date(),
}: {
  db: Db;
  transferId: number;
  decision: "approve" | "reject";
  reason?: string;
  adminId?: number | null;
  provider?: PayoutProvider;
  now?: Date;
}): Promise<SettleTransferResult> {
  if (decision === "reject") {
    const rejected = await rejectTransfer({ db, transferId, reason: reason?.trim() || "Rejected by an administrator.", adminId, now });
    if (rejected.ok) await mailSeller(db, rejected.transfer);
    return rejected;
  }
  const claimed = await claimTransfer({ db, transferId, now });
  if (!claimed.ok) return claimed;
  let outcome: PayoutOutcome;
  try {
    outcome = await provider.payOut({ transfer: claimed.transfer, store: claimed.store });
  } catch (error) {
    logError({ event: "payout-unknown", transferId }, "the payout provider did not answer: the transfer stays Pending for a retry", error);
    return { ok: false, error: "provider-unavailable" };
  }
  const settled = outcome.ok
    ? await completeTransfer({ db, transferId, stripeTransferId: outcome.providerTransferId, adminId, now })
    : await rejectTransfer({ db, transferId, reason: outcome.reason, adminId, claimed: true, now });
  if (settled.ok) {
    log.info({ event: "payout", transferId, outcome: outcome.ok ? "paid" : "rejected", adminId }, "a transfer was settled");
    await mailSeller(db, settled.transfer);
  }
  return settled;
}

export type WithdrawResult = { ok: true; transfer: Transaction } | { ok: false; error: WithdrawalError };

/** The seller's "Transfer to Bank Account": one Pending transfer of the whole balance, paid at once if auto-approved. */
export async function withdrawBalance({ db, storeId, now = new Date() }: { db: Db; storeId: number; now?: Date }): Promise<WithdrawResult> {
  const requested = await requestWithdrawal({ db, storeId, now });
  if (!requested.ok) return requested;
  if (!(await getPlatformSettings({ db })).autoApproveTransfers) return requested;
  const settled = await settleTransfer({ db, transferId: requested.transfer.id, decision: "approve", now });
  // An unknown provider outcome leaves the transfer Pending; the seller sees it as such.
  return settled.ok ? settled : requested;
}

async function mailSeller(db: Db, transfer: Transaction) {
  const seller = await first(db
    .select({ email: users.email, firstName: users.firstName, storeName: stores.name })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.userId))
    .where(eq(stores.id, transfer.storeId)).limit(1));
  if (!seller) return;
  const amount = formatCents(-transfer.amountCents);
  const origin = (getEnv().PUBLIC_URL ?? `http://localhost:${getEnv().PORT}`).replace(/\/$/, "");
  const completed = transfer.status === "Completed";
  await sendMail({
    to: seller.email,
    subject: completed ? `Your transfer of ${amount} is on its way` : `Your transfer of ${amount} was rejected`,
    text: [
      `Hi ${seller.firstName},`,
      "",
      completed
        ? `The transfer #${transfer.id} of ${amount} from ${seller.storeName} to your bank account is completed.`
        : `The transfer #${transfer.id} of ${amount} from ${seller.storeName} was rejected: ${transfer.reason ?? "no reason given"}. The amount is back on your balance.`,
      // A completed transfer's reason says how much of it repaid what the store owed.
      completed && transfer.reason ? transfer.reason : "",
      "",
      `Your finances: ${origin}/my-finance`,
    ]
      .filter((line, i, all) => line !== "" || all[i - 1] !== "")
      .join("\n"),
  });
}
