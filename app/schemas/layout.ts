/**
 * A pattern's layout settings as the seller sends them (issue 25, decision 132): the design form's "Cutting layouts"
 * fieldset (widths in cm or in, gap in mm) and update-product's `layout_widths_mm` / `layout_gap_mm` (whole mm).
 * The ranges come from `~/utils/layout-settings` (plain values the server's settings module shares); the form shows what the loader gives it
 * (`layoutFormValues`, beside the JSON face's `layoutSettingsJson` in models/layout/settings.server.ts).
 */
import { z } from "zod";

import { MM_PER_UNIT } from "~/utils/measurements";
import { typedWidthMm } from "~/utils/fabric-lengths";
import {
  LAYOUT_GAP_RANGE_MM,
  LAYOUT_SELVEDGE_RANGE_MM,
  LAYOUT_WIDTH_RANGE_MM,
  MAX_LAYOUT_WIDTHS,
  STANDARD_LAYOUT_GAP_MM,
  STANDARD_LAYOUT_WIDTHS_MM,
  layoutSettingsOf,
  parseLayoutWidths,
} from "~/utils/layout-settings";

export const LAYOUT_UNITS = ["cm", "in"] as const;
export type LayoutUnit = (typeof LAYOUT_UNITS)[number];

/** The fieldset's names: `layout_unit`, `layout_width_0` ... `layout_width_4`, `layout_gap`, `layout_selvedge`. */
export const LAYOUT_UNIT_FIELD = "layout_unit";
export const LAYOUT_GAP_FIELD = "layout_gap";
export const LAYOUT_SELVEDGE_FIELD = "layout_selvedge";
export const layoutWidthField = (i: number) => `layout_width_${i}`;

/** The fieldset as typed (kept on an error): the unit, MAX_LAYOUT_WIDTHS width boxes, the gap and the selvedge in mm. */
export type LayoutFormValues = { unit: LayoutUnit; widths: string[]; gap: string; selvedge: string };

/** What is stored: null widths, gap or selvedge mean the standard ones (no selvedge: 0). */
export type LayoutSettingsInput = { widthsMm: number[] | null; gapMm: number | null; selvedgeMm: number | null };

/** A length in the unit, as the fieldset shows it: at most one decimal, no trailing ".0". */
export function fromMmIn(mm: number, unit: LayoutUnit): string {
  return String(Math.round((mm / MM_PER_UNIT[unit]) * 10) / 10);
}

const widthRangeIn = (unit: LayoutUnit) => {
  const per = MM_PER_UNIT[unit];
  // The ends shown are inside the range once rounded to whole mm.
  return { min: Math.ceil((LAYOUT_WIDTH_RANGE_MM.min / per) * 10) / 10, max: Math.floor((LAYOUT_WIDTH_RANGE_MM.max / per) * 10) / 10 };
};

export const LAYOUT_MESSAGES = {
  notNumber: (unit: LayoutUnit) => `Enter a width in ${unit}, like ${unit === "cm" ? "140" : "55"}`,
  range: (unit: LayoutUnit) => {
    const { min, max } = widthRangeIn(unit);
    return `A fabric width is between ${min} and ${max} ${unit}`;
  },
  repeated: "This width is already listed",
  gap: `Enter the gap in whole millimetres, from ${LAYOUT_GAP_RANGE_MM.min} to ${LAYOUT_GAP_RANGE_MM.max}`,
  selvedge: `Enter the selvedge margin in whole millimetres, from ${LAYOUT_SELVEDGE_RANGE_MM.min} to ${LAYOUT_SELVEDGE_RANGE_MM.max}`,
  unit: 'Choose centimetres or inches',
  standardHint: `Leave every width empty for the standard ${STANDARD_LAYOUT_WIDTHS_MM.slice(0, -1).map((w) => w / 10).join(", ")} and ${STANDARD_LAYOUT_WIDTHS_MM.at(-1)! / 10} cm, the gap empty for ${STANDARD_LAYOUT_GAP_MM} mm, and the selvedge margin (kept free at each edge) empty for none.`,
  jsonWidths: `layout_widths_mm must be a list of at most ${MAX_LAYOUT_WIDTHS} widths in whole millimetres from ${LAYOUT_WIDTH_RANGE_MM.min} to ${LAYOUT_WIDTH_RANGE_MM.max}, or null for the standard widths`,
  jsonWidth: `A width is a whole number of millimetres from ${LAYOUT_WIDTH_RANGE_MM.min} to ${LAYOUT_WIDTH_RANGE_MM.max}`,
  jsonRepeated: "This width is already listed",
  // Said after the key's name.
  patternsOnly: "layout settings are for Pattern designs only",
  jsonGap: `layout_gap_mm must be a whole number of millimetres from ${LAYOUT_GAP_RANGE_MM.min} to ${LAYOUT_GAP_RANGE_MM.max}, or null for the standard ${STANDARD_LAYOUT_GAP_MM} mm`,
  jsonSelvedge: `layout_selvedge_mm must be a whole number of millimetres from ${LAYOUT_SELVEDGE_RANGE_MM.min} to ${LAYOUT_SELVEDGE_RANGE_MM.max}, or null for none`,
} as const;

