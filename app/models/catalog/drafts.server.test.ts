// Drafts (issue 23 item 5, decision 106) on a real, migrated database: a draft is invisible everywhere a buyer looks
// (explore, best-sellers, popular, search, the store page, the JSON list, the product page and its JSON) and cannot
// be bought (cart add and the JSON checkout's items refused; a cart line unpublished after it was added is refused
// at checkout with a clear message), while its seller still sees it, previews it and publishes it.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { products, type User } from "../../../db/tables";
import { inventoryOf, makeBuyer, makeShop, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { createSession } from "~/models/accounts/sessions.server";
import { addToCart, getCartView, replaceCart } from "~/models/buying/cart.server";
import { createCheckout } from "~/models/buying/checkout.server";
import { BUYING_ERRORS, namedMessage } from "~/models/buying/errors";
import { listProducts } from "~/models/catalog/listing.server";
import { getExternalProduct } from "~/models/catalog/products.server";
import { getStorePage, storeJson } from "~/models/catalog/stores.server";
import { createLocalProvider } from "~/models/payments/local.server";
import { getOwnProduct, listOwnProducts, ownProductJson, removeOwnProduct, setOwnProductStatus } from "~/models/selling/designs.server";
import { loader as productPageLoader } from "~/routes/_catalog+/product.$id";
import { loader as externalProductLoader } from "~/routes/_api+/_user+/api.user.get-external-product.$id";
import { loader as productsLoader } from "~/routes/_api+/_user+/api.user.products";
import { action as publishAction } from "~/routes/_api+/_user+/api.user.publish-product";
import { action as myDesignsAction } from "~/routes/_selling+/my-designs";
import type { CatalogQuery } from "~/schemas/catalog";
import { type Db, first } from "~/utils/db.server";

/** What server.ts gives every loader and action. */
const context = { cspNonce: "" };
const ALL: CatalogQuery = { category1: "all", category2: [], category3: [], q: "", sort: "newest", page: 1 };

let db: Db;
let shop: Awaited<ReturnType<typeof makeShop>>;
let buyer: User;

beforeEach(async () => {
  useTestEnv();
  db = createTestDb();
  globalThis.__db = db;
  shop = await makeShop(db);
  buyer = await makeBuyer(db);
});

/** Turns a design of the fixture shop into a draft through the seller's own model call. */
async function draft(productId: number) {
  expect(await setOwnProductStatus({ db, storeId: shop.store.id, productId, status: "draft" })).toBe(true);
}

const listed = (page: Awaited<ReturnType<typeof listProducts>>) => page.items.map((i) => i.name);

async function thrownStatus(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
  return 200;
}

describe("drafts are invisible where a buyer looks", () => {
  it("explore, best-sellers and popular neither list nor count a draft", async () => {
    await draft(shop.bag.id);
    await draft(shop.digital.id);
    const explore = await listProducts({ db, query: ALL });
    expect(listed(explore)).not.toContain("Canvas Tote");
    expect(listed(explore)).not.toContain("Tote Pattern");
    expect(explore.total).toBe(2);
    expect(listed(await listProducts({ db, query: ALL, scope: "best-sellers" }))).toEqual(["Wrap Dress"]);
    expect(listed(await listProducts({ db, query: ALL, scope: "popular" }))).toEqual(["Printed Shirt Pattern"]);
  });

  it("search does not find a draft, and finds it once published", async () => {
    await draft(shop.bag.id);
    const search = { ...ALL, q: "canvas tote" };
    expect(await listProducts({ db, query: search })).toMatchObject({ items: [], total: 0 });
    expect(await setOwnProductStatus({ db, storeId: shop.store.id, productId: shop.bag.id, status: "published" })).toBe(true);
    expect(listed(await listProducts({ db, query: search }))).toEqual(["Canvas Tote"]);
  });

  it("the store page (HTML and JSON) leaves a draft out, also for its own seller", async () => {
    await draft(shop.dress.id);
    const page = (await getStorePage({ db, ownerId: shop.seller.id, viewerId: buyer.id }))!;
    expect(page.designs.items.map((d) => d.name)).not.toContain("Wrap Dress");
    expect(page.designs.total).toBe(3);
    expect(storeJson(page).designs.map((d) => d.id)).not.toContain(shop.dress.id);
    // The public store page is what buyers see; the seller's drafts are on /my-designs.
    const own = (await getStorePage({ db, ownerId: shop.seller.id, viewerId: shop.seller.id }))!;
    expect(own.designs.items.map((d) => d.id)).not.toContain(shop.dress.id);
  });

  it("the JSON product list leaves a draft out of the items and the X-Total-Count", async () => {
    await draft(shop.bag.id);
    const response = await productsLoader({ request: new Request("http://shop.test/api/user/products?limit=100"), params: {}, context });
    const items = (await response.json()) as { id: number; name: string }[];
    expect(items.map((i) => i.id)).not.toContain(shop.bag.id);
    expect(items).toHaveLength(3);
    expect(response.headers.get("X-Total-Count")).toBe("3");
  });

  it("the product page is 404 for a visitor and a buyer, and shown to its seller as a preview", async () => {
    await draft(shop.bag.id);
    const page = (headers?: HeadersInit) =>
      thrownStatus(() => productPageLoader({ request: new Request(`http://shop.test/product/${shop.bag.id}`, { headers }), params: { id: String(shop.bag.id) }, context }));
    expect(await page()).toBe(404);
    expect(await page({ Authorization: await createSession({ db, userId: buyer.id }) })).toBe(404);
    expect(await page({ Authorization: await createSession({ db, userId: shop.seller.id }) })).toBe(200);
    const preview = (await productPageLoader({
      request: new Request(`http://shop.test/product/${shop.bag.id}`, { headers: { Authorization: await createSession({ db, userId: shop.seller.id }) } }),
      params: { id: String(shop.bag.id) },
      context,
    })) as { product: { draft: boolean } };
    expect(preview.product.draft).toBe(true);
    // The model: a draft exists for its seller only.
    expect(await getExternalProduct({ db, productId: shop.bag.id })).toBeNull();
    expect(await getExternalProduct({ db, productId: shop.bag.id, viewerId: buyer.id })).toBeNull();
    expect((await getExternalProduct({ db, productId: shop.bag.id, viewerId: shop.seller.id }))?.product.name).toBe("Canvas Tote");
  });

  it("the JSON external product is 404 for everyone; the seller reads the draft through the own product JSON", async () => {
    await draft(shop.bag.id);
    const response = await externalProductLoader({ request: new Request("http://shop.test/"), params: { id: String(shop.bag.id) }, context });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Product not found" });
    const own = (await getOwnProduct({ db, storeId: shop.store.id, productId: shop.bag.id }))!;
    expect(ownProductJson(own).status).toBe("draft");
    expect((await listOwnProducts({ db, storeId: shop.store.id })).find((p) => p.id === shop.bag.id)?.status).toBe("draft");
  });
});

describe("drafts cannot be bought", () => {
  it("adding a draft to the cart is refused, for visitors and buyers, and through the JSON checkout's items", async () => {
    await draft(shop.bag.id);
    expect(await addToCart({ db, owner: { visitorToken: "v-draft" }, productId: shop.bag.id })).toEqual({ ok: false, error: "not-found" });
    expect(await addToCart({ db, owner: { userId: buyer.id }, productId: shop.bag.id })).toEqual({ ok: false, error: "not-found" });
    expect(await replaceCart({ db, userId: buyer.id, items: [{ productId: shop.digital.id }, { productId: shop.bag.id }] })).toEqual({
      ok: false,
      error: "not-found",
      productId: shop.bag.id,
      item: "Canvas Tote",
    });
    expect((await getCartView({ db, owner: { userId: buyer.id } })).lines).toEqual([]);
  });

  it("a cart line unpublished after it was added is refused at checkout with a clear message; nothing is reserved", async () => {
    const owner = { userId: buyer.id };
    expect(await addToCart({ db, owner, productId: shop.dress.id, variantId: shop.dressM.id })).toEqual({ ok: true });
    expect(await addToCart({ db, owner, productId: shop.bag.id })).toEqual({ ok: true });
    await draft(shop.bag.id);
    const line = (await getCartView({ db, owner })).lines.find((l) => l.productId === shop.bag.id)!;
    expect(line).toMatchObject({ removed: true, available: false });
    const result = await createCheckout({ db, user: buyer, origin: "http://shop.test", provider: createLocalProvider() });
    expect(result).toEqual({ ok: false, error: "unavailable", item: "Canvas Tote" });
    if (!result.ok) {
      expect(namedMessage(BUYING_ERRORS.checkout[result.error].message, result.item)).toBe(
        "An item in your cart is no longer available. Please remove it and try again. (Canvas Tote)",
      );
    }
    expect(await inventoryOf(db, shop.dressM.id)).toBe(1); // the dress's stock was not reserved
    // Published again, the same cart checks out.
    expect(await setOwnProductStatus({ db, storeId: shop.store.id, productId: shop.bag.id, status: "published" })).toBe(true);
    const again = await createCheckout({ db, user: buyer, origin: "http://shop.test", provider: createLocalProvider() });
    expect(again.ok).toBe(true);
  });
});

describe("publishing", () => {
  it("only the owner publishes or unpublishes; another store's or a removed design is not found", async () => {
    const other = await makeShop(db);
    expect(await setOwnProductStatus({ db, storeId: other.store.id, productId: shop.bag.id, status: "draft" })).toBe(false);
    expect((await first(db.select({ status: products.status }).from(products).where(eq(products.id, shop.bag.id)).limit(1)))?.status).toBe("published");
    expect(await removeOwnProduct({ db, storeId: shop.store.id, productId: shop.dress.id })).toBe(true);
    expect(await setOwnProductStatus({ db, storeId: shop.store.id, productId: shop.dress.id, status: "published" })).toBe(false);
  });

  it("POST /api/user/publish-product: the owner publishes and unpublishes, another seller gets 404, bad input 400", async () => {
    const other = await makeShop(db);
    await draft(shop.bag.id);
    const post = async (userId: number, body: unknown) =>
      publishAction({
        request: new Request("http://shop.test/api/user/publish-product", {
          method: "POST",
          headers: { Authorization: await createSession({ db, userId }), "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        params: {},
        context,
      }).catch((e: unknown) => e as Response);
    const foreign = await post(other.seller.id, { id: shop.bag.id });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: "Product not found" });
    expect((await post(shop.seller.id, { id: "1" })).status).toBe(400);
    expect((await post(shop.seller.id, { id: shop.bag.id, status: "hidden" })).status).toBe(400);
    const published = await post(shop.seller.id, { id: shop.bag.id });
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ success: true, status: "published" });
    const ids = async () => (await listProducts({ db, query: ALL })).items.map((i) => i.id);
    expect(await ids()).toContain(shop.bag.id);
    const back = await post(shop.seller.id, { id: shop.bag.id, status: "draft" });
    expect(await back.json()).toMatchObject({ success: true, status: "draft" });
    expect(await ids()).not.toContain(shop.bag.id);
  });

  it("the /my-designs form publishes its seller's draft and refuses another's (404) and a bad intent (400)", async () => {
    const other = await makeShop(db);
    await draft(shop.bag.id);
    const post = (userId: number, fields: Record<string, string>) =>
      thrownStatus(async () => {
        const response = await myDesignsAction({
          request: new Request("http://shop.test/my-designs", {
            method: "POST",
            headers: { Authorization: await createSession({ db, userId }) },
            body: new URLSearchParams(fields),
          }),
          params: {},
          context,
        });
        if (response.status !== 302) throw new Error(`expected a redirect, got ${response.status}`);
        throw response;
      });
    expect(await post(other.seller.id, { intent: "publish", productId: String(shop.bag.id) })).toBe(404);
    expect(await post(shop.seller.id, { intent: "delete", productId: String(shop.bag.id) })).toBe(400);
    expect(await post(shop.seller.id, { intent: "publish", productId: "x" })).toBe(400);
    expect(await post(shop.seller.id, { intent: "publish", productId: String(shop.bag.id) })).toBe(302);
    expect((await getExternalProduct({ db, productId: shop.bag.id }))?.product.name).toBe("Canvas Tote");
  });
});
