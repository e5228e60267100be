import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { favorites, products } from "../../../db/tables";
import { makeShop } from "../../../tests/unit/buying-fixtures";
import { createTestDb, makeUser } from "../../../tests/unit/helpers";
import { CATALOG_ERRORS } from "~/models/catalog/errors";
import { countFavorites, favoriteIdsAmong, listFavorites, setFavorite } from "~/models/catalog/favorites.server";
import { listProducts, productListItemJson } from "~/models/catalog/listing.server";
import type { Db } from "~/utils/db.server";

let db: Db;
beforeEach(() => {
  db = createTestDb();
});

const ALL = { category1: "all", category2: [] as string[], category3: [] as string[], q: "", sort: "newest" as const, page: 1 };

describe("favourites", () => {
  it("favouring is idempotent, unfavouring removes and is idempotent too", async () => {
    const shop = await makeShop(db);
    const fan = await makeUser(db);
    expect(await setFavorite({ db, userId: fan.id, productId: shop.bag.id, favorite: true })).toEqual({ ok: true, favorite: true });
    expect(await setFavorite({ db, userId: fan.id, productId: shop.bag.id, favorite: true })).toEqual({ ok: true, favorite: true });
    expect(await db.select().from(favorites)).toHaveLength(1);
    expect(await countFavorites({ db, productIds: [shop.bag.id, shop.dress.id] })).toEqual(new Map([[shop.bag.id, 1]]));
    expect(await favoriteIdsAmong({ db, userId: fan.id, productIds: [shop.bag.id, shop.dress.id] })).toEqual(new Set([shop.bag.id]));
    expect(await setFavorite({ db, userId: fan.id, productId: shop.bag.id, favorite: false })).toEqual({ ok: true, favorite: false });
    expect(await setFavorite({ db, userId: fan.id, productId: shop.bag.id, favorite: false })).toEqual({ ok: true, favorite: false });
    expect(await db.select().from(favorites)).toHaveLength(0);
    expect(await countFavorites({ db, productIds: [shop.bag.id] })).toEqual(new Map());
  });

  it("refuses unknown and unlisted products (404) and the seller's own designs (400)", async () => {
    const shop = await makeShop(db);
    const fan = await makeUser(db);
    expect(await setFavorite({ db, userId: fan.id, productId: 99999, favorite: true })).toEqual({ ok: false, error: "product-not-found" });
    expect(await setFavorite({ db, userId: fan.id, productId: 99999, favorite: false })).toEqual({ ok: false, error: "product-not-found" });
    expect(CATALOG_ERRORS.favorite["product-not-found"].status).toBe(404);
    await setFavorite({ db, userId: fan.id, productId: shop.dress.id, favorite: true });
    await db.update(products).set({ removedAt: new Date() }).where(eq(products.id, shop.dress.id));
    expect(await setFavorite({ db, userId: fan.id, productId: shop.dress.id, favorite: true })).toEqual({ ok: false, error: "product-not-found" });
    // A removed product shows nowhere: not in the list, not in the counts of its own ids that a list would ask for.
    expect(await listFavorites({ db, userId: fan.id })).toEqual([]);
    expect(await setFavorite({ db, userId: shop.seller.id, productId: shop.bag.id, favorite: true })).toEqual({ ok: false, error: "own-product" });
    expect(CATALOG_ERRORS.favorite["own-product"].status).toBe(400);
  });

  it("drafts cannot be favoured and leave the list until published; a favourite made before can still be removed", async () => {
    const shop = await makeShop(db);
    const fan = await makeUser(db);
    const leaver = await makeUser(db);
    await setFavorite({ db, userId: fan.id, productId: shop.bag.id, favorite: true });
    await setFavorite({ db, userId: leaver.id, productId: shop.bag.id, favorite: true });
    await db.update(products).set({ status: "draft" }).where(eq(products.id, shop.bag.id));
    expect(await setFavorite({ db, userId: fan.id, productId: shop.dress.id, favorite: true })).toEqual({ ok: true, favorite: true });
    await db.update(products).set({ status: "draft" }).where(eq(products.id, shop.dress.id));
    const other = await makeUser(db);
    expect(await setFavorite({ db, userId: other.id, productId: shop.bag.id, favorite: true })).toEqual({ ok: false, error: "product-not-found" });
    expect(await listFavorites({ db, userId: fan.id })).toEqual([]);
    expect(await setFavorite({ db, userId: leaver.id, productId: shop.bag.id, favorite: false })).toEqual({ ok: true, favorite: false });
    await db.update(products).set({ status: "published" });
    expect((await listFavorites({ db, userId: fan.id })).map((p) => p.id).sort()).toEqual([shop.bag.id, shop.dress.id].sort());
    expect(await listFavorites({ db, userId: leaver.id })).toEqual([]);
  });

  it("lists the latest favoured first, as the product list's items, and marks the viewer's hearts in the catalogue", async () => {
    const shop = await makeShop(db);
    const fan = await makeUser(db);
    const other = await makeUser(db);
    await setFavorite({ db, userId: fan.id, productId: shop.bag.id, favorite: true });
    await db.update(favorites).set({ createdAt: new Date(Date.now() - 60_000) });
    await setFavorite({ db, userId: fan.id, productId: shop.digital.id, favorite: true });
    await setFavorite({ db, userId: other.id, productId: shop.dress.id, favorite: true });
    const list = await listFavorites({ db, userId: fan.id });
    expect(list.map((p) => p.id)).toEqual([shop.digital.id, shop.bag.id]);
    expect(productListItemJson(list[1]!)).toEqual({
      id: shop.bag.id,
      name: "Canvas Tote",
      price: 45.5,
      media: [],
      store_owner: shop.seller.id,
      store_name: shop.store.name,
      store_avatar: null,
      myself: false,
      type: "Made",
    });
    const page = await listProducts({ db, query: ALL, viewerId: fan.id });
    const hearts = Object.fromEntries(page.items.map((p) => [p.id, p.favorite]));
    expect(hearts).toMatchObject({ [shop.bag.id]: true, [shop.digital.id]: true, [shop.dress.id]: false });
    // A visitor's cards carry no per-user state: the heart is a login link.
    expect((await listProducts({ db, query: ALL })).items.every((p) => p.favorite === null)).toBe(true);
  });
});
