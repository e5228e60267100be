/**
 * Payout onboarding (spec 2.4 /my-finance-stripe, 4 Seller onboarding, 7.3 Stripe calls; design notes' pitfall on
 * Express accounts). With Stripe: one Express connected account per store, created with the `controller` settings
 * (idempotency key per store), and single-use account links to Stripe's hosted onboarding; the onboarded flag is
 * `details_submitted && payouts_enabled`, kept fresh by `account.updated` and on the return screen. Without
 * Stripe: the account link is the app's own, clearly marked test onboarding page.
 *
 * Exported:
 *   createOnboardingLink({ db, storeId, origin }): Promise<{ ok: true; account: OnboardingAccount } | { ok: false; error: OnboardingError }>
 *   refreshOnboarded({ db, storeId }): Promise<boolean>
 *   applyAccountUpdate({ db, account, event? }): "updated" | "unknown account" | "duplicate-event"
 *   completeLocalOnboarding({ db, storeId }): { ok: true } | { ok: false; error: "not-found" | "stripe-configured" }
 *   isOnboarded({ db, userId }): boolean
 */
import { and, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";

import { paymentEvents, stores, users } from "../../../db/tables";
import { getStripe } from "~/models/payments/providers.server";
import { affected, type Db, first, transaction } from "~/utils/db.server";
import { logError } from "~/utils/log.server";

export type OnboardingAccount = { id: string; onboarded: boolean; accountLink: { url: string } };
export type OnboardingError = "not-found" | "provider-failed";

/** Where Stripe sends the seller back (return) or when a link expired (refresh: a new link is minted). */
export const onboardingReturnPath = "/my-finance-stripe";
export const onboardingRefreshPath = "/my-finance-stripe?refresh=1";
/** The local provider's onboarding page. */
export const localOnboardingPath = "/my-finance-stripe/test-onboarding";

const isOnboardedAccount = (account: Pick<Stripe.Account, "details_submitted" | "payouts_enabled">) =>
  Boolean(account.details_submitted && account.payouts_enabled);

/** The store's connected account (created once) and a fresh single-use onboarding link. */
export async function createOnboardingLink({
  db,
  storeId,
  origin,
  stripe = getStripe(),
}: {
  db: Db;
  storeId: number;
  origin: string;
  stripe?: Stripe | null;
}): Promise<{ ok: true; account: OnboardingAccount } | { ok: false; error: OnboardingError }> {
  const store = await first(db.select().from(stores).where(eq(stores.id, storeId)).limit(1));
  if (!store) return { ok: false, error: "not-found" };
  if (!stripe) {
    return { ok: true, account: { id: `local_${store.id}`, onboarded: store.stripeOnboarded, accountLink: { url: localOnboardingPath } } };
  }
  try {
    let accountId = store.stripeAccountId;
    if (!accountId) {
      const owner = await first(db.select({ email: users.email }).from(users).where(eq(users.id, store.userId)).limit(1));
      const account = await stripe.accounts.create(
        {
          controller: {
            stripe_dashboard: { type: "express" },
            fees: { payer: "application" },
            losses: { payments: "application" },
          },
          country: "US",
          email: owner?.email,
          capabilities: { transfers: { requested: true } },
          metadata: { storeId: String(store.id) },
        },
        // One account per store, also when two requests race: Stripe answers the second with the first account.
        { idempotencyKey: `account-store-${store.id}-${store.createdAt.getTime()}` },
      );
      await db.update(stores).set({ stripeAccountId: account.id }).where(and(eq(stores.id, store.id), isNull(stores.stripeAccountId)));
      accountId = (await first(db.select({ id: stores.stripeAccountId }).from(stores).where(eq(stores.id, store.id)).limit(1)))!.id!;
    }
    const link = await stripe.accountLinks.create({
      account: accountId,
      refresh_url: `${origin}${onboardingRefreshPath}`,
      return_url: `${origin}${onboardingReturnPath}`,
      type: "account_onboarding",
    });
    return { ok: true, account: { id: accountId, onboarded: store.stripeOnboarded, accountLink: { url: link.url } } };
  } catch (error) {
    logError({ event: "onboarding-failed", storeId }, "Stripe failed to start onboarding", error);
    return { ok: false, error: "provider-failed" };
  }
}

/** Asks Stripe for the account's state (the return screen) and stores the flag; local stores keep theirs. */
export async function refreshOnboarded({ db, storeId, stripe = getStripe() }: { db: Db; storeId: number; stripe?: Stripe | null }): Promise<boolean> {
  const store = await first(db.select().from(stores).where(eq(stores.id, storeId)).limit(1));
  if (!store) return false;
  if (!stripe || !store.stripeAccountId) return store.stripeOnboarded;
  try {
    const account = await stripe.accounts.retrieve(store.stripeAccountId);
    const onboarded = isOnboardedAccount(account);
    await db.update(stores).set({ stripeOnboarded: onboarded }).where(eq(stores.id, storeId));
    return onboarded;
  } catch (error) {
    logError({ event: "onboarding-read-failed", storeId }, "the Stripe account could not be read", error);
    return store.stripeOnboarded;
  }
}

/** `account.updated`: the store of that account is onboarded exactly when details are submitted and payouts enabled. */
export async function applyAccountUpdate({
  db,
  account,
  event,
}: {
  db: Db;
  account: Pick<Stripe.Account, "id" | "details_submitted" | "payouts_enabled">;
  event?: { id: string; type: string };
}): Promise<"updated" | "unknown account" | "duplicate-event"> {
  return await transaction(db,
    async (tx) => {
      if (event && affected(await tx.insert(paymentEvents).values(event).onConflictDoNothing()) === 0) return "duplicate-event" as const;
      const changed = await tx
        .update(stores)
        .set({ stripeOnboarded: isOnboardedAccount(account) })
        .where(eq(stores.stripeAccountId, account.id));
      return affected(changed) > 0 ? ("updated" as const) : ("unknown account" as const);
    },
    { behavior: "immediate" },
  );
}

/** The local test onboarding page's button: only without Stripe, where no real account exists. */
export async function completeLocalOnboarding({
  db,
  storeId,
  stripe = getStripe(),
}: {
  db: Db;
  storeId: number;
  stripe?: Stripe | null;
}): Promise<{ ok: true } | { ok: false; error: "not-found" | "stripe-configured" }> {
  if (stripe) return { ok: false, error: "stripe-configured" };
  const changed = await db.update(stores).set({ stripeOnboarded: true }).where(eq(stores.id, storeId));
  return affected(changed) > 0 ? { ok: true } : { ok: false, error: "not-found" };
}

/** The header's flag (spec 2.2, 7.3 stripe-onboarded): the user's store finished payout onboarding. */
export async function isOnboarded({ db, userId }: { db: Db; userId: number }): Promise<boolean> {
  const store = await first(db.select({ onboarded: stores.stripeOnboarded }).from(stores).where(eq(stores.userId, userId)).limit(1));
  return Boolean(store?.onboarded);
}

/**
 * The return screen's question, without writing (a GET never writes, decision 161): whether Stripe calls the
 * store's account onboarded now, and the flag stored. When they differ the screen posts refreshOnboarded (with
 * JavaScript), and Stripe's `account.updated` event stores it in any case (applyAccountUpdate).
 */
export async function askOnboarded({ db, storeId, stripe = getStripe() }: { db: Db; storeId: number; stripe?: Stripe | null }) {
  const store = await first(db.select().from(stores).where(eq(stores.id, storeId)).limit(1));
  if (!store) return { onboarded: false, stored: false };
  if (!stripe || !store.stripeAccountId) return { onboarded: store.stripeOnboarded, stored: store.stripeOnboarded };
  try {
    const account = await stripe.accounts.retrieve(store.stripeAccountId);
    return { onboarded: isOnboardedAccount(account), stored: store.stripeOnboarded };
  } catch (error) {
    logError({ event: "onboarding-read-failed", storeId }, "the Stripe account could not be read", error);
    return { onboarded: store.stripeOnboarded, stored: store.stripeOnboarded };
  }
}

/**
 * Whether the payout screen's refresh GET may mint an onboarding link without writing: without Stripe, or once the
 * store has its account (created by the screen's "Continue payout setup" post, or the spec's GET stripe-onboarding).
 */
export function canLinkWithoutWriting(store: Pick<typeof stores.$inferSelect, "stripeAccountId">, stripe = getStripe()): boolean {
  return !stripe || Boolean(store.stripeAccountId);
}
