/**
 * Deleting an account (issue 22, item 8; decision 103): personal data replaced in one transaction, orders and ledger
 * rows kept (amounts untouched) for the seller's and the tax records, written to the audit log with who asked. The
 * export is `personal-data-export.server.ts`. The transaction writes the rows of the domains that hold a person's
 * data through the schema (db/ is below every domain), so accounts imports no higher domain.
 */
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type Stripe from "stripe";

import {
  carts,
  cartItems,
  checkouts,
  cutPlanMarkers,
  cutPlans,
  favorites,
  files,
  follows,
  helpRequests,
  orders,
  passwordResetTokens,
  products,
  reviews,
  sessions,
  storeMedia,
  stores,
  transactions,
  userBlocks,
  userMeasurements,
  users,
  type User,
} from "../../../db/tables";
import { forgetCommunityData } from "~/models/accounts/community-data.server";
import { auditActor, type DataActor } from "~/models/accounts/personal-data-export.server";
import { deleteUnreferencedFiles } from "~/models/files/store.server";
import { getStripe } from "~/models/payments/providers.server";
import { recordAudit } from "~/models/platform/audit.server";
import { isDownloadPattern } from "~/utils/catalog";
import { verifyPassword } from "~/utils/crypto.server";
import { type Db, type DbOrTx, first, transaction } from "~/utils/db.server";
import { parseJson } from "~/utils/personal-data";
import { logError } from "~/utils/log.server";

/** The name a deleted account shows everywhere (messages, reviews, orders): first + last name. */
export const DELETED_FIRST_NAME = "Deleted";
export const DELETED_LAST_NAME = "user";
export const DELETED_NAME = `${DELETED_FIRST_NAME} ${DELETED_LAST_NAME}`;

/** A unique address no mail can reach (`.invalid` is reserved, RFC 2606); it also marks the account deleted. */
export function deletedEmail(userId: number): string {
  return `deleted-${userId}@invalid`;
}

export function isDeletedAccount(user: Pick<User, "id" | "email">): boolean {
  return user.email === deletedEmail(user.id);
}

export type DeleteAccountError =
  | "not-found"
  | "already-deleted"
  | "wrong-password"
  | "reason-required"
  | "administrator"
  | "orders-in-flight"
  | "checkout-open"
  | "store-orders-open"
  | "store-balance"
  | "payout-pending";

/**
 * `stripeAccount`: the store's Stripe connected account was deleted at Stripe ("closed"), Stripe refused or did not
 * answer ("not-closed": logged with its id for the administrator to close by hand), or there was none (null).
 */
export type DeleteAccountResult =
  | { ok: true; userId: number; filesDeleted: number; stripeAccount: "closed" | "not-closed" | null }
  | { ok: false; error: DeleteAccountError };

/** Pending orders the platform or a seller still has to ship to this buyer (made, ready and printed). */
async function ordersInFlight(db: DbOrTx, userId: number) {
  return (await db
    .select({ type: orders.productType, delivery: orders.delivery })
    .from(orders)
    .where(and(eq(orders.buyerId, userId), eq(orders.status, "Pending"))))
    .filter((o) => !isDownloadPattern(o.type, o.delivery)).length;
}

async function refusal(db: DbOrTx, user: User): Promise<DeleteAccountError | null> {
  if (isDeletedAccount(user)) return "already-deleted";
  if (user.role === "admin") return "administrator";
  if (await ordersInFlight(db, user.id) > 0) return "orders-in-flight";
  if (await first(db.select({ id: checkouts.id }).from(checkouts).where(and(eq(checkouts.userId, user.id), eq(checkouts.status, "open"))).limit(1))) return "checkout-open";
  const store = await first(db.select().from(stores).where(eq(stores.userId, user.id)).limit(1));
  if (store) {
    const pendingTransfer = await first(db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.storeId, store.id), eq(transactions.txType, "Transfer"), eq(transactions.status, "Pending"))).limit(1));
    if (pendingTransfer) return "payout-pending";
    if (store.balanceCents !== 0) return "store-balance";
    const toShip = await first(db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.storeId, store.id), eq(orders.status, "Pending"), inArray(orders.productType, ["Made", "Ready"]))).limit(1));
    if (toShip) return "store-orders-open";
  }
  return null;
}

