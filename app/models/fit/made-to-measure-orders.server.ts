/**
 * Buying a made-to-measure pattern (issue 24 items 4 and 5, decision 115): who may add one to the cart, check it
 * out and what the order keeps (the buyer's measurements as they were at checkout).
 */
import { eq } from "drizzle-orm";

import { products } from "../../../db/tables";
import { getMeasurements, getSizeChart } from "~/models/fit/chart.server";
import { measurementsJson, type MeasurementsJson } from "~/models/fit/json";
import { FIT_ZONES, MM_PER_UNIT, ZONE_LABELS, type Zone } from "~/utils/measurements";
import { measurementsWithinChart } from "~/models/fit/within-chart";
import { orderDownloadLinks, type DownloadFormat } from "~/models/patterns/download-links";
import { type Db, type DbOrTx, first } from "~/utils/db.server";

export type MadeToMeasureError =
  | "mtm-not-offered"
  | "mtm-printed"
  | "mtm-sign-in"
  | "mtm-no-measurements"
  | "mtm-incomplete"
  | "mtm-outside-chart";

export type MadeToMeasureCheck =
  | { ok: true; measurements: MeasurementsJson }
  | { ok: false; error: MadeToMeasureError; zones?: Zone[] };

type ProductFacts = { id: number; type: string; delivery: string | null; madeToMeasure: boolean };

/**
 * May this buyer order their own size of this product now? The seller must allow it on a Digital pattern with a
 * size chart of two sizes or more (a printed pattern is printed from the graded files only: decision 115), and
 * the buyer's saved measurements must give every zone the chart grades within its limit (within-chart.ts).
 */
export async function checkMadeToMeasure({ db, product, userId }: { db: DbOrTx; product: ProductFacts; userId: number | null }): Promise<MadeToMeasureCheck> {
  if (product.type !== "Pattern" || !product.madeToMeasure) return { ok: false, error: "mtm-not-offered" };
  if (product.delivery !== "Digital") return { ok: false, error: "mtm-printed" };
  const chart = await getSizeChart({ db: db as Db }, product.id);
  if (!chart) return { ok: false, error: "mtm-not-offered" };
  if (userId === null) return { ok: false, error: "mtm-sign-in" };
  const measurements = await getMeasurements({ db: db as Db }, userId);
  if (!measurements) return { ok: false, error: "mtm-no-measurements" };
  const within = measurementsWithinChart(chart, measurements);
  if (!within.ok) {
    if (within.error === "no-chart") return { ok: false, error: "mtm-not-offered" };
    return { ok: false, error: within.error === "outside-chart" ? "mtm-outside-chart" : "mtm-incomplete", zones: within.zones };
  }
  return { ok: true, measurements: measurementsJson(measurements) };
}

/** The same check by product id (an unknown product: not offered). */
export async function checkMadeToMeasureOf({ db, productId, userId }: { db: DbOrTx; productId: number; userId: number | null }): Promise<MadeToMeasureCheck> {
  const product = await first(db
    .select({ id: products.id, type: products.type, delivery: products.delivery, madeToMeasure: products.madeToMeasure })
    .from(products)
    .where(eq(products.id, productId)).limit(1));
  return product ? await checkMadeToMeasure({ db, product, userId }) : { ok: false, error: "mtm-not-offered" };
}

/** Zones as the buyer reads them ("Bust / chest, Hip"). */
export function zoneNames(zones: Zone[] | undefined): string[] {
  return (zones ?? []).map((zone) => ZONE_LABELS[zone]);
}

/** An order's stored measurements (orders.measurements), null on a graded order or an unreadable value. */
export function orderMeasurements(stored: string | null): MeasurementsJson | null {
  if (stored === null) return null;
  try {
    return JSON.parse(stored) as MeasurementsJson;
  } catch {
    return null;
  }
}

/** A made-to-measure order's "Your size" files (decision 115): each format's link with `size=custom`. */
export function customDownloadLinks(orderId: number): { format: DownloadFormat; label: string; url: string }[] {
  return orderDownloadLinks(orderId).map((link) => ({ ...link, url: `${link.url}&size=custom` }));
}

/** The order's measurements as its buyer reads them: the zones given, in the buyer's unit ("Bust / chest: 93 cm"). */
export function measurementLines(m: MeasurementsJson): { zone: Zone; label: string; value: string }[] {
  return FIT_ZONES.flatMap((zone) => {
    const mm = m[zone];
    if (mm === null || mm === undefined) return [];
    const value = m.unit === "in" ? `${Math.round((mm / MM_PER_UNIT.in) * 10) / 10} in` : `${Math.round(mm) / 10} cm`;
    return [{ zone, label: ZONE_LABELS[zone], value }];
  });
}
