/**
 * An administrator's refund of one order (spec 4: Pending or Shipped orders only).
 *
 * Three steps, so that the provider is asked once and the money moves once, also when two administrators (or a
 * double click) refund at the same moment:
 * 1. claim: one immediate transaction marks the order as being refunded (a conditional update of
 *    provider_refund_id from NULL to a `pending:` marker; only one request can win it);
 * 2. the provider: Stripe `refunds.create` on the checkout's payment intent for this order's amount, its share
 *    of printing and shipping and its tax, with an idempotency key fixed per order (a retry after a crash gets the
 *    same refund back); the local provider records a local refund id;
 * 3. settle: one immediate transaction sets the order Refunded with the provider's refund id, writes the seller's
 *    `Refund` ledger row through the ledger's `debitRefund` (exactly what the `Sale` credited; UNIQUE
 *    (order_id, tx_type) backs "once"), which lowers the store's balance (it may go below zero: the store then
 *    owes the platform), takes the order's units out of the product's sold count, and records the audit entry.
 *    Digital downloads stop because a Refunded order no longer grants the file.
 * A provider failure releases the claim and changes nothing.
 */
import { and, eq, isNull, like, or, lt, sql } from "drizzle-orm";
import type Stripe from "stripe";

import { checkouts, orders, products, stores, transactions, users, type Order } from "../../../db/tables";
import { issueCreditNote } from "~/models/tax/invoices.server";
import { recordRefundTax } from "~/models/tax/ledger.server";
import { affected, type Db, first, transaction, type Tx } from "~/utils/db.server";
import { greatest } from "~/utils/sql-dialect.server";
import { getEnv } from "~/utils/env.server";
import { sendMail } from "~/utils/mail.server";
import { formatCents } from "~/utils/money";
import { debitRefund } from "~/models/payments/ledger.server";
import { orderTotalCents } from "~/models/buying/orders.server";
import { acceptOpenRefundRequest } from "~/models/buying/refund-request-rows.server";
import { recordAudit } from "../platform/audit.server";
import { isDownloadPattern } from "~/utils/catalog";
import { log, logError } from "~/utils/log.server";

/** A claim older than this (a crashed request) may be taken over; the idempotency key keeps it one refund. */
const CLAIM_STALE_MS = 5 * 60 * 1000;

export type RefundError = "not-found" | "already-refunded" | "not-refundable" | "in-progress" | "provider-failed";

export type RefundResult =
  | { ok: true; order: Order; refundId: string; refundedCents: number; debitCents: number }
  | { ok: false; error: RefundError };

/**
 * An order the administrator may refund: paid and not yet refunded (a pending or shipped order). A tester copy
 * (issue 37) was never paid: there is nothing to refund.
 */
export function canRefund(order: Pick<Order, "status" | "testerCopy">): boolean {
  return (order.status === "Pending" || order.status === "Shipped") && !order.testerCopy;
}

/** What the buyer gets back for one order: all they paid for it (its amount, its printing and shipping and its tax). */
export function refundAmountCents(order: Pick<Order, "amountCents" | "shippingCents" | "taxCents">): number {
  return orderTotalCents(order);
}

export function refundIdempotencyKey(order: Pick<Order, "id" | "createdAt">): string {
  return `refund-order-${order.id}-${order.createdAt.getTime()}`;
}

async function claim(db: Db, orderId: number, now: Date): Promise<{ ok: true; order: Order; marker: string } | { ok: false; error: RefundError }> {
  return await transaction(db,
    async (tx) => {
      const order = await first(tx.select().from(orders).where(eq(orders.id, orderId)).limit(1));
      if (!order) return { ok: false as const, error: "not-found" as const };
      if (order.status === "Refunded") return { ok: false as const, error: "already-refunded" as const };
      if (!canRefund(order)) return { ok: false as const, error: "not-refundable" as const };
      const marker = `pending:${now.getTime()}`;
      const staleBefore = `pending:${now.getTime() - CLAIM_STALE_MS}`;
      const won = await tx
        .update(orders)
        .set({ providerRefundId: marker })
        .where(
          and(
            eq(orders.id, orderId),
            or(eq(orders.status, "Pending"), eq(orders.status, "Shipped")),
            or(
              isNull(orders.providerRefundId),
              and(like(orders.providerRefundId, "pending:%"), lt(orders.providerRefundId, staleBefore)),
            ),
          ),
        );
      if (affected(won) === 0) return { ok: false as const, error: "in-progress" as const };
      return { ok: true as const, order, marker };
    },
    { behavior: "immediate" },
  );
}

