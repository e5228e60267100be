/**
 * Sizes from makes (issue 37, item 3): for a buyer with measurements, what makers with similar measurements made of
 * a design and how it fitted, beside the chart's advice. Only makes whose makers ticked "share my measurements" count;
 * similar = within a zone's tolerance on every zone the design's chart gives and both the buyer and the maker gave
 * (at least one); one make per maker (the nearest); the nearest SIMILAR_LIMIT of them. Fewer than MIN_SIMILAR makers:
 * null, so that no one maker's make can be told apart. The answer holds counts only: no name, no measurement.
 */
import { and, eq, isNotNull, isNull } from "drizzle-orm";

import { makes } from "../../../db/schema";
import { getMeasurements, getSizeChart } from "~/models/fit/chart.server";
import { FIT_ZONES, type Measurements, type Zone } from "~/utils/measurements";
import { MAKE_FIT_VALUES, MAKE_FIT_ZONES, type MakeFitValue, type MakeFitZone } from "~/schemas/makes";
import type { Db } from "~/utils/db.server";

/** Never fewer makers than this: below it the answer is null. */
export const MIN_SIMILAR = 3;
/** At most this many of the nearest makers are counted. */
export const SIMILAR_LIMIT = 25;
/** How far (mm) a maker's zone may be from the buyer's to be similar: about one size step of a graded chart. */
export const SIMILAR_TOLERANCE_MM: Record<Zone, number> = { height: 60, high_bust: 40, bust: 40, waist: 40, hip: 40, inseam: 40, arm: 30 };

export type FitCounts = Record<MakeFitValue, number>;
export type SizesFromMakes = {
  similar: number;
  sizes: Array<{ size: string; count: number; fit: Record<MakeFitZone, FitCounts> }>;
};

function zero(): FitCounts {
  return { tight: 0, right: 0, loose: 0 };
}

/** The zones compared: those the chart gives (in any size). */
function chartZones(db: Db, productId: number): Zone[] {
  const chart = getSizeChart({ db }, productId);
  if (!chart) return [];
  return FIT_ZONES.filter((zone) => chart.rows.some((row) => row.body[zone] !== null));
}

/**
 * How far a maker's measurements are from the buyer's over the zones (each zone's gap over its tolerance, the
 * largest); null when they share no zone or a zone is beyond its tolerance.
 */
export function nearness(buyer: Measurements, maker: Partial<Measurements>, zones: readonly Zone[]): number | null {
  let compared = 0;
  let worst = 0;
  for (const zone of zones) {
    const a = buyer[zone];
    const b = maker[zone];
    if (a === null || b === null || b === undefined || typeof b !== "number") continue;
    const gap = Math.abs(a - b) / SIMILAR_TOLERANCE_MM[zone];
    if (gap > 1) return null;
    compared += 1;
    worst = Math.max(worst, gap);
  }
  return compared === 0 ? null : worst;
}

/** What similar makers made; null without measurements, without a chart, or below MIN_SIMILAR makers. */
export function sizesFromMakes({ db, productId, userId }: { db: Db; productId: number; userId: number }): SizesFromMakes | null {
  const buyer = getMeasurements({ db }, userId);
  if (!buyer) return null;
  const zones = chartZones(db, productId);
  if (zones.length === 0) return null;
  const rows = db
    .select({ userId: makes.userId, size: makes.size, measurements: makes.measurements, fitBust: makes.fitBust, fitWaist: makes.fitWaist, fitHip: makes.fitHip, fitLength: makes.fitLength })
    .from(makes)
    .where(and(eq(makes.productId, productId), isNull(makes.hiddenAt), isNotNull(makes.measurements)))
    .all();
  // One make per maker, the nearest; never the buyer's own.
  const nearest = new Map<number, { distance: number; row: (typeof rows)[number] }>();
  for (const row of rows) {
    if (row.userId === userId) continue;
    let maker: Partial<Measurements>;
    try {
      maker = JSON.parse(row.measurements!) as Partial<Measurements>;
    } catch {
      continue;
    }
    const distance = nearness(buyer, maker, zones);
    if (distance === null) continue;
    const kept = nearest.get(row.userId);
    if (!kept || distance < kept.distance) nearest.set(row.userId, { distance, row });
  }
  const chosen = [...nearest.values()].sort((a, b) => a.distance - b.distance).slice(0, SIMILAR_LIMIT);
  if (chosen.length < MIN_SIMILAR) return null;
  const bySize = new Map<string, SizesFromMakes["sizes"][number]>();
  for (const { row } of chosen) {
    let entry = bySize.get(row.size);
    if (!entry) {
      entry = { size: row.size, count: 0, fit: { bust: zero(), waist: zero(), hip: zero(), length: zero() } };
      bySize.set(row.size, entry);
    }
    entry.count += 1;
    const fits: Record<MakeFitZone, MakeFitValue | null> = { bust: row.fitBust, waist: row.fitWaist, hip: row.fitHip, length: row.fitLength };
    for (const zone of MAKE_FIT_ZONES) {
      const fit = fits[zone];
      if (fit && MAKE_FIT_VALUES.includes(fit)) entry.fit[zone][fit] += 1;
    }
  }
  // The chart's size order, then any other size by name.
  const order = getSizeChart({ db }, productId)?.rows.map((r) => r.size) ?? [];
  const rank = (size: string) => (order.includes(size) ? order.indexOf(size) : order.length);
  const sizes = [...bySize.values()].sort((a, b) => rank(a.size) - rank(b.size) || a.size.localeCompare(b.size));
  return { similar: chosen.length, sizes };
}
