import { and, desc, eq } from "drizzle-orm";

import { checkouts } from "../../../db/schema";
import { clearCart } from "~/models/buying/cart.server";
import { sweepExpiredCheckouts } from "~/models/buying/checkout.server";
import { fulfilAndMail } from "~/models/buying/order-mail.server";
import { getPaymentProvider } from "~/models/payments/providers.server";
import type { Db } from "~/utils/db.server";

/**
 * The return from the payment provider (/purchases/success). Spec 4: the cart empties (what the checkout took).
 * The browser's word is not proof of payment: a Stripe checkout still open here is asked of Stripe, and
 * fulfilled only if Stripe says it is paid. Answers whether a payment is still being confirmed.
 */
export async function returnFromPayment({ db, userId, origin }: { db: Db; userId: number; origin: string }) {
  const latest = db
    .select()
    .from(checkouts)
    .where(eq(checkouts.userId, userId))
    .orderBy(desc(checkouts.createdAt), desc(checkouts.id))
    .get();
  // An abandoned (expired or cancelled) checkout keeps its cart: only a paid or still open one empties it.
  if (!latest || latest.status === "expired" || latest.status === "cancelled") return { confirming: false };
  clearCart({ db, userId, before: latest.createdAt });
  if (latest.status !== "open" || latest.provider !== "stripe" || !latest.providerSessionId) return { confirming: latest.status === "open" };
  try {
    const session = await getPaymentProvider("stripe").getSession(latest.providerSessionId);
    if (session.state === "paid" && session.amountTotalCents === latest.totalCents) {
      await fulfilAndMail({ db, checkoutId: latest.id, paymentIntentId: session.paymentIntentId, origin });
      return { confirming: false };
    }
  } catch (error) {
    console.error(`[checkout] could not ask Stripe about checkout ${latest.id}:`, error);
  }
  return { confirming: true };
}

/** Open checkouts of the user (payments not yet confirmed), after settling expired ones. */
export async function pendingPayments({ db, userId }: { db: Db; userId: number }) {
  await sweepExpiredCheckouts({ db, userId });
  return db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.status, "open")))
    .all().length;
}
