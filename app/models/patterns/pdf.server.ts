/**
 * Print-at-home and copy-shop PDFs of a pattern (decisions 060, 097).
 *
 * Layout: the chosen sizes of each piece are nested over each other on their grade reference point, like a commercial
 * multi-size pattern (nestOffsets, decision 098; one slot per piece name, as big as its nested sizes). Slots are shelf-packed, in file order
 * by height, into a "sheet" at 1:1 (1 mm = 72/25.4 pt); grain lines stay as drawn. The sheet is one Form XObject
 * (drawn once, compressed) that every page shows through a clip, so a 150-piece pattern stays small and fast.
 *
 * Tiled formats: A4 and Letter (home printers), A0, a 36-inch roll and 24 x 36 in sheets (copy shops). The sheet is
 * tiled over pages, a piece larger than a page or sheet included. Each page has a 12 mm margin (copy-shop sheets a
 * FOOT_MM strip under the frame more); the printable frames of neighbours overlap by 10 mm (dashed lines on the
 * sheet mark the overlap strips, with alignment marks, a circle and cross, in the middle of each strip to lay over
 * each other). Tiles are labelled by row letter and column number (A1, A2, …, B1), with the printed neighbours'
 * labels in the margins. A tile that no piece's outline meets is left out (its label stays unused, so the others
 * keep their places in the grid). A roll's pages are 36 in wide and at most 48 in long, the last one only as long
 * as the pieces need.
 * The file starts with overview pages (home formats: pages of the paper size; copy-shop formats: sheets of the
 * file's own paper, never A4): title, sizes and their colours, how to print, a 10 cm and a 4 in test square
 * (sharing their lower-left corner) with a 1 in square beside them, the page map (the tile grid over a miniature
 * of the sheet, printed pages labelled, blank ones greyed and crossed out) and the lists of the pieces on each page
 * and the pages each size needs; what does not fit the first page continues on the next. printLayout plans all of
 * it (page count included) without drawing. Every copy-shop sheet has its own test squares in its foot strip.
 * Projector: one page at 1:1 holding the whole sheet (about 1.1 m wide, fabric width) under a header with a
 * calibration grid (1 cm squares in the 10 cm square, heavier every 5 cm, the 4 in square on the same corner, the
 * 1 in square beside) and how to scale the projection by it; bold light lines on a dark background (or dark lines
 * on white with `background: "light"`).
 *
 * Layers: each size is an optional content group (/OCProperties in the catalog, /OCGs, /D with /Order), its
 * drawing wrapped in `/OC /ocN BDC … EMC` with /Properties in the resources, so a reader can print only some sizes.
 * Cut lines in each size's colour and dash pattern (the sample size solid) with the size's name along the outline,
 * sew lines dashed, grain lines with arrows at both ends and "GRAIN LINE" along them, a fold as a long-dash line with
 * a bracket and "PLACE ON FOLD", notches as short ticks into the piece, drill holes as crosses (decision 098). The stamp (order number and buyer's email) is printed in every page's bottom margin.
 */
import zlib from "node:zlib";

import {
  PDFDocument,
  PDFHexString,
  LineCapStyle,
  PDFName,
  StandardFontEmbedder,
  StandardFonts,
  clip,
  concatTransformationMatrix,
  drawObject,
  endPath,
  fill,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingGrayscaleColor,
  setLineWidth,
  setStrokingGrayscaleColor,
  stroke,
  type PDFDict,
  type PDFPage,
  type PDFRef,
} from "@cantoo/pdf-lib";

import { bboxOf, pointInRing, shelfPack } from "./geometry";
import { ASCENT_EM, DESCENT_EM, distinctParts, placeLabel, twoLines, type LabelLine, type PlacedLabel } from "./labels";
import { boxMeetsLine, cutRuns, foldMarks, inwardNormal, straightStretches, textAlong, type AlongText, type FoldMarks, type PlacedText } from "./marks";
import { nestOffsets } from "./nesting";
import { cutText, matchPieces, piecesOfSize } from "./pieces";
import { pdfFonts, type PdfFonts } from "./fonts.server";
import { drawFabricPages, fabricPageCount, materialLabel, type PrintFabric } from "./envelope.server";
import { stampLine } from "./stamp.server";
import { CUSTOM_SIZE, CUSTOM_SIZE_LABEL } from "./interpolate";
import type { Pattern, PatternPiece, Pt } from "./types";
import { COPY_SHOP_FORMATS, type PrintFormat } from "./print-format";

export type { PrintFormat };
export type PrintOptions = {
  format: PrintFormat;
  /** Sizes to include, in any order (unknown ones are ignored); empty: every size. */
  sizes: string[];
  /** Printed on every page's margin, e.g. "Order #123 · buyer@example.com"; null for the seller's own copy. */
  stamp: string | null;
  title: string;
  /** Projector files only: bold light lines on a dark background (default) or dark lines on white. */
  background?: "dark" | "light";
  /**
   * The fabric pages (issue 25, envelope.server.ts): the envelope table and the cutting layouts, gathered before the
   * task (the print task never lays pieces out); they come last in the file. Absent: no fabric pages. Copy-shop files
   * (A0, 36 in roll, 24 x 36 in) are large sheets only (issue 34, item 13): they never carry them.
   */
  fabric?: PrintFabric;
  /** A copy-shop file of a pattern whose fabric pages are in its A4 and Letter files: the overview says so. */
  fabricElsewhere?: boolean;
};

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
const COPY_SHOP = COPY_SHOP_FORMATS;
export const PAGE_MARGIN_MM = 12;
export const OVERLAP_MM = 10;
/** Below a copy-shop sheet's frame: the 10 cm, 4 in and 1 in test squares with their caption, the stamp under them. */
const FOOT_MM = 112;
const SLOT_PAD_MM = 10;
const SLOT_GAP_MM = 6;
const PROJECTOR_WIDTH_MM = 1100;
const PROJECTOR_MAX_MM = 5000; // PDF readers cap a page at 200 in (5080 mm)
const K = PT_PER_MM;

const PALETTE: [number, number, number][] = [
  [0.8, 0.1, 0.1],
  [0.1, 0.35, 0.8],
  [0.05, 0.5, 0.2],
  [0.85, 0.45, 0],
  [0.5, 0.15, 0.65],
  [0, 0.52, 0.58],
  [0.75, 0.1, 0.5],
  [0.45, 0.32, 0.1],
  [0.3, 0.3, 0.3],
  [0.55, 0.55, 0],
  [0.95, 0.25, 0.45],
  [0.2, 0.45, 0.35],
  [0.3, 0.3, 0.75],
  [0.65, 0.35, 0.25],
  [0.1, 0.6, 0.85],
];

function sizeColour(i: number, dark: boolean, size?: string): [number, number, number] {
  const c = size === CUSTOM_SIZE ? CUSTOM_COLOUR : PALETTE[i % PALETTE.length];
  return dark ? (c.map((v) => v + (1 - v) * 0.5) as [number, number, number]) : c;
}

/**
 * The buyer's own size (made to measure, decision 114): a size named `custom` drawn last (over the graded sizes),
 * solid, in a colour of its own, thicker, and named "Your size" wherever sizes are named.
 */
const CUSTOM_COLOUR: [number, number, number] = [0.9, 0, 0.35];
const sizeLabel = (size: string) => (size === CUSTOM_SIZE ? CUSTOM_SIZE_LABEL : `Size ${size}`);
const sizeName = (size: string) => (size === CUSTOM_SIZE ? CUSTOM_SIZE_LABEL : size);
const sizeList = (sizes: string[]) => sizes.map(sizeName).join(", ");

type Slot = {
  name: string;
  quantity: number;
  cx: number;
  cy: number;
  w: number;
  h: number;
  pieces: (PatternPiece | undefined)[];
  /** Per size, the shift that nests it on the others (nestOffsets), and the centre of the nested sizes' box. */
  offsets: Pt[];
  centre: Pt;
};

/** A page of the tile grid that is printed: what it shows. Its frame's top left is at (col * step, sheet top - row * step). */
export type PrintTile = {
  row: number;
  col: number;
  /** Its place in the grid: A1, A2 … B1 (kept when a neighbour is left out, so the neighbours' labels still match). */
  label: string;
  /** Names of the pieces whose outline (of any chosen size) meets the frame, in sheet order. */
  pieces: string[];
  /** The sizes whose outline of some piece meets the frame, in the file's order. */
  sizes: string[];
  /** This page's frame height, mm: the frame, except the last page cut from a roll (only as long as needed). */
  frameHeightMm: number;
};

/** Something drawn on an overview page; `top` is measured down from the page's top edge, in pt. */
export type OverviewItem =
  | { kind: "text"; text: string; x: number; top: number; size: number; bold?: boolean; grey?: number }
  | { kind: "swatch"; x: number; top: number; size: number; sizeIndex: number }
  | { kind: "squares"; x: number; top: number }
  | { kind: "map"; x: number; top: number; scale: number };
export type OverviewPage = { widthPt: number; heightPt: number; items: OverviewItem[] };

