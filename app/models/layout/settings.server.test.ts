import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import type { Db } from "../../../db/client";
import { products, stores } from "../../../db/tables";
import { createTestDb, makeUser } from "../../../tests/unit/helpers";
import { getLayoutSettings, layoutFormValues, layoutSettingsJson, saveLayoutSettings } from "./settings.server";
import type { LayoutFormValues } from "~/schemas/layout";
import { first } from "~/utils/db.server";

let db: Db;
let storeId: number;

async function newStore() {
  const user = await makeUser(db);
  return (await db.insert(stores).values({ userId: user.id, name: `S${user.id}`, bio: "b" }).returning())[0].id;
}

async function newProduct(type: "Pattern" | "Ready", store = storeId) {
  return (await db
    .insert(products)
    .values({ storeId: store, name: "Shirt", description: "d", priceCents: 1000, type, category1: "men", category2: "tops", ...(type === "Pattern" ? { delivery: "Digital" as const } : { parcelSize: "Small" as const }) })
    .returning())[0].id;
}

beforeEach(async () => {
  db = createTestDb();
  storeId = await newStore();
});

describe("saveLayoutSettings", () => {
  it("stores the widths ascending and distinct and the gap; null brings back the standard", async () => {
    const productId = await newProduct("Pattern");
    expect(await getLayoutSettings({ db, productId })).toEqual({ widthsMm: [1120, 1400, 1500], gapMm: 5, selvedgeMm: 0, custom: false });
    const saved = await saveLayoutSettings({ db, storeId, productId, widthsMm: [1524, 1143], gapMm: 8 });
    expect(saved).toEqual({ ok: true, settings: { widthsMm: [1143, 1524], gapMm: 8, selvedgeMm: 0, custom: true } });
    expect(await getLayoutSettings({ db, productId })).toEqual({ widthsMm: [1143, 1524], gapMm: 8, selvedgeMm: 0, custom: true });
    expect(await first(db.select({ w: products.layoutWidths }).from(products).where(eq(products.id, productId)).limit(1))).toEqual({ w: "[1143,1524]" });
    expect(await saveLayoutSettings({ db, storeId, productId, widthsMm: null, gapMm: 0 })).toMatchObject({ ok: true });
    expect(await getLayoutSettings({ db, productId })).toEqual({ widthsMm: [1120, 1400, 1500], gapMm: 0, selvedgeMm: 0, custom: true });
    await saveLayoutSettings({ db, storeId, productId, widthsMm: [], gapMm: null });
    expect(await getLayoutSettings({ db, productId })).toEqual({ widthsMm: [1120, 1400, 1500], gapMm: 5, selvedgeMm: 0, custom: false });
    // The selvedge margin (issue 47).
    expect(await saveLayoutSettings({ db, storeId, productId, widthsMm: null, gapMm: null, selvedgeMm: 15 })).toMatchObject({ ok: true });
    expect(await getLayoutSettings({ db, productId })).toEqual({ widthsMm: [1120, 1400, 1500], gapMm: 5, selvedgeMm: 15, custom: true });
  });

  it("refuses widths or gaps out of range, fractions and more than five widths, saving nothing", async () => {
    const productId = await newProduct("Pattern");
    for (const widthsMm of [[499], [3201], [1400.5], [Number.NaN], [600, 700, 800, 900, 1000, 1100]]) {
      expect(await saveLayoutSettings({ db, storeId, productId, widthsMm, gapMm: null })).toEqual({ ok: false, error: "bad_width" });
    }
    for (const gapMm of [-1, 51, 2.5]) expect(await saveLayoutSettings({ db, storeId, productId, widthsMm: [1400], gapMm })).toEqual({ ok: false, error: "bad_gap" });
    for (const selvedgeMm of [-1, 101, 2.5]) expect(await saveLayoutSettings({ db, storeId, productId, widthsMm: [1400], gapMm: null, selvedgeMm })).toEqual({ ok: false, error: "bad_selvedge" });
    expect((await getLayoutSettings({ db, productId })).custom).toBe(false);
  });

  it("touches only the store's own patterns", async () => {
    const other = await newProduct("Pattern", await newStore());
    expect(await saveLayoutSettings({ db, storeId, productId: other, widthsMm: [1400], gapMm: 5 })).toEqual({ ok: false, error: "not_found" });
    expect((await getLayoutSettings({ db, productId: other })).custom).toBe(false);
    expect(await saveLayoutSettings({ db, storeId, productId: await newProduct("Ready"), widthsMm: [1400], gapMm: 5 })).toEqual({ ok: false, error: "not_pattern" });
    const removed = await newProduct("Pattern");
    await db.update(products).set({ removedAt: new Date() }).where(eq(products.id, removed));
    expect(await saveLayoutSettings({ db, storeId, productId: removed, widthsMm: [1400], gapMm: 5 })).toEqual({ ok: false, error: "not_found" });
  });
});

describe("a stored pattern's settings as both faces show them", () => {
  const form = (unit: "cm" | "in", widths: string[], gap = "", selvedge = ""): LayoutFormValues => ({ unit, widths: [...widths, "", "", "", "", ""].slice(0, 5), gap, selvedge });

  it("answers the JSON keys with the settings in use", () => {
    expect(layoutSettingsJson({ layoutWidths: null, layoutGapMm: null })).toEqual({ layout_widths_mm: [1120, 1400, 1500], layout_gap_mm: 5, layout_selvedge_mm: 0 });
    expect(layoutSettingsJson({ layoutWidths: "[1524,1143]", layoutGapMm: 3, layoutSelvedgeMm: 15 })).toEqual({ layout_widths_mm: [1143, 1524], layout_gap_mm: 3, layout_selvedge_mm: 15 });
  });

  it("shows stored widths in inches when they are whole inches, else in cm; blank for the standard", () => {
    expect(layoutFormValues({ layoutWidths: null, layoutGapMm: null })).toEqual(form("cm", []));
    expect(layoutFormValues({ layoutWidths: "[1143,1524]", layoutGapMm: 8 })).toEqual(form("in", ["45", "60"], "8"));
    expect(layoutFormValues({ layoutWidths: null, layoutGapMm: null, layoutSelvedgeMm: 12 })).toEqual(form("cm", [], "", "12"));
    expect(layoutFormValues({ layoutWidths: "[1400,1125]", layoutGapMm: null })).toEqual(form("cm", ["112.5", "140"]));
    expect(layoutFormValues({ layoutWidths: "not json", layoutGapMm: 99 })).toEqual(form("cm", []));
  });
});
