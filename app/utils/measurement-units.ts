/**
 * Measurements in the buyer's unit (issue 24, decision 112): plain code, no server imports, so forms and pages use
 * it too. Lengths are stored as whole millimetres; a buyer types and reads centimetres or inches.
 */
import { FIT_ZONES, MM_PER_UNIT, ZONE_LABELS, type MeasurementUnit, type Zone } from "./measurements";

/**
 * Plausible human ranges per zone, millimetres, inclusive: a value outside is a typo or the wrong unit (96 typed in
 * inches for a 96 cm bust), never a body. Wide on purpose: children, tall adults and larger bodies are all in.
 */
export const MEASUREMENT_RANGES_MM: Record<Zone, { min: number; max: number }> = {
  height: { min: 500, max: 2500 },
  high_bust: { min: 300, max: 2500 },
  bust: { min: 300, max: 2500 },
  waist: { min: 300, max: 2500 },
  hip: { min: 300, max: 2500 },
  inseam: { min: 200, max: 1300 },
  arm: { min: 200, max: 1100 },
};

/** A length typed in `unit` as whole millimetres (half a millimetre rounds up). */
export function toMm(value: number, unit: MeasurementUnit): number {
  return Math.round(value * MM_PER_UNIT[unit]);
}

/**
 * Whole millimetres read back in `unit`: centimetres to 0.1 (exact: 1 mm = 0.1 cm); inches to the quarter inch when
 * one lies within half a millimetre (what a tape shows, 38.25), else to 0.1 in. Every value typed to 0.1 cm, 0.1 in
 * or 0.25 in reads back as typed: a tenth and a quarter that differ are at least 0.05 in (1.27 mm) apart, so at most
 * one of them rounds to a given millimetre.
 */
export function fromMm(mm: number, unit: MeasurementUnit): number {
  if (unit === "cm") return mm / 10;
  const inches = mm / MM_PER_UNIT.in;
  const quarter = Math.round(inches * 4) / 4;
  if (Math.abs(quarter * MM_PER_UNIT.in - mm) <= 0.5) return quarter;
  return Math.round(inches * 10) / 10;
}

/** A length for a form field or a sentence: `fromMm` without trailing zeros ("96.5", "38.25", "40"). */
export function formatLength(mm: number, unit: MeasurementUnit): string {
  return String(fromMm(mm, unit));
}

/** A zone's range as a buyer reads it in their unit ("between 30 and 250 cm"). */
export function rangeText(zone: Zone, unit: MeasurementUnit): string {
  const { min, max } = MEASUREMENT_RANGES_MM[zone];
  const show = (mm: number) => (unit === "cm" ? String(mm / 10) : (mm / MM_PER_UNIT.in).toFixed(1));
  return `${ZONE_LABELS[zone]} must be between ${show(min)} and ${show(max)} ${unit}`;
}

/** Whether a millimetre value is in the zone's plausible range. */
export function inRange(zone: Zone, mm: number): boolean {
  const { min, max } = MEASUREMENT_RANGES_MM[zone];
  return mm >= min && mm <= max;
}

/** An ease as the advice shows it, one decimal in the buyer's unit with its sign: "+6.0 cm", "-0.4 in". */
export function formatEase(mm: number, unit: MeasurementUnit): string {
  const value = (mm / MM_PER_UNIT[unit]).toFixed(1);
  return `${mm >= 0 ? "+" : ""}${value} ${unit}`;
}

/**
 * Someone's measurements as one line in their own unit (issue 46, item 13: an applicant's, read by the seller):
 * "Measurements (in): bust / chest 38.25, waist 30". Reads a stored copy loosely: a zone that is not a number is
 * left out, a unit other than "in" is centimetres.
 */
export function measurementsLine(measurements: Partial<Record<Zone | "unit", unknown>>): string {
  const unit: MeasurementUnit = measurements.unit === "in" ? "in" : "cm";
  const zones = FIT_ZONES.flatMap((zone) => {
    const mm = measurements[zone];
    return typeof mm === "number" ? [`${ZONE_LABELS[zone].toLowerCase()} ${formatLength(mm, unit)}`] : [];
  });
  return `Measurements (${unit}): ${zones.join(", ")}`;
}
