import fs from "node:fs";

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { products } from "../../../db/tables";
import { makeBuyer, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { GRADED_PIECES, GRADED_SIZES, saveMeasurements, shopWithGradedPattern } from "../../../tests/unit/mtm-order-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { makeAstmDxf } from "~/models/patterns/demo.server";
import { readPattern } from "~/models/patterns/dxf.server";
import { CUSTOM_PREVIEW_COLOUR, customPreviewSvg } from "~/models/patterns/preview.server";
import { customProductPreview, customPreviewKey } from "./custom-preview.server";
import { customPieces, withCustomSize } from "../patterns/interpolate";
import { emptyZoneValues, type Measurements, type SizeChart } from "~/utils/measurements";

beforeAll(() => {
  const dataDir = useTestEnv();
  fs.mkdirSync(`${dataDir}/uploads`, { recursive: true });
});

const chart: SizeChart = {
  unit: "cm",
  madeToMeasure: true,
  rows: GRADED_SIZES.map((size, k) => ({ size, body: { ...emptyZoneValues(), bust: 880 + 40 * k, hip: 940 + 40 * k }, finished: { bust: null, waist: null, hip: null } })),
};
const between: Measurements = { unit: "cm", ...emptyZoneValues(), bust: 900, hip: 990 };

describe("customPreviewSvg", () => {
  it("draws 'Your size' in its own colour over every graded size, with a legend", () => {
    const read = readPattern(Buffer.from(makeAstmDxf({ pieces: GRADED_PIECES, sizes: GRADED_SIZES, units: "mm" }), "latin1"));
    if (!read.ok) throw new Error(read.message);
    const made = customPieces(read.pattern, chart, between);
    if (!made.ok) throw new Error(made.message);
    const svg = customPreviewSvg(withCustomSize(read.pattern, made.pieces), { title: "Tee" });
    expect(svg).toContain("<title id=\"t\">Tee: pattern pieces, your size (2 pieces) over the graded sizes S to L, preview</title>");
    // Per piece one grey path holding the three graded outlines, and the custom outline in its colour.
    const grey = [...svg.matchAll(/<path d="([^"]+)" fill="none" stroke="#8a8f98"/g)].map((m) => m[1].split("Z").filter(Boolean).length);
    expect(grey).toEqual([3, 3]);
    expect(svg.match(new RegExp(`fill="${CUSTOM_PREVIEW_COLOUR}" fill-opacity=".07" stroke="${CUSTOM_PREVIEW_COLOUR}"`, "g"))).toHaveLength(2);
    expect(svg).toContain(">Sizes S to L</text>");
    expect(svg).toContain(">Your size (made to measure)</text>");
    expect(svg).toContain(">FRONT</text>");
  });

  it("says so when there is no custom piece", () => {
    const read = readPattern(Buffer.from(makeAstmDxf({ pieces: GRADED_PIECES, sizes: GRADED_SIZES, units: "mm" }), "latin1"));
    if (!read.ok) throw new Error(read.message);
    expect(customPreviewSvg(withCustomSize(read.pattern, []))).toContain("No pieces in your size.");
  });
});

describe("customPreviewKey", () => {
  const version = { id: 3, reading: 1, createdAt: new Date(1_700_000_000_000) };
  it("changes with the measurements, the chart and the reading, not with the unit they are shown in", () => {
    const key = customPreviewKey(version, chart, between);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toContain("900");
    expect(customPreviewKey(version, chart, { ...between, unit: "in" })).toBe(key);
    expect(customPreviewKey(version, chart, { ...between, bust: 901 })).not.toBe(key);
    expect(customPreviewKey(version, chart, { ...between, waist: 700 })).not.toBe(key);
    expect(customPreviewKey({ ...version, reading: 2 }, chart, between)).not.toBe(key);
    expect(customPreviewKey({ ...version, id: 4 }, chart, between)).not.toBe(key);
    const otherChart = { ...chart, rows: chart.rows.map((r, k) => (k === 0 ? { ...r, body: { ...r.body, bust: 870 } } : r)) };
    expect(customPreviewKey(version, otherChart, between)).not.toBe(key);
  });
});

describe("customProductPreview", () => {
  async function shopWithPattern() {
    const db = createTestDb();
    const { shop, productId } = await shopWithGradedPattern(db);
    return { db, shop, productId };
  }

  it("builds the buyer's own size in the pool, per measurements, and nothing for anyone it is not offered to", async () => {
    const { db, shop, productId } = await shopWithPattern();
    const buyer = await makeBuyer(db);
    const other = await makeBuyer(db, { email: "other@example.com" });
    expect(await customProductPreview({ db, productId, userId: null })).toEqual({ ok: false, error: "not-offered" });
    expect(await customProductPreview({ db, productId, userId: buyer.id })).toEqual({ ok: false, error: "not-offered" });
    await saveMeasurements(db, buyer.id, { bustMm: 900, hipMm: 990 });
    const mine = await customProductPreview({ db, productId, userId: buyer.id });
    if (!mine.ok) throw new Error(mine.error);
    expect(mine.svg.toString()).toContain("Your size (made to measure)");
    // Another buyer with other numbers gets another drawing; one outside the chart's limit gets none.
    await saveMeasurements(db, other.id, { bustMm: 950, hipMm: 1010 });
    const theirs = await customProductPreview({ db, productId, userId: other.id });
    if (!theirs.ok) throw new Error(theirs.error);
    expect(theirs.svg.equals(mine.svg)).toBe(false);
    await saveMeasurements(db, other.id, { bustMm: 1100, hipMm: 1010 });
    expect(await customProductPreview({ db, productId, userId: other.id })).toEqual({ ok: false, error: "not-offered" });
    // The seller's switch off, or a graded-only design: nothing.
    await db.update(products).set({ madeToMeasure: false }).where(eq(products.id, productId));
    expect(await customProductPreview({ db, productId, userId: buyer.id })).toEqual({ ok: false, error: "not-offered" });
    expect(await customProductPreview({ db, productId: shop.bag.id, userId: buyer.id })).toEqual({ ok: false, error: "not-offered" });
  });
});
