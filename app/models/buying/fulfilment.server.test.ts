import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { checkouts, orders, paymentEvents, products, stores, transactions } from "../../../db/tables";
import { inventoryOf, makeBuyer, makeFullCart, makeShop, outbox, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { addToCart, countCartItems } from "~/models/buying/cart.server";
import { closeOpenCheckouts, createCheckout, sweepExpiredCheckouts } from "~/models/buying/checkout.server";
import { fulfilCheckout, releaseCheckout } from "~/models/buying/fulfilment.server";
import { returnFromPayment } from "~/models/buying/purchases.server";
import { payLocalCheckout } from "~/models/buying/local-checkout.server";
import { createLocalProvider } from "~/models/payments/local.server";
import { first } from "~/utils/db.server";

let dir: string;
beforeAll(() => {
  dir = useTestEnv();
});

const provider = createLocalProvider();
const origin = "http://shop.test";

async function cartOfEverything() {
  const db = createTestDb();
  return { db, ...(await makeFullCart(db)) };
}

describe("checkout and fulfilment", () => {
  it("reserves stock at checkout and, on payment, creates one order per line with fees and Sale rows", async () => {
    const { db, shop, buyer } = await cartOfEverything();
    const result = await createCheckout({ db, user: buyer, origin, provider, digitalConsent: true });
    if (!result.ok) throw new Error(result.error);
    expect(result.checkout).toMatchObject({ subtotalCents: 8999 + 9100 + 1250 + 2000, shippingCents: 1000, totalCents: 22349 });
    // A path of this site: the browser stays on the address it came by (issue 19, item 1).
    expect(result.checkout.url).toBe(`/pay/${result.checkout.id}`);
    expect(await inventoryOf(db, shop.dressM.id)).toBe(0);

    const paid = await payLocalCheckout({ db, userId: buyer.id, checkoutId: result.checkout.id, origin });
    expect(paid.ok).toBe(true);
    const created = await db.select().from(orders).where(eq(orders.checkoutId, result.checkout.id));
    // Fees: Ready 8999 -> 1350; Made 2 x 4550 -> 2 x 683; Digital 1250 -> 125; Print 2000 -> 200 + 500.
    expect(created.map((o) => [o.productName, o.quantity, o.amountCents, o.shippingCents, o.feeCents, o.status])).toEqual([
      ["Wrap Dress", 1, 8999, 0, 1350, "Pending"],
      ["Canvas Tote", 2, 9100, 0, 1366, "Pending"],
      ["Tote Pattern", 1, 1250, 0, 125, "Pending"],
      ["Printed Shirt Pattern", 1, 2000, 1000, 700, "Pending"],
    ]);
    const sales = await db.select().from(transactions).where(eq(transactions.storeId, shop.store.id));
    expect(sales.map((t) => [t.txType, t.amountCents, t.feeCents])).toEqual([
      ["Sale", 7649, 1350],
      ["Sale", 7734, 1366],
      ["Sale", 1125, 125],
      ["Sale", 1300, 700],
    ]);
    expect((await first(db.select().from(stores).where(eq(stores.id, shop.store.id)).limit(1)))!.balanceCents).toBe(7649 + 7734 + 1125 + 1300);
    expect((await first(db.select().from(products).where(eq(products.id, shop.bag.id)).limit(1)))!.sold).toBe(2);
    expect(await inventoryOf(db, shop.dressM.id)).toBe(0);
    expect(await countCartItems({ db, owner: { userId: buyer.id } })).toBe(0);
    const mails = outbox(dir);
    expect(mails.some((m) => m.to === buyer.email && m.subject === "Your Patternhouse order is confirmed")).toBe(true);
    expect(mails.some((m) => m.to === shop.seller.email && m.subject === "New order for Sally's Studio")).toBe(true);
  });

  it("is idempotent: a second fulfilment or a replayed event creates nothing", async () => {
    const { db, buyer } = await cartOfEverything();
    const result = await createCheckout({ db, user: buyer, origin, provider, digitalConsent: true });
    if (!result.ok) throw new Error(result.error);
    const event = { id: "evt_1", type: "checkout.session.completed" };
    expect((await fulfilCheckout({ db, checkoutId: result.checkout.id, event })).status).toBe("fulfilled");
    expect((await fulfilCheckout({ db, checkoutId: result.checkout.id, event })).status).toBe("duplicate-event");
    expect((await fulfilCheckout({ db, checkoutId: result.checkout.id })).status).toBe("not-open");
    expect(await releaseCheckout({ db, checkoutId: result.checkout.id, status: "expired" })).toBe("not-open");
    expect(await db.select().from(orders)).toHaveLength(4);
    expect(await db.select().from(transactions)).toHaveLength(4);
    expect(await db.select().from(paymentEvents)).toHaveLength(1);
  });

  it("lets only one of two buyers racing for the last unit reserve it", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const [a, b] = [await makeBuyer(db), await makeBuyer(db)];
    for (const user of [a, b]) await addToCart({ db, owner: { userId: user.id }, productId: shop.dress.id, variantId: shop.dressM.id });
    const results = await Promise.all([a, b].map((user) => createCheckout({ db, user, origin, provider, digitalConsent: true })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, error: "out-of-stock", item: "Wrap Dress" });
    expect(await inventoryOf(db, shop.dressM.id)).toBe(0);
    expect(await db.select().from(checkouts)).toHaveLength(1);
  });

  it("returns the stock when the session expires, and an expired session cannot be paid", async () => {
    const { db, shop, buyer } = await cartOfEverything();
    const now = new Date();
    const result = await createCheckout({ db, user: buyer, origin, provider, now, digitalConsent: true });
    if (!result.ok) throw new Error(result.error);
    expect(await inventoryOf(db, shop.dressM.id)).toBe(0);
    expect(await sweepExpiredCheckouts({ db, now })).toBe(0);
    expect(await sweepExpiredCheckouts({ db, now: new Date(now.getTime() + 31 * 60_000) })).toBe(1);
    expect(await inventoryOf(db, shop.dressM.id)).toBe(1);
    expect((await first(db.select().from(checkouts).limit(1)))!.status).toBe("expired");
    const paid = await payLocalCheckout({ db, userId: buyer.id, checkoutId: result.checkout.id, origin });
    expect(paid).toEqual({ ok: false, error: "closed" });
    expect(await db.select().from(orders)).toHaveLength(0);
    expect(await countCartItems({ db, owner: { userId: buyer.id } })).toBe(5); // the cart is kept
    // ...also when the buyer lands on /purchases/success afterwards.
    expect(await returnFromPayment({ db, userId: buyer.id, origin })).toEqual({ confirming: false });
    expect(await countCartItems({ db, owner: { userId: buyer.id } })).toBe(5);
  });

  it("a new checkout replaces the buyer's open one without reserving twice", async () => {
    const { db, shop, buyer } = await cartOfEverything();
    const first = await createCheckout({ db, user: buyer, origin, provider, digitalConsent: true });
    const second = await createCheckout({ db, user: buyer, origin, provider, digitalConsent: true });
    expect(first.ok && second.ok).toBe(true);
    expect(await inventoryOf(db, shop.dressM.id)).toBe(0);
    expect((await db.select({ status: checkouts.status }).from(checkouts)).map((c) => c.status)).toEqual(["cancelled", "open"]);
  });

  it("refuses an incomplete profile and an empty cart, and releases when the provider fails", async () => {
    const { db, shop, buyer } = await cartOfEverything();
    expect(await createCheckout({ db, user: { ...buyer, street: "" }, origin, provider })).toEqual({ ok: false, error: "incomplete-profile" });
    const failing = { ...provider, createSession: async () => Promise.reject(new Error("down")) };
    expect(await createCheckout({ db, user: buyer, origin, provider: failing, digitalConsent: true })).toEqual({ ok: false, error: "provider-failed" });
    expect(await inventoryOf(db, shop.dressM.id)).toBe(1);
    const other = await makeBuyer(db);
    expect(await createCheckout({ db, user: other, origin, provider, digitalConsent: true })).toEqual({ ok: false, error: "empty-cart" });
  });

  it("a checkout closed by a newer one while the provider answered has its session expired", async () => {
    const { db, shop, buyer } = await cartOfEverything();
    const expired: string[] = [];
    const racing = {
      ...provider,
      async createSession(args: Parameters<typeof provider.createSession>[0]) {
        await closeOpenCheckouts({ db, userId: buyer.id }); // the second click's request, in between
        return provider.createSession(args);
      },
      async expireSession(sessionId: string) {
        expired.push(sessionId);
        return "expired" as const;
      },
    };
    expect(await createCheckout({ db, user: buyer, origin, provider: racing, digitalConsent: true })).toEqual({ ok: false, error: "superseded" });
    expect(expired).toHaveLength(1);
    expect(await first(db.select().from(checkouts).limit(1))).toMatchObject({ status: "cancelled", providerSessionId: expired[0] });
    expect(await inventoryOf(db, shop.dressM.id)).toBe(1);
  });

  it("refuses a cart holding a removed product, variant or not", async () => {
    const { db, shop, buyer } = await cartOfEverything();
    await db.update(products).set({ removedAt: new Date() }).where(eq(products.id, shop.dress.id));
    expect(await createCheckout({ db, user: buyer, origin, provider, digitalConsent: true })).toEqual({ ok: false, error: "unavailable", item: "Wrap Dress" });
    expect(await inventoryOf(db, shop.dressM.id)).toBe(1);
  });

  it("only the buyer can pay its local checkout", async () => {
    const { db, buyer } = await cartOfEverything();
    const result = await createCheckout({ db, user: buyer, origin, provider, digitalConsent: true });
    if (!result.ok) throw new Error(result.error);
    const stranger = await makeBuyer(db);
    expect(await payLocalCheckout({ db, userId: stranger.id, checkoutId: result.checkout.id, origin })).toEqual({ ok: false, error: "not-found" });
    expect(await db.select().from(orders)).toHaveLength(0);
  });
});
