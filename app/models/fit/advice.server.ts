/** A buyer's size advice for one design (issue 24, decision 112): the JSON call and the product page read it here. */
import { advise, type SizeAdvice } from "./advice";
import { getMeasurements, getSizeChart } from "./chart.server";
import { productAndSeller, productVisibleTo } from "~/models/catalog/products.server";
import type { MeasurementUnit } from "~/utils/measurements";
import { formatEase } from "~/utils/measurement-units";
import type { Db } from "~/utils/db.server";

export type SizeAdviceError = "product-not-found" | "no-size-chart" | "no-measurements";

/** The advice for a buyer and a design: the design must be one they may see, with a size chart, and they must have measurements. */
export async function getSizeAdvice({
  db,
  productId,
  userId,
}: {
  db: Db;
  productId: number;
  userId: number;
}): Promise<{ ok: true; advice: SizeAdvice; unit: MeasurementUnit } | { ok: false; error: SizeAdviceError }> {
  if (!productVisibleTo(await productAndSeller(db, productId), userId)) return { ok: false, error: "product-not-found" };
  const chart = await getSizeChart({ db }, productId);
  if (!chart || chart.rows.length === 0) return { ok: false, error: "no-size-chart" };
  const measurements = await getMeasurements({ db }, userId);
  if (!measurements) return { ok: false, error: "no-measurements" };
  return { ok: true, advice: advise(chart, measurements), unit: measurements.unit };
}

/**
 * What the product page shows (the loader has already found the product visible): null when the design has no size
 * chart (nothing shown); "add" for a visitor or a buyer without measurements (a link to add them); else the advice
 * in words and the buyer's unit. A buyer whose measurements match no zone of the chart gets `zones: []`.
 */
export type SizeAdviceView =
  | { kind: "add" }
  | {
      kind: "advice";
      recommended: string | null;
      zones: Array<{ zone: string; label: string; size: string; ease: string | null; outside: "above" | "below" | null }>;
    };

export async function sizeAdviceView({ db, productId, userId }: { db: Db; productId: number; userId: number | null }): Promise<SizeAdviceView | null> {
  const chart = await getSizeChart({ db }, productId);
  if (!chart || chart.rows.length === 0) return null;
  const measurements = userId === null ? null : await getMeasurements({ db }, userId);
  if (!measurements) return { kind: "add" };
  const advice = advise(chart, measurements);
  return {
    kind: "advice",
    recommended: advice.recommended,
    zones: advice.zones.map((z) => ({
      zone: z.zone,
      label: z.zone.replace("_", " "),
      size: z.size,
      ease: z.ease_mm === null ? null : formatEase(z.ease_mm, measurements.unit),
      outside: z.outside,
    })),
  };
}
