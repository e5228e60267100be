import type { ActionFunctionArgs } from "@remix-run/node";

import { getStripe } from "~/models/payments/providers.server";
import { handleStripeWebhook } from "~/models/buying/webhook.server";
import { apiError, requireMethod } from "~/utils/api.server";
import { BodyTooLargeError, MAX_JSON_BYTES, readText } from "~/utils/body.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/mail.server";
import { requestContextOf } from "~/utils/request-context.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/** POST /api/stripe/webhook: Stripe's signed events, verified over the raw body with STRIPE_WEBHOOK_SECRET. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const stripe = getStripe();
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!stripe || !secret) return apiError(404, "Stripe is not configured");
  // Stripe's events are a few KB; 1 MiB bounds what an unsigned stranger can make the server hold.
  const payload = await readText(request, MAX_JSON_BYTES).catch((error: unknown) => {
    if (error instanceof BodyTooLargeError) throw apiError(413, error.message);
    throw error;
  });
  if (payload === null) return apiError(400, "The request body could not be read");
  const outcome = await handleStripeWebhook({
    db: getDb(),
    stripe,
    secret,
    payload,
    signature: request.headers.get("Stripe-Signature"),
    origin: publicOrigin(request),
    reqId: requestContextOf(request)?.id,
  });
  if (!outcome.ok) return Response.json({ received: false, error: "Invalid signature" }, { status: 400 });
  return Response.json({ received: true, result: outcome.result });
}