export type PrintLayout = {
  sizes: string[];
  slots: Slot[];
  /** The sheet (all pieces at 1:1), mm. */
  sheetWidthMm: number;
  sheetHeightMm: number;
  /** The tile grid (1 x 1 for projector), blank tiles included. */
  cols: number;
  rows: number;
  /** Page count of the file: the overview pages plus the printed tiles (projector: 1). */
  pages: number;
  /** A full tile page (the roll: the longest page cut from it), mm. */
  pageWidthMm: number;
  pageHeightMm: number;
  /** The printable frame of a tile and the step to the next one (the frame less the overlap), mm. */
  frameWidthMm: number;
  frameHeightMm: number;
  stepWidthMm: number;
  stepHeightMm: number;
  /** The margin under the frame: 12 mm, plus the test square strip on copy-shop sheets. */
  bottomMarginMm: number;
  /** The tiles that are printed, row by row; the others meet no piece. */
  tiles: PrintTile[];
  /** Labels of the tiles left out because no piece's outline meets them. */
  blank: string[];
  /** The overview pages, first in the file (none for projector). */
  overview: OverviewPage[];
};

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

/** Where everything goes, without drawing: also tells a download page how many pages a file has. */
export function printLayout(pattern: Pattern, options: Pick<PrintOptions, "format" | "sizes" | "fabric" | "fabricElsewhere">): PrintLayout {
  const fabricPages = COPY_SHOP.has(options.format) ? 0 : fabricPageCount(options.fabric, options.format);
  const wanted = new Set(options.sizes);
  const sizes = pattern.sizes.filter((s) => !wanted.size || wanted.has(s));
  const sample = pattern.sampleSize ? sizes.indexOf(pattern.sampleSize) : -1;
  const slotsIn = matchPieces(sizes.map((s) => piecesOfSize(pattern, s))).map(({ name, pieces }) => {
    const present = pieces.filter((p): p is PatternPiece => !!p);
    const { offsets, box } = nestOffsets(pieces, sample >= 0 ? sample : undefined);
    const w = box.width + 2 * SLOT_PAD_MM;
    const h = box.height + 2 * SLOT_PAD_MM;
    const centre: Pt = [(box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2];
    return { name, quantity: Math.max(...present.map((p) => p.quantity ?? 1)), w, h, pieces, offsets, centre };
  });
  const area = slotsIn.reduce((s, it) => s + (it.w + SLOT_GAP_MM) * (it.h + SLOT_GAP_MM), 0);
  const widest = Math.max(1, ...slotsIn.map((s) => s.w));
  const pack = (band: number) =>
    shelfPack(
      slotsIn.map((s) => ({ item: s, width: s.w, height: s.h })),
      band,
      { gap: SLOT_GAP_MM },
    );

  if (options.format === "projector") {
    let band = Math.max(widest, PROJECTOR_WIDTH_MM);
    let packed = pack(band);
    while (packed.height > PROJECTOR_MAX_MM - 200 && band < PROJECTOR_MAX_MM) {
      band = Math.min(PROJECTOR_MAX_MM, band * 1.25);
      packed = pack(band);
    }
    const sheetW = Math.max(packed.width, 1);
    const sheetH = Math.max(packed.height, 1);
    return {
      sizes,
      slots: place(packed.placed, sheetH),
      sheetWidthMm: sheetW,
      sheetHeightMm: sheetH,
      cols: 1,
      rows: 1,
      pages: 1 + fabricPages,
      pageWidthMm: Math.max(sheetW, 240) + 2 * PAGE_MARGIN_MM,
      pageHeightMm: sheetH + PROJECTOR_HEADER_MM + 2 * PAGE_MARGIN_MM,
      frameWidthMm: sheetW,
      frameHeightMm: sheetH,
      stepWidthMm: sheetW,
      stepHeightMm: sheetH,
      bottomMarginMm: PAGE_MARGIN_MM,
      tiles: [],
      blank: [],
      overview: [],
    };
  }
  const roll = options.format === "roll36";
  const bottom = PAGE_MARGIN_MM + (COPY_SHOP.has(options.format) ? FOOT_MM : 0);
  const [pw, ph] = PAGE_SIZES_MM[options.format];
  const frameW = pw - 2 * PAGE_MARGIN_MM;
  const frameH = ph - PAGE_MARGIN_MM - bottom;
  const stepW = frameW - OVERLAP_MM;
  const stepH = frameH - OVERLAP_MM;
  // A band about as many pages wide as tall, in whole pages (a roll: as few widths of the roll as the pieces allow).
  const target = roll ? widest : Math.max(widest, Math.sqrt(area * (frameW / frameH)));
  const band = Math.max(1, Math.ceil((target - OVERLAP_MM) / stepW)) * stepW + OVERLAP_MM;
  const packed = pack(band);
  const cols = Math.max(1, Math.ceil((Math.max(packed.width, 1) - OVERLAP_MM) / stepW));
  const rows = Math.max(1, Math.ceil((Math.max(packed.height, 1) - OVERLAP_MM) / stepH));
  const sheetW = cols * stepW + OVERLAP_MM;
  // A roll is cut as long as needed: its last page ends with the pieces.
  const sheetH = roll ? Math.max(packed.height, 1) : rows * stepH + OVERLAP_MM;
  const slots = place(packed.placed, sheetH);
  const found = tilesMet(slots, sizes, { cols, rows, frameW, frameH, stepW, stepH, sheetH });
  const lay: PrintLayout = {
    sizes,
    slots,
    sheetWidthMm: sheetW,
    sheetHeightMm: sheetH,
    cols,
    rows,
    pages: 0,
    pageWidthMm: pw,
    pageHeightMm: ph,
    frameWidthMm: frameW,
    frameHeightMm: frameH,
    stepWidthMm: stepW,
    stepHeightMm: stepH,
    bottomMarginMm: bottom,
    tiles: found.tiles,
    blank: found.blank,
    overview: [],
  };
  lay.overview = planOverview(lay, options.format, fabricPages, Boolean(options.fabricElsewhere || (options.fabric && COPY_SHOP.has(options.format))));
  lay.pages = lay.overview.length + lay.tiles.length + fabricPages;
  return lay;
}

/**
 * Which tiles of the grid meet a piece, and which pieces and sizes each shows: a tile is printed when some size's
 * outline of some piece crosses or lies in its frame (1 mm of slack for the line's width) or the frame lies inside
 * an outline; every other tile shows at most overlap lines and marks, and is left out.
 */
function tilesMet(
  slots: Slot[],
  sizes: string[],
  grid: { cols: number; rows: number; frameW: number; frameH: number; stepW: number; stepH: number; sheetH: number },
): { tiles: PrintTile[]; blank: string[] } {
  const outlines = slots.flatMap((slot) =>
    slot.pieces.flatMap((piece, si) => {
      if (!piece) return [];
      const ring = pieceLines(piece, slot, si).outline;
      return ring.length ? [{ name: slot.name, si, ring, box: boxOf(ring) }] : [];
    }),
  );
  const tiles: PrintTile[] = [];
  const blank: string[] = [];
  for (let r = 0; r < grid.rows; r++) {
    const top = grid.sheetH - r * grid.stepH;
    const frameHeightMm = Math.min(grid.frameH, top);
    for (let c = 0; c < grid.cols; c++) {
      const rect = { x0: c * grid.stepW - 1, x1: c * grid.stepW + grid.frameW + 1, y0: top - frameHeightMm - 1, y1: top + 1 };
      const names = new Set<string>();
      const met = new Set<number>();
      for (const o of outlines) {
        if (o.box.x1 < rect.x0 || o.box.x0 > rect.x1 || o.box.y1 < rect.y0 || o.box.y0 > rect.y1) continue;
        if (names.has(o.name) && met.has(o.si)) continue;
        if (!ringMeetsRect(o.ring, rect)) continue;
        names.add(o.name);
        met.add(o.si);
      }
      const label = `${rowLabel(r)}${c + 1}`;
      if (!names.size) blank.push(label);
      else tiles.push({ row: r, col: c, label, pieces: [...names], sizes: sizes.filter((_, si) => met.has(si)), frameHeightMm });
    }
  }
  return { tiles, blank };
}

type Rect = { x0: number; x1: number; y0: number; y1: number };

function boxOf(ring: Pt[]): Rect {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of ring) {
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  return { x0, x1, y0, y1 };
}

/** Does a closed outline cross, touch or hold the rectangle (or lie in it)? */
function ringMeetsRect(ring: Pt[], rect: Rect): boolean {
  const inRect = ([x, y]: Pt) => x >= rect.x0 && x <= rect.x1 && y >= rect.y0 && y <= rect.y1;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    if (inRect(a)) return true;
    if (segmentMeetsRect(a, ring[(i + 1) % ring.length], rect)) return true;
  }
  // No edge enters the rectangle: it is all inside the outline or all outside it (even-odd test of its centre).
  return pointInRing([(rect.x0 + rect.x1) / 2, (rect.y0 + rect.y1) / 2], ring);
}

/** Liang-Barsky: does the segment a-b pass through the rectangle? */
function segmentMeetsRect(a: Pt, b: Pt, rect: Rect): boolean {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  const sides: [number, number][] = [
    [-dx, a[0] - rect.x0],
    [dx, rect.x1 - a[0]],
    [-dy, a[1] - rect.y0],
    [dy, rect.y1 - a[1]],
  ];
  for (const [p, q] of sides) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
}

const PROJECTOR_HEADER_MM = 150;

