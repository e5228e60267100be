/** Where everything of a print file goes, without drawing (printLayout): the sheet, its tiles and the overview pages. */
import { pointInRing, shelfPack } from "../geometry";
import { nestOffsets } from "../nesting";
import { matchPieces, piecesOfSize } from "../pieces";
import { fabricPageCount, type PrintFabric } from "../envelope.server";
import type { Pattern, PatternPiece, Pt } from "../types";
import type { PrintFormat } from "../print-format";
import { COPY_SHOP, FOOT_MM, K, mapLabelSize, ONE_IN_PT, OVERLAP_MM, PAGE_MARGIN_MM, PAGE_SIZES_MM, PROJECTOR_HEADER_MM, rowLabel, SQUARES_PT } from "./paper";
import { pieceLines, type Slot } from "./piece-lines";
import { sizeLabel, sizeList } from "./sizes";
import { measure, wrap } from "./text";

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

const SLOT_PAD_MM = 10;
const SLOT_GAP_MM = 6;
const PROJECTOR_WIDTH_MM = 1100;
const PROJECTOR_MAX_MM = 5000; // PDF readers cap a page at 200 in (5080 mm)

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

/** Packed positions (top-down) to slot centres on the sheet (y up, content starting at the top). */
function place(placed: { item: Omit<Slot, "cx" | "cy">; x: number; y: number; width: number; height: number }[], sheetH: number): Slot[] {
  return placed.map((p) => ({ ...p.item, cx: p.x + p.width / 2, cy: sheetH - (p.y + p.height / 2) }));
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Map cells wider than this add nothing to reading the map; the room goes to the lists. */
const MAP_CELL_MAX_PT = 110;
/** The overview's lists: their text size, the smaller sizes tried before stranding a few lines on a page of their own. */
const LIST_PT = 8.5;
const LIST_SMALLER_PT = [8, 7.5, 7];
const STRANDED_LINES = 4;
/** A list column's width and the gap between columns (scaled on copy-shop sheets); a home page is one column. */
const LIST_COLUMN_PT = 300;
const LIST_COLUMN_GAP_PT = 24;

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
