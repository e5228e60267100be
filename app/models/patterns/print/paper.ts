/** The print files' paper (pdf.server.ts): the unit, page sizes, margins, overlap, test squares and tile labels. */
import { COPY_SHOP_FORMATS, type PrintFormat } from "../print-format";

export const PT_PER_MM = 72 / 25.4;
/** Paper of the tiled formats, width x height in mm; the roll's height is the longest page cut from it (48 in). */
export const PAGE_SIZES_MM: Record<Exclude<PrintFormat, "projector">, [number, number]> = {
  A4: [210, 297],
  Letter: [215.9, 279.4],
  A0: [841, 1189],
  roll36: [914.4, 1219.2],
  "24x36": [609.6, 914.4],
};
/** Copy-shop sheets: no home-printer overview page, a test square strip (FOOT_MM) at the foot of every sheet. */
export const COPY_SHOP = COPY_SHOP_FORMATS;
export const PAGE_MARGIN_MM = 12;
export const OVERLAP_MM = 10;
/** Below a copy-shop sheet's frame: the 10 cm, 4 in and 1 in test squares with their caption, the stamp under them. */
export const FOOT_MM = 112;

export const K = PT_PER_MM;

/** Rows A..Z, AA, AB… */
export function rowLabel(r: number): string {
  let s = "";
  let n = r + 1;
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

export const PROJECTOR_HEADER_MM = 150;

/** Test squares block on an overview: the 4 in square, its "4 in" label to the right, the caption below. */
export const SQUARES_PT = 4 * 72;
/** The 1 in square: beside the 4 in square on the same baseline, ONE_IN_GAP_PT to its right, its label to its right. */
export const ONE_IN_PT = 72;
export const ONE_IN_GAP_PT = 12 * K;

/** The label size of a map cell, pt: what fits "AB12" in it, at most 12 (scaled on copy-shop sheets). */
export function mapLabelSize(cellW: number, cellH: number, u: number): number {
  return Math.min(12 * u, cellW / 3.2, cellH * 0.6);
}
