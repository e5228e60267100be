/**
 * Print-at-home PDFs of a pattern (decision 060).
 *
 * Layout: the chosen sizes of each piece are nested over each other, centred on the same point, like a commercial
 * multi-size pattern (one slot per piece name, as big as its largest size). Slots are shelf-packed, in file order
 * by height, into a "sheet" at 1:1 (1 mm = 72/25.4 pt); grain lines stay as drawn. The sheet is one Form XObject
 * (drawn once, compressed) that every page shows through a clip, so a 150-piece pattern stays small and fast.
 *
 * A4 / Letter / A0: the sheet is tiled over pages. Each page has a 12 mm margin; the printable frame of neighbours
 * overlaps by 10 mm (dashed lines on the sheet mark the overlap strips, with alignment marks, a circle and cross,
 * in the middle of each strip to lay over each other). Pages are labelled by row letter and column number (A1,
 * A2, …, B1), with the neighbours' labels in the margins. Page 1 is an overview: title, sizes and their colours,
 * how to print, a 10 cm and a 4 in test square (sharing their lower-left corner) and the page map (the tile grid
 * over a miniature of the sheet). For A0 the overview page is A4 (a copy shop prints the A0 sheets; the buyer checks
 * the scale at home).
 * Projector: one page at 1:1 holding the whole sheet (about 1.1 m wide, fabric width) under a header with the test
 * squares, bold light lines on a dark background (or bold dark lines on white with `background: "light"`).
 *
 * Layers: each size is an optional content group (/OCProperties in the catalog, /OCGs, /D with /Order), its
 * drawing wrapped in `/OC /ocN BDC … EMC` with /Properties in the resources, so a reader can print only some sizes.
 * Cut lines solid, sew lines dashed, grain lines with arrows at both ends, notches as short ticks into the piece,
 * drill holes as crosses. The stamp (order number and buyer's email) is printed in every page's bottom margin.
 */
import zlib from "node:zlib";

