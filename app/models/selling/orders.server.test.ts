import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { orders } from "../../../db/tables";
import { outbox, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { makeSoldShop } from "../../../tests/unit/selling-fixtures";
import { bestSellingDesigns, listAllTransactions, salesSeries, transactionsCsv } from "~/models/selling/finance.server";
import { getStoreOrder, listStoreOrders, shipOrder } from "~/models/selling/orders.server";
import { toSellerOrderJson } from "~/models/selling/views.server";

let dir: string;
beforeAll(() => {
  dir = useTestEnv();
});

describe("the seller's orders", () => {
  it("lists and reads only the store's own orders, filtered by status", async () => {
    const db = createTestDb();
    const shop = await makeSoldShop(db);
    const other = await makeSoldShop(db);
    expect((await listStoreOrders({ db, storeId: shop.store.id })).total).toBe(4);
    expect(await listStoreOrders({ db, storeId: shop.store.id, pageSize: 3, page: 2 })).toMatchObject({ page: 2, pageCount: 2, total: 4 });
    expect(await getStoreOrder({ db, storeId: shop.store.id, orderId: other.dressOrder.id })).toBeUndefined();
    const json = toSellerOrderJson((await getStoreOrder({ db, storeId: shop.store.id, orderId: shop.dressOrder.id }))!);
    expect(json).toMatchObject({ orderId: shop.dressOrder.id, amount: 89.99, fee: 13.5, productType: "Ready", label_url: null });
    expect(Object.keys(json.shippingInfo)).toEqual(["shipping_name", "first_name", "last_name", "street", "street2", "city", "state", "postal_code", "country"]);
    expect(json.shippingInfo).toMatchObject({ street: "1 Main St", city: "Springfield", state: "IL", postal_code: "62701", country: "US" });
  });

  it("ships with a tracking link, updates on a second ship, refuses refunded, digital and (for sellers) printed orders", async () => {
    const db = createTestDb();
    const shop = await makeSoldShop(db);
    const other = await makeSoldShop(db);
    const seller = { storeId: shop.store.id };
    const first = await shipOrder({ db, orderId: shop.dressOrder.id, actor: seller, tracking: "9400 1000", carrier: "USPS" });
    expect(first).toMatchObject({
      ok: true,
      updated: false,
      order: { status: "Shipped", tracking: "9400 1000", carrier: "USPS", trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=94001000" },
    });
    const second = await shipOrder({ db, orderId: shop.dressOrder.id, actor: seller, tracking: "1Z999", carrier: "UPS" });
    expect(second).toMatchObject({ ok: true, updated: true, order: { tracking: "1Z999", trackingUrl: "https://www.ups.com/track?tracknum=1Z999" } });
    const mails = outbox(dir).filter((m) => m.to === shop.buyer.email);
    expect(mails.some((m) => m.subject === `Your order #${shop.dressOrder.id} has shipped` && m.text.includes("tools.usps.com"))).toBe(true);
    expect(mails.some((m) => m.subject === `Tracking updated for order #${shop.dressOrder.id}`)).toBe(true);

    expect(await shipOrder({ db, orderId: other.dressOrder.id, actor: seller, tracking: "X1", carrier: "DHL" })).toEqual({ ok: false, error: "not-found" });
    expect(await shipOrder({ db, orderId: shop.digitalOrder.id, actor: seller, tracking: "X1", carrier: "DHL" })).toEqual({ ok: false, error: "digital" });
    expect(await shipOrder({ db, orderId: shop.printedOrder.id, actor: seller, tracking: "X1", carrier: "DHL" })).toEqual({ ok: false, error: "platform-ships" });
    expect(await shipOrder({ db, orderId: shop.printedOrder.id, actor: { admin: true }, tracking: "X1", carrier: "Other" })).toMatchObject({
      ok: true,
      order: { status: "Shipped", trackingUrl: null },
    });
    await db.update(orders).set({ status: "Refunded" }).where(eq(orders.id, shop.bagOrder.id));
    expect(await shipOrder({ db, orderId: shop.bagOrder.id, actor: seller, tracking: "X1", carrier: "FedEx" })).toEqual({ ok: false, error: "refunded" });
    expect((await listStoreOrders({ db, storeId: shop.store.id, status: "Shipped" })).total).toBe(2);
  });
});

describe("the seller's finance", () => {
  it("CSV of the ledger, a 90-day series and the best sellers", async () => {
    const db = createTestDb();
    const shop = await makeSoldShop(db);
    const csv = transactionsCsv(await listAllTransactions({ db, storeId: shop.store.id }));
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("id,tx_type,order_id,amount,tax,fee,shipping,status,tx_dt,reason");
    expect(lines).toHaveLength(5);
    expect(lines.some((l) => l.startsWith(`1,Sale,${shop.dressOrder.id},76.49,0.00,13.50,0.00,Completed,`))).toBe(true);
    const series = await salesSeries({ db, storeId: shop.store.id });
    expect(series).toHaveLength(90);
    expect(series.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), orders: 4, amountCents: 8999 + 9100 + 1250 + 2000 });
    expect((await bestSellingDesigns({ db, storeId: shop.store.id }))[0]).toMatchObject({ productId: shop.bag.id, units: 2, amountCents: 9100 });
  });
});
