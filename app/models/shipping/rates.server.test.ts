import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { orders, products, stores, transactions, users } from "../../../db/tables";
import { makeFullCart, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { RATES } from "../../../tests/unit/shipping-fixtures";
import { debitRefund } from "~/models/payments/ledger.server";
import { getCartView } from "~/models/buying/cart.server";
import { createCheckout, getCheckoutSummary, sessionLines } from "~/models/buying/checkout.server";
import { payLocalCheckout } from "~/models/buying/local-checkout.server";
import { createLocalProvider } from "~/models/payments/local.server";
import { stringifyShippingOverride, type ShippingRates } from "~/models/shipping/rates";
import { getShippingRates, saveShippingRates } from "~/models/shipping/rates.server";
import { first } from "~/utils/db.server";

beforeAll(() => {
  useTestEnv();
});

/** makeFullCart (Ready dress 89.99, two Made totes 45.50, a Digital and a printed pattern), the seller in the US. */
async function shippingCart(rates: ShippingRates | null = RATES) {
  const db = createTestDb();
  const { shop, buyer } = await makeFullCart(db);
  await db.update(users).set({ country: "US" }).where(eq(users.id, shop.seller.id));
  await saveShippingRates({ db, storeId: shop.store.id, rates });
  return { db, shop, buyer, owner: { userId: buyer.id } };
}

describe("shipping in the cart (real database)", () => {
  it("without rates the store ships free and only the printed pattern pays pss", async () => {
    const { db, owner, shop } = await shippingCart(null);
    const cart = await getCartView({ db, owner });
    expect(cart.shippingCents).toBe(1000);
    expect(cart.storeShipping).toEqual([{ storeId: shop.store.id, storeName: "Sally's Studio", domestic: true, shippingCents: 0 }]);
  });

  it("domestic: the first item's rate once, each other apparel unit the additional rate; patterns keep pss", async () => {
    const { db, owner } = await shippingCart();
    const cart = await getCartView({ db, owner });
    // Dress and totes tie at 5.00: the dress (first in the cart) takes it; two totes at 2.00.
    expect(cart.lines.map((l) => [l.name, l.shippingCents])).toEqual([
      ["Wrap Dress", 500],
      ["Canvas Tote", 400],
      ["Tote Pattern", 0],
      ["Printed Shirt Pattern", 1000],
    ]);
    expect(cart.storeShipping[0]!.shippingCents).toBe(900);
    expect(cart.shippingCents).toBe(1900);
    expect(cart.totalCents).toBe(cart.subtotalCents + 1900);
    expect(sessionLines(cart.lines, cart.pssCents, cart.storeShipping).slice(-2)).toEqual([
      // Shipping's own Stripe Tax code (decision 123); sent only when Stripe Tax is on.
      { name: "Printing and shipping", unitAmountCents: 1000, quantity: 1, taxCode: "txcd_92010001" },
      { name: "Shipping from Sally's Studio", unitAmountCents: 900, quantity: 1, taxCode: "txcd_92010001" },
    ]);
  });

  it("international when the buyer's country is not the store's", async () => {
    const { db, owner, buyer } = await shippingCart();
    await db.update(users).set({ country: "FR" }).where(eq(users.id, buyer.id));
    const cart = await getCartView({ db, owner });
    expect(cart.storeShipping[0]).toMatchObject({ domestic: false, shippingCents: 1500 + 2 * 700 });
  });

  it("free above: free when the store's apparel subtotal reaches it, charged one cent below", async () => {
    const apparel = 8999 + 2 * 4550;
    const { db, owner, shop } = await shippingCart({ ...RATES, freeAboveCents: apparel });
    expect((await getCartView({ db, owner })).storeShipping[0]!.shippingCents).toBe(0);
    await saveShippingRates({ db, storeId: shop.store.id, rates: { ...RATES, freeAboveCents: apparel + 1 } });
    expect((await getCartView({ db, owner })).storeShipping[0]!.shippingCents).toBe(900);
  });

  it("a design's override replaces the store's rates for its units", async () => {
    const { db, owner, shop } = await shippingCart();
    const override = stringifyShippingOverride({ ...RATES, domesticFirstCents: 2000, domesticAdditionalCents: 100 });
    await db.update(products).set({ shippingOverride: override }).where(eq(products.id, shop.bag.id));
    const cart = await getCartView({ db, owner });
    // The totes' 20.00 first-item rate is the highest: 20.00 + 1.00; the dress ships at the store's additional 2.00.
    expect(cart.lines.slice(0, 2).map((l) => l.shippingCents)).toEqual([200, 2100]);
    // An override also ships a store without rates.
    await saveShippingRates({ db, storeId: shop.store.id, rates: null });
    expect((await getCartView({ db, owner })).lines.slice(0, 2).map((l) => l.shippingCents)).toEqual([0, 2000 + 100]);
  });

  it("saves, replaces and removes a store's rates", async () => {
    const { db, shop } = await shippingCart();
    expect(await getShippingRates({ db, storeId: shop.store.id })).toEqual(RATES);
    await saveShippingRates({ db, storeId: shop.store.id, rates: { ...RATES, freeAboveCents: 10000 } });
    expect((await getShippingRates({ db, storeId: shop.store.id }))!.freeAboveCents).toBe(10000);
    await saveShippingRates({ db, storeId: shop.store.id, rates: null });
    expect(await getShippingRates({ db, storeId: shop.store.id })).toBeNull();
  });
});

describe("shipping through checkout, orders and the ledger", () => {
  it("each order carries its share, the Sale credits it without a fee on it, the summary shows it per store, a refund takes it back", async () => {
    const { db, buyer, shop } = await shippingCart();
    const result = await createCheckout({ db, user: buyer, origin: "http://shop.test", provider: createLocalProvider(), digitalConsent: true });
    if (!result.ok) throw new Error(result.error);
    expect(result.checkout).toMatchObject({ shippingCents: 1900, totalCents: 8999 + 9100 + 1250 + 2000 + 1900 });
    const summary = (await getCheckoutSummary({ db, userId: buyer.id, checkoutId: result.checkout.id }))!;
    expect(summary.storeShipping).toEqual([{ storeId: shop.store.id, storeName: "Sally's Studio", shippingCents: 900 }]);
    expect(summary.printedShippingCents).toBe(1000);

    const paid = await payLocalCheckout({ db, userId: buyer.id, checkoutId: result.checkout.id });
    expect(paid.ok).toBe(true);
    const created = await db.select().from(orders).where(eq(orders.checkoutId, result.checkout.id));
    // Fees as before shipping existed (none on shipping): 1350, 1366, 125, 700.
    expect(created.map((o) => [o.productName, o.shippingCents, o.feeCents])).toEqual([
      ["Wrap Dress", 500, 1350],
      ["Canvas Tote", 400, 1366],
      ["Tote Pattern", 0, 125],
      ["Printed Shirt Pattern", 1000, 700],
    ]);
    const sales = await db.select().from(transactions).where(eq(transactions.storeId, shop.store.id));
    expect(sales.map((t) => [t.amountCents, t.shippingCents])).toEqual([
      [7649 + 500, 500],
      [7734 + 400, 400],
      [1125, 0],
      [1300, 1000],
    ]);
    const balance = async () => (await first(db.select().from(stores).where(eq(stores.id, shop.store.id)).limit(1)))!.balanceCents;
    expect(await balance()).toBe(7649 + 500 + 7734 + 400 + 1125 + 1300);
    // The buyer paid exactly what the orders hold.
    const ordered = created.reduce((sum, o) => sum + o.amountCents + o.shippingCents, 0);
    expect(ordered).toBe(result.checkout.totalCents);

    const refund = await debitRefund({ db, orderId: created[0]!.id });
    expect(refund.ok && refund.refund.amountCents).toBe(-(7649 + 500));
    expect(await balance()).toBe(7734 + 400 + 1125 + 1300);
  });
});