import {
  PDFDocument,
  PDFHexString,
  PDFName,
  clip,
  concatTransformationMatrix,
  drawObject,
  endPath,
  fill,
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

import { pdfFonts, type PdfFonts } from "./fonts.server";
import { shelfPack } from "./geometry";
import { distinctParts, placeLabel, twoLines, type LabelLine, type PlacedLabel } from "./labels";
import { matchPieces, piecesOfSize } from "./pieces";
import type { Pattern, PatternPiece, Pt } from "./types";

export type PrintFormat = "A4" | "Letter" | "A0" | "projector";
export type PrintOptions = {
  format: PrintFormat;
  /** Sizes to include, in any order (unknown ones are ignored); empty: every size. */
  sizes: string[];
  /** Printed on every page's margin, e.g. "Order #123 · buyer@example.com"; null for the seller's own copy. */
  stamp: string | null;
  title: string;
  /** Projector files only: bold light lines on a dark background (default) or dark lines on white. */
  background?: "dark" | "light";
};

export const PT_PER_MM = 72 / 25.4;
export const PAGE_SIZES_MM: Record<Exclude<PrintFormat, "projector">, [number, number]> = {
  A4: [210, 297],
  Letter: [215.9, 279.4],
  A0: [841, 1189],
};
export const PAGE_MARGIN_MM = 12;
export const OVERLAP_MM = 10;
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

function sizeColour(i: number, dark: boolean): [number, number, number] {
  const c = PALETTE[i % PALETTE.length];
  return dark ? (c.map((v) => v + (1 - v) * 0.5) as [number, number, number]) : c;
}

type Slot = { name: string; quantity: number; cx: number; cy: number; w: number; h: number; pieces: (PatternPiece | undefined)[] };

export type PrintLayout = {
  sizes: string[];
  slots: Slot[];
  /** The sheet (all pieces at 1:1), mm. */
  sheetWidthMm: number;
  sheetHeightMm: number;
  /** Tiles (1 x 1 for projector). */
  cols: number;
  rows: number;
  /** Page count of the file: tiles plus the overview page (projector: 1). */
  pages: number;
  pageWidthMm: number;
  pageHeightMm: number;
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
export function printLayout(pattern: Pattern, options: Pick<PrintOptions, "format" | "sizes">): PrintLayout {
  const wanted = new Set(options.sizes);
  const sizes = pattern.sizes.filter((s) => !wanted.size || wanted.has(s));
  const slotsIn = matchPieces(sizes.map((s) => piecesOfSize(pattern, s))).map(({ name, pieces }) => {
    const present = pieces.filter((p): p is PatternPiece => !!p);
    const w = Math.max(...present.map((p) => p.bbox.width)) + 2 * SLOT_PAD_MM;
    const h = Math.max(...present.map((p) => p.bbox.height)) + 2 * SLOT_PAD_MM;
    return { name, quantity: Math.max(...present.map((p) => p.quantity ?? 1)), w, h, pieces };
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
      pages: 1,
      pageWidthMm: Math.max(sheetW, 240) + 2 * PAGE_MARGIN_MM,
      pageHeightMm: sheetH + PROJECTOR_HEADER_MM + 2 * PAGE_MARGIN_MM,
    };
  }
  const [pw, ph] = PAGE_SIZES_MM[options.format];
  const frameW = pw - 2 * PAGE_MARGIN_MM;
  const frameH = ph - 2 * PAGE_MARGIN_MM;
  const stepW = frameW - OVERLAP_MM;
  const stepH = frameH - OVERLAP_MM;
  // A band about as many pages wide as tall, in whole pages.
  const target = Math.max(widest, Math.sqrt(area * (frameW / frameH)));
  const band = Math.max(1, Math.ceil((target - OVERLAP_MM) / stepW)) * stepW + OVERLAP_MM;
  const packed = pack(band);
  const cols = Math.max(1, Math.ceil((Math.max(packed.width, 1) - OVERLAP_MM) / stepW));
  const rows = Math.max(1, Math.ceil((Math.max(packed.height, 1) - OVERLAP_MM) / stepH));
  const sheetW = cols * stepW + OVERLAP_MM;
  const sheetH = rows * stepH + OVERLAP_MM;
  return {
    sizes,
    slots: place(packed.placed, sheetH),
    sheetWidthMm: sheetW,
    sheetHeightMm: sheetH,
    cols,
    rows,
    pages: cols * rows + 1,
    pageWidthMm: pw,
    pageHeightMm: ph,
  };
}

const PROJECTOR_HEADER_MM = 130;

/** Packed positions (top-down) to slot centres on the sheet (y up, content starting at the top). */
function place(placed: { item: Omit<Slot, "cx" | "cy">; x: number; y: number; width: number; height: number }[], sheetH: number): Slot[] {
  return placed.map((p) => ({ ...p.item, cx: p.x + p.width / 2, cy: sheetH - (p.y + p.height / 2) }));
}

const f = (v: number) => (Math.round(v * 100) / 100).toString();

type PieceLines = { outline: Pt[]; internal: Pt[][]; sew: Pt[][]; grain: Pt[][]; notches: Pt[][]; drill: Pt[][] };

/**
 * What is drawn of a piece in its slot, in sheet millimetres (y up): cut line, internal and sew lines, the grain
 * line with an arrow at each end, notches as 6 mm ticks towards the piece's middle, drill holes as 6 mm crosses.
 */
function pieceLines(piece: PatternPiece, slot: Slot): PieceLines {
  const dx = slot.cx - (piece.bbox.minX + piece.bbox.maxX) / 2;
  const dy = slot.cy - (piece.bbox.minY + piece.bbox.maxY) / 2;
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
  return {
    outline: piece.boundary.map(at),
    internal: move(piece.internal),
    sew: move(piece.sewLines),
    grain: move(grain),
    notches: move(notches),
    drill: move(drill),
  };
}

/**
 * A slot's label (decision 062): the piece name in bold, 'Cut N' when more than one, and the sizes, inside the
 * smallest size's outline and clear of every size's lines; the name on two lines, or its part after the style
 * number, or cut short with an ellipsis when the piece is small; 14 pt down to 5 pt (projector: 22 pt to 8 pt).
 */
function printLabel(
  slot: Slot,
  { sizesText, distinct, fonts, projector }: { sizesText: string; distinct: string | null; fonts: PdfFonts; projector: boolean },
): PlacedLabel | null {
  const present = slot.pieces.filter((p): p is PatternPiece => !!p);
  if (!present.length) return null;
  const home = present.reduce((a, b) => (b.area < a.area ? b : a));
  const obstacles: Pt[][] = [];
  let ring: Pt[] = [];
  for (const piece of present) {
    const lines = pieceLines(piece, slot);
    if (piece === home) ring = lines.outline;
    else obstacles.push([...lines.outline, lines.outline[0]]);
    obstacles.push(...lines.internal, ...lines.sew, ...lines.grain, ...lines.notches, ...lines.drill);
  }
  const small = projector ? 16 / 22 : 10 / 14;
  const name = (text: string): LabelLine => ({ text, scale: 1, bold: true });
  const extra: LabelLine[] = slot.quantity > 1 ? [{ text: `Cut ${slot.quantity}`, scale: small }] : [];
  const sizes: LabelLine = { text: sizesText, scale: small };
  const wrapped = twoLines(slot.name);
  const variants = [{ lines: [name(slot.name), ...extra, sizes], weight: 1 }];
  if (wrapped) variants.push({ lines: [...wrapped.map(name), ...extra, sizes], weight: 0.85 });
  variants.push({ lines: [name(slot.name), ...extra], weight: 0.7 });
  if (distinct) variants.push({ lines: [name(`…${distinct}`), ...extra], weight: 0.6 });
  const chars = Array.from(distinct ?? slot.name);
  return placeLabel({
    ring,
    obstacles,
    variants,
    short: (k) => [name(`${distinct ? "…" : ""}${chars.slice(0, k).join("").trimEnd()}…`), ...extra],
    shortLength: chars.length,
    measure: (line) => fonts.width(line.text, 1, line.bold),
    minSize: (projector ? 8 : 5) / K,
    maxSize: (projector ? 22 : 14) / K,
    margin: projector ? 1.5 : 0.6,
    yUp: true,
  });
}

/** Content stream of the sheet: every size in its optional content group, then labels and tiling marks. */
function sheetContent(lay: PrintLayout, fonts: PdfFonts, projector: boolean, dark: boolean, tiled: boolean): string {
  const out: string[] = [];
  const cut = projector ? 2.5 : 0.8;
  const sew = projector ? 1.5 : 0.5;
  const dash = projector ? "[8 6] 0" : "[4 3] 0";
  out.push("1 J 1 j");
  lay.sizes.forEach((_, si) => {
    const [r, g, b] = sizeColour(si, dark);
    out.push(`/OC /oc${si} BDC q ${f(r)} ${f(g)} ${f(b)} RG ${f(r)} ${f(g)} ${f(b)} rg`);
    for (const slot of lay.slots) {
      const piece = slot.pieces[si];
      if (!piece) continue;
      const drawn = pieceLines(piece, slot);
      const path = (pts: Pt[], close: boolean) => {
        if (pts.length < 2) return;
        out.push(`${f(pts[0][0] * K)} ${f(pts[0][1] * K)} m`);
        for (let i = 1; i < pts.length; i++) out.push(`${f(pts[i][0] * K)} ${f(pts[i][1] * K)} l`);
        out.push(close ? "s" : "S");
      };
      out.push(`${cut} w [] 0 d`);
      path(drawn.outline, true);
      out.push(`${f(cut * 0.6)} w`);
      for (const line of drawn.internal) path(line, false);
      out.push(`${sew} w ${dash} d`);
      for (const line of drawn.sew) path(line, false);
      out.push(`${f(cut * 0.8)} w [] 0 d`);
      for (const line of drawn.grain) path(line, false);
      out.push(`${cut} w`);
      for (const line of drawn.notches) path(line, false);
      out.push(`${f(cut * 0.6)} w`);
      for (const line of drawn.drill) path(line, false);
    }
    out.push("Q EMC");
  });

  // Piece labels, once per slot, outside the layers: inside the smallest size, clear of every size's lines.
  const ink = dark ? "1 g" : "0 g";
  const sizesText = lay.sizes.length > 1 ? `Sizes ${lay.sizes[0]}-${lay.sizes[lay.sizes.length - 1]}` : `Size ${lay.sizes[0] ?? ""}`;
  const distinct = distinctParts(lay.slots.map((s) => s.name));
  lay.slots.forEach((slot, i) => {
    const placed = printLabel(slot, { sizesText, distinct: distinct[i], fonts, projector });
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
    const [pw, ph] = [lay.pageWidthMm, lay.pageHeightMm];
    const stepW = pw - 2 * PAGE_MARGIN_MM - OVERLAP_MM;
    const stepH = ph - 2 * PAGE_MARGIN_MM - OVERLAP_MM;
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

type Ctx = { doc: PDFDocument; fonts: PdfFonts; sheet: PDFRef; properties: PDFDict };

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

/** The 10 cm and 4 in test squares, sharing their lower-left corner at (x, y) in pt. */
function testSquares(page: PDFPage, ctx: Ctx, x: number, y: number, dark: boolean) {
  page.pushOperators(
    pushGraphicsState(),
    dark ? setStrokingGrayscaleColor(1) : setStrokingGrayscaleColor(0),
    setLineWidth(dark ? 1.5 : 0.6),
    rectangle(x, y, 100 * K, 100 * K),
    stroke(),
    rectangle(x, y, 4 * 72, 4 * 72),
    stroke(),
    popGraphicsState(),
  );
  text(page, ctx, "10 cm", x + 4 * K, y + 100 * K - 5 * K, 9, { white: dark });
  text(page, ctx, "4 in", x + 4 * 72 + 2 * K, y + 4 * 72 - 3 * K, 9, { white: dark });
  text(page, ctx, "Test squares: 10 cm inside, 4 in outside.", x, y - 5 * K, 8, { grey: 0.3, white: dark });
}

function legend(page: PDFPage, ctx: Ctx, sizes: string[], x: number, y: number, maxWidth: number, dark: boolean): number {
  let cx = x;
  let cy = y;
  sizes.forEach((size, i) => {
    const label = `Size ${size}`;
    const w = 14 + ctx.fonts.width(label, 9) + 12;
    if (cx + w > x + maxWidth) {
      cx = x;
      cy -= 14;
    }
    const [r, g, b] = sizeColour(i, dark);
    page.drawLine({ start: { x: cx, y: cy + 3 }, end: { x: cx + 10, y: cy + 3 }, thickness: 2, color: rgb(r, g, b) });
    text(page, ctx, label, cx + 14, cy, 9, { white: dark });
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
  const fonts = await pdfFonts(doc, {
    regular: [title, options.stamp, ...lay.sizes.map((size) => `Sizes: ${size}`)],
    bold: [title, ...lay.slots.map((slot) => slot.name)],
  });
  const { context } = doc;

  // One optional content group per size.
  const ocgRefs = lay.sizes.map((size) => context.register(context.obj({ Type: "OCG", Name: PDFHexString.fromText(`Size ${size}`) })));
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
  // Compressed with Node's zlib (native, several times faster than pdf-lib's JavaScript deflate).
  const sheetStream = context.stream(zlib.deflateSync(Buffer.from(sheetContent(lay, fonts, projector, dark, !projector), "latin1"), { level: 6 }), {
    Filter: "FlateDecode",
    Type: "XObject",
    Subtype: "Form",
    BBox: [0, 0, W, H],
    Resources: { Font: fonts.resources, Properties: properties },
  });
  const ctx: Ctx = { doc, fonts, sheet: context.register(sheetStream), properties };
  const sizesLine = lay.sizes.length ? `Sizes: ${lay.sizes.join(", ")}` : "No sizes selected.";
  const m = PAGE_MARGIN_MM * K;

  if (projector) {
    const page = doc.addPage([lay.pageWidthMm * K, lay.pageHeightMm * K]);
    attachSheet(page, ctx);
    const pw = page.getWidth();
    const ph = page.getHeight();
    if (dark) page.pushOperators(pushGraphicsState(), setFillingGrayscaleColor(0.12), rectangle(0, 0, pw, ph), fill(), popGraphicsState());
    text(page, ctx, title, m, ph - m - 14, 20, { bold: true, white: dark });
    text(page, ctx, `${sizesLine}. Projector file: 1:1 scale. Calibrate with the test squares.`, m, ph - m - 32, 11, { white: dark });
    legend(page, ctx, lay.sizes, m, ph - m - 50, pw - 2 * m, dark);
    testSquares(page, ctx, m, ph - m - PROJECTOR_HEADER_MM * K + 12 * K, dark);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(1, 0, 0, 1, m, m), drawObject("Sheet"), popGraphicsState());
    drawStamp(page, ctx, options.stamp, "Page 1 of 1", dark);
    return doc.save({ useObjectStreams: true });
  }

  // Overview page (A4 for A0 files).
  const tiled = options.format as Exclude<PrintFormat, "projector">;
  const [ow, oh] = tiled === "A0" ? PAGE_SIZES_MM.A4 : PAGE_SIZES_MM[tiled];
  const overview = doc.addPage([ow * K, oh * K]);
  attachSheet(overview, ctx);
  const pageW = overview.getWidth();
  const pageH = overview.getHeight();
  let y = pageH - m - 16;
  text(overview, ctx, title, m, y, 16, { bold: true });
  y -= 16;
  text(overview, ctx, sizesLine, m, y, 10);
  y -= 14;
  text(overview, ctx, "Print at 100 % (actual size, no scaling), then check both test squares with a ruler.", m, y, 9);
  y -= 12;
  text(overview, ctx, "Each size is a layer: hide the sizes you do not need in your PDF reader before printing.", m, y, 9);
  y -= 12;
  text(overview, ctx, `Lay pages out by their labels (A1, A2, ... row by row), overlap ${OVERLAP_MM} mm and match the circles.`, m, y, 9);
  y -= 18;
  y = legend(overview, ctx, lay.sizes, m, y, pageW - 2 * m, false) - 14;
  const squareTop = y;
  testSquares(overview, ctx, m, squareTop - 4 * 72, false);
  // Page map: the tile grid over a miniature of the sheet, in the space left below the squares.
  const mapTop = squareTop - 4 * 72 - 14 * K;
  const mapH = mapTop - m - 12;
  const mapW = pageW - 2 * m;
  const scale = Math.min(mapW / W, mapH / H);
  if (scale > 0) {
    const mx = m + (mapW - W * scale) / 2;
    const my = m + 12 + (mapH - H * scale);
    text(overview, ctx, `Page map: ${lay.rows} x ${lay.cols} pages (${lay.rows * lay.cols}), after this overview.`, m, mapTop + 4, 9, { bold: true });
    overview.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(scale, 0, 0, scale, mx, my),
      drawObject("Sheet"),
      popGraphicsState(),
    );
    const [pw, ph] = [lay.pageWidthMm, lay.pageHeightMm];
    const stepW = (pw - 2 * PAGE_MARGIN_MM - OVERLAP_MM) * K * scale;
    const stepH = (ph - 2 * PAGE_MARGIN_MM - OVERLAP_MM) * K * scale;
    const frameW = (pw - 2 * PAGE_MARGIN_MM) * K * scale;
    const frameH = (ph - 2 * PAGE_MARGIN_MM) * K * scale;
    const labelSize = Math.max(5, Math.min(12, stepW / 4));
    for (let r = 0; r < lay.rows; r++) {
      for (let c = 0; c < lay.cols; c++) {
        const x0 = mx + c * stepW;
        const y1 = my + H * scale - r * stepH;
        overview.pushOperators(
          pushGraphicsState(),
          setStrokingGrayscaleColor(0.35),
          setLineWidth(0.5),
          rectangle(x0, y1 - frameH, frameW, frameH),
          stroke(),
          popGraphicsState(),
        );
        text(overview, ctx, `${rowLabel(r)}${c + 1}`, x0 + 2, y1 - labelSize - 1, labelSize, { bold: true, grey: 0.35 });
      }
    }
  }
  const total = lay.pages;
  drawStamp(overview, ctx, options.stamp, `Overview · page 1 of ${total}`, false);

  // Tiles.
  const [pw, ph] = PAGE_SIZES_MM[tiled];
  const frameW = (pw - 2 * PAGE_MARGIN_MM) * K;
  const frameH = (ph - 2 * PAGE_MARGIN_MM) * K;
  const stepW = (pw - 2 * PAGE_MARGIN_MM - OVERLAP_MM) * K;
  const stepH = (ph - 2 * PAGE_MARGIN_MM - OVERLAP_MM) * K;
  let pageNo = 1;
  for (let r = 0; r < lay.rows; r++) {
    for (let c = 0; c < lay.cols; c++) {
      pageNo++;
      const page = doc.addPage([pw * K, ph * K]);
      attachSheet(page, ctx);
      const tx = m - c * stepW;
      const ty = m + frameH - (H - r * stepH);
      page.pushOperators(
        pushGraphicsState(),
        rectangle(m, m, frameW, frameH),
        clip(),
        endPath(),
        concatTransformationMatrix(1, 0, 0, 1, tx, ty),
        drawObject("Sheet"),
        popGraphicsState(),
        pushGraphicsState(),
        setStrokingGrayscaleColor(0.6),
        setLineWidth(0.3),
        rectangle(m, m, frameW, frameH),
        stroke(),
        popGraphicsState(),
      );
      const label = `${rowLabel(r)}${c + 1}`;
      text(page, ctx, label, m, ph * K - m + 3 * K, 12, { bold: true });
      text(page, ctx, `${title} · row ${rowLabel(r)}, column ${c + 1}`, m + ctx.fonts.width(label, 12, true) + 8, ph * K - m + 3 * K, 8, { grey: 0.3 });
      // Neighbours in the margins.
      const mid = (a: number, b: number) => (a + b) / 2;
      if (c + 1 < lay.cols) text(page, ctx, `${rowLabel(r)}${c + 2}`, pw * K - m + 2, mid(m, m + frameH), 8, { bold: true, grey: 0.3 });
      if (c > 0) text(page, ctx, `${rowLabel(r)}${c}`, 2 * K, mid(m, m + frameH), 8, { bold: true, grey: 0.3 });
      if (r + 1 < lay.rows) text(page, ctx, `${rowLabel(r + 1)}${c + 1}`, mid(m, m + frameW), m - 5 * K, 8, { bold: true, grey: 0.3 });
      if (r > 0) text(page, ctx, `${rowLabel(r - 1)}${c + 1}`, mid(m + frameW * 0.6, m + frameW), ph * K - m + 3 * K, 8, { bold: true, grey: 0.3 });
      drawStamp(page, ctx, options.stamp, `${label} · page ${pageNo} of ${total}`, false);
    }
  }
  return doc.save({ useObjectStreams: true });
}
