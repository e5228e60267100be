/**
 * The payments domain's error codes, with the status and text the JSON face answers: Stripe's webhook (its body
 * `{ received: false, error }` when the signature does not verify). Model functions return the codes only.
 */
import { answers, type ErrorAnswer } from "~/models/answers";

export const PAYMENTS_ERRORS: { webhook: Record<"not-configured" | "unreadable" | "invalid-signature", ErrorAnswer> } = {
  webhook: {
    ...answers(404, { "not-configured": "Stripe is not configured" }),
    ...answers(400, { unreadable: "The request body could not be read", "invalid-signature": "Invalid signature" }),
  },
};
