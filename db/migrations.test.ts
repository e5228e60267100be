import fs from "node:fs";
import path from "node:path";

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect } from "vitest";

import { orders, products } from "./schema";
import { fulfil, paidShop } from "../tests/unit/admin-fixtures";
import { useTestEnv } from "../tests/unit/buying-fixtures";
import { createTestDb } from "../tests/unit/helpers";
import { sqliteOnly } from "../tests/unit/sqlite-only";
import { first } from "../app/utils/db.server";

beforeAll(() => useTestEnv());

describe("migration 0007: refunded sales out of the sold counts (issue 19, item 20)", () => {
  // SQLite's data migration; PostgreSQL's migrations start from a clean schema that never had such rows (decision 158).
  sqliteOnly("runs SQLite's migration file drizzle/0007")("takes each product's refunded units out of its sold count once, never below zero", async () => {
    const db = createTestDb();
    const { shop, checkout } = await paidShop(db);
    const { dress, printed } = await fulfil(db, checkout.id);
    // Refunded before this release: the status changed, the counts did not.
    await db.update(orders).set({ status: "Refunded" }).where(eq(orders.id, dress.id));
    await db.update(orders).set({ status: "Refunded", quantity: 3 }).where(eq(orders.id, printed.id));
    await db.update(products).set({ sold: 12 }).where(eq(products.id, shop.dress.id));
    await db.update(products).set({ sold: 2 }).where(eq(products.id, shop.printed.id));
    const soldOf = async (id: number) => (await first(db.select({ sold: products.sold }).from(products).where(eq(products.id, id)).limit(1)))!.sold;
    const before = await soldOf(shop.digital.id);

    db.$client.exec(fs.readFileSync(path.join(__dirname, "../drizzle/0007_refunded_sales_out_of_sold.sql"), "utf8"));
    expect(await soldOf(shop.dress.id)).toBe(11);
    expect(await soldOf(shop.printed.id)).toBe(0);
    expect(await soldOf(shop.digital.id)).toBe(before);
  });
});
