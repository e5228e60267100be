/**
 * Fit (issue 24, decision 111): body measurements, size charts as data, size advice and made-to-measure. Plain types,
 * no server code, so route components may import them. Every length is in whole millimetres.
 */
import type { MEASUREMENT_UNITS } from "../../db/tables";

export type MeasurementUnit = (typeof MEASUREMENT_UNITS)[number];

/** The body zones a buyer measures and a size chart gives, in the order forms and tables show them. */
export const FIT_ZONES = ["height", "high_bust", "bust", "waist", "hip", "inseam", "arm"] as const;
export type Zone = (typeof FIT_ZONES)[number];

/** The zones a size chart may also give as finished garment measurements (ease = finished - body). */
export const FINISHED_ZONES = ["bust", "waist", "hip"] as const;
export type FinishedZone = (typeof FINISHED_ZONES)[number];

export type ZoneValues = Record<Zone, number | null>;

/** A buyer's measurements: millimetres, null when unknown; `unit` is how they enter and read them. */
export type Measurements = { unit: MeasurementUnit } & ZoneValues;

/** One size of a design's size chart: body measurements and the finished garment's, millimetres or null. */
export type SizeChartRow = { size: string; body: ZoneValues; finished: Record<FinishedZone, number | null> };

/** A design's size chart: the seller's unit, whether buyers may order their own size, the rows in size order. */
export type SizeChart = { unit: MeasurementUnit; madeToMeasure: boolean; rows: SizeChartRow[] };

/** Labels of the zones as forms and tables show them. */
export const ZONE_LABELS: Record<Zone, string> = {
  height: "Height",
  high_bust: "High bust",
  bust: "Bust / chest",
  waist: "Waist",
  hip: "Hip",
  inseam: "Inseam",
  arm: "Arm length",
};

export const MM_PER_UNIT: Record<MeasurementUnit, number> = { cm: 10, in: 25.4 };

export function emptyZoneValues(): ZoneValues {
  return { height: null, high_bust: null, bust: null, waist: null, hip: null, inseam: null, arm: null };
}
