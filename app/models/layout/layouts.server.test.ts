import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { files, patternVersions, products, sizeChartRows } from "../../../db/tables";
import { makeBuyer, makeShop, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { cadFixtures } from "../../../tests/unit/cad-fixtures";
import { closeTestDbs, createTestDb } from "../../../tests/unit/helpers";
import { saveMeasurements } from "../../../tests/unit/mtm-order-fixtures";
import { cacheDir, uploadPath } from "~/models/files/store.server";
import { makeAstmDxf } from "~/models/patterns/demo.server";
import { log } from "~/utils/log.server";
import { layoutRequests } from "~/utils/metrics.server";
import { cachedProductLayout, improvedLayoutsStamp, layoutImproving, layoutWarming, productLayout, warmLayouts } from "./layouts.server";
import { getEnv } from "~/utils/env.server";
import { saveLayoutSettings } from "./settings.server";
import { lengthToBuy } from "~/utils/fabric-lengths";
import { fabricNeeded, layoutFabricTable } from "./page-layout.server";
import { patternJson, productPatternFacts } from "~/models/patterns/versions.server";

let dataDir = "";
beforeAll(() => {
  // The file about warming asks for it (the other files run without).
  dataDir = useTestEnv({ LAYOUT_WARMING: "on" });
  fs.mkdirSync(`${dataDir}/uploads`, { recursive: true });
});

const FIXTURE = "DEEP_ARMHOLE_RACER.DXF";
/** Distinct version dates: the caches are per process, as in production, and test databases repeat their ids. */
let clock = Date.UTC(2026, 0, 1);

async function shopWithPattern(fixture = FIXTURE) {
  const db = createTestDb();
  const shop = await makeShop(db);
  const bytes = cadFixtures().find((f) => f.name === fixture)!.bytes;
  const name = `${crypto.randomBytes(16).toString("hex")}.dxf`;
  fs.writeFileSync(uploadPath(name)!, bytes);
  await db.insert(files).values({ name, originalName: "racer.dxf", contentType: "application/dxf", size: bytes.length, kind: "pattern", ownerId: shop.seller.id });
  const productId = shop.digital.id;
  await db.update(products).set({ patternFile: name }).where(eq(products.id, productId));
  const addVersion = async (version: number) =>
    await db.insert(patternVersions).values({ productId, version, file: name, createdAt: new Date((clock += 60_000)) });
  await addVersion(1);
  return { db, shop, productId, addVersion };
}

async function count(source: string): Promise<number> {
  // eslint-disable-next-line no-restricted-syntax -- prom-client's Gauge.get(), not a database call
  return (await layoutRequests.get()).values.find((v) => v.labels.source === source)?.value ?? 0;
}

const layoutFiles = () => {
  const dir = path.join(cacheDir(dataDir), "patterns", "layouts");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.endsWith("-index.json")) : [];
};

