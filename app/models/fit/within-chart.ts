/**
 * The limit of made-to-measure (decision 115): how far a buyer's measurements may lie outside a design's size chart.
 * Pure, so the buying rules and the interpolation engine read the same rule.
 */
import { FIT_ZONES, type Measurements, type SizeChart, type Zone } from "~/utils/measurements";

/** Why a chart cannot make a buyer's size: no chart to interpolate in, a zone the buyer has not measured, or too far out. */
export type WithinChartResult =
  | { ok: true; zones: Zone[] }
  | { ok: false; error: "no-chart" }
  | { ok: false; error: "measurements-incomplete" | "outside-chart"; zones: Zone[] };

/**
 * The zones that shape a made-to-measure size (decision 114: the engine's governing zones). Height, inseam and arm
 * length are shown in the chart and the advice but do not move a piece's points, so a buyer need not give them.
 */
export const SHAPING_ZONES: readonly Zone[] = FIT_ZONES.filter((zone) => ["high_bust", "bust", "waist", "hip"].includes(zone));

/**
 * The shaping zones a chart grades: every row gives a value (a zone given only for some sizes cannot be
 * interpolated).
 */
export function chartZones(chart: SizeChart): Zone[] {
  if (chart.rows.length < 2) return [];
  return SHAPING_ZONES.filter((zone) => chart.rows.every((row) => row.body[zone] !== null));
}

/**
 * The engine's limit, per zone the chart grades: from one grade step below the smallest size to one grade step above
 * the largest, a grade step being the difference between the two smallest (below) or the two largest sizes (above).
 * Within the graded sizes the engine interpolates; within one step outside it extrapolates linearly; further out
 * it refuses, since a pattern's grading is only known to hold near its sizes. A chart needs two sizes at least, and
 * the buyer a measurement for every shaping zone the chart grades.
 */
export function measurementsWithinChart(chart: SizeChart, m: Measurements): WithinChartResult {
  const zones = chartZones(chart);
  if (zones.length === 0) return { ok: false, error: "no-chart" };
  const missing = zones.filter((zone) => m[zone] === null);
  if (missing.length > 0) return { ok: false, error: "measurements-incomplete", zones: missing };
  const outside = zones.filter((zone) => {
    const { min, max } = zoneLimits(chart, zone);
    return m[zone]! < min || m[zone]! > max;
  });
  if (outside.length > 0) return { ok: false, error: "outside-chart", zones: outside };
  return { ok: true, zones };
}

/**
 * One graded zone's limits in millimetres: a grade step beyond the smallest and the largest size (the chart's
 * values grow with the size, which the size chart form checks; absolute steps keep the rule sound if they did not).
 */
export function zoneLimits(chart: SizeChart, zone: Zone): { min: number; max: number } {
  const values = chart.rows.map((row) => row.body[zone]!);
  const [first, second] = [values[0]!, values[1]!];
  const [beforeLast, last] = [values[values.length - 2]!, values[values.length - 1]!];
  const low = Math.min(first, last);
  const high = Math.max(first, last);
  return { min: low - Math.abs(second - first), max: high + Math.abs(last - beforeLast) };
}