async function release(db: Db, orderId: number, marker: string) {
  await db.update(orders)
    .set({ providerRefundId: null })
    .where(and(eq(orders.id, orderId), eq(orders.providerRefundId, marker)));
}

/** The payment intent of a Stripe checkout: stored at payment, else asked of Stripe from the session. */
async function paymentIntentOf(db: Db, stripe: Stripe, checkoutId: number): Promise<string> {
  const checkout = (await first(db.select().from(checkouts).where(eq(checkouts.id, checkoutId)).limit(1)))!;
  if (checkout.paymentIntentId) return checkout.paymentIntentId;
  if (!checkout.providerSessionId) throw new Error(`checkout ${checkoutId} has no Stripe session`);
  const session = await stripe.checkout.sessions.retrieve(checkout.providerSessionId);
  const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
  if (!intent) throw new Error(`Stripe session ${checkout.providerSessionId} has no payment intent`);
  await db.update(checkouts).set({ paymentIntentId: intent }).where(eq(checkouts.id, checkoutId));
  return intent;
}

/**
 * The seller's Refund debit through the ledger's one `debitRefund` (exactly what the Sale credited; the balance
 * may go below zero), inside the settle transaction, marked with the administrator. An order without a Sale row
 * credited nothing, so nothing is debited.
 */
async function debitSeller(tx: Tx, { orderId, adminId, now }: { orderId: number; adminId: number | null; now: Date }): Promise<number> {
  const debit = await debitRefund({ tx, orderId, now });
  if (!debit.ok) return 0;
  if (adminId !== null) await tx.update(transactions).set({ adminId }).where(eq(transactions.id, debit.refund.id));
  return -debit.refund.amountCents;
}

export async function refundOrder({
  db,
  orderId,
  adminId,
  stripe,
  by = "admin",
  now = new Date(),
}: {
  db: Db;
  orderId: number;
  /** Who refunds: an administrator, or (by: "seller") the store's owner accepting the buyer's request. */
  adminId: number;
  /** "seller": the store's owner accepted the buyer's refund request (decision 110); the Refund row has no admin. */
  by?: "admin" | "seller";
  /** The Stripe client when Stripe is configured; a Stripe checkout cannot be refunded without it. */
  stripe: Stripe | null;
  now?: Date;
}): Promise<RefundResult> {
  const claimed = await claim(db, orderId, now);
  if (!claimed.ok) return claimed;
  const { order, marker } = claimed;
  const checkout = (await first(db.select({ provider: checkouts.provider }).from(checkouts).where(eq(checkouts.id, order.checkoutId)).limit(1)))!;
  const refundedCents = refundAmountCents(order);
  let refundId: string;
  try {
    if (checkout.provider === "stripe") {
      if (!stripe) throw new Error("STRIPE_SECRET_KEY is not set: a Stripe payment cannot be refunded");
      const paymentIntent = await paymentIntentOf(db, stripe, order.checkoutId);
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: refundedCents, metadata: { orderId: String(order.id) } },
        { idempotencyKey: refundIdempotencyKey(order) },
      );
      if (refund.status === "failed" || refund.status === "canceled") throw new Error(`Stripe refund ${refund.id} is ${refund.status}`);
      refundId = refund.id;
    } else {
      refundId = `local_refund_${order.id}`;
    }
  } catch (error) {
    logError({ event: "refund-failed", orderId: order.id }, "the payment provider refused a refund", error);
    await release(db, order.id, marker);
    return { ok: false, error: "provider-failed" };
  }
  const settled = await transaction(db,
    async (tx) => {
      const updated = (await tx
        .update(orders)
        .set({ status: "Refunded", providerRefundId: refundId, refundedAt: now })
        .where(and(eq(orders.id, order.id), eq(orders.providerRefundId, marker)))
        .returning())[0];
      if (!updated) return undefined;
      // The refund takes the sale out of the product's sold count (the catalogue's sold, best sellers, popular).
      await tx.update(products)
        .set({ sold: greatest(tx, sql`${products.sold} - ${updated.quantity}`, 0) })
        .where(eq(products.id, updated.productId));
      const debitCents = await debitSeller(tx, { orderId: updated.id, adminId: by === "admin" ? adminId : null, now });
      // The tax goes back with the refund (decision 123): the tax ledger's row negated, and a credit note.
      await recordRefundTax(tx, updated.id, now);
      await issueCreditNote(tx, { order: updated, now });
      // The order's open refund request (decision 110) is answered by this refund.
      await acceptOpenRefundRequest(tx, { orderId: updated.id, actorId: adminId, now });
      await recordAudit(tx, {
        adminId,
        action: "refund",
        targetType: "order",
        targetId: order.id,
        details: { from: order.status, refundId, refundedCents, debitCents, provider: checkout.provider, ...(by === "seller" ? { by } : {}) },
        now,
      });
      return { order: updated, debitCents };
    },
    { behavior: "immediate" },
  );
  // Another request took over a claim it judged stale: it settles, this one changes nothing.
  if (!settled) return { ok: false, error: "in-progress" };
  log.info({ event: "refund", orderId: order.id, refundedCents, debitCents: settled.debitCents, adminId }, "an order was refunded");
  await sendRefundMails({ db, order: settled.order, refundedCents, debitCents: settled.debitCents, by });
  return { ok: true, order: settled.order, refundId, refundedCents, debitCents: settled.debitCents };
}