describe("productLayout on a real CAD export", () => {
  // The counters are the process's: a warming another test file started in this fork (Vitest runs a fork's files in
  // one module graph) ends before a test counts.
  beforeEach(async () => {
    await layoutWarming();
  });

  it("computes once in the pool, then serves the cache; a new version or new settings compute a new layout", { timeout: 120_000 }, async () => {
    const { db, productId, addVersion } = await shopWithPattern();
    expect(await cachedProductLayout({ db, productId, size: "", widthMm: 1400 })).toBeNull();
    const computed = await count("computed");
    const first = await productLayout({ db, productId, size: "", widthMm: 1400 });
    if (!first.ok) throw new Error(first.error);
    expect(first.value).toMatchObject({ productId, size: "36", material: "fabric", materials: ["fabric"], widthMm: 1400, gapMm: 5 });
    const { layout } = first.value;
    expect(layout.widthMm).toBe(1400);
    expect(layout.lengthMm).toBeGreaterThanOrEqual(layout.lowerBoundMm);
    const xs = layout.placements.flatMap((p) => p.polygon.map(([x]) => x));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(-1e-6);
    expect(Math.max(...xs)).toBeLessThanOrEqual(1400 + 1e-6);
    expect(await count("computed")).toBe(computed + 1);
    expect(layoutFiles()).toHaveLength(1);

    // The same request again: from memory, the same layout, nothing computed; the sync reader sees it too.
    const memory = await count("memory");
    const again = await productLayout({ db, productId, size: "36", widthMm: 1400, material: "fabric" });
    expect(again.ok && again.value.layout).toEqual(layout);
    expect(await count("memory")).toBe(memory + 1);
    expect(await count("computed")).toBe(computed + 1);
    expect(await cachedProductLayout({ db, productId, size: "36", widthMm: 1400 })).toEqual(layout);
    expect(await cachedProductLayout({ db, productId, size: "38", widthMm: 1400 })).toBeNull();

    // New settings: another gap is another layout (and the old one is not served).
    await db.update(products).set({ layoutGapMm: 10 }).where(eq(products.id, productId));
    expect(await cachedProductLayout({ db, productId, size: "36", widthMm: 1400 })).toBeNull();
    const wider = await productLayout({ db, productId, size: "36", widthMm: 1400 });
    if (!wider.ok) throw new Error(wider.error);
    expect(wider.value.gapMm).toBe(10);
    expect(wider.value.layout.gapMm).toBe(10);
    expect(await count("computed")).toBe(computed + 2);

    // A new version: nothing of the old one is served for it.
    await addVersion(2);
    expect(await cachedProductLayout({ db, productId, size: "36", widthMm: 1400 })).toBeNull();
    const next = await productLayout({ db, productId, size: "36", widthMm: 1400 });
    expect(next.ok).toBe(true);
    expect(await count("computed")).toBe(computed + 3);
    expect(layoutFiles()).toHaveLength(3);
  });

  it("lays a shown layout again with the strip search in the background, then serves that one, from memory and disk (issue 47)", { timeout: 120_000 }, async () => {
    // Twelve pieces, where the greedy passes leave room (bench/LAYOUT-RESULTS.md); a short search.
    const { db, productId } = await shopWithPattern("GMH2446F17_INCLALLOWANCE_AAMA.DXF");
    const env = getEnv();
    env.LAYOUT_IMPROVE_SECONDS = 0.5;
    try {
      const first = await productLayout({ db, productId, size: "", widthMm: 1400 });
      if (!first.ok) throw new Error(first.error);
      expect(first.value.layout.improved).toBeUndefined();
      const printKey = await improvedLayoutsStamp({ db, productId });
      await layoutImproving();
      // A print file's key changes with it, so a print built before is built again with the improved layout.
      expect(await improvedLayoutsStamp({ db, productId })).not.toBe(printKey);
      const next = await productLayout({ db, productId, size: "", widthMm: 1400 });
      if (!next.ok) throw new Error(next.error);
      expect(next.value.layout.improved).toBe(true);
      expect(next.value.layout.lengthMm).toBeLessThan(first.value.layout.lengthMm);
      expect(next.value.layout.placements).toHaveLength(first.value.layout.placements.length);
      // On disk too (the seller's width), so a restart or another process serves it; not laid again.
      const file = layoutFiles().map((f) => path.join(cacheDir(dataDir), "patterns", "layouts", f)).find((f) => JSON.parse(fs.readFileSync(f, "utf8")).improved);
      expect(JSON.parse(fs.readFileSync(file!, "utf8")).lengthMm).toBe(next.value.layout.lengthMm);
      await layoutImproving();
      const again = await productLayout({ db, productId, size: "", widthMm: 1400 });
      expect(again.ok && again.value.layout).toBe(next.value.layout);
    } finally {
      env.LAYOUT_IMPROVE_SECONDS = 0;
    }
  });

  it("lays out within the seller's selvedge margin, under a key of its own (issue 47, item 5)", { timeout: 120_000 }, async () => {
    const { db, shop, productId } = await shopWithPattern();
    const plain = await productLayout({ db, productId, size: "", widthMm: 1120 });
    expect((await saveLayoutSettings({ db, storeId: shop.store.id, productId, widthsMm: null, gapMm: null, selvedgeMm: 40 })).ok).toBe(true);
    const kept = await productLayout({ db, productId, size: "", widthMm: 1120 });
    if (!plain.ok || !kept.ok) throw new Error("no layout");
    expect(plain.value.layout.selvedgeMm).toBe(0);
    expect(kept.value.layout.selvedgeMm).toBe(40);
    const xs = kept.value.layout.placements.flatMap((p) => p.polygon.map(([x]) => x));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(40);
    expect(Math.max(...xs)).toBeLessThanOrEqual(1080);
  });

  it("shares one computation between concurrent requests for one layout", { timeout: 120_000 }, async () => {
    const { db, productId } = await shopWithPattern();
    const computed = await count("computed");
    const shared = await count("shared");
    const [a, b] = await Promise.all([
      productLayout({ db, productId, size: "26", widthMm: 1120 }),
      productLayout({ db, productId, size: "26", widthMm: 1120 }),
    ]);
    expect(a.ok && b.ok).toBe(true);
    expect(a.ok && b.ok && a.value.layout).toBe(b.ok && b.value.layout);
    expect(await count("computed")).toBe(computed + 1);
    expect(await count("shared")).toBe(shared + 1);
  });

  it("does not keep a page waiting for a layout to compute: 'preparing', computed on in the background, then served (issue 34, item 2)", { timeout: 120_000 }, async () => {
    const { db, productId } = await shopWithPattern();
    const computed = await count("computed");
    // A page gives a new layout no time at all here: it is being prepared.
    expect(await productLayout({ db, productId, size: "38", widthMm: 1120, lane: "background", waitMs: 0 })).toEqual({ ok: false, error: "preparing" });
    // The computation went on without anyone waiting: asking again joins it, and it was computed once.
    const joined = await productLayout({ db, productId, size: "38", widthMm: 1120 });
    expect(joined.ok).toBe(true);
    expect(await count("computed")).toBe(computed + 1);
    // Now in the cache, the page gets it at once, even with no time to wait.
    const served = await productLayout({ db, productId, size: "38", widthMm: 1120, lane: "background", waitMs: 0 });
    expect(served.ok && joined.ok && served.value.layout).toBe(joined.ok && joined.value.layout);
  });

  it("gives one fabric figure: the layout's where it is ready, the same on the product page's table and in the JSON, an estimate elsewhere (issue 34, item 12)", { timeout: 120_000 }, async () => {
    const { db, productId } = await shopWithPattern();
    const facts = (await productPatternFacts({ db, productId }))!;
    const laid = await productLayout({ db, productId, size: "36", widthMm: 1400 });
    if (!laid.ok) throw new Error(laid.error);
    const buy = lengthToBuy(laid.value.layout.lengthMm);
    const needed = await fabricNeeded({ db, productId, facts });
    const main = needed.find((n) => n.material === laid.value.material && n.size === "36" && n.widthMm === 1400)!;
    expect(main).toMatchObject({ source: "layout", metres: buy.metres, lengthMm: Math.round(buy.metres * 1000) });
    // The product page's table says the same for that size and width.
    const table = await layoutFabricTable({ db, productId, facts });
    const cell = table.rows.find((r) => r.size === "36")!.cells[table.widths.findIndex((w) => w.value === "1400")]!;
    expect(cell).toMatchObject({ source: "layout", metres: buy.metres });
    // The JSON face carries the same figure and says where it comes from.
    const json = patternJson(productId, facts, needed)!;
    expect(json.fabric.find((f) => f.material === laid.value.material && f.size === "36" && f.width_mm === 1400)).toMatchObject({ length_mm: main.lengthMm, source: "layout" });
    // A size whose layout is not ready yet: an estimate, said so.
    expect(needed.find((n) => n.size !== "36")).toMatchObject({ source: "estimate" });
  });

  it("gives one client at most two new layouts at a time and keeps only the seller's widths on disk (issue 34, item 4)", { timeout: 120_000 }, async () => {
    const { db, productId } = await shopWithPattern();
    const before = layoutFiles().length;
    const guesser = "address:203.0.113.5";
    const widths = [1301, 1302, 1303];
    const asked = widths.map((widthMm) => productLayout({ db, productId, size: "36", widthMm, client: guesser }));
    // One of three new widths of the same client is refused while the other two are computed (which one depends on
    // which reaches the count first: each reads the pattern before); another client is served.
    const answers = await Promise.all(asked);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(2);
    expect(answers.filter((answer) => !answer.ok)).toEqual([{ ok: false, error: "client_busy" }]);
    const refused = widths[answers.findIndex((answer) => !answer.ok)]!;
    const other = await productLayout({ db, productId, size: "36", widthMm: refused, client: "address:198.51.100.9" });
    expect(other.ok).toBe(true);
    // Done, the client may ask again; a layout in the cache is never refused.
    expect((await productLayout({ db, productId, size: "36", widthMm: refused, client: guesser })).ok).toBe(true);
    // Typed widths are kept in memory only: no layout file on disk for them.
    expect(layoutFiles().length).toBe(before);
    expect((await productLayout({ db, productId, size: "36", widthMm: 1400, client: guesser })).ok).toBe(true);
    expect(layoutFiles().length).toBe(before + 1);
  });

  it("answers bad widths, sizes, materials and products with their codes, never computing", { timeout: 120_000 }, async () => {
    const { db, shop, productId } = await shopWithPattern();
    for (const widthMm of [499, 3201, 1400.5, NaN, -1400, Infinity]) {
      expect(await productLayout({ db, productId, size: "36", widthMm })).toEqual({ ok: false, error: "bad_width" });
      expect(await cachedProductLayout({ db, productId, size: "36", widthMm })).toBeNull();
    }
    expect(await productLayout({ db, productId, size: "99", widthMm: 1400 })).toEqual({ ok: false, error: "unknown_size" });
    expect(await productLayout({ db, productId, size: "36", widthMm: 1400, material: "lining" })).toEqual({ ok: false, error: "unknown_material" });
    expect(await productLayout({ db, productId: shop.bag.id, size: "36", widthMm: 1400 })).toEqual({ ok: false, error: "not_found" });
    expect(await productLayout({ db, productId: 9999, size: "36", widthMm: 1400 })).toEqual({ ok: false, error: "not_found" });
    // A Pattern product without a version.
    expect(await productLayout({ db, productId: shop.printed.id, size: "36", widthMm: 1400 })).toEqual({ ok: false, error: "no_pattern" });
    // A draft exists only for its seller.
    await db.update(products).set({ status: "draft" }).where(eq(products.id, productId));
    const buyer = await makeBuyer(db);
    expect(await productLayout({ db, productId, size: "99", widthMm: 1400, userId: buyer.id })).toEqual({ ok: false, error: "not_found" });
    expect(await productLayout({ db, productId, size: "99", widthMm: 1400, userId: shop.seller.id })).toEqual({ ok: false, error: "unknown_size" });
  });

  it("refuses the buyer's own size without a signed-in buyer with measurements", { timeout: 60_000 }, async () => {
    const { db, productId } = await shopWithPattern();
    const buyer = await makeBuyer(db);
    expect(await productLayout({ db, productId, size: "custom", widthMm: 1400 })).toEqual({ ok: false, error: "no_measurements" });
    expect(await productLayout({ db, productId, size: "custom", widthMm: 1400, userId: buyer.id })).toEqual({ ok: false, error: "no_measurements" });
    await db.update(products).set({ madeToMeasure: true }).where(eq(products.id, productId));
    expect(await productLayout({ db, productId, size: "custom", widthMm: 1400, userId: buyer.id })).toEqual({ ok: false, error: "no_measurements" });
    expect(await cachedProductLayout({ db, productId, size: "custom", widthMm: 1400 })).toBeNull();
  });

  it("warms every size at the seller's widths in the background, then has nothing left to do", { timeout: 300_000 }, async () => {
    const { db, productId } = await shopWithPattern();
    await db.update(products).set({ layoutWidths: "[1500]" }).where(eq(products.id, productId));
    warmLayouts({ db, productId });
    await layoutWarming();
    for (const size of ["26", "36", "52"]) expect(await cachedProductLayout({ db, productId, size, widthMm: 1500 })).not.toBeNull();
    const computed = await count("computed");
    warmLayouts({ db, productId });
    await layoutWarming();
    expect(await count("computed")).toBe(computed);
    // Unknown or removed products are skipped without an error.
    expect(() => warmLayouts({ db, productId: 9999 })).not.toThrow();
    await layoutWarming();
  });

  it("drops a warming whose database was closed since (a seed script that ended), with no warning", { timeout: 120_000 }, async () => {
    const { db, productId } = await shopWithPattern();
    const warn = vi.spyOn(log, "warn");
    try {
      warmLayouts({ db, productId });
      await closeTestDbs(db);
      await layoutWarming();
      expect(warn.mock.calls.filter(([fields]) => (fields as { event?: string }).event === "layout-warm")).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it("lays out a buyer's own size from their measurements, in memory only, and refuses one beyond the chart", { timeout: 120_000 }, async () => {
    const db = createTestDb();
    const shop = await makeShop(db);
    const sizes = ["S", "M", "L"];
    const dxf = makeAstmDxf({ pieces: [{ name: "FRONT", shape: "bodice", width: 300, height: 500 }, { name: "SLEEVE", shape: "sleeve", width: 350, height: 300 }], sizes, units: "mm" });
    const name = `${crypto.randomBytes(16).toString("hex")}.dxf`;
    fs.writeFileSync(uploadPath(name)!, dxf, "latin1");
    await db.insert(files).values({ name, originalName: "tee.dxf", contentType: "application/dxf", size: dxf.length, kind: "pattern", ownerId: shop.seller.id });
    const productId = shop.digital.id;
    await db.update(products).set({ patternFile: name, madeToMeasure: true }).where(eq(products.id, productId));
    await db.insert(patternVersions).values({ productId, version: 1, file: name, createdAt: new Date((clock += 60_000)) });
    for (const [position, size] of sizes.entries()) await db.insert(sizeChartRows).values({ productId, size, position, bustMm: 880 + 40 * position, hipMm: 940 + 40 * position });
    const buyer = await makeBuyer(db);
    await saveMeasurements(db, buyer.id, { bustMm: 900, hipMm: 990 });
    const files0 = layoutFiles().length;
    const mine = await productLayout({ db, productId, size: "custom", widthMm: 1400, userId: buyer.id });
    if (!mine.ok) throw new Error(mine.error);
    expect(mine.value).toMatchObject({ size: "custom", material: "fabric", materials: ["fabric"], widthMm: 1400 });
    expect(mine.value.layout.placements.map((p) => p.name).sort()).toEqual(["FRONT", "SLEEVE"]);
    expect(layoutFiles()).toHaveLength(files0);
    const memory = await count("memory");
    const again = await productLayout({ db, productId, size: "custom", widthMm: 1400, userId: buyer.id });
    expect(again.ok && again.value.layout).toEqual(mine.value.layout);
    expect(await count("memory")).toBe(memory + 1);
    await saveMeasurements(db, buyer.id, { bustMm: 1200, hipMm: 990 });
    expect(await productLayout({ db, productId, size: "custom", widthMm: 1400, userId: buyer.id })).toEqual({ ok: false, error: "outside_chart" });
  });
});
