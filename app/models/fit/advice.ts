/**
 * Size advice (issue 24, decision 112): which of a design's sizes fits a buyer, zone by zone. Pure: no database, so
 * it is tested on its own and the made-to-measure engine builds on `sizePosition`.
 */
import { FINISHED_ZONES, FIT_ZONES, type FinishedZone, type Measurements, type SizeChart, type Zone } from "~/utils/measurements";
import { positionAmong } from "~/models/patterns/interpolate";

/**
 * One zone's advice. `size`: the smallest size whose body measurement is at least the buyer's (between two sizes the
 * larger: a pattern can be taken in, not let out). `outside`: "above" when the buyer is larger than the chart's
 * largest size in this zone (`size` is then that largest size, too small), "below" when smaller than its smallest
 * (`size` is the smallest, too large), null within the chart. `ease_mm`: that size's finished garment measurement
 * minus the buyer's body measurement, when the chart gives a finished one for the zone (bust, waist, hip), else null.
 */
export type ZoneAdvice = { zone: Zone; size: string; ease_mm: number | null; outside: "above" | "below" | null };

/** `recommended`: the size to buy, null when no zone of the chart is one the buyer gave. */
export type SizeAdvice = { zones: ZoneAdvice[]; recommended: string | null };

/** The zones whose sizes decide the recommendation (the largest of them wins: a garment must close at all three). */
export const GOVERNING_ZONES = ["bust", "waist", "hip"] as const satisfies readonly Zone[];

const isFinishedZone = (zone: Zone): zone is FinishedZone => (FINISHED_ZONES as readonly Zone[]).includes(zone);

/** The rows that give a zone, as [index into chart.rows, millimetres], in chart (size) order. */
function zonePoints(chart: SizeChart, zone: Zone): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  chart.rows.forEach((row, index) => {
    const value = row.body[zone];
    if (value !== null) points.push([index, value]);
  });
  return points;
}

/**
 * The advice for every zone that both the chart's rows and the buyer give, in FIT_ZONES order. `recommended` is the
 * largest size (in chart order) among the governing zones advised (bust, waist, hip: a top's chart with only bust
 * gets the bust's size); when the chart gives none of them (a child's chart by height) the largest among the zones
 * advised; null when no zone is advised.
 */
export function advise(chart: SizeChart, m: Measurements): SizeAdvice {
  const zones: Array<ZoneAdvice & { index: number }> = [];
  for (const zone of FIT_ZONES) {
    const value = m[zone];
    if (value === null) continue;
    const points = zonePoints(chart, zone);
    if (points.length === 0) continue;
    const fitting = points.find(([, body]) => body >= value);
    const [index] = fitting ?? points[points.length - 1];
    const outside = !fitting ? "above" : value < points[0][1] ? "below" : null;
    const row = chart.rows[index];
    const finished = isFinishedZone(zone) ? row.finished[zone] : null;
    zones.push({ zone, size: row.size, ease_mm: finished === null ? null : finished - value, outside, index });
  }
  const governing = zones.filter((z) => (GOVERNING_ZONES as readonly Zone[]).includes(z.zone));
  const deciding = governing.length > 0 ? governing : zones;
  const largest = deciding.reduce<(typeof zones)[number] | null>((best, z) => (best === null || z.index > best.index ? z : best), null);
  return { zones: zones.map(({ index: _index, ...z }) => z), recommended: largest ? largest.size : null };
}

/**
 * Where a body measurement falls among a chart's sizes in one zone, as a fractional index into `chart.rows`: exactly
 * k at row k's value, linear between two rows that give the zone (rows without it are skipped, the index still
 * counts them), below 0 or above `rows.length - 1` outside, extended linearly from the two smallest or two largest
 * rows. Null when fewer than two rows give the zone or its values do not strictly grow with the size (such a chart
 * cannot be interpolated).
 */
export function sizePosition(chart: SizeChart, zone: Zone, valueMm: number): number | null {
  const points = zonePoints(chart, zone);
  const p = positionAmong(points.map(([, body]) => body), valueMm);
  if (p === null) return null;
  // From the position among the rows that give the zone to the index among all rows.
  const k = Math.min(Math.max(Math.floor(p), 0), points.length - 2);
  const [i0] = points[k];
  const [i1] = points[k + 1];
  return i0 + (p - k) * (i1 - i0);
}