/** Packed positions (top-down) to slot centres on the sheet (y up, content starting at the top). */
function place(placed: { item: Omit<Slot, "cx" | "cy">; x: number; y: number; width: number; height: number }[], sheetH: number): Slot[] {
  return placed.map((p) => ({ ...p.item, cx: p.x + p.width / 2, cy: sheetH - (p.y + p.height / 2) }));
}

// The fonts' metrics without a document, so printLayout measures the overview's lines as buildPrintPdf draws them
// (the embedder takes the same names as a string enum of its own package).
type FontName = Parameters<typeof StandardFontEmbedder.for>[0];
const HELVETICA = StandardFontEmbedder.for(StandardFonts.Helvetica as string as FontName);
const HELVETICA_BOLD = StandardFontEmbedder.for(StandardFonts.HelveticaBold as string as FontName);

/**
 * Width in pt of a line as the overview prints it, before the file's fonts exist: Helvetica's metrics, and 1 em for
 * a character Helvetica lacks (drawn in a Noto font of its script, fonts.server.ts: no CJK glyph is wider).
 */
function measure(value: string, size: number, bold = false): number {
  const embedder = bold ? HELVETICA_BOLD : HELVETICA;
  let shown = "";
  let other = 0;
  for (const ch of stampLine(value)) {
    if (embedder.encoding.canEncodeUnicodeCodePoint(ch.codePointAt(0)!)) shown += ch;
    else other += size;
  }
  return embedder.widthOfTextAtSize(shown, size) + other;
}

/** Words of `value` in lines no wider than `width` (a word wider than that gets a line of its own); later lines indented. */
function wrap(value: string, size: number, width: number, bold: boolean, indent: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of value.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next, size, bold) > width - (lines.length ? indent : 0)) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Test squares block on an overview: the 4 in square, its "4 in" label to the right, the caption below. */
const SQUARES_PT = 4 * 72;
/** The 1 in square: beside the 4 in square on the same baseline, ONE_IN_GAP_PT to its right, its label to its right. */
const ONE_IN_PT = 72;
const ONE_IN_GAP_PT = 12 * K;
/** Map cells wider than this add nothing to reading the map; the room goes to the lists. */
const MAP_CELL_MAX_PT = 110;
/** The overview's lists: their text size, the smaller sizes tried before stranding a few lines on a page of their own. */
const LIST_PT = 8.5;
const LIST_SMALLER_PT = [8, 7.5, 7];
const STRANDED_LINES = 4;
/** A list column's width and the gap between columns (scaled on copy-shop sheets); a home page is one column. */
const LIST_COLUMN_PT = 300;
const LIST_COLUMN_GAP_PT = 24;

/** The label size of a map cell, pt: what fits "AB12" in it, at most 12 (scaled on copy-shop sheets). */
export function mapLabelSize(cellW: number, cellH: number, u: number): number {
  return Math.min(12 * u, cellW / 3.2, cellH * 0.6);
}

/**
 * The overview pages of a tiled file: title (drawn by buildPrintPdf in the room kept for it), sizes and their
 * colours, how to print, the test squares, the page map (the tile grid over a miniature of the sheet, printed pages
 * labelled, blank ones greyed and crossed out) and the lists: the pieces on each printed page, the pages each size
 * needs. Home formats: pages of the paper size; copy-shop formats: sheets of the file's paper (a roll's only as
 * long as needed). The map goes below the test squares when its labels are legible there (6 pt), else on a page of
 * its own; the lists flow beside the squares, below the map and on as many more overview pages as they need.
 */
function planOverview(lay: PrintLayout, format: Exclude<PrintFormat, "projector">, fabricPages: number, fabricElsewhere = false): OverviewPage[] {
  const copyShop = COPY_SHOP.has(format);
  const u = copyShop ? 1.5 : 1;
  const [wMm, hMm] = PAGE_SIZES_MM[format];
  const widthPt = wMm * K;
  const heightPt = hMm * K;
  const m = PAGE_MARGIN_MM * K;
  const contentW = widthPt - 2 * m;
  const floor = heightPt - m; // the lowest baseline: the stamp sits in the margin below
  const pages: OverviewPage[] = [];
  const newPage = () => {
    pages.push({ widthPt, heightPt, items: [] });
    return pages[pages.length - 1];
  };
  const first = newPage();
  let top = m + 16 * u + 4 * u; // the title's line (drawn by buildPrintPdf), then:
  const lines = (value: string, size: number, options: { bold?: boolean; gap?: number } = {}) => {
    for (const l of wrap(value, size, contentW, !!options.bold, 0)) {
      top += size * 1.35;
      first.items.push({ kind: "text", text: l, x: m, top, size, bold: options.bold });
    }
    top += options.gap ?? 0;
  };
  const printed = lay.tiles.length;
  lines(lay.sizes.length ? `Sizes: ${sizeList(lay.sizes)}` : "No sizes selected.", 10 * u, { gap: 4 * u });
  lines(
    copyShop
      ? "Ask the copy shop to print at 100 % (actual size, no scaling, no fit to page); check the test squares on every sheet with a ruler."
      : "Print at 100 % (actual size, no scaling), then check the test squares with a ruler.",
    9 * u,
  );
  lines("Each size is a layer: hide the sizes you do not need in your PDF reader before printing.", 9 * u);
  if (fabricPages) {
    lines(`The last ${plural(fabricPages, "page", "pages")}: the fabric to buy for every size and width, and the cutting layouts.`, 9 * u);
  }
  if (fabricElsewhere) lines("The fabric to buy for every size and width, and the cutting layouts, are in this pattern's A4 and Letter files.", 9 * u);
  if (lay.cols * lay.rows > 1) {
    lines(`Lay pages out by their labels (A1, A2, ... row by row), overlap ${OVERLAP_MM} mm and match the circles.`, 9 * u);
  }
  if (lay.blank.length) {
    lines(
      `${plural(lay.blank.length, "blank page", "blank pages")} left out (crossed out on the map): the printed pages keep their labels in the grid, so leave a gap where one is missing.`,
      9 * u,
    );
  }
  // Legend: a swatch (the size's colour and dash pattern) and "Size X" per size, in rows.
  top += 18 * u;
  let cx = m;
  lay.sizes.forEach((size, i) => {
    const label = sizeLabel(size);
    const w = 38 * u + measure(label, 9 * u) + 12 * u;
    if (cx > m && cx + w > m + contentW) {
      cx = m;
      top += 14 * u;
    }
    first.items.push({ kind: "swatch", x: cx, top, size: 34 * u, sizeIndex: i }, { kind: "text", text: label, x: cx + 38 * u, top, size: 9 * u });
    cx += w;
  });
  top += 14 * u + 10 * u;

  // The test squares, and the first region of the lists to their right, above the 1 in square (at the squares' foot).
  first.items.push({ kind: "squares", x: m, top });
  type Region = { page: OverviewPage; x: number; width: number; top: number; bottom: number };
  const regions: Region[] = [];
  // A region wider than a column (a copy-shop sheet, a roll) is read as columns side by side, so the lists fill the
  // room beside the test squares instead of trailing below the map (issue 34, item 21).
  const addRegion = (r: Region) => {
    const colW = LIST_COLUMN_PT * u;
    const gap = LIST_COLUMN_GAP_PT * u;
    const n = Math.max(1, Math.floor((r.width + gap) / (colW + gap)));
    const w = (r.width - (n - 1) * gap) / n;
    for (let i = 0; i < n; i++) regions.push({ ...r, x: r.x + i * (w + gap), width: w });
  };
  const besideX = m + SQUARES_PT + 34 * u;
  const besideBottom = top + SQUARES_PT - ONE_IN_PT - 10 * u;
  if (m + contentW - besideX >= 120 * u) addRegion({ page: first, x: besideX, width: m + contentW - besideX, top, bottom: besideBottom });
  top += SQUARES_PT + 5 * K + 16 * u;

  // The map: below the squares when legible there, else on a page of its own.
  const W = lay.sheetWidthMm * K;
  const H = lay.sheetHeightMm * K;
  const cellScale = (s: number) => ({ w: lay.frameWidthMm * K * s, h: Math.min(lay.frameHeightMm, lay.sheetHeightMm) * K * s });
  const fit = (from: number) => {
    const room = floor - from - 12 * u;
    const s = Math.min(contentW / W, room / H, MAP_CELL_MAX_PT * u / (lay.stepWidthMm * K));
    const cell = cellScale(s);
    return { s, legible: s > 0 && mapLabelSize(cell.w, cell.h, u) >= 6 };
  };
  const placeMap = (page: OverviewPage, from: number, s: number) => {
    page.items.push({
      kind: "text",
      text: `Page map: ${lay.rows} x ${lay.cols} pages (${printed} printed${lay.blank.length ? `, ${lay.blank.length} blank left out` : ""}).`,
      x: m,
      top: from + 9 * u,
      size: 9 * u,
      bold: true,
    });
    const x = m + (contentW - W * s) / 2;
    page.items.push({ kind: "map", x: Math.max(m, x), top: from + 14 * u, scale: s });
    return from + 14 * u + H * s + 10 * u;
  };
  if (printed) {
    const here = fit(top);
    if (here.legible) {
      top = placeMap(first, top, here.s);
      addRegion({ page: first, x: m, width: contentW, top, bottom: floor });
    } else {
      addRegion({ page: first, x: m, width: contentW, top, bottom: floor });
      const page = newPage();
      const from = m;
      const after = placeMap(page, from, fit(from).s);
      addRegion({ page, x: m, width: contentW, top: after, bottom: floor });
    }
  }

  // The lists, flowing through the regions, then over new pages.
  const paragraphs: { text: string; bold?: boolean; indent?: string }[] = [];
  if (printed) {
    paragraphs.push({ text: "The pieces on each page", bold: true });
    for (const t of lay.tiles) paragraphs.push({ text: `${t.label}: ${t.pieces.join(", ")}`, indent: `${t.label}: ` });
    paragraphs.push({ text: "The pages each size needs", bold: true });
    lay.sizes.forEach((size) => {
      const need = lay.tiles.filter((t) => t.sizes.includes(size)).map((t) => t.label);
      const head = `${sizeLabel(size)} (${plural(need.length, "page", "pages")}): `;
      paragraphs.push({ text: `${head}${need.join(", ") || "none"}`, indent: head });
    });
  }
  const planned = { pages: pages.length, regions: regions.length, items: pages.map((p) => p.items.length) };
  const flow = (size: number) => {
    const step = size * 1.35;
    let at = -1;
    let region = regions[0];
    let y = 0;
    const nextRegion = () => {
      at++;
      if (at >= regions.length) addRegion({ page: newPage(), x: m, width: contentW, top: m, bottom: floor });
      region = regions[at];
      y = region.top;
    };
    if (paragraphs.length) nextRegion();
    for (const p of paragraphs) {
      if (p.bold && y > region.top) y += size * 0.5;
      const indent = p.indent ? measure(p.indent, size) : 0;
      wrap(p.text, size, region.width, !!p.bold, indent).forEach((l, i) => {
        while (y + step > region.bottom) nextRegion();
        y += step;
        region.page.items.push({ kind: "text", text: l, x: region.x + (i ? indent : 0), top: y, size, bold: p.bold });
      });
    }
  };
  const unflow = () => {
    pages.length = planned.pages;
    regions.length = planned.regions;
    pages.forEach((p, i) => (p.items.length = planned.items[i]));
  };
  /** A page the lists added that holds only a few of their lines (a page spent on one line). */
  const stranded = () => pages.length > planned.pages && pages[pages.length - 1].items.length <= STRANDED_LINES;
  flow(LIST_PT * u);
  // Rather than strand a few lines on a page of their own, the lists are set a little smaller (down to 7 pt) if that
  // keeps them on the pages before (issue 34, item 21).
  if (stranded()) {
    const smaller = LIST_SMALLER_PT.find((pt) => {
      unflow();
      flow(pt * u);
      return !stranded();
    });
    if (smaller === undefined) {
      unflow();
      flow(LIST_PT * u);
    }
  }

  // A roll's overview is cut as long as it needs.
  if (format === "roll36") {
    for (const page of pages) {
      const lowest = Math.max(...page.items.map((it) => (it.kind === "squares" ? it.top + SQUARES_PT + 5 * K : it.kind === "map" ? it.top + H * it.scale : it.top)));
      page.heightPt = Math.min(heightPt, lowest + m + 6 * K);
    }
  }
  return pages;
}