async function sendRefundMails({
  db,
  order,
  refundedCents,
  debitCents,
  by,
}: {
  db: Db;
  order: Order;
  refundedCents: number;
  debitCents: number;
  by: "admin" | "seller";
}) {
  const origin = (getEnv().PUBLIC_URL ?? `http://localhost:${getEnv().PORT}`).replace(/\/$/, "");
  const buyer = await first(db.select().from(users).where(eq(users.id, order.buyerId)).limit(1));
  const seller = await first(db
    .select({ email: users.email, firstName: users.firstName, storeName: stores.name, balanceCents: stores.balanceCents })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.userId))
    .where(eq(stores.id, order.storeId)).limit(1));
  if (buyer) {
    await sendMail({
      to: buyer.email,
      subject: `Your order #${order.id} has been refunded`,
      text: [
        `Hi ${buyer.firstName},`,
        "",
        `Your order #${order.id} (${order.quantity} x ${order.productName}) has been refunded.`,
        `${formatCents(refundedCents)} goes back to the card you paid with; it usually shows within 5 to 10 days.`,
        isDownloadPattern(order.productType, order.delivery) ? "The pattern download of this order has ended." : "",
        "",
        `Your purchases: ${origin}/purchases`,
      ]
        .filter((line, i, all) => line !== "" || all[i - 1] !== "")
        .join("\n"),
    });
  }
  if (seller) {
    await sendMail({
      to: seller.email,
      subject: `Order #${order.id} was refunded`,
      text: [
        `Hi ${seller.firstName},`,
        "",
        by === "seller"
          ? `Order #${order.id} (${order.quantity} x ${order.productName}) of ${seller.storeName} was refunded to the buyer: the buyer's request was accepted.`
          : `Order #${order.id} (${order.quantity} x ${order.productName}) of ${seller.storeName} was refunded to the buyer by the Patternhouse team.`,
        `${formatCents(debitCents)} (what the sale credited you) was debited from your balance, which is now ${formatCents(seller.balanceCents)}.`,
        seller.balanceCents < 0 ? "Your balance is negative: you owe this amount to the platform, and withdrawals are paused until it is positive again." : "",
        "",
        `Your finance: ${origin}/my-finance`,
      ]
        .filter((line, i, all) => line !== "" || all[i - 1] !== "")
        .join("\n"),
    });
  }
}
