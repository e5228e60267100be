import { describe, expect, it } from "vitest";

import { makeBuyer, makeShop } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { addToCart, countCartItems, deleteStaleVisitorCarts, findCartId, getCartView, joinVisitorCart, removeCartItem, replaceCart } from "~/models/buying/cart.server";

describe("cart", () => {
  it("needs a variant when the product has some, and refuses out-of-stock ones", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const owner = { visitorToken: "visitor-1" };
    expect(addToCart({ db, owner, productId: shop.dress.id })).toEqual({ ok: false, error: "variant-required" });
    expect(findCartId({ db, owner })).toBeUndefined(); // a refused add creates no cart
    expect(addToCart({ db, owner, productId: shop.dress.id, variantId: shop.printedS.id })).toEqual({ ok: false, error: "variant-required" });
    expect(addToCart({ db, owner, productId: shop.dress.id, variantId: shop.dressL.id })).toEqual({ ok: false, error: "out-of-stock" });
    expect(addToCart({ db, owner, productId: shop.dress.id, variantId: shop.dressM.id })).toEqual({ ok: true });
    // The only unit is in the cart already.
    expect(addToCart({ db, owner, productId: shop.dress.id, variantId: shop.dressM.id })).toEqual({ ok: false, error: "out-of-stock" });
    // Products without variants add directly; patterns have no stock limit.
    expect(addToCart({ db, owner, productId: shop.bag.id })).toEqual({ ok: true });
    expect(addToCart({ db, owner, productId: shop.printed.id, variantId: shop.printedS.id, quantity: 3 })).toEqual({ ok: true });
    expect(addToCart({ db, owner, productId: 9999 })).toEqual({ ok: false, error: "not-found" });
    expect(countCartItems({ db, owner })).toBe(5);
  });

  it("shows subtotal, printing and shipping per printed unit, and total", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const owner = { visitorToken: "visitor-2" };
    addToCart({ db, owner, productId: shop.dress.id, variantId: shop.dressM.id });
    addToCart({ db, owner, productId: shop.printed.id, variantId: shop.printedS.id, quantity: 2 });
    addToCart({ db, owner, productId: shop.digital.id });
    const view = getCartView({ db, owner });
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
    addToCart({ db, owner: { userId: buyer.id }, productId: shop.bag.id });
    addToCart({ db, owner: { visitorToken: "v3" }, productId: shop.bag.id, quantity: 2 });
    addToCart({ db, owner: { visitorToken: "v3" }, productId: shop.digital.id });
    joinVisitorCart({ db, userId: buyer.id, visitorToken: "v3" });
    const lines = getCartView({ db, owner: { userId: buyer.id } }).lines;
    expect(lines.map((l) => [l.name, l.quantity])).toEqual([
      ["Canvas Tote", 3],
      ["Tote Pattern", 1],
    ]);
    expect(countCartItems({ db, owner: { visitorToken: "v3" } })).toBe(0);
  });

  it("removes only rows of the owner's own cart", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    addToCart({ db, owner: { visitorToken: "a" }, productId: shop.bag.id });
    const [row] = getCartView({ db, owner: { visitorToken: "a" } }).lines;
    expect(removeCartItem({ db, owner: { visitorToken: "b" }, itemId: row!.id })).toBe(false);
    expect(removeCartItem({ db, owner: { visitorToken: "a" }, itemId: row!.id })).toBe(true);
    expect(countCartItems({ db, owner: { visitorToken: "a" } })).toBe(0);
  });

  it("replaces the cart atomically for the JSON checkout", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const buyer = await makeBuyer(db);
    addToCart({ db, owner: { userId: buyer.id }, productId: shop.bag.id });
    const refused = replaceCart({ db, userId: buyer.id, items: [{ productId: shop.digital.id }, { productId: shop.dress.id }] });
    expect(refused).toEqual({ ok: false, error: "variant-required", productId: shop.dress.id });
    expect(getCartView({ db, owner: { userId: buyer.id } }).lines.map((l) => l.name)).toEqual(["Canvas Tote"]);
    expect(replaceCart({ db, userId: buyer.id, items: [{ productId: shop.digital.id }] })).toEqual({ ok: true });
    expect(getCartView({ db, owner: { userId: buyer.id } }).lines.map((l) => l.name)).toEqual(["Tote Pattern"]);
  });
});

describe("stale visitor carts", () => {
  it("go when untouched for longer than the cookie lives; account carts stay", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const buyer = await makeBuyer(db);
    addToCart({ db, owner: { visitorToken: "old" }, productId: shop.bag.id });
    addToCart({ db, owner: { userId: buyer.id }, productId: shop.bag.id });
    expect(deleteStaleVisitorCarts({ db })).toBe(0);
    const later = new Date(Date.now() + 32 * 24 * 60 * 60 * 1000);
    expect(deleteStaleVisitorCarts({ db, now: later })).toBe(1);
    expect(countCartItems({ db, owner: { userId: buyer.id } })).toBe(1);
  });
});