const f = (v: number) => (Math.round(v * 100) / 100).toString();

/**
 * Each size's cut line in black and white (decision 098): its own dash pattern (mm, for the print's 0.8 pt line),
 * cycling; the sample size (else the first) solid. Dots are zero-length dashes drawn by the round caps.
 */
const DASHES_MM: number[][] = [
  [],
  [6, 2],
  [6, 1.5, 0, 1.5],
  [6, 1.5, 0, 1.5, 0, 1.5],
  [0, 1.2],
  [3, 1.5],
  [6, 1.5, 2.5, 1.5],
  [10, 2, 0, 2, 0, 2, 0, 2],
];

/** The dash pattern of each size (in pt, projector files twice as long): the sample size solid, then the cycle. */
export function sizeDashes(sizes: string[], sample: string | undefined, projector: boolean): number[][] {
  const first = Math.max(0, sample ? sizes.indexOf(sample) : 0);
  return sizes.map((size, i) => {
    if (size === CUSTOM_SIZE) return [];
    const rank = i === first ? 0 : i < first ? i + 1 : i;
    return DASHES_MM[rank % DASHES_MM.length].map((v) => v * K * (projector ? 2 : 1));
  });
}

const dashOp = (dash: number[]) => `[${dash.map(f).join(" ")}] 0 d`;

type PieceLines = {
  outline: Pt[];
  /** The cut line of a piece on the fold: the outline without its edges on the fold (null: the whole outline). */
  cut: Pt[][] | null;
  fold: [Pt, Pt] | null;
  internal: Pt[][];
  sew: Pt[][];
  grain: Pt[][];
  notches: Pt[][];
  drill: Pt[][];
  /** The size's name along the outline's longest straight stretch, just inside it. */
  sizeName: (PlacedText & { text: string }) | null;
};

/** Text sizes in pt: the size names along outlines, "GRAIN LINE" and "PLACE ON FOLD". */
const MARK_PT = { print: 6, projector: 11 };

type Drawing = { fonts: PdfFonts; projector: boolean; sizes: string[] };

function alongMetrics(fonts: PdfFonts, text: string, pt: number, bold = false): AlongText & { text: string } {
  return { text, width: fonts.width(text, pt, bold) / K, ascent: (ASCENT_EM * pt) / K, descent: (DESCENT_EM * pt) / K };
}

/**
 * What is drawn of size `si` of a piece in its slot, in sheet millimetres (y up), nested on the other sizes: cut
 * line (without its fold edge on a piece cut on the fold), the fold, internal and sew lines, the grain line with an
 * arrow at each end, notches as 6 mm ticks towards the piece's middle, drill holes as 6 mm crosses (the size's name
 * along the outline is placed later, knowing the other sizes: placeSizeNames).
 */
function pieceLines(piece: PatternPiece, slot: Slot, si: number): PieceLines {
  const dx = slot.cx - slot.centre[0] + slot.offsets[si][0];
  const dy = slot.cy - slot.centre[1] + slot.offsets[si][1];
  const at = ([x, y]: Pt): Pt => [x + dx, y + dy];
  const grain: Pt[][] = [];
  if (piece.grain) {
    const [a, b] = piece.grain;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const ux = (b[0] - a[0]) / len;
    const uy = (b[1] - a[1]) / len;
    const head = Math.min(8, len / 4);
    grain.push([a, b]);
    for (const [tip, sx] of [
      [b, 1],
      [a, -1],
    ] as [Pt, number][]) {
      grain.push([
        [tip[0] - sx * ux * head - uy * head * 0.4, tip[1] - sx * uy * head + ux * head * 0.4],
        tip,
        [tip[0] - sx * ux * head + uy * head * 0.4, tip[1] - sx * uy * head - ux * head * 0.4],
      ]);
    }
  }
  const centre: Pt = [(piece.bbox.minX + piece.bbox.maxX) / 2, (piece.bbox.minY + piece.bbox.maxY) / 2];
  const notches = piece.notches.map((n): Pt[] => {
    const len = Math.hypot(centre[0] - n[0], centre[1] - n[1]) || 1;
    return [n, [n[0] + ((centre[0] - n[0]) / len) * 6, n[1] + ((centre[1] - n[1]) / len) * 6]];
  });
  const drill = piece.drill.flatMap(([x, y]): Pt[][] => [
    [
      [x - 3, y],
      [x + 3, y],
    ],
    [
      [x, y - 3],
      [x, y + 3],
    ],
  ]);
  const move = (lines: Pt[][]) => lines.map((l) => l.map(at));
  const outline = piece.boundary.map(at);
  const fold = piece.onFold && piece.fold ? ([at(piece.fold[0]), at(piece.fold[1])] as [Pt, Pt]) : null;
  const isFold = (l: Pt[]) =>
    !!piece.fold &&
    l.length === 2 &&
    ((samePt(l[0], piece.fold[0]) && samePt(l[1], piece.fold[1])) || (samePt(l[0], piece.fold[1]) && samePt(l[1], piece.fold[0])));
  return {
    outline,
    cut: fold ? cutRuns(outline, fold, 0.5) : null,
    fold,
    internal: move(fold ? piece.internal.filter((l) => !isFold(l)) : piece.internal),
    sew: move(piece.sewLines),
    grain: move(grain),
    notches: move(notches),
    drill: move(drill),
    sizeName: null,
  };
}

const SIZE_NAME_MIN_STRETCH_MM = 30;

/**
 * Each size's name along its outline (set on `drawn`): on one of its longest straight stretches, just inside it,
 * at a place staggered by size, the first place whose text crosses no other size's outline, no line drawn in the
 * piece and no other size's name; the longest stretch
 * when none is clear; none when no stretch is 30 mm and four names long.
 */
