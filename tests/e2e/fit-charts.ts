/**
 * Size charts for the fit specs (issue 24): rows written straight into size_chart_rows with the app's Drizzle
 * database, as the seller's size-chart form (another branch) would store them, so these specs do not wait for it.
 */
import { eq } from "drizzle-orm";

import { withAppDb } from "./app";
import { sizeChartRows } from "../../db/schema";

/**
 * A dress chart in mm: sizes 38, 40, 42; bust, waist, hip growing by 40 mm; finished bust and waist 60 and 40 mm over.
 * It replaces the design's chart (the demo seed gives its patterns one), as the form saves a whole chart.
 */
export async function addDressChart(productId: number) {
  await withAppDb((db) => db.delete(sizeChartRows).where(eq(sizeChartRows.productId, productId)).run());
  await withAppDb((db) =>
    db
      .insert(sizeChartRows)
      .values([
        { productId, size: "38", position: 0, bustMm: 880, waistMm: 700, hipMm: 940, finishedBustMm: 940, finishedWaistMm: 740 },
        { productId, size: "40", position: 1, bustMm: 920, waistMm: 740, hipMm: 980, finishedBustMm: 980, finishedWaistMm: 780 },
        { productId, size: "42", position: 2, bustMm: 960, waistMm: 780, hipMm: 1020, finishedBustMm: 1020, finishedWaistMm: 820 },
      ])
      .run(),
  );
}
