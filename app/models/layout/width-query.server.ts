/**
 * The fabric width a buyer asks for on the product page's layout form (issue 25, decision 131): a GET form with the
 * seller's widths in a select and a typed width with its unit, both under the query name `width`. The select's value
 * is in mm; the typed one is in `width_unit` (cm, the default, or in). When both come (the form sends both fields),
 * a non-empty typed width wins; a lone `width` is read in `width_unit` when that is given, else as the select's mm.
 */
import { MM_PER_INCH, typedWidthMm } from "~/utils/fabric-lengths";
import { LAYOUT_WIDTH_RANGE_MM } from "~/utils/layout-settings";

export type WidthUnit = "cm" | "in";
export type WidthQuery =
  | { kind: "default"; unit: WidthUnit }
  | { kind: "chosen"; widthMm: number; unit: WidthUnit }
  | { kind: "typed"; widthMm: number; unit: WidthUnit; text: string }
  | { kind: "bad"; unit: WidthUnit; text: string; message: string };

const MAX_TEXT = 12;

export function widthRangeText(unit: WidthUnit): string {
  const { min, max } = LAYOUT_WIDTH_RANGE_MM;
  return unit === "in"
    ? `${Math.ceil(min / MM_PER_INCH)} and ${Math.floor(max / MM_PER_INCH)} in`
    : `${min / 10} and ${max / 10} cm`;
}

/**
 * A typed width ("140", "139,5", "55 in") in mm, whole, within LAYOUT_WIDTH_RANGE_MM; or what is wrong with it. The
 * sellers' rule (lengths.ts typedWidthMm): a unit in the text wins over `unit`, the selector's.
 */
export function parseTypedWidth(text: string, unit: WidthUnit): { ok: true; widthMm: number } | { ok: false; message: string } {
  const range = `Enter a width between ${widthRangeText(unit)}.`;
  const widthMm = text.length > MAX_TEXT ? null : typedWidthMm(text, unit);
  if (widthMm === null) return { ok: false, message: `Enter the width as a number. ${range}` };
  if (widthMm < LAYOUT_WIDTH_RANGE_MM.min || widthMm > LAYOUT_WIDTH_RANGE_MM.max) return { ok: false, message: range };
  return { ok: true, widthMm };
}

/** Reads `width` (every value) and `width_unit` of the page's query. */
export function readWidthQuery(params: URLSearchParams): WidthQuery {
  const unitText = params.get("width_unit");
  const unit: WidthUnit = unitText === "in" ? "in" : "cm";
  const values = params.getAll("width").slice(0, 4);
  const typed = values.length > 1 ? values[values.length - 1]!.trim() : unitText !== null ? (values[0]?.trim() ?? "") : "";
  if (typed) {
    const parsed = parseTypedWidth(typed, unit);
    return parsed.ok ? { kind: "typed", widthMm: parsed.widthMm, unit, text: typed } : { kind: "bad", unit, text: typed.slice(0, MAX_TEXT), message: parsed.message };
  }
  const chosen = values[0]?.trim();
  if (!chosen) return { kind: "default", unit };
  const mm = /^\d{3,4}$/.test(chosen) ? Number(chosen) : NaN;
  if (!(mm >= LAYOUT_WIDTH_RANGE_MM.min && mm <= LAYOUT_WIDTH_RANGE_MM.max)) {
    return { kind: "bad", unit, text: chosen.slice(0, MAX_TEXT), message: `Choose one of the widths, or type one between ${widthRangeText(unit)}.` };
  }
  return { kind: "chosen", widthMm: mm, unit };
}
