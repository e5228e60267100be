import fs from "node:fs";
import path from "node:path";

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { orders, products } from "./schema";
import { fulfil, paidShop } from "../tests/unit/admin-fixtures";
import { useTestEnv } from "../tests/unit/buying-fixtures";
import { createTestDb } from "../tests/unit/helpers";

beforeAll(() => useTestEnv());

describe("migration 0007: refunded sales out of the sold counts (issue 19, item 20)", () => {
  it("takes each product's refunded units out of its sold count once, never below zero", async () => {
    const db = createTestDb();
    const { shop, checkout } = await paidShop(db);
    const { dress, printed } = fulfil(db, checkout.id);
    // Refunded before this release: the status changed, the counts did not.
    db.update(orders).set({ status: "Refunded" }).where(eq(orders.id, dress.id)).run();
    db.update(orders).set({ status: "Refunded", quantity: 3 }).where(eq(orders.id, printed.id)).run();
    db.update(products).set({ sold: 12 }).where(eq(products.id, shop.dress.id)).run();
    db.update(products).set({ sold: 2 }).where(eq(products.id, shop.printed.id)).run();
    const soldOf = (id: number) => db.select({ sold: products.sold }).from(products).where(eq(products.id, id)).get()!.sold;
    const before = soldOf(shop.digital.id);

    db.$client.exec(fs.readFileSync(path.join(__dirname, "../drizzle/0007_refunded_sales_out_of_sold.sql"), "utf8"));
    expect(soldOf(shop.dress.id)).toBe(11);
    expect(soldOf(shop.printed.id)).toBe(0);
    expect(soldOf(shop.digital.id)).toBe(before);
  });
});
