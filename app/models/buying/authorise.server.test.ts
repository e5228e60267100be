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

    addToCart({ db, owner: { userId: buyer.id }, productId: shop.digital.id });
    const checkout = await createCheckout({ db, user: buyer, origin: "http://x.test", provider: createLocalProvider(), digitalConsent: true });
    if (!checkout.ok) throw new Error(checkout.error);
    // Reserved but not paid: no access yet.
    expect(canReadPrivateFile({ db, user: buyer, file })).toBe(false);
    const paid = fulfilCheckout({ db, checkoutId: checkout.checkout.id });
    if (paid.status !== "fulfilled") throw new Error(paid.status);
    const orderId = paid.orders[0]!.id;

    expect(privateFileAccess({ db, user: null, file })).toEqual({ allowed: false });
    expect(privateFileAccess({ db, user: stranger, file })).toEqual({ allowed: false });
    expect(privateFileAccess({ db, user: shop.seller, file })).toEqual({ allowed: true, buyerOrderId: null });
    expect(privateFileAccess({ db, user: admin, file })).toEqual({ allowed: true, buyerOrderId: null });
    expect(privateFileAccess({ db, user: buyer, file })).toEqual({ allowed: true, buyerOrderId: orderId });

    expect(authorizePrivateFileRead({ db, user: shop.seller, file })).toBe(true);
    expect(authorizePrivateFileRead({ db, user: stranger, file })).toBe(false);
    expect(authorizePrivateFileRead({ db, user: buyer, file })).toBe(true);
    expect(db.select().from(downloads).all()).toMatchObject([{ userId: buyer.id, orderId, file: "abc123.dxf" }]);

    db.update(orders).set({ status: "Refunded" }).where(eq(orders.id, orderId)).run();
    expect(canReadPrivateFile({ db, user: buyer, file })).toBe(false);
  });
});

describe("canReadPrivateFile", () => {
  it("allows the uploader, the seller whose product uses it and admins", async () => {
    const db = createTestDb();
    const seller = await makeUser(db);
    const other = await makeUser(db);
    const admin = await makeUser(db, { role: "admin" });
    const store = db.insert(stores).values({ userId: seller.id, name: "S" }).returning().get();
    db.insert(files).values({ name: "f.dxf", originalName: "p.dxf", contentType: "application/dxf", size: 1, kind: "pattern", ownerId: null }).run();
    db.insert(products)
      .values({ storeId: store.id, name: "P", description: "d", priceCents: 900, type: "Pattern", delivery: "Digital", category1: "women", category2: "tops", patternFile: "f.dxf" })
      .run();
    const file = { name: "f.dxf", ownerId: null };
    expect(canReadPrivateFile({ db, user: seller, file })).toBe(true);
    expect(canReadPrivateFile({ db, user: admin, file })).toBe(true);
    expect(canReadPrivateFile({ db, user: other, file })).toBe(false);
    expect(canReadPrivateFile({ db, user: null, file })).toBe(false);
    expect(canReadPrivateFile({ db, user: other, file: { name: "r.pdf", ownerId: other.id } })).toBe(true);
  });
});
