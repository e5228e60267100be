import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { Db } from "../../../db/client";
import { platformSettings, stores, transactions } from "../../../db/tables";
import { startFakeStripe } from "../../../tests/fakes/stripe";
import { outbox, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { balanceOf, makeSoldShop, SOLD_BALANCE } from "../../../tests/unit/selling-fixtures";
import { action as webhookRoute } from "~/routes/_api+/api.stripe.webhook";
import { createOnboardingLink, refreshOnboarded } from "~/models/payments/onboarding.server";
import { createLocalPayouts, settleTransfer, transferIdempotencyKey, withdrawBalance } from "~/models/selling/payouts.server";
import { first } from "~/utils/db.server";

const SECRET = "whsec_payouts_secret";
const signer = new Stripe("sk_test_signer");
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let dir: string;

beforeAll(async () => {
  fake = await startFakeStripe();
  dir = useTestEnv({ STRIPE_SECRET_KEY: "sk_test_payouts", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: fake.url });
});
afterAll(() => fake.close());

let db: Db;
beforeEach(() => {
  db = createTestDb();
  globalThis.__db = db;
  Object.assign(fake.behaviour, { refuseTransfers: null, failTransfers: 0, refuseRefunds: null });
  fake.requests.length = 0;
  fake.transfers.clear();
});

function postEvent(body: string) {
  const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret: SECRET });
  const request = new Request("http://shop.test/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body,
  });
  return webhookRoute({ request, params: {}, context: { cspNonce: "" } }) as Promise<Response>;
}

const storeRow = async (id: number) => (await first(db.select().from(stores).where(eq(stores.id, id)).limit(1)))!;
const transfersRequests = () => fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/transfers");

/** A sold shop whose owner completed Stripe's onboarding (through the webhook). */
async function onboardedShop() {
  const shop = await makeSoldShop(db, { onboarded: false });
  const link = await createOnboardingLink({ db, storeId: shop.store.id, origin: "http://shop.test" });
  if (!link.ok) throw new Error(link.error);
  await postEvent(fake.event("account.updated", fake.onboard(link.account.id)));
  return shop;
}

describe("payout onboarding with Stripe Connect (real SDK, fake Stripe)", () => {
  it("creates one Express account per store with the controller settings, and single-use account links", async () => {
    const shop = await makeSoldShop(db, { onboarded: false });
    const first = await createOnboardingLink({ db, storeId: shop.store.id, origin: "http://shop.test" });
    const second = await createOnboardingLink({ db, storeId: shop.store.id, origin: "http://shop.test" });
    if (!first.ok || !second.ok) throw new Error("no link");
    expect(first.account.id).toMatch(/^acct_/);
    expect(second.account.id).toBe(first.account.id);
    expect(first.account.accountLink.url).not.toBe(second.account.accountLink.url);
    expect((await storeRow(shop.store.id)).stripeAccountId).toBe(first.account.id);
    const account = fake.accounts.get(first.account.id)!;
    expect(account.controller).toEqual({
      stripe_dashboard: { type: "express" },
      fees: { payer: "application" },
      losses: { payments: "application" },
    });
    expect(account.metadata).toEqual({ storeId: String(shop.store.id) });
    expect(fake.requests.filter((r) => r.path === "/v1/accounts" && r.method === "POST")).toHaveLength(1);
    expect(fake.accountLinks.at(-1)).toMatchObject({
      account: first.account.id,
      type: "account_onboarding",
      return_url: "http://shop.test/my-finance-stripe",
      refresh_url: "http://shop.test/my-finance-stripe?refresh=1",
    });
  });

  it("account.updated flips onboarded to details_submitted && payouts_enabled, once per event", async () => {
    const shop = await makeSoldShop(db, { onboarded: false });
    const link = await createOnboardingLink({ db, storeId: shop.store.id, origin: "http://shop.test" });
    if (!link.ok) throw new Error(link.error);
    const half = fake.event("account.updated", fake.onboard(link.account.id, { details_submitted: true, payouts_enabled: false }));
    expect(await (await postEvent(half)).json()).toEqual({ received: true, result: "updated" });
    expect((await storeRow(shop.store.id)).stripeOnboarded).toBe(false);
    const done = fake.event("account.updated", fake.onboard(link.account.id));
    expect(await (await postEvent(done)).json()).toEqual({ received: true, result: "updated" });
    expect((await storeRow(shop.store.id)).stripeOnboarded).toBe(true);
    expect(await (await postEvent(done)).json()).toEqual({ received: true, result: "duplicate-event" });
    // The return screen asks Stripe directly too.
    fake.onboard(link.account.id, { payouts_enabled: false });
    expect(await refreshOnboarded({ db, storeId: shop.store.id })).toBe(false);
    expect((await storeRow(shop.store.id)).stripeOnboarded).toBe(false);
  });
});

