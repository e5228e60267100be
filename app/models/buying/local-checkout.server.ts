import type { Checkout } from "../../../db/tables";
import { getOwnCheckout } from "~/models/buying/checkout.server";
import { releaseCheckout } from "~/models/buying/fulfilment.server";
import { fulfilAndMail } from "~/models/buying/order-mail.server";
import type { Db } from "~/utils/db.server";

export type LocalCheckoutState =
  | { ok: true; checkout: Checkout }
  | { ok: false; error: "not-found" | "expired" | "closed" | "paid" };

/** The buyer's own open local checkout, if it can still be paid (an expired one is released on the spot). */
export async function openLocalCheckout({ db, userId, checkoutId, now = new Date() }: { db: Db; userId: number; checkoutId: number; now?: Date }): Promise<LocalCheckoutState> {
  const checkout = await getOwnCheckout({ db, userId, checkoutId });
  if (!checkout || checkout.provider !== "local") return { ok: false, error: "not-found" };
  if (checkout.status === "paid") return { ok: false, error: "paid" };
  if (checkout.status !== "open") return { ok: false, error: "closed" };
  if (checkout.expiresAt <= now) {
    await releaseCheckout({ db, checkoutId, status: "expired" });
    return { ok: false, error: "expired" };
  }
  return { ok: true, checkout };
}

/** The test page's Pay button: the same fulfilment as a Stripe checkout.session.completed. */
export async function payLocalCheckout({
  db,
  userId,
  checkoutId,
  origin,
  reqId,
}: {
  db: Db;
  userId: number;
  checkoutId: number;
  origin?: string;
  reqId?: string;
}) {
  const state = await openLocalCheckout({ db, userId, checkoutId });
  if (!state.ok) return state;
  const result = await fulfilAndMail({
    db,
    checkoutId,
    origin,
    reqId,
    event: { id: `local_paid_${checkoutId}`, type: "local.payment.succeeded" },
  });
  return result.status === "fulfilled" ? { ok: true as const, checkout: state.checkout } : { ok: false as const, error: "closed" as const };
}

/** The test page's Cancel button: the same release as a Stripe checkout.session.expired. */
export async function cancelLocalCheckout({ db, userId, checkoutId }: { db: Db; userId: number; checkoutId: number }) {
  const state = await openLocalCheckout({ db, userId, checkoutId });
  if (!state.ok) return state;
  await releaseCheckout({ db, checkoutId, status: "cancelled", event: { id: `local_cancelled_${checkoutId}`, type: "local.payment.cancelled" } });
  return { ok: true as const, checkout: state.checkout };
}
