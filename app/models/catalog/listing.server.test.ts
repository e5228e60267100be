import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { products, reviews, stores, variants } from "../../../db/tables";
import { createTestDb, makeUser } from "../../../tests/unit/helpers";
import { ftsQuery, listProducts, productListItemJson } from "~/models/catalog/listing.server";
import { externalProductJson, getExternalProduct } from "~/models/catalog/products.server";
import { parseCatalogQuery, type CatalogQuery } from "~/schemas/catalog";
import { productTypeLabel, variantLabel } from "~/utils/catalog";
import type { Db } from "~/utils/db.server";

const ALL: CatalogQuery = { category1: "all", category2: [], category3: [], q: "", sort: "newest", page: 1 };

type P = Partial<typeof products.$inferInsert> & { name: string };

let db: Db;
let sellerId: number;
let storeId: number;
let t = 0;

async function addProduct(p: P, store = storeId) {
  t += 1;
  const type = p.type ?? "Ready";
  return (await db
    .insert(products)
    .values({
      storeId: store,
      description: `${p.name} description`,
      priceCents: 1000,
      category1: "women",
      category2: "tops",
      type,
      delivery: type === "Pattern" ? "Digital" : null,
      createdAt: new Date(1_700_000_000_000 + t * 1000),
      ...p,
    })
    .returning())[0];
}

const names = (page: Awaited<ReturnType<typeof listProducts>>) => page.items.map((i) => i.name);

beforeEach(async () => {
  db = createTestDb();
  const seller = await makeUser(db);
  sellerId = seller.id;
  storeId = (await db.insert(stores).values({ userId: seller.id, name: "Selvedge Studio", avatar: "a.webp" }).returning())[0].id;
  await addProduct({ name: "Linen Wrap Dress", category2: "dresses", priceCents: 9000, sold: 5 });
  await addProduct({ name: "Boxy Tee Pattern", type: "Pattern", priceCents: 1200, sold: 50 });
  await addProduct({ name: "Dog Raincoat", category1: "Pets", category2: "clothing", type: "Made", priceCents: 4000, sold: 9 });
  await addProduct({ name: "Cushion Cover", category1: "Home", category2: "decor", description: "Piped edges in washed linen", priceCents: 2500, sold: 1 });
});

describe("listProducts", () => {
  it("lists newest first and hides removed products", async () => {
    await addProduct({ name: "Gone Skirt", removedAt: new Date() });
    expect(names(await listProducts({ db, query: ALL }))).toEqual(["Cushion Cover", "Dog Raincoat", "Boxy Tee Pattern", "Linen Wrap Dress"]);
  });

  it("filters by category, level-2 ids and availability", async () => {
    expect(names(await listProducts({ db, query: { ...ALL, category1: "Pets" } }))).toEqual(["Dog Raincoat"]);
    expect(names(await listProducts({ db, query: { ...ALL, category1: "women", category2: ["dresses"] } }))).toEqual(["Linen Wrap Dress"]);
    expect(names(await listProducts({ db, query: { ...ALL, category3: ["Pattern"] } }))).toEqual(["Boxy Tee Pattern"]);
    expect(names(await listProducts({ db, query: { ...ALL, category3: ["ready_to_ship", "Made"], sort: "price_asc" } }))).toEqual([
      "Cushion Cover",
      "Dog Raincoat",
      "Linen Wrap Dress",
    ]);
  });

  it("best-sellers excludes patterns, popular has only patterns", async () => {
    const best = await listProducts({ db, query: { ...ALL, sort: "best_selling" }, scope: "best-sellers" });
    expect(names(best)).toEqual(["Dog Raincoat", "Linen Wrap Dress", "Cushion Cover"]);
    expect(names(await listProducts({ db, query: ALL, scope: "popular" }))).toEqual(["Boxy Tee Pattern"]);
    // Asking best-sellers for patterns only finds nothing.
    expect((await listProducts({ db, query: { ...ALL, category3: ["Pattern"] }, scope: "best-sellers" })).total).toBe(0);
  });

  it("sorts by price both ways and by sold count", async () => {
    expect(names(await listProducts({ db, query: { ...ALL, sort: "price_asc" } }))[0]).toBe("Boxy Tee Pattern");
    expect(names(await listProducts({ db, query: { ...ALL, sort: "price_desc" } }))[0]).toBe("Linen Wrap Dress");
    expect(names(await listProducts({ db, query: { ...ALL, sort: "best_selling" } }))[0]).toBe("Boxy Tee Pattern");
  });

  it("searches name, description and store name, by prefix and word stem, combined with filters", async () => {
    expect(names(await listProducts({ db, query: { ...ALL, q: "raincoat" } }))).toEqual(["Dog Raincoat"]);
    expect(names(await listProducts({ db, query: { ...ALL, q: "dresses" } }))).toEqual(["Linen Wrap Dress"]);
    expect(names(await listProducts({ db, query: { ...ALL, q: "rainc" } }))).toEqual(["Dog Raincoat"]);
    expect(names(await listProducts({ db, query: { ...ALL, q: "washed linen" } }))).toEqual(["Cushion Cover"]);
    expect((await listProducts({ db, query: { ...ALL, q: "selvedge" } })).total).toBe(4);
    expect(names(await listProducts({ db, query: { ...ALL, q: "linen", category1: "women" } }))).toEqual(["Linen Wrap Dress"]);
    expect((await listProducts({ db, query: { ...ALL, q: "\"); DROP TABLE products; --" } })).total).toBe(0);
  });

  it("keeps the search index in sync with product edits and store renames", async () => {
    const p = await addProduct({ name: "Plain Apron" });
    await db.update(products).set({ name: "Canvas Apron", description: "Sturdy" }).where(eq(products.id, p.id));
    expect(names(await listProducts({ db, query: { ...ALL, q: "canvas" } }))).toEqual(["Canvas Apron"]);
    expect((await listProducts({ db, query: { ...ALL, q: "plain" } })).total).toBe(0);
    await db.update(stores).set({ name: "Bobbin Works" }).where(eq(stores.id, storeId));
    expect((await listProducts({ db, query: { ...ALL, q: "bobbin" } })).total).toBe(5);
    await db.delete(products).where(eq(products.id, p.id));
    expect((await listProducts({ db, query: { ...ALL, q: "canvas" } })).total).toBe(0);
  });

  it("pages with a page count and clamps a page past the end", async () => {
    for (let i = 0; i < 26; i++) await addProduct({ name: `Extra ${i}` });
    const first = await listProducts({ db, query: ALL, pageSize: 24 });
    expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2 });
    expect(first.items).toHaveLength(24);
    const second = await listProducts({ db, query: { ...ALL, page: 2 }, pageSize: 24 });
    expect(second.items).toHaveLength(6);
    expect((await listProducts({ db, query: { ...ALL, page: 9 }, pageSize: 24 })).page).toBe(2);
  });

  it("marks the viewer's own products and fills store fields and media", async () => {
    const own = (await listProducts({ db, query: ALL, viewerId: sellerId })).items[0]!;
    expect(own).toMatchObject({ myself: true, storeOwner: sellerId, storeName: "Selvedge Studio", storeAvatar: "a.webp", media: [] });
    expect((await listProducts({ db, query: ALL, viewerId: sellerId + 99 })).items[0]!.myself).toBe(false);
  });
});

