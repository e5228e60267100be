import type Stripe from "stripe";

import type { PaymentProvider, ProviderTax, SessionState } from "~/models/payments/types";
import { stripeSdk } from "~/utils/optional-sdk.server";

/**
 * The Stripe SDK, pointed at api.stripe.com, or in tests at the fake Stripe on loopback given by
 * STRIPE_API_URL (the SDK's host, port and protocol options).
 */
export function createStripeClient({ secretKey, apiUrl }: { secretKey: string; apiUrl?: string }): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (apiUrl) {
    const url = new URL(apiUrl);
    options.host = url.hostname;
    options.port = url.port || (url.protocol === "https:" ? "443" : "80");
    options.protocol = url.protocol === "http:" ? "http" : "https";
  }
  const StripeClient = stripeSdk();
  return new StripeClient(secretKey, options);
}

/**
 * Whether `error` is one of the SDK's errors of these kinds (by the `type` every Stripe error carries: the SDK is
 * loaded on first use, so its classes are not at hand for `instanceof`).
 */
export function isStripeError(error: unknown, ...types: string[]): error is Error & { type: string } {
  return error instanceof Error && types.includes(String((error as { type?: unknown }).type));
}

function stateOf(session: Stripe.Checkout.Session): SessionState {
  if (session.status === "expired") return "expired";
  if (session.status === "complete") {
    return session.payment_status === "paid" || session.payment_status === "no_payment_required" ? "paid" : "unpaid-complete";
  }
  return "open";
}

/** What Stripe Tax computed on a session: in all, and per line item (in the order the lines were sent). */
async function taxOf(stripe: Stripe, session: Stripe.Checkout.Session): Promise<ProviderTax> {
  const lineTaxCents: number[] = [];
  for await (const item of stripe.checkout.sessions.listLineItems(session.id, { limit: 100 })) lineTaxCents.push(item.amount_tax);
  return { totalCents: session.total_details?.amount_tax ?? 0, lineTaxCents, country: session.customer_details?.address?.country ?? null };
}

/** Stripe Checkout in cents, one line per cart line plus the printing-and-shipping line. */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: "stripe",
    async createSession({ checkout, lines, buyerEmail, origin }) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: String(checkout.id),
          metadata: { checkoutId: String(checkout.id) },
          payment_intent_data: { metadata: { checkoutId: String(checkout.id) } },
          customer_email: buyerEmail,
          // Stripe Tax (decision 123): Stripe computes the tax on each line by its product tax code, on top of the price.
          ...(checkout.taxMode === "stripe" && { automatic_tax: { enabled: true } }),
          line_items: lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: "usd",
              unit_amount: line.unitAmountCents,
              product_data: { name: line.name, ...(checkout.taxMode === "stripe" && line.taxCode && { tax_code: line.taxCode }) },
              ...(checkout.taxMode === "stripe" && { tax_behavior: "exclusive" as const }),
            },
          })),
          success_url: `${origin}/purchases/success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${origin}/cart`,
          expires_at: Math.floor(checkout.expiresAt.getTime() / 1000),
        },
        // Unique per checkout row, also across databases sharing one Stripe account.
        { idempotencyKey: `checkout-${checkout.id}-${checkout.createdAt.getTime()}` },
      );
      if (!session.url) throw new Error(`Stripe returned no URL for checkout ${checkout.id}`);
      return { sessionId: session.id, url: session.url };
    },
    async getSession(sessionId) {
      // The charge, for the card's country (decision 123).
      const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ["payment_intent.latest_charge"] });
      const intent = session.payment_intent;
      const charge = intent && typeof intent !== "string" ? intent.latest_charge : null;
      return {
        state: stateOf(session),
        amountTotalCents: session.amount_total,
        paymentIntentId: typeof intent === "string" ? intent : (intent?.id ?? null),
        tax: session.automatic_tax?.enabled ? await taxOf(stripe, session) : null,
        cardCountry: charge && typeof charge !== "string" ? (charge.payment_method_details?.card?.country ?? null) : null,
      };
    },
    async refundSession(sessionId, amountCents) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error(`Stripe session ${sessionId} has no payment intent`);
      const refund = await stripe.refunds.create({ payment_intent: intent, amount: amountCents, metadata: { sessionId } }, { idempotencyKey: `refund-session-${sessionId}` });
      return refund.id;
    },
    async expireSession(sessionId) {
      try {
        return stateOf(await stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        // Only an open session can be expired: ask what it is instead.
        if (isStripeError(error, "StripeInvalidRequestError")) {
          return stateOf(await stripe.checkout.sessions.retrieve(sessionId));
        }
        throw error;
      }
    },
  };
}
