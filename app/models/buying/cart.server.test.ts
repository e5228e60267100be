import { describe, expect, it } from "vitest";

import { eq } from "drizzle-orm";

import { cartItems } from "../../../db/tables";
import { fulfil, paidShop } from "../../../tests/unit/admin-fixtures";
import { makeBuyer, makeShop, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { refundOrder } from "~/models/buying/refunds.server";
import { addToCart, countCartItems, deleteStaleVisitorCarts, findCartId, getCartView, joinVisitorCart, removeCartItem, replaceCart } from "~/models/buying/cart.server";
import { createCheckout } from "~/models/buying/checkout.server";
import { createLocalProvider } from "~/models/payments/local.server";

describe("cart", () => {
  it("needs a variant when the product has some, and refuses out-of-stock ones", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const owner = { visitorToken: "visitor-1" };
    expect(await addToCart({ db, owner, productId: shop.dress.id })).toEqual({ ok: false, error: "variant-required" });
    expect(await findCartId({ db, owner })).toBeUndefined(); // a refused add creates no cart
    expect(await addToCart({ db, owner, productId: shop.dress.id, variantId: shop.printedS.id })).toEqual({ ok: false, error: "variant-required" });
    expect(await addToCart({ db, owner, productId: shop.dress.id, variantId: shop.dressL.id })).toEqual({ ok: false, error: "out-of-stock" });
    expect(await addToCart({ db, owner, productId: shop.dress.id, variantId: shop.dressM.id })).toEqual({ ok: true });
    // The only unit is in the cart already.
    expect(await addToCart({ db, owner, productId: shop.dress.id, variantId: shop.dressM.id })).toEqual({ ok: false, error: "out-of-stock" });
    // Products without variants add directly; patterns have no stock limit.
    expect(await addToCart({ db, owner, productId: shop.bag.id })).toEqual({ ok: true });
    expect(await addToCart({ db, owner, productId: shop.printed.id, variantId: shop.printedS.id, quantity: 3 })).toEqual({ ok: true });
    expect(await addToCart({ db, owner, productId: 9999 })).toEqual({ ok: false, error: "not-found" });
    expect(await countCartItems({ db, owner })).toBe(5);
  });

  it("refuses a seller's own design, in the cart and in the JSON checkout's items (issue 34 item 18)", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const sellerOwner = { userId: shop.seller.id };
    expect(await addToCart({ db, owner: sellerOwner, productId: shop.bag.id })).toEqual({ ok: false, error: "own-product" });
    expect(await addToCart({ db, owner: sellerOwner, productId: shop.digital.id })).toEqual({ ok: false, error: "own-product" });
    expect(await replaceCart({ db, userId: shop.seller.id, items: [{ productId: shop.bag.id }] })).toMatchObject({ ok: false, error: "own-product" });
    expect(await findCartId({ db, owner: sellerOwner })).toBeUndefined();
    // Anyone else buys it.
    const buyer = await makeBuyer(db);
    expect(await addToCart({ db, owner: { userId: buyer.id }, productId: shop.bag.id })).toEqual({ ok: true });
  });

  it("shows subtotal, printing and shipping per printed unit, and total", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const owner = { visitorToken: "visitor-2" };
    await addToCart({ db, owner, productId: shop.dress.id, variantId: shop.dressM.id });
    await addToCart({ db, owner, productId: shop.printed.id, variantId: shop.printedS.id, quantity: 2 });
    await addToCart({ db, owner, productId: shop.digital.id });
    const view = await getCartView({ db, owner });
    expect(view.lines.map((l) => l.typeLabel)).toEqual([
      "Ready to Ship Apparel",
      "Printed Pattern",
      "Downloadable Pattern (DXF for commercial production)",
    ]);
    expect(view.subtotalCents).toBe(8999 + 2 * 2000 + 1250);
    expect(view.shippingCents).toBe(2 * 1000);
    expect(view.totalCents).toBe(8999 + 4000 + 1250 + 2000);
  });

  it("joins the visitor cart into the account cart at login", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const buyer = await makeBuyer(db);
    await addToCart({ db, owner: { userId: buyer.id }, productId: shop.bag.id });
    await addToCart({ db, owner: { visitorToken: "v3" }, productId: shop.bag.id, quantity: 2 });
    await addToCart({ db, owner: { visitorToken: "v3" }, productId: shop.digital.id });
    await joinVisitorCart({ db, userId: buyer.id, visitorToken: "v3" });
    const lines = (await getCartView({ db, owner: { userId: buyer.id } })).lines;
    expect(lines.map((l) => [l.name, l.quantity])).toEqual([
      ["Canvas Tote", 3],
      ["Tote Pattern", 1],
    ]);
    expect(await countCartItems({ db, owner: { visitorToken: "v3" } })).toBe(0);
  });

  it("removes only rows of the owner's own cart", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    await addToCart({ db, owner: { visitorToken: "a" }, productId: shop.bag.id });
    const [row] = (await getCartView({ db, owner: { visitorToken: "a" } })).lines;
    expect(await removeCartItem({ db, owner: { visitorToken: "b" }, itemId: row!.id })).toBe(false);
    expect(await removeCartItem({ db, owner: { visitorToken: "a" }, itemId: row!.id })).toBe(true);
    expect(await countCartItems({ db, owner: { visitorToken: "a" } })).toBe(0);
  });

  it("replaces the cart atomically for the JSON checkout", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const buyer = await makeBuyer(db);
    await addToCart({ db, owner: { userId: buyer.id }, productId: shop.bag.id });
    const refused = await replaceCart({ db, userId: buyer.id, items: [{ productId: shop.digital.id }, { productId: shop.dress.id }] });
    expect(refused).toEqual({ ok: false, error: "variant-required", productId: shop.dress.id, item: "Wrap Dress" });
    expect((await getCartView({ db, owner: { userId: buyer.id } })).lines.map((l) => l.name)).toEqual(["Canvas Tote"]);
    expect(await replaceCart({ db, userId: buyer.id, items: [{ productId: shop.digital.id }] })).toEqual({ ok: true });
    expect((await getCartView({ db, owner: { userId: buyer.id } })).lines.map((l) => l.name)).toEqual(["Tote Pattern"]);
  });
});

