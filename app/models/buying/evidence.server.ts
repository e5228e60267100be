/**
 * A paid checkout whose card contradicts the buyer's country (decision 123) is refused after the fact: the provider
 * gives the whole payment back (once: the refund's idempotency key is the session's), the checkout is released as
 * cancelled (its stock and discount code return, the event recorded so a replay changes nothing) and the buyer is told
 * why by email. The cart stays, to be checked out again.
 */
import { eq } from "drizzle-orm";

import { checkoutLines, products, users, type Checkout } from "../../../db/tables";
import { releaseCheckout, type ProviderEvent } from "~/models/buying/fulfilment.server";
import { getPaymentProvider } from "~/models/payments/providers.server";
import { evidenceConflicts, evidenceRefusal } from "~/models/tax/evidence.server";
import { isDownloadPattern } from "~/utils/catalog";
import { type Db, first } from "~/utils/db.server";
import { log } from "~/utils/log.server";
import { sendMail } from "~/utils/mail.server";

/** Null when the evidence agrees (or there is none); else what the webhook answers. */
export async function refuseOnEvidence({
  db,
  checkout,
  cardCountry,
  amountCents,
  event,
}: {
  db: Db;
  checkout: Checkout;
  cardCountry: string | null;
  amountCents: number;
  /** The webhook's event (recorded with the release); none from the expiry sweep. */
  event: ProviderEvent | undefined;
}): Promise<string | null> {
  if (checkout.reverseCharge) return null;
  const profileCountry = (JSON.parse(checkout.shippingAddress) as { country?: string }).country ?? null;
  if (!evidenceConflicts({ profileCountry, cardCountry })) return null;
  const downloads = (await db
    .select({ type: products.type, delivery: products.delivery })
    .from(checkoutLines)
    .innerJoin(products, eq(products.id, checkoutLines.productId))
    .where(eq(checkoutLines.checkoutId, checkout.id)))
    .some((l) => isDownloadPattern(l.type, l.delivery));
  if (!downloads) return null;
  const provider = getPaymentProvider(checkout.provider);
  if (!provider.refundSession || !checkout.providerSessionId) return null;
  const refundId = await provider.refundSession(checkout.providerSessionId, amountCents);
  const released = await releaseCheckout({ db, checkoutId: checkout.id, status: "cancelled", event });
  log.warn({ event: "payment-refused-evidence", checkoutId: checkout.id, profileCountry, cardCountry, refundId }, "a payment was refunded: the card's country contradicts the buyer's");
  if (released === "released") {
    const buyer = await first(db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, checkout.userId)).limit(1));
    if (buyer) {
      await sendMail({
        to: buyer.email,
        subject: "Your Patternhouse payment was refunded",
        text: [`Hi ${buyer.firstName},`, "", evidenceRefusal({ profileCountry: profileCountry!, cardCountry: cardCountry! })].join("\n"),
      });
    }
  }
  return "refused: card country";
}
