/**
 * The payments domain's error codes, with the status and text the JSON face answers: Stripe's webhook (its body
 * `{ received: false, error }` when the signature does not verify) and the payout account's onboarding link. Model
 * functions return the codes only.
 */
import { answers, type ErrorAnswer } from "~/models/answers";
import type { OnboardingError } from "~/models/payments/onboarding.server";

export const PAYMENTS_ERRORS: {
  webhook: Record<"not-configured" | "unreadable" | "invalid-signature", ErrorAnswer>;
  onboarding: Record<OnboardingError, ErrorAnswer>;
} = {
  /** The payout account's onboarding link (spec 7.3 get-stripe-account-link, stripe-onboarding): no link was made. */
  onboarding: answers(502, { "not-found": "The payment provider could not be reached", "provider-failed": "The payment provider could not be reached" }),
  webhook: {
    ...answers(404, { "not-configured": "Stripe is not configured" }),
    ...answers(400, { unreadable: "The request body could not be read", "invalid-signature": "Invalid signature" }),
  },
};