function placeSizeNames(drawn: (PieceLines | undefined)[], drawing: Drawing): void {
  const pt = drawing.projector ? MARK_PT.projector : MARK_PT.print;
  const gap = drawing.projector ? 1.5 : 0.8;
  const n = drawing.sizes.length;
  const names: Pt[][] = [];
  drawn.forEach((lines, si) => {
    if (!lines) return;
    const name = alongMetrics(drawing.fonts, sizeName(drawing.sizes[si] ?? ""), pt);
    // Other sizes' outlines, and every size's lines drawn inside (internal, sew, grain, notches, drill).
    const others = drawn
      .flatMap((o) => (!o ? [] : [...(o === lines ? [] : [[...o.outline, o.outline[0]]]), ...o.internal, ...o.sew, ...o.grain, ...o.notches, ...o.drill]))
      .map((line) => ({ line, box: bboxOf(line) }));
    const crosses = (box: Pt[]) => {
      const b = bboxOf(box);
      return others.some((o) => o.box.maxX >= b.minX && o.box.minX <= b.maxX && o.box.maxY >= b.minY && o.box.minY <= b.maxY && boxMeetsLine(box, o.line));
    };
    const stagger = (si + 1) / (n + 1);
    let fallback: PlacedText | null = null;
    for (const [a, b] of straightStretches(lines.outline, 0.5, 4, lines.fold ?? undefined)) {
      // Long enough that the name is a small mark on it and leaves a small piece's room to its label.
      if (Math.hypot(b[0] - a[0], b[1] - a[1]) < Math.max(4 * name.width, SIZE_NAME_MIN_STRETCH_MM)) break;
      const towards = inwardNormal(lines.outline, a, b);
      for (const at of [stagger, (stagger + 0.5) % 1, 0.5, 0.15, 0.85]) {
        const placed = textAlong(a, b, name, { towards, gap, at, yUp: true });
        if (!placed) break;
        fallback ??= placed;
        if (!crosses(placed.box) && !names.some((box) => boxMeetsLine(placed.box, box) || boxMeetsLine(box, placed.box))) {
          lines.sizeName = { ...placed, text: name.text };
          names.push([...placed.box, placed.box[0]]);
          return;
        }
      }
    }
    if (fallback) lines.sizeName = { ...fallback, text: name.text };
  });
}

const samePt = (a: Pt, b: Pt) => Math.abs(a[0] - b[0]) < 0.01 && Math.abs(a[1] - b[1]) < 0.01;

/** What a slot shows once, outside the sizes' layers, on its smallest size: the grain line's and the fold's words. */
type SlotMarks = { grain: (PlacedText & { text: string; pt: number }) | null; fold: FoldMarks | null; foldText: string; foldPt: number };

function slotMarks(home: PieceLines | undefined, drawn: (PieceLines | undefined)[], drawing: Drawing): SlotMarks {
  const pt = drawing.projector ? MARK_PT.projector : MARK_PT.print;
  const none: SlotMarks = { grain: null, fold: null, foldText: "", foldPt: pt };
  if (!home) return none;
  let grain: SlotMarks["grain"] = null;
  const others = drawn
    .filter((o): o is PieceLines => !!o && o !== home)
    .flatMap((o) => [[...o.outline, o.outline[0]], ...o.grain, ...o.internal, ...o.sew, ...o.notches, ...(o.sizeName ? [[...o.sizeName.box, o.sizeName.box[0]]] : [])]);
  others.push(...home.internal, ...home.sew, ...home.notches, ...home.grain.slice(1));
  if (home.sizeName) others.push([...home.sizeName.box, home.sizeName.box[0]]);
  const shaft = home.grain[0];
  if (shaft) {
    const [a, b] = shaft;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const head = Math.min(8, len / 4);
    const gap = drawing.projector ? 1.5 : 0.8;
    const ux = (b[0] - a[0]) / (len || 1);
    const uy = (b[1] - a[1]) / (len || 1);
    // Clear of the arrow heads: the text sits on the shaft between them.
    const from: Pt = [a[0] + ux * (head + gap), a[1] + uy * (head + gap)];
    const to: Pt = [b[0] - ux * (head + gap), b[1] - uy * (head + gap)];
    // Where it crosses no other size's lines (nested grain lines may lie a few mm apart), else left out.
    const crowded = (box: Pt[]) => others.some((line) => boxMeetsLine(box, line));
    search: for (const word of ["GRAIN LINE", "GRAIN"]) {
      const m = alongMetrics(drawing.fonts, word, pt);
      for (const side of [1, -1])
        for (const at of [0.5, 0.3, 0.7]) {
          const placed = textAlong(from, to, m, { towards: [-uy * side, ux * side], gap: gap + head * 0.4, at, yUp: true });
          if (placed && !crowded(placed.box)) {
            grain = { ...placed, text: m.text, pt };
            break search;
          }
        }
    }
  }
  let fold: FoldMarks | null = null;
  const word = alongMetrics(drawing.fonts, "PLACE ON FOLD", pt, true);
  if (home.fold) {
    fold = foldMarks(home.outline, home.fold, {
      depth: drawing.projector ? 30 : 15,
      head: drawing.projector ? 6 : 4,
      gap: drawing.projector ? 1.5 : 1,
      text: word,
      yUp: true,
      avoid: [...home.grain, ...home.notches, ...home.internal, ...home.sew, ...others],
    });
  }
  return { grain, fold, foldText: word.text, foldPt: pt };
}

/**
 * A slot's label (decisions 062, 098): the piece name in bold, the sizes, what to cut ("Cut 2", "Cut 1 on fold",
 * "Cut 1 fabric, 1 interlining": cutText) and the material when it is not the main fabric, inside the smallest
 * size's outline and clear of every size's lines and marks; the name on two lines, or its part after the style
 * number, or cut short with an ellipsis when the piece is small; 14 pt down to 5 pt (projector: 22 pt to 8 pt).
 */
function printLabel(
  slot: Slot,
  drawn: (PieceLines | undefined)[],
  marks: SlotMarks,
  { sizesText, distinct, fonts, projector }: { sizesText: string; distinct: string | null; fonts: PdfFonts; projector: boolean },
): PlacedLabel | null {
  const present = slot.pieces.map((p, i) => ({ piece: p, lines: drawn[i] })).filter((e): e is { piece: PatternPiece; lines: PieceLines } => !!e.piece && !!e.lines);
  if (!present.length) return null;
  const home = present.reduce((a, b) => (b.piece.area < a.piece.area ? b : a));
  const obstacles: Pt[][] = [];
  const closed = (box: Pt[]) => [...box, box[0]];
  for (const { lines } of present) {
    if (lines !== home.lines) obstacles.push(closed(lines.outline));
    obstacles.push(...lines.internal, ...lines.sew, ...lines.grain, ...lines.notches, ...lines.drill);
    if (lines.sizeName) obstacles.push(closed(lines.sizeName.box));
  }
  if (marks.grain) obstacles.push(closed(marks.grain.box));
  if (marks.fold) obstacles.push(...marks.fold.lines, ...(marks.fold.text ? [closed(marks.fold.text.box)] : []));
  const small = projector ? 16 / 22 : 10 / 14;
  const name = (text: string): LabelLine => ({ text, scale: 1, bold: true });
  // cutText names every material but the main fabric: "Cut 2 lining", "Cut 1 fabric, 1 interlining".
  const cut = cutText(home.piece);
  const extra: LabelLine[] = [{ text: cut, scale: small }];
  // "Cut 1" of the main fabric may go on a piece too small for it (what a small label must keep is any other cut).
  const needed = cut === "Cut 1" ? [] : extra;
  const sizes: LabelLine = { text: sizesText, scale: small };
  const wrapped = twoLines(slot.name);
  const variants = [{ lines: [name(slot.name), sizes, ...extra], weight: 1 }];
  if (wrapped) variants.push({ lines: [...wrapped.map(name), sizes, ...extra], weight: 0.85 });
  variants.push({ lines: [name(slot.name), ...extra], weight: 0.7 });
  if (distinct) variants.push({ lines: [name(`…${distinct}`), ...extra], weight: 0.6 });
  if (!needed.length) variants.push({ lines: [name(slot.name)], weight: 0.5 });
  const chars = Array.from(distinct ?? slot.name);
  return placeLabel({
    ring: home.lines.outline,
    obstacles,
    variants,
    short: (k) => [name(`${distinct ? "…" : ""}${chars.slice(0, k).join("").trimEnd()}…`), ...needed],
    shortLength: chars.length,
    measure: (line) => fonts.width(line.text, 1, line.bold),
    minSize: (projector ? 8 : 5) / K,
    maxSize: (projector ? 22 : 14) / K,
    margin: projector ? 1.5 : 0.6,
    yUp: true,
  });
}

/** A text operator: `text` from `start` along `angle`, at `pt` points, in the current fill colour (runs per font). */
function textOp(fonts: PdfFonts, bold: boolean, text: string, start: Pt, angle: number, pt: number): string {
  const c = Math.cos(angle);
  const sn = Math.sin(angle);
  return `BT ${f(c)} ${f(sn)} ${f(-sn)} ${f(c)} ${f(start[0] * K)} ${f(start[1] * K)} Tm ${fonts.show(text, pt, bold)} ET`;
}

/**
 * Content stream of the sheet: every size in its optional content group (its colour, its dash pattern and its name
 * along each outline), then, once per slot, the grain line's and the fold's words and the label; tiling marks.
 */
