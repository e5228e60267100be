/**
 * The length of fabric to buy for a cutting layout (issue 25, decision 116), one rule for the product page, the seller's
 * edit screen, the JSON call's readers and the print PDFs' envelope table: the layout's length plus a margin for
 * shrinkage and straightening the grain (the same 10 % the area estimate adds, decision 060), rounded up to the next
 * 0.1 m and the next 0.1 yd. Pure.
 */
export const LAYOUT_MARGIN_PERCENT = 10;
export const MM_PER_YARD = 914.4;
export const MM_PER_INCH = 25.4;

const up1 = (n: number) => Math.ceil(n * 10 - 1e-9) / 10;

export type LengthToBuy = {
  /** The layout's length with the margin, mm, before rounding. */
  lengthMm: number;
  metres: number;
  yards: number;
};

export function lengthToBuy(layoutLengthMm: number): LengthToBuy {
  return rounded(layoutLengthMm * (1 + LAYOUT_MARGIN_PERCENT / 100));
}

/** A length to buy that already has its margin (the area estimate's), rounded up to the next 0.1 m and 0.1 yd. */
export function rounded(lengthMm: number): LengthToBuy {
  return { lengthMm, metres: up1(lengthMm / 1000), yards: up1(lengthMm / MM_PER_YARD) };
}

/** A fabric width as sellers and buyers say it: "140 cm (55 in)"; inches to the nearest whole inch. */
export function widthLabel(widthMm: number): string {
  const cm = Math.round(widthMm / 10);
  const inches = Math.round(widthMm / MM_PER_INCH);
  return `${cm} cm (${inches} in)`;
}

const TYPED_WIDTH = /^(\d{1,5}(?:[.,]\d{1,2})?|[.,]\d{1,2})\s*(mm|cm|in|inch|inches|"|″)?$/i;
const MM_PER: Record<string, number> = { mm: 1, cm: 10, in: MM_PER_INCH, inch: MM_PER_INCH, inches: MM_PER_INCH, '"': MM_PER_INCH, "″": MM_PER_INCH };

/**
 * A fabric width as typed by a seller (layout widths) or a buyer (the product page's width), one rule for both
 * (issue 34, item 11): a number with "." or "," before its decimals, and optionally its unit ("55 in", "140cm",
 * "1400 mm", '55"'). A unit in the text wins over the selector beside the box (`selected`), so "55 in" with cm chosen
 * is 55 inches. Whole mm, not yet checked against any range; null when it is not a number.
 */
export function typedWidthMm(text: string, selected: "cm" | "in"): number | null {
  const match = TYPED_WIDTH.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]!.replace(",", "."));
  return Math.round(value * MM_PER[(match[2] ?? selected).toLowerCase()]!);
}
