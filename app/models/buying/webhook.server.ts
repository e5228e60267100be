/**
 * Stripe webhook events (decision 141, docs/decisions/141-payments-webhook-fulfilment.md):
 * - checkout.session.completed with payment_status paid, and checkout.session.async_payment_succeeded: fulfil;
 * - checkout.session.expired and checkout.session.async_payment_failed: release the reserved stock;
 * - account.updated: a connected account's payout onboarding (the store's stripe_onboarded flag);
 * - anything else: acknowledged and ignored.
 * The event id is recorded in payment_events in the same transaction as the effect: a replay changes nothing.
 */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";

import { checkouts } from "../../../db/tables";
import { releaseCheckout } from "~/models/buying/fulfilment.server";
import { fulfilAndMail } from "~/models/buying/order-mail.server";
import { refuseOnEvidence } from "~/models/buying/evidence.server";
import { getPaymentProvider } from "~/models/payments/providers.server";
import { applyAccountUpdate } from "~/models/payments/onboarding.server";
import { type Db, first } from "~/utils/db.server";
import { log, logError } from "~/utils/log.server";

export type WebhookOutcome = { ok: true; result: string } | { ok: false; error: "invalid-signature" };

/** Verifies the signature over the raw body, then handles the event. A bad signature changes nothing. */
export async function handleStripeWebhook({
  db,
  stripe,
  secret,
  payload,
  signature,
  origin,
  reqId,
}: {
  db: Db;
  stripe: Stripe;
  secret: string;
  payload: string;
  signature: string | null;
  origin?: string;
  /** The webhook request's id, for the log lines (request-context.server.ts). */
  reqId?: string;
}): Promise<WebhookOutcome> {
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error("missing Stripe-Signature header");
    event = stripe.webhooks.constructEvent(payload, signature, secret);
  } catch (error) {
    log.warn({ event: "webhook-refused", reqId, reason: error instanceof Error ? error.message : String(error) }, "a Stripe webhook was refused");
    return { ok: false, error: "invalid-signature" };
  }
  const result = await handleStripeEvent({ db, event, origin, reqId });
  log.info({ event: "webhook", reqId, type: event.type, eventId: event.id, result }, "a Stripe webhook was handled");
  return { ok: true, result };
}

export async function handleStripeEvent({
  db,
  event,
  origin,
  reqId,
}: {
  db: Db;
  event: Stripe.Event;
  origin?: string;
  reqId?: string;
}): Promise<string> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      const checkout = await findCheckout(db, session.id);
      if (!checkout) return "unknown session";
      // Delayed payment methods complete first and pay later (async_payment_succeeded).
      if (session.payment_status !== "paid") return "awaiting payment";
      // Under Stripe Tax (decision 123) the session's total is the checkout's plus the tax Stripe added.
      const addedTax = checkout.taxMode === "stripe" && checkout.status === "open" ? (session.total_details?.amount_tax ?? 0) : 0;
      if (session.amount_total !== checkout.totalCents + addedTax) {
        logError(
          { event: "payment-mismatch", sessionId: session.id, paidCents: session.amount_total, checkoutId: checkout.id, wantedCents: checkout.totalCents },
          "a Stripe session paid another amount than its checkout",
        );
        return "amount mismatch";
      }
      const intent = session.payment_intent;
      const paymentIntentId = typeof intent === "string" ? intent : (intent?.id ?? null);
      // Stripe's tax per line (the line items) and the card's country, asked of Stripe once, while the checkout is open.
      const asked = checkout.status === "open" && (checkout.taxMode === "stripe" || checkout.taxMode === "vat") ? await getPaymentProvider("stripe").getSession(session.id) : null;
      const providerTax = checkout.taxMode === "stripe" ? (asked?.tax ?? null) : null;
      // VAT on downloads (decision 123): the card's country must not contradict the profile's; if it does, the payment
      // goes back whole and nothing is ordered.
      if (checkout.taxMode === "vat" && asked) {
        const refused = await refuseOnEvidence({ db, checkout, cardCountry: asked.cardCountry ?? null, amountCents: session.amount_total ?? 0, event: { id: event.id, type: event.type } });
        if (refused) return refused;
      }
      const result = await fulfilAndMail({ db, checkoutId: checkout.id, event: { id: event.id, type: event.type }, paymentIntentId, providerTax, origin, reqId });
      if (result.status === "not-open" && result.checkoutStatus !== "paid") {
        // Cannot happen by design (sessions are expired at Stripe before release); if it does, a person must refund.
        logError(
          { event: "payment-unplaced", sessionId: session.id, checkoutId: checkout.id, checkoutStatus: result.checkoutStatus },
          "a Stripe session was paid but its checkout is closed: refund needed",
        );
      }
      return result.status;
    }
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed": {
      const checkout = await findCheckout(db, event.data.object.id);
      if (!checkout) return "unknown session";
      const status = event.type === "checkout.session.expired" ? "expired" : "cancelled";
      return await releaseCheckout({ db, checkoutId: checkout.id, status, event: { id: event.id, type: event.type } });
    }
    case "account.updated":
      // Payout onboarding: the store's flag is details_submitted && payouts_enabled (payments/onboarding.server.ts).
      return await applyAccountUpdate({ db, account: event.data.object, event: { id: event.id, type: event.type } });
    default:
      return "ignored";
  }
}

async function findCheckout(db: Db, sessionId: string) {
  return await first(db.select().from(checkouts).where(eq(checkouts.providerSessionId, sessionId)).limit(1));
}