function sheetContent(lay: PrintLayout, fonts: PdfFonts, projector: boolean, dark: boolean, tiled: boolean, dashes: number[][]): string {
  const out: string[] = [];
  const cutLine = projector ? 2.5 : 0.8;
  const cut = cutLine;
  const sew = projector ? 1.5 : 0.5;
  const dash = projector ? "[8 6] 0" : "[4 3] 0";
  const foldDash = dashOp([12, 3].map((v) => v * K * (projector ? 2 : 1)));
  const drawing: Drawing = { fonts, projector, sizes: lay.sizes };
  const drawn = lay.slots.map((slot) => slot.pieces.map((piece, si) => (piece ? pieceLines(piece, slot, si) : undefined)));
  for (const slotDrawn of drawn) placeSizeNames(slotDrawn, drawing);
  const markPt = projector ? MARK_PT.projector : MARK_PT.print;
  out.push("1 J 1 j");
  lay.sizes.forEach((size, si) => {
    const [r, g, b] = sizeColour(si, dark, size);
    const cut = size === CUSTOM_SIZE ? cutLine * 1.6 : cutLine;
    out.push(`/OC /oc${si} BDC q ${f(r)} ${f(g)} ${f(b)} RG ${f(r)} ${f(g)} ${f(b)} rg`);
    lay.slots.forEach((_, k) => {
      const lines = drawn[k][si];
      if (!lines) return;
      const path = (pts: Pt[], close: boolean) => {
        if (pts.length < 2) return;
        out.push(`${f(pts[0][0] * K)} ${f(pts[0][1] * K)} m`);
        for (let i = 1; i < pts.length; i++) out.push(`${f(pts[i][0] * K)} ${f(pts[i][1] * K)} l`);
        out.push(close ? "s" : "S");
      };
      out.push(`${cut} w ${dashOp(dashes[si] ?? [])}`);
      if (lines.cut) for (const run of lines.cut) path(run, false);
      else path(lines.outline, true);
      if (lines.fold) {
        out.push(foldDash);
        path(lines.fold, false);
      }
      out.push(`${f(cut * 0.6)} w [] 0 d`);
      for (const line of lines.internal) path(line, false);
      out.push(`${sew} w ${dash} d`);
      for (const line of lines.sew) path(line, false);
      out.push(`${f(cut * 0.8)} w [] 0 d`);
      for (const line of lines.grain) path(line, false);
      out.push(`${cut} w`);
      for (const line of lines.notches) path(line, false);
      out.push(`${f(cut * 0.6)} w`);
      for (const line of lines.drill) path(line, false);
      if (lines.sizeName) out.push(textOp(fonts, false, lines.sizeName.text, lines.sizeName.start, lines.sizeName.angle, markPt));
    });
    out.push("Q EMC");
  });

  // Once per slot, outside the layers, on the smallest size: the grain's and fold's words, and the label.
  const ink = dark ? "1 g 1 G" : "0 g 0 G";
  const graded = lay.sizes.filter((s) => s !== CUSTOM_SIZE);
  const gradedText = graded.length > 1 ? `Sizes ${graded[0]}-${graded[graded.length - 1]}` : graded.length ? `Size ${graded[0]}` : "";
  const sizesText = lay.sizes.includes(CUSTOM_SIZE) ? [gradedText, CUSTOM_SIZE_LABEL].filter(Boolean).join(", ") : gradedText || "Size ";
  const distinct = distinctParts(lay.slots.map((s) => s.name));
  lay.slots.forEach((slot, i) => {
    const home = slot.pieces.reduce<number>((best, p, si) => (p && (best < 0 || p.area < slot.pieces[best]!.area) ? si : best), -1);
    const marks = slotMarks(home >= 0 ? drawn[i][home] : undefined, drawn[i], drawing);
    out.push(`q ${ink} [] 0 d`);
    if (marks.grain) out.push(textOp(fonts, false, marks.grain.text, marks.grain.start, marks.grain.angle, marks.grain.pt));
    if (marks.fold) {
      out.push(`${f(cut * 0.8)} w`);
      for (const line of marks.fold.lines) out.push(`${line.map(([x, y], k) => `${f(x * K)} ${f(y * K)} ${k ? "l" : "m"}`).join(" ")} S`);
      if (marks.fold.text) out.push(textOp(fonts, true, marks.foldText, marks.fold.text.start, marks.fold.text.angle, marks.foldPt));
    }
    out.push("Q");
    const placed = printLabel(slot, drawn[i], marks, { sizesText, distinct: distinct[i], fonts, projector });
    if (!placed) return;
    const c = Math.cos(placed.angle);
    const sn = Math.sin(placed.angle);
    for (const line of placed.lines) {
      // Baseline start: from the block's centre, down to the line's baseline, back half the line's width.
      const x = placed.centre[0] + sn * line.down - c * (line.width / 2);
      const y = placed.centre[1] - c * line.down - sn * (line.width / 2);
      // One run per font (Helvetica, or the Noto font of another script): each Tj moves the text position on.
      out.push(`BT ${ink} ${f(c)} ${f(sn)} ${f(-sn)} ${f(c)} ${f(x * K)} ${f(y * K)} Tm ${fonts.show(line.text, line.size * K, line.bold)} ET`);
    }
  });
  if (tiled && (lay.cols > 1 || lay.rows > 1)) {
    const [stepW, stepH] = [lay.stepWidthMm, lay.stepHeightMm];
    const W = lay.sheetWidthMm * K;
    const H = lay.sheetHeightMm * K;
    out.push("q 0.6 G 0.3 w [3 3] 0 d");
    const xs: number[] = [];
    const ys: number[] = [];
    for (let c = 1; c < lay.cols; c++) {
      for (const x of [c * stepW, c * stepW + OVERLAP_MM]) out.push(`${f(x * K)} 0 m ${f(x * K)} ${f(H)} l S`);
      xs.push(c * stepW + OVERLAP_MM / 2);
    }
    for (let r = 1; r < lay.rows; r++) {
      for (const y of [lay.sheetHeightMm - r * stepH, lay.sheetHeightMm - r * stepH - OVERLAP_MM]) out.push(`0 ${f(y * K)} m ${f(W)} ${f(y * K)} l S`);
      ys.push(lay.sheetHeightMm - r * stepH - OVERLAP_MM / 2);
    }
    // Alignment marks in the middle of every overlap strip: at each page's mid-edge and at the strip crossings.
    const colMids = Array.from({ length: lay.cols }, (_, c) => c * stepW + OVERLAP_MM / 2 + stepW / 2);
    const rowMids = Array.from({ length: lay.rows }, (_, r) => lay.sheetHeightMm - r * stepH - OVERLAP_MM / 2 - stepH / 2);
    const marks: Pt[] = [];
    for (const x of xs) for (const y of [...rowMids, ...ys]) marks.push([x, y]);
    for (const y of ys) for (const x of colMids) marks.push([x, y]);
    out.push("0.2 G 0.5 w [] 0 d");
    const c4 = 0.5523 * 3 * K;
    for (const [mx, my] of marks) {
      const x = mx * K;
      const y = my * K;
      const r = 3 * K;
      out.push(
        `${f(x - 4 * K)} ${f(y)} m ${f(x + 4 * K)} ${f(y)} l ${f(x)} ${f(y - 4 * K)} m ${f(x)} ${f(y + 4 * K)} l S`,
        `${f(x + r)} ${f(y)} m ${f(x + r)} ${f(y + c4)} ${f(x + c4)} ${f(y + r)} ${f(x)} ${f(y + r)} c ` +
          `${f(x - c4)} ${f(y + r)} ${f(x - r)} ${f(y + c4)} ${f(x - r)} ${f(y)} c ` +
          `${f(x - r)} ${f(y - c4)} ${f(x - c4)} ${f(y - r)} ${f(x)} ${f(y - r)} c ` +
          `${f(x + c4)} ${f(y - r)} ${f(x + r)} ${f(y - c4)} ${f(x + r)} ${f(y)} c S`,
      );
    }
    out.push("Q");
  }
  return out.join("\n");
}

type Ctx = {
  doc: PDFDocument;
  fonts: PdfFonts;
  sheet: PDFRef;
  properties: PDFDict;
  /** Each size's dash pattern (pt) for the legends, as sizeDashes gives it for paper. */
  dashes: number[][];
};

function attachSheet(page: PDFPage, ctx: Ctx) {
  page.node.setXObject(PDFName.of("Sheet"), ctx.sheet);
  page.node.normalizedEntries().Resources.set(PDFName.of("Properties"), ctx.properties);
}

function text(page: PDFPage, ctx: Ctx, value: string, x: number, y: number, size: number, options: { bold?: boolean; grey?: number; white?: boolean } = {}) {
  const colour = options.white ? rgb(1, 1, 1) : rgb(options.grey ?? 0, options.grey ?? 0, options.grey ?? 0);
  ctx.fonts.draw(page, value, { x, y, size, bold: options.bold, color: colour });
}

function drawStamp(page: PDFPage, ctx: Ctx, stamp: string | null, right: string, dark: boolean) {
  const y = 5 * K;
  if (stamp) text(page, ctx, stamp, PAGE_MARGIN_MM * K, y, 7, { grey: 0.25, white: dark });
  const w = ctx.fonts.width(right, 7);
  text(page, ctx, right, page.getWidth() - PAGE_MARGIN_MM * K - w, y, 7, { grey: 0.25, white: dark });
}

