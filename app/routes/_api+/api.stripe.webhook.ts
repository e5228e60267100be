import { apiRoute, domainError } from "~/auth/api-route.server";
import { PAYMENTS_ERRORS } from "~/models/payments/errors";
import { getStripe } from "~/models/payments/providers.server";
import { handleStripeWebhook } from "~/models/buying/webhook.server";
import { apiError } from "~/utils/api.server";
import { BodyTooLargeError, MAX_JSON_BYTES, readText } from "~/utils/body.server";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/mail.server";
import { requestContextOf } from "~/utils/request-context.server";

/** POST /api/stripe/webhook: Stripe's signed events, verified over the raw body with STRIPE_WEBHOOK_SECRET. */
const route = apiRoute({ method: "POST", guard: "none" }, async ({ request, db }) => {
  const stripe = getStripe();
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!stripe || !secret) return domainError(PAYMENTS_ERRORS.webhook, "not-configured");
  // Stripe's events are a few KB; 1 MiB bounds what an unsigned stranger can make the server hold.
  const payload = await readText(request, MAX_JSON_BYTES).catch((error: unknown) => {
    if (error instanceof BodyTooLargeError) throw apiError(413, error.message);
    throw error;
  });
  if (payload === null) return domainError(PAYMENTS_ERRORS.webhook, "unreadable");
  const signature = request.headers.get("Stripe-Signature");
  const reqId = requestContextOf(request)?.id;
  const outcome = await handleStripeWebhook({ db, stripe, secret, payload, signature, origin: publicOrigin(request), reqId });
  if (outcome.ok) return { received: true, result: outcome.result };
  const { status, message } = PAYMENTS_ERRORS.webhook["invalid-signature"];
  return Response.json({ received: false, error: message }, { status });
});
export const loader = route.loader;
export const action = route.action;
