/**
 * Sizes from makes (issue 37, item 3; made private in issue 46, item 2, decision 152): for a buyer with
 * measurements, what makers like them made of a design and how it fitted, beside the chart's advice.
 *
 * Nothing in the answer may tell anyone's measurement, even to an asker who moves their own measurements and asks
 * again. So:
 * - **Coarse, chart-based steps.** Each zone the design's chart uses is cut into the chart's own size steps (the
 *   boundaries half-way between two sizes' values, an open step below the smallest and above the largest).
 *   A maker is similar when they fall in the asker's step on EVERY zone the chart uses; a maker who did not give one
 *   of those zones is never similar, and an asker who did not give one gets no answer. Moving a measurement within a
 *   step never changes the answer, so a binary search learns nothing finer than the chart's steps.
 * - **Groups of three, counts banded.** A size is listed only with at least MIN_GROUP makers (the rest are summed
 *   into `others` when they are that many together); every count is a band ("3-4", "5-9" ...), never an exact
 *   number, and each zone's fit is the most common answer, not a count. Below MIN_GROUP makers in all: null.
 * - **Rate limits.** A comparison with makes is counted per account (ADVICE_LIMIT), the product page's and the JSON
 *   call's alike; measurement changes are limited in fit/measurements.server.ts.
 * Only makes whose makers ticked "share my measurements" count, one per maker (their newest in the asker's steps),
 * never the asker's own, never a hidden one.
 */
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";

import { makes } from "../../../db/tables";
import { getMeasurements, getSizeChart } from "~/models/fit/chart.server";
import { FIT_ZONES, type Measurements, type SizeChart, type Zone } from "~/utils/measurements";
import { MAKE_FIT_VALUES, MAKE_FIT_ZONES, type MakeFitValue, type MakeFitZone } from "~/schemas/makes";
import type { Db } from "~/utils/db.server";
import { hitInProcess } from "~/utils/rate-limit.server";

/** Never fewer makers than this in a shown group (a size, the other sizes, the whole answer). */
export const MIN_GROUP = 3;
/** Comparisons with makes per account and window: the product page's and the JSON call's together. */
export const ADVICE_LIMIT = { requests: 60, windowMs: 60 * 60 * 1000 } as const;
/** The lower ends of the bands counts are shown in: 3-4, 5-9, 10-19, 20-49, 50+. */
const BANDS = [MIN_GROUP, 5, 10, 20, 50] as const;

export type SizesFromMakes = {
  /** How many similar makers, as a band. */
  makers: string;
  /** The sizes made by at least MIN_GROUP of them, in the chart's order: a band and the most common fit per zone. */
  sizes: Array<{ size: string; makers: string; fit: Record<MakeFitZone, MakeFitValue | null> }>;
  /** The makers of the other sizes together, as a band, when they are at least MIN_GROUP; else null. */
  others: string | null;
};

export type SizesFromMakesResult = { ok: true; answer: SizesFromMakes | null } | { ok: false; error: "rate-limited" };

/** A count as its band ("3-4" ... "50+"); below MIN_GROUP there is no band (the group is not shown). */
export function countBand(n: number): string | null {
  if (n < MIN_GROUP) return null;
  const i = BANDS.filter((low) => n >= low).length - 1;
  const next = BANDS[i + 1];
  return next === undefined ? `${BANDS[i]}+` : `${BANDS[i]}-${next - 1}`;
}

/** The chart's values of each zone it uses, ascending and distinct; the zones it does not use are absent. */
export function chartSteps(chart: SizeChart): Partial<Record<Zone, number[]>> {
  const steps: Partial<Record<Zone, number[]>> = {};
  for (const zone of FIT_ZONES) {
    const values = [...new Set(chart.rows.map((row) => row.body[zone]).filter((v): v is number => v !== null))].sort((a, b) => a - b);
    if (values.length) steps[zone] = values;
  }
  return steps;
}

/**
 * The step of a measurement on a zone's chart values: i when nearest to the i-th value (boundaries half-way between
 * two values), -1 more than half a step below the smallest, values.length more than half a step above the largest.
 * A zone with one value is one step.
 */
export function stepOf(value: number, values: readonly number[]): number {
  const n = values.length;
  if (n < 2) return 0;
  if (value < values[0]! - (values[1]! - values[0]!) / 2) return -1;
  if (value >= values[n - 1]! + (values[n - 1]! - values[n - 2]!) / 2) return n;
  let step = 0;
  for (let i = 0; i < n - 1; i += 1) if (value >= (values[i]! + values[i + 1]!) / 2) step = i + 1;
  return step;
}