/**
 * The 10 cm and 4 in test squares, sharing their lower-left corner at (x, y) in pt, and the 1 in square beside them
 * on the same baseline (ONE_IN_GAP_PT to the right of the 4 in square), each labelled at its upper right.
 */
function testSquares(page: PDFPage, ctx: Ctx, x: number, y: number, dark: boolean) {
  const oneX = x + SQUARES_PT + ONE_IN_GAP_PT;
  page.pushOperators(
    pushGraphicsState(),
    dark ? setStrokingGrayscaleColor(1) : setStrokingGrayscaleColor(0),
    setLineWidth(dark ? 1.5 : 0.6),
    rectangle(x, y, 100 * K, 100 * K),
    stroke(),
    rectangle(x, y, SQUARES_PT, SQUARES_PT),
    stroke(),
    rectangle(oneX, y, ONE_IN_PT, ONE_IN_PT),
    stroke(),
    popGraphicsState(),
  );
  text(page, ctx, "10 cm", x + 4 * K, y + 100 * K - 5 * K, 9, { white: dark });
  text(page, ctx, "4 in", x + SQUARES_PT + 2 * K, y + SQUARES_PT - 3 * K, 9, { white: dark });
  text(page, ctx, "1 in", oneX + ONE_IN_PT + 2 * K, y + ONE_IN_PT - 3 * K, 9, { white: dark });
  text(page, ctx, "Test squares: 10 cm inside, 4 in outside, 1 in beside.", x, y - 5 * K, 8, { grey: 0.3, white: dark });
}

/**
 * The projector's calibration grid, lower-left corner at (x, y) in pt: 10 x 10 squares of 1 cm (every 5 cm a
 * heavier line) inside the 10 cm square, the 4 in square on the same corner and the 1 in square beside; the text
 * to its right says how to use it.
 */
function calibrationGrid(page: PDFPage, ctx: Ctx, x: number, y: number, dark: boolean) {
  const ink = dark ? 1 : 0;
  const cm = 10 * K;
  const lines = (heavy: boolean) => {
    const segments: [number, number, number, number][] = [];
    for (let i = 1; i < 10; i++) {
      if ((i % 5 === 0) !== heavy) continue;
      segments.push([x + i * cm, y, x + i * cm, y + 10 * cm], [x, y + i * cm, x + 10 * cm, y + i * cm]);
    }
    return segmentOps(segments);
  };
  page.pushOperators(pushGraphicsState(), setStrokingGrayscaleColor(ink), setLineWidth(dark ? 0.5 : 0.3), ...lines(false), stroke());
  page.pushOperators(setLineWidth(dark ? 1.5 : 1), ...lines(true), stroke(), popGraphicsState());
  testSquares(page, ctx, x, y, dark);
  const tx = x + 4 * 72 + 14 * K;
  const top = y + 4 * 72 - 14;
  const say = [
    "Calibrate before cutting: scale, zoom and keystone the projection",
    "until every small square of the grid measures exactly 1 cm",
    "(the heavy lines 5 cm apart, the large square 10 cm, the outer square 4 in, the small one 1 in).",
    "Then check the squares again at the far corners of your cutting table.",
  ];
  say.forEach((line, i) => text(page, ctx, line, tx, top - i * 16, i ? 11 : 12, { bold: i === 0, white: dark }));
}

/** Straight segments [x0, y0, x1, y1] (pt) as one path's operators, to be stroked. */
function segmentOps(segments: [number, number, number, number][]) {
  return segments.flatMap(([x0, y0, x1, y1]) => [moveTo(x0, y0), lineTo(x1, y1)]);
}

/** One line of text, made smaller when it is wider than `room`. */
function fitText(page: PDFPage, ctx: Ctx, value: string, x: number, y: number, size: number, room: number, options: { bold?: boolean; grey?: number } = {}) {
  const width = ctx.fonts.width(value, size, options.bold);
  text(page, ctx, value, x, y, width > room ? (size * room) / width : size, options);
}

/** The title in the room kept for it on the first overview page: one line, smaller when it is long. */
function drawTitle(page: PDFPage, ctx: Ctx, title: string, top: number, u: number) {
  const m = PAGE_MARGIN_MM * K;
  fitText(page, ctx, title, m, page.getHeight() - top, 16 * u, page.getWidth() - 2 * m, { bold: true });
}

/** An overview page as planned by printLayout (planOverview). */
function drawOverview(page: PDFPage, ctx: Ctx, lay: PrintLayout, plan: OverviewPage, u: number) {
  const ph = plan.heightPt;
  for (const item of plan.items) {
    if (item.kind === "text") text(page, ctx, item.text, item.x, ph - item.top, item.size, { bold: item.bold, grey: item.grey });
    else if (item.kind === "swatch") {
      const [r, g, b] = sizeColour(item.sizeIndex, false, lay.sizes[item.sizeIndex]);
      page.drawLine({
        start: { x: item.x, y: ph - item.top + 3 * u },
        end: { x: item.x + item.size, y: ph - item.top + 3 * u },
        thickness: 1.2 * u,
        color: rgb(r, g, b),
        dashArray: (ctx.dashes[item.sizeIndex] ?? []).map((v) => v * u),
        lineCap: LineCapStyle.Round,
      });
    } else if (item.kind === "squares") testSquares(page, ctx, item.x, ph - item.top - 4 * 72, false);
    else drawMap(page, ctx, lay, item.x, ph - item.top, item.scale, u);
  }
}

/**
 * The page map: the sheet in miniature with the tile grid over it, top-left corner at (x, top) in pt. Printed
 * pages are framed and labelled; blank ones are greyed, crossed out and labelled in grey.
 */
function drawMap(page: PDFPage, ctx: Ctx, lay: PrintLayout, x: number, top: number, s: number, u: number) {
  const H = lay.sheetHeightMm * K;
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(s, 0, 0, s, x, top - H * s), drawObject("Sheet"), popGraphicsState());
  const blank = new Set(lay.blank);
  const cellW = lay.frameWidthMm * K * s;
  const size = mapLabelSize(cellW, Math.min(lay.frameHeightMm, lay.sheetHeightMm) * K * s, u);
  const cells: { x0: number; y0: number; w: number; h: number; label: string; blank: boolean }[] = [];
  for (let r = 0; r < lay.rows; r++) {
    const rowTop = lay.sheetHeightMm - r * lay.stepHeightMm;
    const h = Math.min(lay.frameHeightMm, rowTop) * K * s;
    for (let c = 0; c < lay.cols; c++) {
      const label = `${rowLabel(r)}${c + 1}`;
      cells.push({ x0: x + c * lay.stepWidthMm * K * s, y0: top - r * lay.stepHeightMm * K * s - h, w: cellW, h, label, blank: blank.has(label) });
    }
  }
  // Blank pages first (grey, crossed), so the printed pages' frames stay on top where they overlap.
  for (const c of cells.filter((cell) => cell.blank)) {
    page.pushOperators(
      pushGraphicsState(),
      setFillingGrayscaleColor(0.88),
      rectangle(c.x0, c.y0, c.w, c.h),
      fill(),
      setStrokingGrayscaleColor(0.6),
      setLineWidth(0.5),
      ...segmentOps([
        [c.x0, c.y0, c.x0 + c.w, c.y0 + c.h],
        [c.x0, c.y0 + c.h, c.x0 + c.w, c.y0],
      ]),
      stroke(),
      popGraphicsState(),
    );
    text(page, ctx, c.label, c.x0 + 2, c.y0 + c.h - size - 1, size, { grey: 0.55 });
  }
  for (const c of cells.filter((cell) => !cell.blank)) {
    page.pushOperators(pushGraphicsState(), setStrokingGrayscaleColor(0.2), setLineWidth(0.7), rectangle(c.x0, c.y0, c.w, c.h), stroke(), popGraphicsState());
    text(page, ctx, c.label, c.x0 + 2, c.y0 + c.h - size - 1, size, { bold: true, grey: 0.1 });
  }
}

/** The sizes' key: each size's colour and dash pattern on a sample of line, and its name. */
function legend(page: PDFPage, ctx: Ctx, sizes: string[], dashes: number[][], x: number, y: number, maxWidth: number, dark: boolean): number {
  let cx = x;
  let cy = y;
  const sample = 34;
  sizes.forEach((size, i) => {
    const label = sizeLabel(size);
    const w = sample + 4 + ctx.fonts.width(label, 9) + 12;
    if (cx + w > x + maxWidth) {
      cx = x;
      cy -= 14;
    }
    const [r, g, b] = sizeColour(i, dark, size);
    page.drawLine({
      start: { x: cx, y: cy + 3 },
      end: { x: cx + sample, y: cy + 3 },
      thickness: 1.2,
      color: rgb(r, g, b),
      dashArray: dashes[i] ?? [],
      lineCap: LineCapStyle.Round,
    });
    text(page, ctx, label, cx + sample + 4, cy, 9, { white: dark });
    cx += w;
  });
  return cy;
}

/**
 * Builds the print file. Throws only on programming errors; an empty size selection or a size the pattern does
 * not have simply leaves it out (no sizes at all gives an overview page saying so).
 */
