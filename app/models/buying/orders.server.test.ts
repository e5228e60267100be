import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { downloads, orders, reviews } from "../../../db/tables";
import { makeBuyer, makeShop, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { addToCart } from "~/models/buying/cart.server";
import { createCheckout } from "~/models/buying/checkout.server";
import { downloadOrderPattern, findBuyerOrderForFile } from "~/models/buying/downloads.server";
import { BUYING_ERRORS } from "~/models/buying/errors";
import { fulfilCheckout } from "~/models/buying/fulfilment.server";
import { getBuyerOrder, listBuyerOrders, rateOrder } from "~/models/buying/orders.server";
import { getPurchase } from "~/models/buying/purchases.server";
import { toBuyerOrderJson, toPurchaseRowView, toPurchaseView } from "~/models/buying/views.server";
import { createLocalProvider } from "~/models/payments/local.server";

beforeAll(() => {
  useTestEnv();
});

async function boughtPattern() {
  const db = createTestDb();
  const shop = await makeShop(db);
  const buyer = await makeBuyer(db);
  const stranger = await makeBuyer(db);
  await addToCart({ db, owner: { userId: buyer.id }, productId: shop.digital.id });
  const result = await createCheckout({ db, user: buyer, origin: "http://x.test", provider: createLocalProvider(), digitalConsent: true });
  if (!result.ok) throw new Error(result.error);
  const fulfilled = await fulfilCheckout({ db, checkoutId: result.checkout.id });
  if (fulfilled.status !== "fulfilled") throw new Error(fulfilled.status);
  return { db, shop, buyer, stranger, order: fulfilled.orders[0]! };
}

describe("buyer orders", () => {
  it("shows the buyer view of spec 3 and hides other users' orders", async () => {
    const { db, buyer, stranger, order } = await boughtPattern();
    const [json] = (await listBuyerOrders({ db, userId: buyer.id })).map(toBuyerOrderJson);
    expect(json).toMatchObject({
      orderId: order.id,
      amount: 12.5,
      shipping: 0,
      tax: 0,
      status: "Pending",
      type: "Pattern",
      delivery: "Digital",
      variants: "[]",
      tracking: null,
      carrier: null,
      tracking_url: null,
      reviewed: false,
      items: [{ name: "Tote Pattern", type: "Pattern", delivery: "Digital", pattern_url: "abc123.dxf", tracking: null }],
    });
    expect(typeof json!.orderDate).toBe("string");
    expect(await getBuyerOrder({ db, userId: stranger.id, orderId: order.id })).toBeUndefined();
    expect(await listBuyerOrders({ db, userId: stranger.id })).toEqual([]);
  });

  it("shows the total paid (amount, shipping and tax) on the purchase page, the purchases list and the JSON (issue 46, item 17)", async () => {
    const { db, buyer, order } = await boughtPattern();
    // An order with printing and shipping and VAT: the total is their sum with the amount.
    await db.update(orders).set({ shippingCents: 500, taxCents: 238, taxRateBp: 1900, taxCountry: "DE" }).where(eq(orders.id, order.id));
    const purchase = await getPurchase({ db, userId: buyer.id, orderId: order.id });
    expect(toPurchaseView(purchase!).order.totalCents).toBe(1250 + 500 + 238);
    const [listed] = await listBuyerOrders({ db, userId: buyer.id });
    expect(toPurchaseRowView(listed!).totalCents).toBe(1988);
    expect(toBuyerOrderJson(listed!)).toMatchObject({ amount: 12.5, shipping: 5, tax: 2.38, total: 19.88 });
  });

  it("lets only the paid, not refunded buyer download the pattern, and logs each download", async () => {
    const { db, buyer, stranger, order } = await boughtPattern();
    expect(await downloadOrderPattern({ db, userId: stranger.id, orderId: order.id })).toEqual({ ok: false, error: "not-found" });
    expect(BUYING_ERRORS.download["not-found"].status).toBe(404);
    expect(await findBuyerOrderForFile({ db, userId: stranger.id, fileName: "abc123.dxf" })).toBeUndefined();
    const ok = await downloadOrderPattern({ db, userId: buyer.id, orderId: order.id });
    expect(ok.ok && ok.file.name).toBe("abc123.dxf");
    expect(await findBuyerOrderForFile({ db, userId: buyer.id, fileName: "abc123.dxf" })).toBe(order.id);
    expect(await db.select().from(downloads)).toMatchObject([{ userId: buyer.id, orderId: order.id, file: "abc123.dxf" }]);
    await db.update(orders).set({ status: "Refunded" }).where(eq(orders.id, order.id));
    expect(await downloadOrderPattern({ db, userId: buyer.id, orderId: order.id })).toEqual({ ok: false, error: "refunded" });
    expect(BUYING_ERRORS.download.refunded.status).toBe(410);
    expect(await findBuyerOrderForFile({ db, userId: buyer.id, fileName: "abc123.dxf" })).toBeUndefined();
    expect(await db.select().from(downloads)).toHaveLength(1);
  });

  it("rates what was shipped once it has shipped, a download once paid, nothing refunded (issue 19, item 9)", async () => {
    const { db, buyer, order } = await boughtPattern();
    for (const [patch, expected] of [
      [{ productType: "Ready", delivery: null, status: "Pending" }, { ok: false, error: "not-delivered" }],
      [{ productType: "Pattern", delivery: "Print", status: "Pending" }, { ok: false, error: "not-delivered" }],
      [{ productType: "Pattern", delivery: "Digital", status: "Refunded" }, { ok: false, error: "not-delivered" }],
      [{ productType: "Ready", delivery: null, status: "Shipped" }, { ok: true }],
    ] as const) {
      await db.update(orders).set(patch).where(eq(orders.id, order.id));
      expect(await rateOrder({ db, userId: buyer.id, orderId: order.id, rating: 3, comment: "" }), JSON.stringify(patch)).toEqual(expected);
    }
    expect(BUYING_ERRORS.rate["not-delivered"]).toEqual({ status: 409, message: "You can rate this product once your order has shipped." });
  });

  it("rates an own order once and adds the review to the product", async () => {
    const { db, shop, buyer, stranger, order } = await boughtPattern();
    expect(await rateOrder({ db, userId: stranger.id, orderId: order.id, rating: 5, comment: "x" })).toEqual({ ok: false, error: "not-found" });
    expect(await rateOrder({ db, userId: buyer.id, orderId: order.id, rating: 4, comment: "Nice", productIds: [shop.bag.id] })).toEqual({
      ok: false,
      error: "wrong-product",
    });
    expect(await rateOrder({ db, userId: buyer.id, orderId: order.id, rating: 4, comment: "Nice", productIds: [shop.digital.id] })).toEqual({ ok: true });
    expect(await rateOrder({ db, userId: buyer.id, orderId: order.id, rating: 5, comment: "Again" })).toEqual({ ok: false, error: "already-reviewed" });
    expect(await db.select().from(reviews)).toMatchObject([{ productId: shop.digital.id, orderId: order.id, star: 4, comment: "Nice" }]);
    expect((await getBuyerOrder({ db, userId: buyer.id, orderId: order.id }))!.reviewed).toBe(true);
  });
});
