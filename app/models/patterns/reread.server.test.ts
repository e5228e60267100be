import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { files, patternVersions, products } from "../../../db/tables";
import { cadFixtures } from "../../../tests/unit/cad-fixtures";
import { makeShop, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { READER_VERSION, readPattern } from "./dxf.server";
import { hasStaleReadings, rereadStoredVersions, rereadVersion } from "./reread.server";
import type { Pattern } from "./types";
import { getLatestVersion, patternJson, productPatternFacts, versionFacts } from "./versions.server";
import { cacheDir, uploadPath } from "~/models/files/store.server";
import { first } from "~/utils/db.server";

let dataDir = "";
beforeAll(() => {
  dataDir = useTestEnv();
  fs.mkdirSync(`${dataDir}/uploads`, { recursive: true });
});

const racer = () => cadFixtures().find((f) => f.name === "DEEP_ARMHOLE_RACER.DXF")!.bytes;

/**
 * A pattern as a reader before decision 094 stored it: no unitsSource, warnings, materials, cuts or folds, every size
 * with the sample size's pieces only where it had them (here: quantity 1 everywhere and no notches outside the sample).
 */
function oldShaped(pattern: Pattern): Pattern {
  return {
    units: pattern.units,
    unitsAssumed: false,
    sizes: pattern.sizes,
    sampleSize: pattern.sampleSize,
    pieces: pattern.pieces.map((p) => ({
      name: p.name,
      size: p.size,
      quantity: 1,
      boundary: p.boundary,
      grain: p.grain,
      notches: p.size === pattern.sampleSize ? p.notches : [],
      internal: p.internal,
      sewLines: p.sewLines,
      drill: p.drill,
      bbox: p.bbox,
      area: p.area,
    })),
  };
}

/** A shop whose Digital pattern's version 1 is `bytes`, stored with the reading `data` and reader version 0. */
async function storedVersion(bytes: Buffer, data: string) {
  const db = createTestDb();
  const shop = await makeShop(db);
  const name = `${crypto.randomBytes(16).toString("hex")}.dxf`;
  fs.writeFileSync(uploadPath(name)!, bytes);
  await db.insert(files).values({ name, originalName: "racer.dxf", contentType: "application/dxf", size: bytes.length, kind: "pattern", ownerId: shop.seller.id });
  await db.update(products).set({ patternFile: name }).where(eq(products.id, shop.digital.id));
  const row = (await db.insert(patternVersions).values({ productId: shop.digital.id, version: 1, file: name, data }).returning())[0];
  return { db, shop, row, file: uploadPath(name)! };
}

describe("reading stored patterns again (decision 100)", () => {
  it("gives a version stored with an old reading the current reader's facts, and drops the cached files of the old one", async () => {
    const current = readPattern(racer());
    if (!current.ok) throw new Error(current.message);
    const { db, shop, row } = await storedVersion(racer(), JSON.stringify(oldShaped(current.pattern)));
    expect(await hasStaleReadings({ db })).toBe(true);

    const before = patternJson(shop.digital.id, await productPatternFacts({ db, productId: shop.digital.id }), [])!;
    expect(before.units_source).toBe("header"); // derived for a reading without unitsSource
    expect(before.piece_list.every((p) => !p.on_fold)).toBe(true);
    expect(before.preview_url).toMatch(/\?v=1$/);

    // Cached files of the old reading (as preview-cache and downloads name them), and another version's.
    const previews = path.join(cacheDir(dataDir), "patterns");
    const downloads = path.join(previews, "downloads");
    fs.mkdirSync(downloads, { recursive: true });
    const old = [path.join(previews, `preview-v${row.id}r0-abc-4d.svg`), path.join(downloads, `own-p${shop.digital.id}-v1-${row.id}r0-A4-all.pdf`)];
    const other = [path.join(previews, `preview-v${row.id + 1000}r0-abc-4d.svg`), path.join(downloads, `own-p9-v1-${row.id + 1000}r0-A4-all.pdf`)];
    for (const f of [...old, ...other]) fs.writeFileSync(f, "x");

    const report = await rereadStoredVersions({ db });
    expect(report).toEqual({ reread: 1, failed: [] });
    expect(await hasStaleReadings({ db })).toBe(false);
    const stored = (await first(db.select().from(patternVersions).where(eq(patternVersions.id, row.id)).limit(1)))!;
    expect(stored).toMatchObject({ readerVersion: READER_VERSION, reading: 1 });
    expect(JSON.parse(stored.data)).toEqual(JSON.parse(JSON.stringify(current.pattern)));

    const version = (await getLatestVersion({ db, productId: shop.digital.id }))!;
    const after = patternJson(shop.digital.id, await versionFacts({ db, version }), [])!;
    expect(after.units_source).toBe(current.pattern.unitsSource);
    expect(after.piece_list.filter((p) => p.on_fold)).toHaveLength(2);
    for (const piece of after.piece_list) {
      const counts = new Set(Object.values(piece.sizes).map((s) => s.notches));
      expect(counts.size).toBe(1); // every size has the sample size's notches now
    }
    expect(after.preview_url).toMatch(/\?v=1\.1$/);
    for (const f of old) expect(fs.existsSync(f)).toBe(false);
    for (const f of other) expect(fs.existsSync(f)).toBe(true);

    // Nothing is stale any more: the start-up pass reads nothing; the command reads every version.
    expect(await rereadStoredVersions({ db })).toEqual({ reread: 0, failed: [] });
    expect(await rereadStoredVersions({ db, all: true })).toEqual({ reread: 1, failed: [] });
    expect(await first(db.select({ reading: patternVersions.reading }).from(patternVersions).where(eq(patternVersions.id, row.id)).limit(1))).toEqual({ reading: 2 });
  });

  it("keeps the old reading of a file that can no longer be read, and reports it", async () => {
    const current = readPattern(racer());
    if (!current.ok) throw new Error(current.message);
    const data = JSON.stringify(oldShaped(current.pattern));
    const { db, shop, row, file } = await storedVersion(racer(), data);
    fs.writeFileSync(file, "0\nSECTION\n2\nENTITIES\n0\nENDSEC\n0\nEOF\n");

    const report = await rereadStoredVersions({ db });
    expect(report.reread).toBe(0);
    expect(report.failed).toEqual([{ versionId: row.id, productId: shop.digital.id, version: 1, error: "unreadable", message: expect.stringContaining("no drawing") }]);
    expect(await first(db.select().from(patternVersions).where(eq(patternVersions.id, row.id)).limit(1))).toMatchObject({ data, readerVersion: 0, reading: 0 });
    // Still shown as it was read before.
    expect(patternJson(shop.digital.id, await productPatternFacts({ db, productId: shop.digital.id }), [])!.sizes).toEqual(current.pattern.sizes);

    fs.rmSync(file);
    expect(await rereadVersion({ db, versionId: row.id })).toMatchObject({ ok: false, error: "missing-file" });
    expect(await rereadVersion({ db, versionId: row.id + 999 })).toMatchObject({ ok: false, error: "not-found" });
  });

  it("keeps the seller's choice of units; null goes back to what the file says", async () => {
    const { db, row } = await storedVersion(racer(), "{}");
    const chosen = await rereadVersion({ db, versionId: row.id, units: "cm" });
    expect(chosen).toMatchObject({ ok: true, reading: 1 });
    const read = async () => JSON.parse((await first(db.select().from(patternVersions).where(eq(patternVersions.id, row.id)).limit(1)))!.data) as Pattern;
    expect(await read()).toMatchObject({ units: "cm", unitsSource: "seller" });
    const inCm = (await read()).pieces[0]!.bbox.width;

    await rereadStoredVersions({ db, all: true });
    expect(await read()).toMatchObject({ units: "cm", unitsSource: "seller" });

    expect(await rereadVersion({ db, versionId: row.id, units: null })).toMatchObject({ ok: true, reading: 3 });
    expect(await read()).toMatchObject({ units: "in" });
    expect((await read()).unitsSource).not.toBe("seller");
    expect((await read()).pieces[0]!.bbox.width / inCm).toBeCloseTo(2.54, 3);
  });
});
