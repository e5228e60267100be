/**
 * A pattern's layout settings as values (issue 25, decision 132): the standard widths and gap, the ranges a seller's
 * or a buyer's width must fall in, and reading the stored columns. Pure, so the layout schema and the server's
 * settings module (`models/layout/settings.server.ts`, which reads and writes the product) share one rule.
 */

/** The widths every pattern's layouts are shown for unless its seller sets others: 112, 140 and 150 cm fabric. */
export const STANDARD_LAYOUT_WIDTHS_MM = [1120, 1400, 1500] as const;
export const STANDARD_LAYOUT_GAP_MM = 5;
/** A width a seller sets or a buyer types, mm: from narrow 50 cm trims to 320 cm sheeting. */
export const LAYOUT_WIDTH_RANGE_MM = { min: 500, max: 3200 } as const;
export const LAYOUT_GAP_RANGE_MM = { min: 0, max: 50 } as const;
/** The margin kept free at each edge (the selvedges, issue 47), mm; none unless the seller sets one. */
export const STANDARD_LAYOUT_SELVEDGE_MM = 0;
export const LAYOUT_SELVEDGE_RANGE_MM = { min: 0, max: 100 } as const;
export const MAX_LAYOUT_WIDTHS = 5;

export type LayoutSettings = {
  /** Ascending, distinct, whole mm. */
  widthsMm: number[];
  gapMm: number;
  /** Kept free at each edge of the fabric (issue 47). */
  selvedgeMm: number;
  /** The seller set the widths, the gap or the selvedge (else the standard ones). */
  custom: boolean;
};

export const wholeIn = (n: unknown, { min, max }: { min: number; max: number }): n is number =>
  typeof n === "number" && Number.isInteger(n) && n >= min && n <= max;

/** The stored widths, or null when absent or not a valid list (read defensively: the column is JSON text). */
export function parseLayoutWidths(text: string | null): number[] | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || !value.length || value.length > MAX_LAYOUT_WIDTHS) return null;
  if (!value.every((w) => wholeIn(w, LAYOUT_WIDTH_RANGE_MM))) return null;
  return [...new Set(value as number[])].sort((a, b) => a - b);
}

export function layoutSettingsOf(row: { layoutWidths: string | null; layoutGapMm: number | null; layoutSelvedgeMm?: number | null }): LayoutSettings {
  const widths = parseLayoutWidths(row.layoutWidths);
  const gap = wholeIn(row.layoutGapMm, LAYOUT_GAP_RANGE_MM) ? row.layoutGapMm : null;
  const selvedge = wholeIn(row.layoutSelvedgeMm, LAYOUT_SELVEDGE_RANGE_MM) ? row.layoutSelvedgeMm : null;
  return {
    widthsMm: widths ?? [...STANDARD_LAYOUT_WIDTHS_MM],
    gapMm: gap ?? STANDARD_LAYOUT_GAP_MM,
    selvedgeMm: selvedge ?? STANDARD_LAYOUT_SELVEDGE_MM,
    custom: widths !== null || gap !== null || selvedge !== null,
  };
}