describe("withdrawals and payouts", () => {
  it("waits for an administrator by default; approving calls transfers.create once with the transfer's key", async () => {
    const shop = await onboardedShop();
    const result = await withdrawBalance({ db, storeId: shop.store.id });
    if (!result.ok) throw new Error(result.error);
    expect(result.transfer).toMatchObject({ status: "Pending", amountCents: -SOLD_BALANCE });
    expect(transfersRequests()).toHaveLength(0);
    const settled = await settleTransfer({ db, transferId: result.transfer.id, decision: "approve" });
    expect(settled).toMatchObject({ ok: true, transfer: { status: "Completed" } });
    expect(await settleTransfer({ db, transferId: result.transfer.id, decision: "approve" })).toEqual({ ok: false, error: "not-pending" });
    const calls = transfersRequests();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.idempotencyKey).toBe(transferIdempotencyKey(result.transfer));
    const [transfer] = [...fake.transfers.values()];
    expect(transfer).toMatchObject({ amount: SOLD_BALANCE, currency: "usd", destination: (await storeRow(shop.store.id)).stripeAccountId });
    expect((await first(db.select().from(transactions).where(eq(transactions.id, result.transfer.id)).limit(1)))!.stripeTransferId).toBe(transfer!.id);
    expect(outbox(dir).some((m) => m.to === shop.seller.email && m.subject === "Your transfer of $178.08 is on its way")).toBe(true);
  });

  it("auto-approved: paid at once, one Stripe transfer even when the SDK retries after a 500", async () => {
    await db.update(platformSettings).set({ autoApproveTransfers: true });
    const shop = await onboardedShop();
    fake.behaviour.failTransfers = 1;
    const result = await withdrawBalance({ db, storeId: shop.store.id });
    expect(result).toMatchObject({ ok: true, transfer: { status: "Completed", amountCents: -SOLD_BALANCE } });
    const calls = transfersRequests();
    expect(calls.length).toBe(2); // the failed attempt and the SDK's retry...
    expect(new Set(calls.map((c) => c.idempotencyKey)).size).toBe(1); // ...with one key
    expect(fake.transfers.size).toBe(1);
    expect(await balanceOf(db, shop.store.id)).toBe(0);
    expect(await withdrawBalance({ db, storeId: shop.store.id })).toEqual({ ok: false, error: "not-enough-balance" });
  });

  it("two approvals racing pay once: the same key, one transfer at Stripe, one Completed row", async () => {
    const shop = await onboardedShop();
    const result = await withdrawBalance({ db, storeId: shop.store.id });
    if (!result.ok) throw new Error(result.error);
    const outcomes = await Promise.all([1, 2].map(() => settleTransfer({ db, transferId: result.transfer.id, decision: "approve" })));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(fake.transfers.size).toBe(1);
    expect(new Set(transfersRequests().map((c) => c.idempotencyKey)).size).toBe(1);
  });

  it("a refused transfer is Rejected with Stripe's reason and the money returns", async () => {
    await db.update(platformSettings).set({ autoApproveTransfers: true });
    const shop = await onboardedShop();
    fake.behaviour.refuseTransfers = "Insufficient funds in the platform balance.";
    const result = await withdrawBalance({ db, storeId: shop.store.id });
    expect(result).toMatchObject({ ok: true, transfer: { status: "Rejected", reason: "Insufficient funds in the platform balance." } });
    expect(await balanceOf(db, shop.store.id)).toBe(SOLD_BALANCE);
    expect(fake.transfers.size).toBe(0);
    expect(outbox(dir).some((m) => m.to === shop.seller.email && m.subject === "Your transfer of $178.08 was rejected")).toBe(true);
  });

  it("an unknown outcome (Stripe down) keeps the transfer Pending and claimed; a retry pays it once", async () => {
    const shop = await onboardedShop();
    const result = await withdrawBalance({ db, storeId: shop.store.id });
    if (!result.ok) throw new Error(result.error);
    fake.behaviour.failTransfers = 10;
    expect(await settleTransfer({ db, transferId: result.transfer.id, decision: "approve" })).toEqual({ ok: false, error: "provider-unavailable" });
    expect(await settleTransfer({ db, transferId: result.transfer.id, decision: "reject", reason: "changed mind" })).toEqual({ ok: false, error: "in-progress" });
    fake.behaviour.failTransfers = 0;
    expect(await settleTransfer({ db, transferId: result.transfer.id, decision: "approve" })).toMatchObject({ ok: true, transfer: { status: "Completed" } });
    expect(fake.transfers.size).toBe(1);
    expect(await balanceOf(db, shop.store.id)).toBe(0);
  });

  it("an administrator's rejection returns the money with the reason; the local provider completes at once", async () => {
    const shop = await onboardedShop();
    const result = await withdrawBalance({ db, storeId: shop.store.id });
    if (!result.ok) throw new Error(result.error);
    expect(await settleTransfer({ db, transferId: result.transfer.id, decision: "reject", reason: "Verify your bank", adminId: shop.seller.id })).toMatchObject({
      ok: true,
      transfer: { status: "Rejected", reason: "Verify your bank" },
    });
    expect(await balanceOf(db, shop.store.id)).toBe(SOLD_BALANCE);
    const again = await withdrawBalance({ db, storeId: shop.store.id });
    if (!again.ok) throw new Error(again.error);
    const local = await settleTransfer({ db, transferId: again.transfer.id, decision: "approve", provider: createLocalPayouts() });
    expect(local).toMatchObject({ ok: true, transfer: { status: "Completed", stripeTransferId: null } });
    expect(transfersRequests()).toHaveLength(0);
  });
});
