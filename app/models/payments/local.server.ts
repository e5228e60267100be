import type { PaymentProvider } from "~/models/payments/types";
import { randomToken } from "~/utils/crypto.server";

/**
 * The embedded default: the "payment page" is /pay/{checkoutId}, served by this app and clearly marked as a
 * test page. Its Pay and Cancel buttons call the same fulfil and release functions as the Stripe webhook, so
 * the session's state lives in our checkouts table, not here.
 */
export function createLocalProvider(): PaymentProvider {
  return {
    name: "local",
    async createSession({ checkout }) {
      // A path: the test payment page is this site's own, so the browser stays on the address it came by (issue 19).
      return { sessionId: `local_${checkout.id}_${randomToken().slice(0, 12)}`, url: `/pay/${checkout.id}` };
    },
    async getSession() {
      // Only our own checkout row knows; an unpaid local session is open until it expires.
      return { state: "open", amountTotalCents: null };
    },
    async expireSession() {
      return "expired";
    },
  };
}
