/**
 * Stripe webhook events (docs/decisions/020-buying-and-payments.md):
 * - checkout.session.completed with payment_status paid, and checkout.session.async_payment_succeeded: fulfil;
 * - checkout.session.expired and checkout.session.async_payment_failed: release the reserved stock;
 * - account.updated: a connected account's payout onboarding (the store's stripe_onboarded flag);
 * - anything else: acknowledged and ignored.
 * The event id is recorded in payment_events in the same transaction as the effect: a replay changes nothing.
 */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";

import { checkouts } from "../../../db/schema";
import { releaseCheckout } from "~/models/buying/fulfilment.server";
import { fulfilAndMail } from "~/models/buying/order-mail.server";
import { applyAccountUpdate } from "~/models/selling/onboarding.server";
import type { Db } from "~/utils/db.server";

export type WebhookOutcome = { ok: true; result: string } | { ok: false; error: "invalid-signature" };

/** Verifies the signature over the raw body, then handles the event. A bad signature changes nothing. */
export async function handleStripeWebhook({
  db,
  stripe,
  secret,
  payload,
  signature,
  origin,
}: {
  db: Db;
  stripe: Stripe;
  secret: string;
  payload: string;
  signature: string | null;
  origin?: string;
}): Promise<WebhookOutcome> {
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error("missing Stripe-Signature header");
    event = stripe.webhooks.constructEvent(payload, signature, secret);
  } catch (error) {
    console.warn("[stripe] webhook refused:", error instanceof Error ? error.message : error);
    return { ok: false, error: "invalid-signature" };
  }
  const result = await handleStripeEvent({ db, event, origin });
  console.log(`[stripe] ${event.type} ${event.id}: ${result}`);
  return { ok: true, result };
}

export async function handleStripeEvent({ db, event, origin }: { db: Db; event: Stripe.Event; origin?: string }): Promise<string> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      const checkout = findCheckout(db, session.id);
      if (!checkout) return "unknown session";
      // Delayed payment methods complete first and pay later (async_payment_succeeded).
      if (session.payment_status !== "paid") return "awaiting payment";
      if (session.amount_total !== checkout.totalCents) {
        console.error(`[stripe] session ${session.id} paid ${session.amount_total}, checkout ${checkout.id} wants ${checkout.totalCents}`);
        return "amount mismatch";
      }
      const intent = session.payment_intent;
      const paymentIntentId = typeof intent === "string" ? intent : (intent?.id ?? null);
      const result = await fulfilAndMail({ db, checkoutId: checkout.id, event: { id: event.id, type: event.type }, paymentIntentId, origin });
      if (result.status === "not-open" && result.checkoutStatus !== "paid") {
        // Cannot happen by design (sessions are expired at Stripe before release); if it does, a person must refund.
        console.error(`[stripe] session ${session.id} was paid but checkout ${checkout.id} is ${result.checkoutStatus}: refund needed`);
      }
      return result.status;
    }
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed": {
      const checkout = findCheckout(db, event.data.object.id);
      if (!checkout) return "unknown session";
      const status = event.type === "checkout.session.expired" ? "expired" : "cancelled";
      return releaseCheckout({ db, checkoutId: checkout.id, status, event: { id: event.id, type: event.type } });
    }
    case "account.updated":
      // Payout onboarding: the store's flag is details_submitted && payouts_enabled (selling/onboarding.server.ts).
      return applyAccountUpdate({ db, account: event.data.object, event: { id: event.id, type: event.type } });
    default:
      return "ignored";
  }
}

function findCheckout(db: Db, sessionId: string) {
  return db.select().from(checkouts).where(eq(checkouts.providerSessionId, sessionId)).get();
}
