import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { downloads, files, orders, products, stores } from "../../../db/tables";
import { makeBuyer, makeShop, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb, makeUser } from "../../../tests/unit/helpers";
import { addToCart } from "~/models/buying/cart.server";
import { createCheckout } from "~/models/buying/checkout.server";
import { fulfilCheckout } from "~/models/buying/fulfilment.server";
import { createLocalProvider } from "~/models/payments/local.server";
import { authorizePrivateFileRead, canReadPrivateFile, privateFileAccess } from "~/models/buying/authorise.server";

beforeAll(() => {
  useTestEnv();
});

describe("private pattern files", () => {
  it("are readable by the seller, admins and paid, not refunded buyers; buyer reads are logged", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const buyer = await makeBuyer(db);
    const stranger = await makeBuyer(db);
    const admin = await makeUser(db, { role: "admin" });
    const file = { name: "abc123.dxf", ownerId: shop.seller.id };

    await addToCart({ db, owner: { userId: buyer.id }, productId: shop.digital.id });
    const checkout = await createCheckout({ db, user: buyer, origin: "http://x.test", provider: createLocalProvider(), digitalConsent: true });
    if (!checkout.ok) throw new Error(checkout.error);
    // Reserved but not paid: no access yet.
    expect(await canReadPrivateFile({ db, user: buyer, file })).toBe(false);
    const paid = await fulfilCheckout({ db, checkoutId: checkout.checkout.id });
    if (paid.status !== "fulfilled") throw new Error(paid.status);
    const orderId = paid.orders[0]!.id;

    expect(await privateFileAccess({ db, user: null, file })).toEqual({ allowed: false });
    expect(await privateFileAccess({ db, user: stranger, file })).toEqual({ allowed: false });
    expect(await privateFileAccess({ db, user: shop.seller, file })).toEqual({ allowed: true, buyerOrderId: null });
    expect(await privateFileAccess({ db, user: admin, file })).toEqual({ allowed: true, buyerOrderId: null });
    expect(await privateFileAccess({ db, user: buyer, file })).toEqual({ allowed: true, buyerOrderId: orderId });

    expect(await authorizePrivateFileRead({ db, user: shop.seller, file })).toBe(true);
    expect(await authorizePrivateFileRead({ db, user: stranger, file })).toBe(false);
    expect(await authorizePrivateFileRead({ db, user: buyer, file })).toBe(true);
    expect(await db.select().from(downloads)).toMatchObject([{ userId: buyer.id, orderId, file: "abc123.dxf" }]);

    await db.update(orders).set({ status: "Refunded" }).where(eq(orders.id, orderId));
    expect(await canReadPrivateFile({ db, user: buyer, file })).toBe(false);
  });
});

describe("canReadPrivateFile", () => {
  it("allows the uploader, the seller whose product uses it and admins", async () => {
    const db = createTestDb();
    const seller = await makeUser(db);
    const other = await makeUser(db);
    const admin = await makeUser(db, { role: "admin" });
    const store = (await db.insert(stores).values({ userId: seller.id, name: "S" }).returning())[0];
    await db.insert(files).values({ name: "f.dxf", originalName: "p.dxf", contentType: "application/dxf", size: 1, kind: "pattern", ownerId: null });
    await db.insert(products)
      .values({ storeId: store.id, name: "P", description: "d", priceCents: 900, type: "Pattern", delivery: "Digital", category1: "women", category2: "tops", patternFile: "f.dxf" });
    const file = { name: "f.dxf", ownerId: null };
    expect(await canReadPrivateFile({ db, user: seller, file })).toBe(true);
    expect(await canReadPrivateFile({ db, user: admin, file })).toBe(true);
    expect(await canReadPrivateFile({ db, user: other, file })).toBe(false);
    expect(await canReadPrivateFile({ db, user: null, file })).toBe(false);
    expect(await canReadPrivateFile({ db, user: other, file: { name: "r.pdf", ownerId: other.id } })).toBe(true);
  });
});
