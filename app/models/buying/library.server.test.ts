import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { files, orders, patternVersions } from "../../../db/tables";
import { makeBuyer, makeShop, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { addToCart } from "~/models/buying/cart.server";
import { createCheckout } from "~/models/buying/checkout.server";
import { downloadOrderPattern } from "~/models/buying/downloads.server";
import { fulfilCheckout } from "~/models/buying/fulfilment.server";
import { libraryEntryJson, listLibrary } from "~/models/buying/library.server";
import { createLocalProvider } from "~/models/payments/local.server";
import type { Db } from "~/utils/db.server";

beforeAll(() => {
  useTestEnv();
});

async function buy(db: Db, buyer: { id: number } & Parameters<typeof createCheckout>[0]["user"], productId: number, variantId?: number) {
  await addToCart({ db, owner: { userId: buyer.id }, productId, variantId });
  const result = await createCheckout({ db, user: buyer, origin: "http://x.test", provider: createLocalProvider(), digitalConsent: true });
  if (!result.ok) throw new Error(result.error);
  const fulfilled = await fulfilCheckout({ db, checkoutId: result.checkout.id });
  if (fulfilled.status !== "fulfilled") throw new Error(fulfilled.status);
  return fulfilled.orders;
}

async function addVersion(db: Db, productId: number, version: number, file: string, createdAt: Date) {
  await db.insert(files).values({ name: file, originalName: `v${version}.dxf`, contentType: "application/dxf", size: 10, kind: "pattern" }).onConflictDoNothing();
  await db.insert(patternVersions).values({ productId, version, file, createdAt });
}

describe("the pattern library", () => {
  it("lists the Digital patterns the buyer owns, not printed ones, not refunded ones, and searches name and store", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const buyer = await makeBuyer(db);
    const stranger = await makeBuyer(db);
    const [order] = await buy(db, buyer, shop.digital.id);
    await buy(db, buyer, shop.printed.id, shop.printedS.id);
    await addVersion(db, shop.digital.id, 1, "abc123.dxf", new Date(order!.createdAt.getTime() - 1000));

    const [entry] = await listLibrary({ db, userId: buyer.id });
    expect(await listLibrary({ db, userId: buyer.id })).toHaveLength(1);
    expect(libraryEntryJson(entry!, (path) => `http://x.test${path}`)).toEqual({
      productId: shop.digital.id,
      name: "Tote Pattern",
      store_name: shop.store.name,
      version: 1,
      updated: false,
      downloads: ["dxf", "A4", "Letter", "A0", "roll36", "24x36", "projector"].map((format) => ({
        format,
        url: `http://x.test/download/${order!.id}?format=${format}`,
      })),
    });
    expect(await listLibrary({ db, userId: stranger.id })).toEqual([]);
    expect(await listLibrary({ db, userId: buyer.id, q: "tote" })).toHaveLength(1);
    expect(await listLibrary({ db, userId: buyer.id, q: "SALLY" })).toHaveLength(1);
    expect(await listLibrary({ db, userId: buyer.id, q: "jacket" })).toEqual([]);
    expect(await listLibrary({ db, userId: buyer.id, q: "   " })).toHaveLength(1);
    expect(await listLibrary({ db, userId: buyer.id, q: "%" })).toEqual([]);

    await db.update(orders).set({ status: "Refunded" }).where(eq(orders.id, order!.id));
    expect(await listLibrary({ db, userId: buyer.id })).toEqual([]);
  });

  it("shows 'updated' when a version arrived after the purchase and the buyer has not downloaded it; a download clears it", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const buyer = await makeBuyer(db);
    const [order] = await buy(db, buyer, shop.digital.id);
    const bought = order!.createdAt.getTime();
    await addVersion(db, shop.digital.id, 1, "abc123.dxf", new Date(bought - 1000));
    expect((await downloadOrderPattern({ db, userId: buyer.id, orderId: order!.id })).ok).toBe(true);
    expect((await listLibrary({ db, userId: buyer.id }))[0]).toMatchObject({ version: 1, updated: false });

    await addVersion(db, shop.digital.id, 2, "def456.dxf", new Date(bought + 1000));
    expect((await listLibrary({ db, userId: buyer.id }))[0]).toMatchObject({ version: 2, updated: true });
    // Downloading the earlier version again does not count as having the new one.
    expect((await downloadOrderPattern({ db, userId: buyer.id, orderId: order!.id, version: 1 })).ok).toBe(true);
    expect((await listLibrary({ db, userId: buyer.id }))[0]).toMatchObject({ updated: true });
    expect((await downloadOrderPattern({ db, userId: buyer.id, orderId: order!.id })).ok).toBe(true);
    expect((await listLibrary({ db, userId: buyer.id }))[0]).toMatchObject({ version: 2, updated: false });
  });

  it("a pattern bought after its latest version is not 'updated', even before its first download", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const buyer = await makeBuyer(db);
    await addVersion(db, shop.digital.id, 1, "abc123.dxf", new Date(Date.now() - 60_000));
    await addVersion(db, shop.digital.id, 2, "def456.dxf", new Date(Date.now() - 30_000));
    await buy(db, buyer, shop.digital.id);
    expect((await listLibrary({ db, userId: buyer.id }))[0]).toMatchObject({ version: 2, updated: false });
  });
});