/** A person's steps over every zone the chart uses ("2,1,3"), or null when they did not give one of those zones. */
function stepKey(measurements: Partial<Measurements>, steps: Partial<Record<Zone, number[]>>): string | null {
  const key: number[] = [];
  for (const zone of FIT_ZONES) {
    const values = steps[zone];
    if (!values) continue;
    const value = measurements[zone];
    if (typeof value !== "number") return null;
    key.push(stepOf(value, values));
  }
  return key.join(",");
}

/** The most common answer of a zone, or null when no one answered or two answers tie. */
function mostCommon(answers: Array<MakeFitValue | null>): MakeFitValue | null {
  const counts = MAKE_FIT_VALUES.map((fit) => ({ fit, n: answers.filter((a) => a === fit).length })).sort((a, b) => b.n - a.n);
  return counts[0]!.n > 0 && counts[0]!.n > counts[1]!.n ? counts[0]!.fit : null;
}

/** Counts one comparison with makes for the account; false past ADVICE_LIMIT. In memory: GETs count it (decision 161). */
function adviceAllowed(db: Db, userId: number, now: number): boolean {
  return hitInProcess({ scope: db, key: `sizes-from-makes:${userId}`, limit: ADVICE_LIMIT.requests, windowMs: ADVICE_LIMIT.windowMs, now }).allowed;
}

/**
 * What makers in the asker's steps made; null without measurements on every zone the chart uses, without a chart, or
 * below MIN_GROUP makers. A comparison (there are makes to compare with) counts against ADVICE_LIMIT.
 */
export async function sizesFromMakes({ db, productId, userId, now = Date.now() }: { db: Db; productId: number; userId: number; now?: number }): Promise<SizesFromMakesResult> {
  const chart = await getSizeChart({ db }, productId);
  const asker = await getMeasurements({ db }, userId);
  if (!chart || !asker) return { ok: true, answer: null };
  const steps = chartSteps(chart);
  const askerKey = stepKey(asker, steps);
  if (Object.keys(steps).length === 0 || askerKey === null) return { ok: true, answer: null };
  const rows = await db
    .select({ userId: makes.userId, size: makes.size, measurements: makes.measurements, fitBust: makes.fitBust, fitWaist: makes.fitWaist, fitHip: makes.fitHip, fitLength: makes.fitLength })
    .from(makes)
    .where(and(eq(makes.productId, productId), isNull(makes.hiddenAt), isNotNull(makes.measurements)))
    .orderBy(desc(makes.createdAt), desc(makes.id));
  if (rows.filter((row) => row.userId !== userId).length < MIN_GROUP) return { ok: true, answer: null };
  if (!adviceAllowed(db, userId, now)) return { ok: false, error: "rate-limited" };
  // One make per maker, their newest in the asker's steps; never the asker's own.
  const chosen = new Map<number, (typeof rows)[number]>();
  for (const row of rows) {
    if (row.userId === userId || chosen.has(row.userId)) continue;
    let maker: Partial<Measurements>;
    try {
      maker = JSON.parse(row.measurements!) as Partial<Measurements>;
    } catch {
      continue;
    }
    if (stepKey(maker, steps) === askerKey) chosen.set(row.userId, row);
  }
  const makers = countBand(chosen.size);
  if (makers === null) return { ok: true, answer: null };
  const bySize = new Map<string, Array<(typeof rows)[number]>>();
  for (const row of chosen.values()) bySize.set(row.size, [...(bySize.get(row.size) ?? []), row]);
  // The chart's size order, then any other size by name.
  const order = chart.rows.map((r) => r.size);
  const rank = (size: string) => (order.includes(size) ? order.indexOf(size) : order.length);
  const shown = [...bySize.entries()].filter(([, group]) => group.length >= MIN_GROUP).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  const sizes = shown.map(([size, group]) => {
    const fits: Record<MakeFitZone, Array<MakeFitValue | null>> = {
      bust: group.map((r) => r.fitBust),
      waist: group.map((r) => r.fitWaist),
      hip: group.map((r) => r.fitHip),
      length: group.map((r) => r.fitLength),
    };
    const fit = Object.fromEntries(MAKE_FIT_ZONES.map((zone) => [zone, mostCommon(fits[zone])])) as Record<MakeFitZone, MakeFitValue | null>;
    return { size, makers: countBand(group.length)!, fit };
  });
  const others = chosen.size - shown.reduce((sum, [, group]) => sum + group.length, 0);
  return { ok: true, answer: { makers, sizes, others: countBand(others) } };
}

/** The answer for a page: none past the rate limit (the page shows the chart's advice alone). */
export function answerOf(result: SizesFromMakesResult): SizesFromMakes | null {
  return result.ok ? result.answer : null;
}