/** An address snapshot (checkout, order) with the person's name, street and phone replaced; the tax jurisdiction kept. */
function scrubAddress(text: string, userId: number): string {
  const parsed = parseJson(text);
  if (!parsed || typeof parsed !== "object") return "{}";
  const address = parsed as Record<string, unknown>;
  const keep = ["city", "state", "postal_code", "country"] as const;
  return JSON.stringify({
    ...Object.fromEntries(keep.filter((k) => k in address).map((k) => [k, address[k]])),
    ...("first_name" in address ? { first_name: DELETED_FIRST_NAME, last_name: DELETED_LAST_NAME } : {}),
    ...("shipping_name" in address ? { shipping_name: DELETED_NAME } : {}),
    street: "",
    street2: "",
    phone: "",
    ...("email" in address ? { email: deletedEmail(userId) } : {}),
  });
}

/**
 * Deletes an account: personal data replaced in one transaction, the sessions (the API tokens are sessions) and
 * reset tokens ended, the store closed (products unlisted, never deleted: orders refer to them), orders and ledger
 * rows kept with their amounts; then the uploaded files nothing refers to any more are deleted. Refused while
 * something in flight still needs the person (see `DeleteAccountError`). The user confirms with their password,
 * an administrator with a reason.
 */
export async function deleteAccount({
  db,
  userId,
  actor,
  password,
  now = new Date(),
  dataDir,
  stripe = getStripe(),
}: {
  db: Db;
  userId: number;
  actor: DataActor;
  password?: string;
  now?: Date;
  dataDir?: string;
  stripe?: Stripe | null;
}): Promise<DeleteAccountResult> {
  const user = await first(db.select().from(users).where(eq(users.id, userId)).limit(1));
  if (!user) return { ok: false, error: "not-found" };
  if (actor.kind === "admin" && !actor.reason.trim()) return { ok: false, error: "reason-required" };
  if (isDeletedAccount(user)) return { ok: false, error: "already-deleted" };
  if (actor.kind === "user" && !(await verifyPassword(user.passwordHash, password ?? ""))) return { ok: false, error: "wrong-password" };

  const outcome = await transaction(db,
    async (tx): Promise<{ ok: true; candidates: string[]; stripeAccountId: string | null } | { ok: false; error: DeleteAccountError }> => {
      const current = await first(tx.select().from(users).where(eq(users.id, userId)).limit(1));
      if (!current) return { ok: false, error: "not-found" };
      const refused = await refusal(tx, current);
      if (refused) return { ok: false, error: refused };
      const candidates: string[] = [];
      if (current.avatar) candidates.push(current.avatar);

      await tx.update(users)
        .set({
          email: deletedEmail(userId),
          passwordHash: "",
          firstName: DELETED_FIRST_NAME,
          lastName: DELETED_LAST_NAME,
          status: "Inactive",
          phone: "",
          street: "",
          street2: "",
          city: "",
          state: "",
          postalCode: "",
          country: "",
          companyName: "",
          avatar: null,
          bio: "",
          messageEmails: false,
        })
        .where(eq(users.id, userId));
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
      await tx.delete(carts).where(eq(carts.userId, userId));
      await tx.delete(follows).where(eq(follows.userId, userId));
      await tx.delete(favorites).where(eq(favorites.userId, userId));
      // The users row stays (anonymised), so its on-delete cascade does not run: the body measurements go here.
      await tx.delete(userMeasurements).where(eq(userMeasurements.userId, userId));
      // Production cut plans (issue 48) and their markers: the quantities a business cuts are its own.
      await tx.delete(cutPlanMarkers).where(inArray(cutPlanMarkers.planId, tx.select({ id: cutPlans.id }).from(cutPlans).where(eq(cutPlans.userId, userId))));
      await tx.delete(cutPlans).where(eq(cutPlans.userId, userId));
      await tx.delete(userBlocks).where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
      await tx.update(reviews).set({ name: DELETED_NAME }).where(eq(reviews.userId, userId));
      for (const help of await tx.select().from(helpRequests).where(eq(helpRequests.userId, userId))) {
        if (help.resumeFile) candidates.push(help.resumeFile);
      }
      await tx.delete(helpRequests).where(eq(helpRequests.userId, userId));
      // Makes, reports and tester applications (issue 37): the makes' photos go with the other unreferenced files.
      candidates.push(...await forgetCommunityData(tx, userId));
      for (const checkout of await tx.select({ id: checkouts.id, address: checkouts.shippingAddress }).from(checkouts).where(eq(checkouts.userId, userId))) {
        await tx.update(checkouts).set({ shippingAddress: scrubAddress(checkout.address, userId) }).where(eq(checkouts.id, checkout.id));
      }
      for (const order of await tx.select({ id: orders.id, info: orders.shippingInfo }).from(orders).where(eq(orders.buyerId, userId))) {
        await tx.update(orders).set({ shippingInfo: scrubAddress(order.info, userId) }).where(eq(orders.id, order.id));
      }

      const store = await first(tx.select().from(stores).where(eq(stores.userId, userId)).limit(1));
      if (store) {
        if (store.avatar) candidates.push(store.avatar);
        const media = await tx.select({ media: storeMedia.media }).from(storeMedia).where(eq(storeMedia.storeId, store.id));
        candidates.push(...media.map((m) => m.media));
        await tx.delete(storeMedia).where(eq(storeMedia.storeId, store.id));
        await tx.delete(follows).where(eq(follows.storeId, store.id));
        await tx.update(stores)
          .set({
            name: `Closed store ${store.id}`,
            bio: "",
            avatar: null,
            stripeAccountId: null,
            stripeOnboarded: false,
            accountName: "",
            accountNumber: "",
            accountLast4: "",
            accountRouting: "",
          })
          .where(eq(stores.id, store.id));
        await tx.update(products)
          .set({ removedAt: now, updatedAt: now })
          .where(and(eq(products.storeId, store.id), sql`${products.removedAt} IS NULL`));
        // Nobody can buy from a closed store: its products leave every visitor's cart.
        const productIds = (await tx.select({ id: products.id }).from(products).where(eq(products.storeId, store.id))).map((p) => p.id);
        if (productIds.length) await tx.delete(cartItems).where(inArray(cartItems.productId, productIds));
      }
      const { adminId, details } = auditActor(actor, userId);
      await recordAudit(tx, { adminId, action: "delete-account", targetType: "user", targetId: userId, details, now });
      return { ok: true, candidates, stripeAccountId: store?.stripeAccountId ?? null };
    },
    { behavior: "immediate" },
  );
  if (!outcome.ok) return outcome;
  const stripeAccount = outcome.stripeAccountId ? await closeStripeAccount(stripe, outcome.stripeAccountId, userId) : null;
  const before = outcome.candidates.length ? (await first(db.select({ n: sql<number>`count(*)` }).from(files).where(inArray(files.name, outcome.candidates)).limit(1)))!.n : 0;
  await deleteUnreferencedFiles({ db, names: outcome.candidates, dataDir });
  const after = outcome.candidates.length ? (await first(db.select({ n: sql<number>`count(*)` }).from(files).where(inArray(files.name, outcome.candidates)).limit(1)))!.n : 0;
  return { ok: true, userId, filesDeleted: before - after, stripeAccount };
}

/**
 * Deletes the closed store's Express account at Stripe (the platform controls it; refusal already ensured no balance
 * is left here). The local deletion stands either way: a refusal or an outage is logged with the account's id.
 */
async function closeStripeAccount(stripe: Stripe | null, accountId: string, userId: number): Promise<"closed" | "not-closed"> {
  if (!stripe) {
    logError({ accountId, userId }, "delete-account: Stripe is not configured, the connected account was not closed");
    return "not-closed";
  }
  try {
    await stripe.accounts.del(accountId);
    return "closed";
  } catch (error) {
    logError({ accountId, userId }, "delete-account: Stripe did not close the connected account; close it in the Stripe dashboard", error);
    return "not-closed";
  }
}
