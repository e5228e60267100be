/**
 * A buyer's measurements (issue 24, decision 112): the /settings form (numbers typed in the buyer's unit) and the JSON
 * call (whole millimetres). Both end as `Measurements` (millimetres, null when unknown), checked against the same
 * plausible ranges, so the two faces refuse the same values.
 */
import { z } from "zod";

import { FIT_ZONES, type Measurements, type MeasurementUnit, type Zone } from "~/utils/measurements";
import { inRange, MEASUREMENT_RANGES_MM, rangeText, toMm } from "~/utils/measurement-units";

const UNITS = ["cm", "in"] as const satisfies readonly MeasurementUnit[];
const unit = z.enum(UNITS, { errorMap: () => ({ message: "Choose cm or in" }) });

/** A typed number: digits with an optional decimal point or comma ("96.5", "38,25"); nothing else. */
const NUMBER = /^\d{1,4}([.,]\d{1,3})?$/;

const typedZone = z.string().trim().max(20, "Enter a number, e.g. 96.5").optional();

/** The /settings form: each zone a text field (empty = unknown) read in `unit`. */
export const MeasurementsFormSchema = z
  .object({ unit, ...Object.fromEntries(FIT_ZONES.map((zone) => [zone, typedZone])) } as { unit: typeof unit } & Record<Zone, typeof typedZone>)
  .superRefine((value, ctx) => {
    for (const zone of FIT_ZONES) {
      const typed = value[zone];
      if (!typed) continue;
      if (!NUMBER.test(typed)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [zone], message: "Enter a number, e.g. 96.5" });
      } else if (!inRange(zone, toMm(Number(typed.replace(",", ".")), value.unit))) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [zone], message: rangeText(zone, value.unit) });
      }
    }
  })
  .transform((value): Measurements => {
    const out = { unit: value.unit } as Measurements;
    for (const zone of FIT_ZONES) {
      const typed = value[zone];
      out[zone] = typed ? toMm(Number(typed.replace(",", ".")), value.unit) : null;
    }
    return out;
  });

const mmZone = (zone: Zone) =>
  z
    .number({ invalid_type_error: "must be a whole number of millimetres (a JSON integer) or null" })
    .int("must be a whole number of millimetres (a JSON integer) or null")
    .min(MEASUREMENT_RANGES_MM[zone].min, `must be between ${MEASUREMENT_RANGES_MM[zone].min} and ${MEASUREMENT_RANGES_MM[zone].max} mm`)
    .max(MEASUREMENT_RANGES_MM[zone].max, `must be between ${MEASUREMENT_RANGES_MM[zone].min} and ${MEASUREMENT_RANGES_MM[zone].max} mm`)
    .nullable()
    .optional()
    .transform((v) => v ?? null);

/** `POST /api/user/update-measurements`: `{unit, height, high_bust, bust, waist, hip, inseam, arm}`, mm or null; absent = null. */
export const ApiMeasurementsSchema = z
  .object({ unit, ...Object.fromEntries(FIT_ZONES.map((zone) => [zone, mmZone(zone)])) } as {
    unit: typeof unit;
  } & Record<Zone, ReturnType<typeof mmZone>>)
  .transform((value): Measurements => ({ ...value }));