describe("stale visitor carts", () => {
  it("go when untouched for longer than the cookie lives; account carts stay", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const buyer = await makeBuyer(db);
    await addToCart({ db, owner: { visitorToken: "old" }, productId: shop.bag.id });
    await addToCart({ db, owner: { userId: buyer.id }, productId: shop.bag.id });
    expect(await deleteStaleVisitorCarts({ db })).toBe(0);
    const later = new Date(Date.now() + 32 * 24 * 60 * 60 * 1000);
    expect(await deleteStaleVisitorCarts({ db, now: later })).toBe(1);
    expect(await countCartItems({ db, owner: { userId: buyer.id } })).toBe(1);
  });
});

describe("a downloadable pattern is one licence per buyer (issue 19, item 6)", () => {
  useTestEnv();

  it("stays at quantity 1 when added twice, and a quantity above 1 is refused", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const owner = { visitorToken: "twice" };
    expect(await addToCart({ db, owner, productId: shop.digital.id })).toEqual({ ok: true });
    expect(await addToCart({ db, owner, productId: shop.digital.id })).toEqual({ ok: true, alreadyInCart: true });
    expect(await addToCart({ db, owner, productId: shop.digital.id, quantity: 2 })).toEqual({ ok: false, error: "single-licence" });
    const view = await getCartView({ db, owner });
    expect(view.lines.map((l) => [l.name, l.quantity, l.lineCents])).toEqual([["Tote Pattern", 1, 1250]]);
    expect(view.totalCents).toBe(1250);
    expect(await countCartItems({ db, owner })).toBe(1);
    // Printed patterns are physical copies: several are fine.
    expect(await addToCart({ db, owner, productId: shop.printed.id, variantId: shop.printedS.id, quantity: 2 })).toEqual({ ok: true });
  });

  it("a line stored with a higher quantity (before this rule, or a pattern turned Digital) counts and costs once", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const owner = { visitorToken: "old-line" };
    await addToCart({ db, owner, productId: shop.digital.id });
    await db.update(cartItems).set({ quantity: 3 });
    expect((await getCartView({ db, owner })).lines.map((l) => [l.quantity, l.lineCents])).toEqual([[1, 1250]]);
    expect(await countCartItems({ db, owner })).toBe(1);
  });

  it("a buyer who owns it (paid, not refunded) is told so with the order; after a refund it can be bought again", async () => {
    const db = createTestDb();
    const { shop, buyer, admin, checkout } = await paidShop(db);
    const { digital } = await fulfil(db, checkout.id);
    const owner = { userId: buyer.id };
    expect(await addToCart({ db, owner, productId: shop.digital.id })).toEqual({ ok: false, error: "already-owned", orderId: digital.id });
    expect((await getCartView({ db, owner })).lines).toEqual([]);
    // A printed copy of another pattern, or apparel, is not a licence: no such rule.
    expect(await addToCart({ db, owner, productId: shop.bag.id })).toEqual({ ok: true });
    // The JSON checkout's items: refused, naming the product and the order; the cart stays as it was.
    expect(await replaceCart({ db, userId: buyer.id, items: [{ productId: shop.digital.id }] })).toEqual({
      ok: false,
      error: "already-owned",
      productId: shop.digital.id,
      item: "Tote Pattern",
      orderId: digital.id,
    });
    expect((await getCartView({ db, owner })).lines.map((l) => l.name)).toEqual(["Canvas Tote"]);
    const refunded = await refundOrder({ db, orderId: digital.id, adminId: admin.id, stripe: null });
    expect(refunded.ok).toBe(true);
    expect(await addToCart({ db, owner, productId: shop.digital.id })).toEqual({ ok: true });
  });

  it("the JSON checkout's items: the same pattern twice is one line of quantity 1, a quantity of 2 is refused", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const buyer = await makeBuyer(db);
    expect(await replaceCart({ db, userId: buyer.id, items: [{ productId: shop.digital.id, quantity: 2 }] })).toEqual({
      ok: false,
      error: "single-licence",
      productId: shop.digital.id,
      item: "Tote Pattern",
    });
    expect(await replaceCart({ db, userId: buyer.id, items: [{ productId: shop.digital.id }, { productId: shop.digital.id }] })).toEqual({ ok: true });
    expect((await getCartView({ db, owner: { userId: buyer.id } })).lines.map((l) => [l.name, l.quantity])).toEqual([["Tote Pattern", 1]]);
  });

  it("joining a visitor cart at login keeps one licence, and marks a pattern the buyer already owns", async () => {
    const db = createTestDb();
    const { shop, buyer, checkout } = await paidShop(db);
    const shop2 = await makeShop(db);
    const { digital } = await fulfil(db, checkout.id);
    await addToCart({ db, owner: { userId: buyer.id }, productId: shop2.digital.id });
    await addToCart({ db, owner: { visitorToken: "v-owned" }, productId: shop2.digital.id });
    await addToCart({ db, owner: { visitorToken: "v-owned" }, productId: shop.digital.id });
    await joinVisitorCart({ db, userId: buyer.id, visitorToken: "v-owned" });
    const lines = (await getCartView({ db, owner: { userId: buyer.id } })).lines;
    expect(lines.map((l) => [l.productId, l.quantity, l.ownedOrderId])).toEqual([
      [shop2.digital.id, 1, null],
      [shop.digital.id, 1, digital.id],
    ]);
    expect(await countCartItems({ db, owner: { userId: buyer.id } })).toBe(2);
  });

  it("a checkout of a cart holding a pattern the buyer owns is refused, naming it", async () => {
    const db = createTestDb();
    const { shop, buyer, checkout } = await paidShop(db);
    await fulfil(db, checkout.id);
    await addToCart({ db, owner: { visitorToken: "v-checkout" }, productId: shop.digital.id });
    await joinVisitorCart({ db, userId: buyer.id, visitorToken: "v-checkout" });
    const result = await createCheckout({ db, user: buyer, origin: "http://shop.test", provider: createLocalProvider(), digitalConsent: true });
    expect(result).toEqual({ ok: false, error: "already-owned", item: "Tote Pattern" });
    expect(await db.select().from(cartItems).where(eq(cartItems.productId, shop.digital.id))).toHaveLength(1);
  });
});
