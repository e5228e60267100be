import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { products, sizeChartRows } from "../../../db/tables";
import { makeShop } from "../../../tests/unit/buying-fixtures";
import { createTestDb, makeUser } from "../../../tests/unit/helpers";
import { getSizeAdvice, sizeAdviceView } from "./advice.server";
import { noMeasurements } from "./chart.server";
import { saveMeasurements } from "./measurements.server";
import type { Db } from "~/utils/db.server";

async function addChart(db: Db, productId: number) {
  await db.insert(sizeChartRows)
    .values([
      { productId, size: "38", position: 0, bustMm: 880, waistMm: 700, hipMm: 940, finishedBustMm: 940 },
      { productId, size: "40", position: 1, bustMm: 920, waistMm: 740, hipMm: 980, finishedBustMm: 980 },
    ]);
}

describe("getSizeAdvice", () => {
  it("advises a buyer with measurements on a design with a chart", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const buyer = await makeUser(db);
    await addChart(db, shop.digital.id);
    await saveMeasurements({ db, userId: buyer.id, measurements: { ...noMeasurements("in"), bust: 880, waist: 720 } });
    expect(await getSizeAdvice({ db, productId: shop.digital.id, userId: buyer.id })).toEqual({
      ok: true,
      unit: "in",
      advice: {
        zones: [
          { zone: "bust", size: "38", ease_mm: 60, outside: null },
          { zone: "waist", size: "40", ease_mm: null, outside: null },
        ],
        recommended: "40",
      },
    });
    expect(await sizeAdviceView({ db, productId: shop.digital.id, userId: buyer.id })).toEqual({
      kind: "advice",
      recommended: "40",
      zones: [
        { zone: "bust", label: "bust", size: "38", ease: "+2.4 in", outside: null },
        { zone: "waist", label: "waist", size: "40", ease: null, outside: null },
      ],
    });
  });

  it("answers codes: unknown, removed or another seller's draft; no chart; no measurements", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const buyer = await makeUser(db);
    expect(await getSizeAdvice({ db, productId: 999999, userId: buyer.id })).toEqual({ ok: false, error: "product-not-found" });
    expect(await getSizeAdvice({ db, productId: shop.digital.id, userId: buyer.id })).toEqual({ ok: false, error: "no-size-chart" });
    await addChart(db, shop.digital.id);
    expect(await getSizeAdvice({ db, productId: shop.digital.id, userId: buyer.id })).toEqual({ ok: false, error: "no-measurements" });
    await saveMeasurements({ db, userId: buyer.id, measurements: { ...noMeasurements(), bust: 900 } });
    await db.update(products).set({ status: "draft" }).where(eq(products.id, shop.digital.id));
    expect(await getSizeAdvice({ db, productId: shop.digital.id, userId: buyer.id })).toEqual({ ok: false, error: "product-not-found" });
    // The seller sees their own draft as buyers will.
    await saveMeasurements({ db, userId: shop.seller.id, measurements: { ...noMeasurements(), bust: 900 } });
    expect(await getSizeAdvice({ db, productId: shop.digital.id, userId: shop.seller.id })).toMatchObject({ ok: true });
    await db.update(products).set({ status: "published", removedAt: new Date() }).where(eq(products.id, shop.digital.id));
    expect(await getSizeAdvice({ db, productId: shop.digital.id, userId: buyer.id })).toEqual({ ok: false, error: "product-not-found" });
  });

  it("the page view: nothing without a chart, a link for visitors and buyers without measurements", async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const buyer = await makeUser(db);
    expect(await sizeAdviceView({ db, productId: shop.digital.id, userId: buyer.id })).toBeNull();
    await addChart(db, shop.digital.id);
    expect(await sizeAdviceView({ db, productId: shop.digital.id, userId: null })).toEqual({ kind: "add" });
    expect(await sizeAdviceView({ db, productId: shop.digital.id, userId: buyer.id })).toEqual({ kind: "add" });
  });
});
