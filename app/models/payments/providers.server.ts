import type Stripe from "stripe";

import { createLocalProvider } from "~/models/payments/local.server";
import { createStripeClient, createStripeProvider } from "~/models/payments/stripe.server";
import type { PaymentProvider } from "~/models/payments/types";
import { getEnv } from "~/utils/env.server";

declare global {
  var __stripe: Stripe | undefined;
}

/** The Stripe client when STRIPE_SECRET_KEY is set, else null. */
export function getStripe(): Stripe | null {
  const env = getEnv();
  if (!env.STRIPE_SECRET_KEY) return null;
  globalThis.__stripe ??= createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL });
  return globalThis.__stripe;
}

/** Stripe when configured; the embedded local test provider otherwise. */
export function getPaymentProvider(name?: "stripe" | "local"): PaymentProvider {
  if (name === "local") return createLocalProvider();
  const stripe = getStripe();
  if (stripe) return createStripeProvider(stripe);
  if (name === "stripe") throw new Error("A Stripe checkout exists but STRIPE_SECRET_KEY is not set");
  return createLocalProvider();
}
