/**
 * Made-to-measure buying (decision 115) before the size chart and measurement forms land: rows inserted directly,
 * as those forms would store them (millimetres).
 */
import { eq } from "drizzle-orm";

import type { Db } from "../../db/client";
import { products, sizeChartRows, userMeasurements } from "../../db/schema";

/** Sizes S, M, L: bust 860 / 900 / 960 mm and hip 900 / 940 / 1000 mm; the seller allows made-to-measure. */
export function allowMadeToMeasure(db: Db, productId: number, allowed = true) {
  db.update(products).set({ madeToMeasure: allowed }).where(eq(products.id, productId)).run();
  const rows = [
    { size: "S", bustMm: 860, hipMm: 900 },
    { size: "M", bustMm: 900, hipMm: 940 },
    { size: "L", bustMm: 960, hipMm: 1000 },
  ];
  db.insert(sizeChartRows)
    .values(rows.map((r, position) => ({ productId, position, ...r })))
    .onConflictDoNothing()
    .run();
}

/** Saves (or replaces) the buyer's measurements, millimetres. */
export function saveMeasurements(db: Db, userId: number, values: { bustMm?: number | null; hipMm?: number | null; unit?: "cm" | "in" }) {
  const row = { userId, unit: values.unit ?? "cm", bustMm: values.bustMm ?? null, hipMm: values.hipMm ?? null };
  db.insert(userMeasurements).values(row).onConflictDoUpdate({ target: userMeasurements.userId, set: row }).run();
}