describe("ftsQuery", () => {
  it("quotes every word as a prefix term and drops punctuation", () => {
    expect(ftsQuery("Linen  dress!")).toBe('"linen"* "dress"*');
    expect(ftsQuery('"OR" NEAR(')).toBe('"or"* "near"*');
    expect(ftsQuery("  ,, ")).toBeNull();
  });
});

describe("parseCatalogQuery", () => {
  const parse = (s: string) => parseCatalogQuery(new URLSearchParams(s), { category1: "women", sort: "newest" });
  it("uses the defaults and drops what does not belong", () => {
    expect(parse("")).toEqual({ ...ALL, category1: "women" });
    expect(parse("category1=nope&sort=cheap&page=-3")).toEqual({ ...ALL, category1: "women" });
    expect(parse("category1=Pets&category2=clothing,tops&category2=accessories&category3=Made&category3=x").category2).toEqual([
      "clothing",
      "accessories",
    ]);
    expect(parse("category3=Made,Pattern").category3).toEqual(["Made", "Pattern"]);
    expect(parse("q=%20dress%20&sort=price_desc&page=3")).toMatchObject({ q: "dress", sort: "price_desc", page: 3 });
  });
});

describe("labels", () => {
  it("product types (spec 9) and variant stock (spec 5)", () => {
    expect(productTypeLabel("Pattern", "Digital")).toBe("Downloadable Pattern (DXF for commercial production)");
    expect(productTypeLabel("Pattern", "Print")).toBe("Printed Pattern");
    expect(productTypeLabel("Made", null)).toBe("Made to Order Apparel");
    expect(productTypeLabel("Ready", null)).toBe("Ready to Ship Apparel");
    expect(variantLabel({ value: "M", inventory: 3 }, "Ready")).toEqual({ text: "M (3 in stock)", disabled: false });
    expect(variantLabel({ value: "L", inventory: 0 }, "Made")).toEqual({ text: "L (Out of Stock)", disabled: true });
    expect(variantLabel({ value: "L", inventory: 0 }, "Pattern")).toEqual({ text: "L", disabled: false });
  });
});

describe("JSON shapes", () => {
  it("a list item has exactly the spec's fields, price in dollars", async () => {
    const item = productListItemJson((await listProducts({ db, query: { ...ALL, q: "raincoat" } })).items[0]!);
    expect(item).toEqual({
      id: item.id,
      name: "Dog Raincoat",
      price: 40,
      media: [],
      store_owner: sellerId,
      store_name: "Selvedge Studio",
      store_avatar: "a.webp",
      myself: false,
      type: "Made",
    });
  });

  it("an external product has the spec's fields, newest review first", async () => {
    const p = (await listProducts({ db, query: { ...ALL, q: "raincoat" } })).items[0]!;
    await db.insert(variants).values({ productId: p.id, value: "S", inventory: 2 });
    await db.insert(reviews).values({ productId: p.id, name: "Ana", star: 4, comment: "Nice", createdAt: new Date("2026-01-02T00:00:00Z") });
    await db.insert(reviews).values({ productId: p.id, name: "Ben", star: 5, comment: "", createdAt: new Date("2026-02-02T00:00:00Z") });
    const found = (await getExternalProduct({ db, productId: p.id }))!;
    expect(found.rating).toEqual({ average: 4.5, count: 2 });
    const json = externalProductJson(found);
    expect(json.product).toEqual({
      name: "Dog Raincoat",
      price: 40,
      sold: 9,
      type: "Made",
      delivery: null,
      desc: "Dog Raincoat description",
      terms: "",
      size_chart: null,
    });
    expect(json.variants).toEqual([{ id: expect.any(Number), name: "Size", value: "S", inventory: 2 }]);
    expect(json.reviews.map((r) => [r.name, r.dt])).toEqual([
      ["Ben", "2026-02-02T00:00:00.000Z"],
      ["Ana", "2026-01-02T00:00:00.000Z"],
    ]);
    expect(json).toMatchObject({ store_owner_id: sellerId, store_name: "Selvedge Studio", store_profile: { city: "", country: "" } });
    expect(await getExternalProduct({ db, productId: 999 })).toBeNull();
  });
});
