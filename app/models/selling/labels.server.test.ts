import fs from "node:fs";
import path from "node:path";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { files, orders, transactions, users } from "../../../db/tables";
import { FAKE_EASYPOST_API_KEY, startFakeEasyPost } from "../../../tests/fakes/easypost";
import { useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { balanceOf, makeSoldShop, SOLD_BALANCE } from "../../../tests/unit/selling-fixtures";
import { getShippingLabel } from "~/models/selling/labels.server";
import { getLabelProvider } from "~/models/shipping/labels.server";
import { first as firstRow } from "~/utils/db.server";

let dir: string;
let fake: Awaited<ReturnType<typeof startFakeEasyPost>>;
beforeAll(async () => {
  dir = useTestEnv();
  fake = await startFakeEasyPost();
});
afterAll(() => fake.close());

async function shopWithSellerAddress() {
  const db = createTestDb();
  const shop = await makeSoldShop(db);
  await db.update(users)
    .set({ street: "9 Studio Way", city: "Los Angeles", state: "CA", postalCode: "90012", country: "US", phone: "+1 213 555 0100" })
    .where(eq(users.id, shop.seller.id));
  return { db, shop };
}

describe("shipping labels on the seller's orders", () => {
  it("local: a private PDF label of the seller, stored once, no ledger row; other stores and digital orders refused", async () => {
    const { db, shop } = await shopWithSellerAddress();
    const seller = { storeId: shop.store.id };
    const first = await getShippingLabel({ db, orderId: shop.dressOrder.id, actor: seller });
    if (!first.ok) throw new Error(first.error);
    expect(first.existing).toBe(false);
    const name = first.order.labelUrl!.replace("/api/files/", "");
    expect(first.order.labelUrl).toMatch(/^\/api\/files\/[a-f0-9]{32}\.pdf$/);
    expect(fs.readFileSync(path.join(dir, "uploads", name)).subarray(0, 5).toString()).toBe("%PDF-");
    expect(await firstRow(db.select().from(files).where(eq(files.name, name)).limit(1))).toMatchObject({ kind: "label", ownerId: shop.seller.id, contentType: "application/pdf" });
    const again = await getShippingLabel({ db, orderId: shop.dressOrder.id, actor: seller });
    expect(again).toMatchObject({ ok: true, existing: true, order: { labelUrl: first.order.labelUrl } });
    expect(await db.select().from(files).where(eq(files.kind, "label"))).toHaveLength(1);
    expect(await db.select().from(transactions).where(eq(transactions.txType, "Label"))).toHaveLength(0);
    expect(await getShippingLabel({ db, orderId: shop.digitalOrder.id, actor: seller })).toEqual({ ok: false, error: "digital" });
    expect(await getShippingLabel({ db, orderId: shop.printedOrder.id, actor: seller })).toEqual({ ok: false, error: "platform-ships" });
    expect(await getShippingLabel({ db, orderId: shop.dressOrder.id, actor: { storeId: shop.store.id + 1000 } })).toEqual({ ok: false, error: "not-found" });
  });

  it("EasyPost: bought once (also on a double click), tracking stored, its cost one Label debit in the ledger", async () => {
    const { db, shop } = await shopWithSellerAddress();
    const provider = getLabelProvider({ easypostApiKey: FAKE_EASYPOST_API_KEY, easypostApiUrl: fake.apiUrl });
    const before = fake.callsTo("buy").length;
    const [a, b] = await Promise.all([1, 2].map(() => getShippingLabel({ db, orderId: shop.bagOrder.id, actor: { storeId: shop.store.id }, provider })));
    expect(a).toEqual(b);
    if (!a!.ok) throw new Error(a!.error);
    expect(fake.callsTo("buy").length - before).toBe(1);
    const order = (await firstRow(db.select().from(orders).where(eq(orders.id, shop.bagOrder.id)).limit(1)))!;
    expect(order.labelUrl).toMatch(/^https?:\/\//);
    expect(order.labelShipmentId).toMatch(/^shp_/);
    expect(order.tracking).toBeTruthy();
    expect(order.carrier).toBe("USPS");
    expect(order.status).toBe("Pending");
    const shipment = fake.shipments.get(order.labelShipmentId!)!;
    const cost = Math.round(Number(shipment.selected_rate!.rate) * 100);
    const labels = await db.select().from(transactions).where(eq(transactions.txType, "Label"));
    expect(labels).toEqual([expect.objectContaining({ orderId: shop.bagOrder.id, amountCents: -cost, status: "Completed" })]);
    expect(await balanceOf(db, shop.store.id)).toBe(SOLD_BALANCE - cost);
    expect(await getShippingLabel({ db, orderId: shop.bagOrder.id, actor: { storeId: shop.store.id }, provider })).toMatchObject({ ok: true, existing: true });
    expect(fake.callsTo("buy").length - before).toBe(1);
  });

  it("across processes: a fresh claim on the order makes a second buyer wait, a stale one is taken over, a failure releases it", async () => {
    const { db, shop } = await shopWithSellerAddress();
    const provider = getLabelProvider({ easypostApiKey: FAKE_EASYPOST_API_KEY, easypostApiUrl: fake.apiUrl });
    const seller = { storeId: shop.store.id };
    const now = new Date();
    const before = fake.callsTo("buy").length;
    // Another process claimed the order a moment ago and is talking to EasyPost.
    await db.update(orders).set({ labelShipmentId: `claim:${now.getTime() - 1000}` }).where(eq(orders.id, shop.bagOrder.id));
    expect(await getShippingLabel({ db, orderId: shop.bagOrder.id, actor: seller, provider, now })).toEqual({ ok: false, error: "label-in-progress" });
    expect(fake.callsTo("buy").length - before).toBe(0);

    // A provider failure gives the claim back, so the next try can buy.
    const failing = { name: "easypost" as const, buyLabel: async () => ({ ok: false as const, error: "label-provider-error" as const, message: "down" }) };
    expect(await getShippingLabel({ db, orderId: shop.dressOrder.id, actor: seller, provider: failing, now })).toMatchObject({ ok: false, error: "label-provider-error" });
    expect((await firstRow(db.select().from(orders).where(eq(orders.id, shop.dressOrder.id)).limit(1)))!.labelShipmentId).toBeNull();

    // The first process died: three minutes later its claim is taken over and the label bought once.
    const later = new Date(now.getTime() + 3 * 60 * 1000);
    const bought = await getShippingLabel({ db, orderId: shop.bagOrder.id, actor: seller, provider, now: later });
    expect(bought).toMatchObject({ ok: true, existing: false });
    expect(fake.callsTo("buy").length - before).toBe(1);
    expect((await firstRow(db.select().from(orders).where(eq(orders.id, shop.bagOrder.id)).limit(1)))!.labelShipmentId).toMatch(/^shp_/);
    expect(await db.select().from(transactions).where(eq(transactions.txType, "Label"))).toHaveLength(1);
  });
});
