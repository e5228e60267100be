import { describe, expect, it } from "vitest";

import { eq } from "drizzle-orm";

import { checkoutLines, orders } from "../../../db/tables";
import { makeBuyer, makeShop, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { allowMadeToMeasure, saveMeasurements } from "../../../tests/unit/mtm-order-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { addToCart, getCartView, joinVisitorCart, replaceCart } from "~/models/buying/cart.server";
import { createCheckout, sessionLines } from "~/models/buying/checkout.server";
import { fulfilCheckout } from "~/models/buying/fulfilment.server";
import { exportUserData } from "~/models/privacy/personal-data.server";
import { getAdminOrder } from "~/models/admin/orders.server";
import { toAdminOrderJson } from "~/models/admin/views.server";
import { getBuyerOrder } from "~/models/buying/orders.server";
import { toBuyerOrderJson } from "~/models/buying/views.server";
import { getStoreOrder } from "~/models/selling/orders.server";
import { toSellerOrderJson } from "~/models/selling/views.server";
import { createLocalProvider } from "~/models/payments/local.server";
import { first } from "~/utils/db.server";

const provider = createLocalProvider();
const origin = "http://shop.test";

async function setUp() {
  const db = createTestDb();
  const shop = await makeShop(db);
  const buyer = await makeBuyer(db);
  await allowMadeToMeasure(db, shop.digital.id);
  return { db, shop, buyer, owner: { userId: buyer.id } };
}

describe("made-to-measure cart lines", () => {
  useTestEnv();

  it("is its own line beside the graded one, one licence, kept once", async () => {
    const { db, shop, buyer, owner } = await setUp();
    await saveMeasurements(db, buyer.id, { bustMm: 930, hipMm: 950 });
    expect(await addToCart({ db, owner, productId: shop.digital.id })).toEqual({ ok: true });
    expect(await addToCart({ db, owner, productId: shop.digital.id, madeToMeasure: true })).toEqual({ ok: true });
    expect(await addToCart({ db, owner, productId: shop.digital.id, madeToMeasure: true })).toEqual({ ok: true, alreadyInCart: true });
    const lines = (await getCartView({ db, owner })).lines;
    expect(lines.map((l) => [l.name, l.quantity, l.madeToMeasure])).toEqual([
      ["Tote Pattern", 1, false],
      ["Tote Pattern", 1, true],
    ]);
    expect(sessionLines(lines, 1000).map((l) => l.name)).toEqual(["Tote Pattern", "Tote Pattern - Your size (made to measure)"]);
  });

  it("refuses a design that does not allow it, a printed pattern, a visitor, a buyer without or outside measurements", async () => {
    const { db, shop, buyer, owner } = await setUp();
    expect(await addToCart({ db, owner, productId: shop.bag.id, madeToMeasure: true })).toEqual({ ok: false, error: "mtm-not-offered", zones: [] });
    await allowMadeToMeasure(db, shop.printed.id);
    expect(await addToCart({ db, owner, productId: shop.printed.id, variantId: shop.printedS.id, madeToMeasure: true })).toMatchObject({ ok: false, error: "mtm-printed" });
    expect(await addToCart({ db, owner: { visitorToken: "v1" }, productId: shop.digital.id, madeToMeasure: true })).toMatchObject({ ok: false, error: "mtm-sign-in" });
    expect(await addToCart({ db, owner, productId: shop.digital.id, madeToMeasure: true })).toMatchObject({ ok: false, error: "mtm-no-measurements" });
    await saveMeasurements(db, buyer.id, { bustMm: 930 });
    expect(await addToCart({ db, owner, productId: shop.digital.id, madeToMeasure: true })).toEqual({ ok: false, error: "mtm-incomplete", zones: ["Hip"] });
    await saveMeasurements(db, buyer.id, { bustMm: 1100, hipMm: 950 });
    expect(await addToCart({ db, owner, productId: shop.digital.id, madeToMeasure: true })).toEqual({ ok: false, error: "mtm-outside-chart", zones: ["Bust / chest"] });
    await allowMadeToMeasure(db, shop.digital.id, false);
    await saveMeasurements(db, buyer.id, { bustMm: 930, hipMm: 950 });
    expect(await addToCart({ db, owner, productId: shop.digital.id, madeToMeasure: true })).toMatchObject({ ok: false, error: "mtm-not-offered" });
    expect((await getCartView({ db, owner })).lines).toEqual([]);
  });

  it("is offered to a buyer who owns the graded pattern; the JSON items refuse with the zones", async () => {
    const { db, shop, buyer, owner } = await setUp();
    await addToCart({ db, owner, productId: shop.digital.id });
    const graded = await createCheckout({ db, user: buyer, origin, provider, digitalConsent: true });
    if (!graded.ok) throw new Error(graded.error);
    await fulfilCheckout({ db, checkoutId: graded.checkout.id });
    expect(await addToCart({ db, owner, productId: shop.digital.id })).toMatchObject({ ok: false, error: "already-owned" });
    expect(await replaceCart({ db, userId: buyer.id, items: [{ productId: shop.digital.id, madeToMeasure: true }] })).toMatchObject({
      ok: false,
      error: "mtm-no-measurements",
      productId: shop.digital.id,
    });
    await saveMeasurements(db, buyer.id, { bustMm: 930, hipMm: 950 });
    expect(await replaceCart({ db, userId: buyer.id, items: [{ productId: shop.digital.id, madeToMeasure: true }] })).toEqual({ ok: true });
    expect((await getCartView({ db, owner })).lines.map((l) => [l.madeToMeasure, l.ownedOrderId])).toEqual([[true, null]]);
  });

  it("keeps the flag when a visitor's cart joins the account's", async () => {
    const { db, shop, buyer, owner } = await setUp();
    await saveMeasurements(db, buyer.id, { bustMm: 930, hipMm: 950 });
    await addToCart({ db, owner, productId: shop.digital.id, madeToMeasure: true });
    await addToCart({ db, owner: { visitorToken: "v2" }, productId: shop.digital.id });
    await joinVisitorCart({ db, userId: buyer.id, visitorToken: "v2" });
    expect((await getCartView({ db, owner })).lines.map((l) => l.madeToMeasure)).toEqual([true, false]);
  });
});

describe("made-to-measure orders", () => {
  useTestEnv();

  it("copies the measurements of the checkout onto the order: a later change does not reach it", async () => {
    const { db, shop, buyer, owner } = await setUp();
    await saveMeasurements(db, buyer.id, { bustMm: 930, hipMm: 950 });
    await addToCart({ db, owner, productId: shop.digital.id, madeToMeasure: true });
    await addToCart({ db, owner, productId: shop.bag.id });
    const result = await createCheckout({ db, user: buyer, origin, provider, digitalConsent: true });
    if (!result.ok) throw new Error(result.error);
    // The buyer changes their profile while paying.
    await saveMeasurements(db, buyer.id, { bustMm: 870, hipMm: 910, unit: "in" });
    const lines = await db.select().from(checkoutLines).where(eq(checkoutLines.checkoutId, result.checkout.id));
    expect(lines.map((l) => l.madeToMeasure)).toEqual([true, false]);
    const fulfilled = await fulfilCheckout({ db, checkoutId: result.checkout.id });
    if (fulfilled.status !== "fulfilled") throw new Error(fulfilled.status);
    const [mtm, tote] = fulfilled.orders;
    expect(JSON.parse(mtm!.measurements!)).toEqual({ unit: "cm", height: null, high_bust: null, bust: 930, waist: null, hip: 950, inseam: null, arm: null });
    expect(tote!.measurements).toBeNull();
    expect((await first(db.select({ m: orders.measurements }).from(orders).where(eq(orders.id, mtm!.id)).limit(1)))?.m).toBe(mtm!.measurements);
  });

  it("checks the measurements again at checkout: changed beyond the chart since the line was added, refused", async () => {
    const { db, shop, buyer, owner } = await setUp();
    await saveMeasurements(db, buyer.id, { bustMm: 930, hipMm: 950 });
    await addToCart({ db, owner, productId: shop.digital.id, madeToMeasure: true });
    await saveMeasurements(db, buyer.id, { bustMm: 930, hipMm: 1200 });
    expect(await createCheckout({ db, user: buyer, origin, provider, digitalConsent: true })).toEqual({
      ok: false,
      error: "mtm-outside-chart",
      item: "Tote Pattern",
      zones: ["Hip"],
    });
    await allowMadeToMeasure(db, shop.digital.id, false);
    await saveMeasurements(db, buyer.id, { bustMm: 930, hipMm: 950 });
    expect(await createCheckout({ db, user: buyer, origin, provider, digitalConsent: true })).toMatchObject({ ok: false, error: "mtm-not-offered" });
  });

  it("shows the measurements to the buyer only: the seller and the administrator see the flag", async () => {
    const { db, shop, buyer, owner } = await setUp();
    await saveMeasurements(db, buyer.id, { bustMm: 930, hipMm: 950 });
    await addToCart({ db, owner, productId: shop.digital.id, madeToMeasure: true });
    const result = await createCheckout({ db, user: buyer, origin, provider, digitalConsent: true });
    if (!result.ok) throw new Error(result.error);
    const fulfilled = await fulfilCheckout({ db, checkoutId: result.checkout.id });
    if (fulfilled.status !== "fulfilled") throw new Error(fulfilled.status);
    const orderId = fulfilled.orders[0]!.id;
    const mine = toBuyerOrderJson((await getBuyerOrder({ db, userId: buyer.id, orderId }))!);
    expect(mine).toMatchObject({ made_to_measure: true, measurements: { unit: "cm", bust: 930, hip: 950 } });
    expect(mine.items[0]!.custom_downloads?.map((d) => d.url)).toContain(`/download/${orderId}?format=dxf&size=custom`);
    const sold = toSellerOrderJson((await getStoreOrder({ db, storeId: shop.store.id, orderId }))!);
    expect(sold.made_to_measure).toBe(true);
    expect(sold).not.toHaveProperty("measurements");
    const admin = toAdminOrderJson((await getAdminOrder({ db, orderId }))!);
    expect(admin.made_to_measure).toBe(true);
    expect(admin).not.toHaveProperty("measurements");
    // The personal-data export: the buyer's orders and checkout lines carry them, the seller's sold orders the flag.
    const exported = (await exportUserData({ db, userId: buyer.id }))!;
    expect(exported.orders_bought[0]).toMatchObject({ made_to_measure: true, measurements: { bust: 930, hip: 950 } });
    const sellerExport = (await exportUserData({ db, userId: shop.seller.id }))!;
    expect(sellerExport.orders_sold[0]!.made_to_measure).toBe(true);
    expect(sellerExport.orders_sold[0]).not.toHaveProperty("measurements");
  });
});
