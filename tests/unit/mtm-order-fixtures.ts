/**
 * Made-to-measure buying (decision 115) before the size chart and measurement forms land: rows inserted directly,
 * as those forms would store them (millimetres).
 */
import crypto from "node:crypto";
import fs from "node:fs";

import { eq } from "drizzle-orm";

import type { Db } from "../../db/client";
import { files, patternVersions, products, sizeChartRows, userMeasurements } from "../../db/tables";
import { makeShop } from "./buying-fixtures";
import { uploadPath } from "~/models/files/store.server";
import { makeAstmDxf } from "~/models/patterns/demo.server";

/** Sizes S, M, L: bust 860 / 900 / 960 mm and hip 900 / 940 / 1000 mm; the seller allows made-to-measure. */
export async function allowMadeToMeasure(db: Db, productId: number, allowed = true) {
  await db.update(products).set({ madeToMeasure: allowed }).where(eq(products.id, productId));
  const rows = [
    { size: "S", bustMm: 860, hipMm: 900 },
    { size: "M", bustMm: 900, hipMm: 940 },
    { size: "L", bustMm: 960, hipMm: 1000 },
  ];
  await db.insert(sizeChartRows)
    .values(rows.map((r, position) => ({ productId, position, ...r })))
    .onConflictDoNothing();
}

/** Saves (or replaces) the buyer's measurements, millimetres. */
export async function saveMeasurements(db: Db, userId: number, values: { bustMm?: number | null; hipMm?: number | null; unit?: "cm" | "in" }) {
  const row = { userId, unit: values.unit ?? "cm", bustMm: values.bustMm ?? null, hipMm: values.hipMm ?? null };
  await db.insert(userMeasurements).values(row).onConflictDoUpdate({ target: userMeasurements.userId, set: row });
}

/** The graded test pattern's pieces and sizes (shopWithGradedPattern). */
export const GRADED_PIECES = [
  { name: "FRONT", shape: "bodice" as const, width: 300, height: 500 },
  { name: "SLEEVE", shape: "sleeve" as const, width: 350, height: 300 },
];
export const GRADED_SIZES = ["S", "M", "L"];

/**
 * A shop whose Digital pattern is the graded ASTM DXF (GRADED_PIECES in GRADED_SIZES, millimetres) offered made to
 * measure, with its size chart: bust 880 mm and hip 940 mm for the first size, 40 mm more per size.
 */
export async function shopWithGradedPattern(db: Db) {
  const shop = await makeShop(db);
  const dxf = makeAstmDxf({ pieces: GRADED_PIECES, sizes: GRADED_SIZES, units: "mm" });
  const name = `${crypto.randomBytes(16).toString("hex")}.dxf`;
  fs.writeFileSync(uploadPath(name)!, dxf, "latin1");
  await db.insert(files).values({ name, originalName: "tee.dxf", contentType: "application/dxf", size: dxf.length, kind: "pattern", ownerId: shop.seller.id });
  const productId = shop.digital.id;
  await db.update(products).set({ patternFile: name, madeToMeasure: true }).where(eq(products.id, productId));
  await db.insert(patternVersions).values({ productId, version: 1, file: name });
  for (const [position, size] of GRADED_SIZES.entries()) await db.insert(sizeChartRows).values({ productId, size, position, bustMm: 880 + 40 * position, hipMm: 940 + 40 * position });
  return { shop, productId, dxf };
}