/** What a product stores, null for the standard (an unreadable stored value counts as standard, as the reader does). */
export function storedLayoutSettings(row: { layoutWidths: string | null; layoutGapMm: number | null; layoutSelvedgeMm?: number | null }): LayoutSettingsInput {
  const settings = layoutSettingsOf(row);
  const selvedge = row.layoutSelvedgeMm ?? null;
  return {
    widthsMm: parseLayoutWidths(row.layoutWidths),
    gapMm: row.layoutGapMm === null || settings.gapMm !== row.layoutGapMm ? null : settings.gapMm,
    selvedgeMm: selvedge === null || settings.selvedgeMm !== selvedge ? null : selvedge,
  };
}

/** The fieldset's fields of a posted form, as typed (cut to a sane length). */
export function layoutFormFromFields(fields: FormData): LayoutFormValues {
  const get = (name: string) => String(fields.get(name) ?? "").slice(0, 20);
  const unit = get(LAYOUT_UNIT_FIELD);
  return {
    unit: unit === "in" ? "in" : "cm",
    widths: Array.from({ length: MAX_LAYOUT_WIDTHS }, (_, i) => get(layoutWidthField(i))),
    gap: get(LAYOUT_GAP_FIELD),
    selvedge: get(LAYOUT_SELVEDGE_FIELD),
  };
}


/** A typed width to whole mm, or its message. */
const typedWidth = (unit: LayoutUnit) =>
  z
    .string()
    // The buyer's rule too (width-query.server): "139,5" is 139.5, a unit in the text wins over the selector.
    .transform((v, ctx) => {
      const mm = typedWidthMm(v, unit);
      if (mm === null) {
        ctx.addIssue({ code: "custom", message: LAYOUT_MESSAGES.notNumber(unit) });
        return z.NEVER;
      }
      return mm;
    })
    .refine((mm) => mm >= LAYOUT_WIDTH_RANGE_MM.min && mm <= LAYOUT_WIDTH_RANGE_MM.max, LAYOUT_MESSAGES.range(unit));

/** Whole mm typed (an "mm" after it allowed) within a range, else the message. */
const typedMm = (range: { min: number; max: number }, message: string) =>
  z
    .string()
    .transform((v) => v.trim().replace(/\s*mm$/i, ""))
    .refine((v) => /^\d{1,3}$/.test(v) && Number(v) >= range.min && Number(v) <= range.max, message)
    .transform(Number);
const typedGap = typedMm(LAYOUT_GAP_RANGE_MM, LAYOUT_MESSAGES.gap);
const typedSelvedge = typedMm(LAYOUT_SELVEDGE_RANGE_MM, LAYOUT_MESSAGES.selvedge);