export async function buildPrintPdf(pattern: Pattern, options: PrintOptions): Promise<Uint8Array> {
  const lay = printLayout(pattern, options);
  const projector = options.format === "projector";
  const dark = projector && options.background !== "light";
  const doc = await PDFDocument.create();
  doc.setTitle(options.title || "Pattern");
  doc.setCreator("Patternhouse");
  doc.setProducer("Patternhouse");
  const title = options.title || "Pattern";
  // Every text of the file that is not fixed English: the fonts of other scripts are embedded only for these.
  // (Sizes and piece names in regular too: the size names along outlines, the legend and the page map.)
  const fonts = await pdfFonts(doc, {
    regular: [
      title,
      options.stamp,
      ...lay.sizes.map((size) => `Sizes: ${size}`),
      ...lay.slots.flatMap((slot) => [slot.name, ...slot.pieces.map((p) => (p ? cutText(p) : null))]),
      ...fabricTexts(options.fabric),
    ],
    bold: [title, ...lay.slots.map((slot) => slot.name), ...fabricTexts(options.fabric)],
  });
  const { context } = doc;

  // One optional content group per size.
  const ocgRefs = lay.sizes.map((size) => context.register(context.obj({ Type: "OCG", Name: PDFHexString.fromText(sizeLabel(size)) })));
  const propsLiteral: Record<string, PDFRef> = {};
  ocgRefs.forEach((ref, i) => (propsLiteral[`oc${i}`] = ref));
  const properties = context.obj(propsLiteral);
  doc.catalog.set(
    PDFName.of("OCProperties"),
    context.obj({
      OCGs: ocgRefs,
      D: { Name: PDFHexString.fromText("Sizes"), Order: ocgRefs, ON: ocgRefs, OFF: [], BaseState: "ON" },
    }),
  );

  const W = lay.sheetWidthMm * K;
  const H = lay.sheetHeightMm * K;
  const dashes = sizeDashes(lay.sizes, pattern.sampleSize, projector);
  // Compressed with Node's zlib (native, several times faster than pdf-lib's JavaScript deflate).
  const sheetStream = context.stream(zlib.deflateSync(Buffer.from(sheetContent(lay, fonts, projector, dark, !projector, dashes), "latin1"), { level: 6 }), {
    Filter: "FlateDecode",
    Type: "XObject",
    Subtype: "Form",
    BBox: [0, 0, W, H],
    Resources: { Font: fonts.resources, Properties: properties },
  });
  const ctx: Ctx = { doc, fonts, sheet: context.register(sheetStream), properties, dashes: sizeDashes(lay.sizes, pattern.sampleSize, false) };
  const sizesLine = lay.sizes.length ? `Sizes: ${sizeList(lay.sizes)}` : "No sizes selected.";
  const m = PAGE_MARGIN_MM * K;

  if (projector) {
    const page = doc.addPage([lay.pageWidthMm * K, lay.pageHeightMm * K]);
    attachSheet(page, ctx);
    const pw = page.getWidth();
    const ph = page.getHeight();
    if (dark) page.pushOperators(pushGraphicsState(), setFillingGrayscaleColor(0.12), rectangle(0, 0, pw, ph), fill(), popGraphicsState());
    text(page, ctx, title, m, ph - m - 14, 20, { bold: true, white: dark });
    text(page, ctx, `${sizesLine}. Projector file: 1:1 scale. Calibrate with the grid below.`, m, ph - m - 32, 11, { white: dark });
    legend(page, ctx, lay.sizes, sizeDashes(lay.sizes, pattern.sampleSize, false), m, ph - m - 50, pw - 2 * m, dark);
    calibrationGrid(page, ctx, m, ph - m - PROJECTOR_HEADER_MM * K + 12 * K, dark);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(1, 0, 0, 1, m, m), drawObject("Sheet"), popGraphicsState());
    drawStamp(page, ctx, options.stamp, `Page 1 of ${lay.pages}`, dark);
    addFabricPages(ctx, options, 1, lay.pages);
    return doc.save({ useObjectStreams: true });
  }

  const format = options.format;
  const copyShop = COPY_SHOP.has(format);
  const u = copyShop ? 1.5 : 1;
  const total = lay.pages;
  let pageNo = 0;
  for (const plan of lay.overview) {
    pageNo++;
    const page = doc.addPage([plan.widthPt, plan.heightPt]);
    attachSheet(page, ctx);
    if (pageNo === 1) drawTitle(page, ctx, title, m + 16 * u, u);
    drawOverview(page, ctx, lay, plan, u);
    drawStamp(page, ctx, options.stamp, `Overview · page ${pageNo} of ${total}`, false);
  }

  // Tiles: the sheet through each printed tile's frame.
  const pw = lay.pageWidthMm * K;
  const mb = lay.bottomMarginMm * K;
  const frameW = lay.frameWidthMm * K;
  const stepW = lay.stepWidthMm * K;
  const stepH = lay.stepHeightMm * K;
  const printed = new Set(lay.tiles.map((t) => t.label));
  for (const tile of lay.tiles) {
    pageNo++;
    const { row: r, col: c, label } = tile;
    const frameH = tile.frameHeightMm * K;
    const ph = frameH + m + mb;
    const page = doc.addPage([pw, ph]);
    attachSheet(page, ctx);
    const tx = m - c * stepW;
    const ty = mb + frameH - (H - r * stepH);
    page.pushOperators(
      pushGraphicsState(),
      rectangle(m, mb, frameW, frameH),
      clip(),
      endPath(),
      concatTransformationMatrix(1, 0, 0, 1, tx, ty),
      drawObject("Sheet"),
      popGraphicsState(),
      pushGraphicsState(),
      setStrokingGrayscaleColor(0.6),
      setLineWidth(0.3),
      rectangle(m, mb, frameW, frameH),
      stroke(),
      popGraphicsState(),
    );
    text(page, ctx, label, m, ph - m + 3 * K, 12, { bold: true });
    text(page, ctx, `${title} · row ${rowLabel(r)}, column ${c + 1}`, m + ctx.fonts.width(label, 12, true) + 8, ph - m + 3 * K, 8, { grey: 0.3 });
    // Printed neighbours in the margins (a blank neighbour's place stays empty: the map shows it crossed out).
    const mid = (a: number, b: number) => (a + b) / 2;
    const neighbour = (rr: number, cc: number) => (rr >= 0 && cc >= 0 && rr < lay.rows && cc < lay.cols && printed.has(`${rowLabel(rr)}${cc + 1}`) ? `${rowLabel(rr)}${cc + 1}` : null);
    const right = neighbour(r, c + 1);
    const left = neighbour(r, c - 1);
    const below = neighbour(r + 1, c);
    const above = neighbour(r - 1, c);
    if (right) text(page, ctx, right, pw - m + 2, mid(mb, mb + frameH), 8, { bold: true, grey: 0.3 });
    if (left) text(page, ctx, left, 2 * K, mid(mb, mb + frameH), 8, { bold: true, grey: 0.3 });
    if (below) text(page, ctx, below, mid(m, m + frameW), mb - 5 * K, 8, { bold: true, grey: 0.3 });
    if (above) text(page, ctx, above, mid(m + frameW * 0.6, m + frameW), ph - m + 3 * K, 8, { bold: true, grey: 0.3 });
    if (copyShop) {
      // Every copy-shop sheet checks its own scale: the test squares in the strip under the frame (the 1 in square
      // at its foot, under these lines).
      testSquares(page, ctx, m, 16 * K, false);
      const fx = m + 4 * 72 + 30 * K;
      const room = pw - m - fx;
      const fy = 16 * K + 4 * 72;
      fitText(page, ctx, `${label}: ${tile.pieces.join(", ")}`, fx, fy - 14, 14, room, { bold: true });
      fitText(page, ctx, "Check the print: at 100 % the test squares measure exactly 10 cm, 4 in and 1 in.", fx, fy - 34, 11, room, { grey: 0.2 });
      fitText(page, ctx, `Sizes on this sheet: ${sizeList(tile.sizes)}`, fx, fy - 52, 11, room, { grey: 0.2 });
    }
    drawStamp(page, ctx, options.stamp, `${label} · page ${pageNo} of ${total}`, false);
  }
  addFabricPages(ctx, options, pageNo, total);
  return doc.save({ useObjectStreams: true });
}

/** The texts of the fabric pages that are not fixed English: sizes, materials, piece names. */
function fabricTexts(fabric: PrintFabric | undefined): string[] {
  if (!fabric) return [];
  return [
    ...fabric.table.flatMap((t) => [materialLabel(t.material), ...t.rows.map((r) => r.size)]),
    ...fabric.layouts.flatMap((l) => [l.size, ...l.layout.placements.map((p) => p.name)]),
  ];
}

/** The fabric pages (envelope.server.ts) after the `done` pages of the file, stamped and numbered like the others. */
function addFabricPages(ctx: Ctx, options: PrintOptions, done: number, total: number) {
  if (!options.fabric || COPY_SHOP.has(options.format)) return;
  let pageNo = done;
  drawFabricPages({
    doc: ctx.doc,
    fonts: ctx.fonts,
    fabric: options.fabric,
    format: options.format,
    title: options.title || "Pattern",
    footer: (page, label) => drawStamp(page, ctx, options.stamp, `${label} · page ${++pageNo} of ${total}`, false),
  });
}
