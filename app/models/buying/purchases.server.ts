import { and, desc, eq } from "drizzle-orm";

import { checkouts, type Order } from "../../../db/tables";
import { clearCart } from "~/models/buying/cart.server";
import { sweepExpiredCheckouts } from "~/models/buying/checkout.server";
import { fulfilAndMail } from "~/models/buying/order-mail.server";
import { getBuyerOrder, isDownloadable, listBuyerOrders } from "~/models/buying/orders.server";
import { orderCounterpart } from "~/models/messaging/messages.server";
import { getPaymentProvider } from "~/models/payments/providers.server";
import { listVersions, versionFacts } from "~/models/patterns/versions.server";
import { platformContactEmails } from "~/models/platform/settings.server";
import { type Db, first } from "~/utils/db.server";

/**
 * The return from the payment provider (/purchases/success). Spec 4: the cart empties (what the checkout took).
 * The browser's word is not proof of payment: a Stripe checkout still open here is asked of Stripe, and
 * fulfilled only if Stripe says it is paid. Answers whether a payment is still being confirmed.
 */
export async function returnFromPayment({ db, userId, origin }: { db: Db; userId: number; origin: string }) {
  const latest = await first(db
    .select()
    .from(checkouts)
    .where(eq(checkouts.userId, userId))
    .orderBy(desc(checkouts.createdAt), desc(checkouts.id)).limit(1));
  // An abandoned (expired or cancelled) checkout keeps its cart: only a paid or still open one empties it.
  if (!latest || latest.status === "expired" || latest.status === "cancelled") return { confirming: false };
  await clearCart({ db, userId, before: latest.createdAt });
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
  return (await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.status, "open")))).length;
}

/**
 * The buyer's purchases page (/purchases/{status}): their orders, newest first, of one status or all. Returning
 * from the payment provider (`returnedFrom`: the site's origin, on /purchases/success) first settles that return;
 * `confirming` says a payment is still being confirmed.
 */
export async function listPurchases({
  db,
  userId,
  status,
  returnedFrom,
}: {
  db: Db;
  userId: number;
  status?: Order["status"];
  returnedFrom: string | null;
}) {
  const confirming = returnedFrom ? (await returnFromPayment({ db, userId, origin: returnedFrom })).confirming : false;
  const open = await pendingPayments({ db, userId });
  return { orders: await listBuyerOrders({ db, userId, status }), confirming: confirming && open > 0 };
}

/**
 * One of the buyer's orders as its page shows it (/purchase/{id}): the order, its pattern versions (newest first)
 * and the facts of the newest while it can be downloaded, the link to message the seller, and the support address a
 * refund is asked of. Undefined for anyone else's order.
 */
export async function getPurchase({ db, userId, orderId }: { db: Db; userId: number; orderId: number }) {
  const order = await getBuyerOrder({ db, userId, orderId });
  if (!order) return undefined;
  const versions = isDownloadable(order) ? await listVersions({ db, productId: order.productId }) : [];
  return {
    order,
    versions,
    facts: versions[0] ? await versionFacts({ db, version: versions[0] }) : null,
    messageSellerHref: (await orderCounterpart({ db, orderId: order.id, userId }))?.href ?? null,
    supportEmail: (await platformContactEmails({ db }))[0] ?? null,
  };
}
export type Purchase = NonNullable<Awaited<ReturnType<typeof getPurchase>>>;