/** The fieldset to settings, or the errors by field name. Blank boxes are skipped; all blank: the standard widths. */
export function parseLayoutForm(values: LayoutFormValues): { ok: true; settings: LayoutSettingsInput } | { ok: false; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const widthsMm: number[] = [];
  values.widths.slice(0, MAX_LAYOUT_WIDTHS).forEach((typed, i) => {
    if (!typed.trim()) return;
    const parsed = typedWidth(values.unit).safeParse(typed);
    if (!parsed.success) errors[layoutWidthField(i)] = [parsed.error.issues[0]!.message];
    else if (widthsMm.includes(parsed.data)) errors[layoutWidthField(i)] = [LAYOUT_MESSAGES.repeated];
    else widthsMm.push(parsed.data);
  });
  let gapMm: number | null = null;
  if (values.gap.trim()) {
    const parsed = typedGap.safeParse(values.gap);
    if (parsed.success) gapMm = parsed.data;
    else errors[LAYOUT_GAP_FIELD] = [parsed.error.issues[0]!.message];
  }
  let selvedgeMm: number | null = null;
  if (values.selvedge.trim()) {
    const parsed = typedSelvedge.safeParse(values.selvedge);
    if (parsed.success) selvedgeMm = parsed.data;
    else errors[LAYOUT_SELVEDGE_FIELD] = [parsed.error.issues[0]!.message];
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, settings: { widthsMm: widthsMm.length ? widthsMm : null, gapMm, selvedgeMm } };
}

const jsonWidths = z
  .array(z.number({ invalid_type_error: LAYOUT_MESSAGES.jsonWidth }).int(LAYOUT_MESSAGES.jsonWidth).min(LAYOUT_WIDTH_RANGE_MM.min, LAYOUT_MESSAGES.jsonWidth).max(LAYOUT_WIDTH_RANGE_MM.max, LAYOUT_MESSAGES.jsonWidth), {
    invalid_type_error: LAYOUT_MESSAGES.jsonWidths,
  })
  .max(MAX_LAYOUT_WIDTHS, LAYOUT_MESSAGES.jsonWidths)
  .superRefine((widths, ctx) => {
    widths.forEach((w, i) => {
      if (widths.indexOf(w) !== i) ctx.addIssue({ code: "custom", path: [i], message: LAYOUT_MESSAGES.jsonRepeated });
    });
  })
  .nullable();

const jsonMm = (range: { min: number; max: number }, message: string) =>
  z.number({ invalid_type_error: message }).int(message).min(range.min, message).max(range.max, message).nullable();
const jsonGap = jsonMm(LAYOUT_GAP_RANGE_MM, LAYOUT_MESSAGES.jsonGap);
const jsonSelvedge = jsonMm(LAYOUT_SELVEDGE_RANGE_MM, LAYOUT_MESSAGES.jsonSelvedge);

/**
 * update-product's `layout_widths_mm`, `layout_gap_mm` and `layout_selvedge_mm` (`product` object): null when none is given (nothing
 * changes); a key left out keeps its stored value (`current`); null or [] means the standard. The first error names
 * its field (`layout_widths_mm[1]`).
 */
export function layoutSettingsFromJson(
  p: Record<string, unknown>,
  current: LayoutSettingsInput,
): { ok: true; settings: LayoutSettingsInput | null } | { ok: false; message: string; field: string } {
  if (!("layout_widths_mm" in p) && !("layout_gap_mm" in p) && !("layout_selvedge_mm" in p)) return { ok: true, settings: null };
  let { widthsMm, gapMm, selvedgeMm } = current;
  if ("layout_widths_mm" in p) {
    const parsed = jsonWidths.safeParse(p.layout_widths_mm);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const at = issue.path.length ? `layout_widths_mm[${issue.path[0]}]` : "layout_widths_mm";
      return { ok: false, message: issue.path.length ? `${at}: ${issue.message}` : issue.message, field: at };
    }
    widthsMm = parsed.data?.length ? parsed.data : null;
  }
  if ("layout_gap_mm" in p) {
    const parsed = jsonGap.safeParse(p.layout_gap_mm);
    if (!parsed.success) return { ok: false, message: LAYOUT_MESSAGES.jsonGap, field: "layout_gap_mm" };
    gapMm = parsed.data;
  }
  if ("layout_selvedge_mm" in p) {
    const parsed = jsonSelvedge.safeParse(p.layout_selvedge_mm);
    if (!parsed.success) return { ok: false, message: LAYOUT_MESSAGES.jsonSelvedge, field: "layout_selvedge_mm" };
    selvedgeMm = parsed.data;
  }
  return { ok: true, settings: { widthsMm, gapMm, selvedgeMm } };
}
