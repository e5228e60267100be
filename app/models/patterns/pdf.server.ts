/**
 * Print-at-home PDFs of a pattern (decision 060).
 *
 * Layout: the chosen sizes of each piece are nested over each other on their grade reference point, like a commercial
 * multi-size pattern (nestOffsets, decision 098; one slot per piece name, as big as its nested sizes). Slots are shelf-packed, in file order
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
  StandardFonts,
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
  type PDFFont,
  type PDFPage,
  type PDFRef,
} from "@cantoo/pdf-lib";

import { bboxOf, shelfPack } from "./geometry";
import { ASCENT_EM, DESCENT_EM, distinctParts, placeLabel, twoLines, type LabelLine, type PlacedLabel } from "./labels";
import { boxMeetsLine, cutRuns, foldMarks, inwardNormal, straightStretches, textAlong, type AlongText, type FoldMarks, type PlacedText } from "./marks";
import { nestOffsets } from "./nesting";
import { cutText, matchPieces, piecesOfSize } from "./pieces";
import { encodableText } from "./stamp.server";
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
  return sizes.map((_, i) => {
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

type Drawing = { font: PDFFont; bold: PDFFont; projector: boolean; sizes: string[] };

function alongMetrics(fnt: PDFFont, text: string, pt: number): AlongText & { text: string } {
  const shown = encodableText(text, fnt);
  return { text: shown, width: fnt.widthOfTextAtSize(shown, pt) / K, ascent: (ASCENT_EM * pt) / K, descent: (DESCENT_EM * pt) / K };
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
    const name = alongMetrics(drawing.font, drawing.sizes[si] ?? "", pt);
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
      const m = alongMetrics(drawing.font, word, pt);
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
  const word = alongMetrics(drawing.bold, "PLACE ON FOLD", pt);
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
  { sizesText, distinct, font, bold, projector }: { sizesText: string; distinct: string | null; font: PDFFont; bold: PDFFont; projector: boolean },
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
    measure: (line) => {
      const fnt = line.bold ? bold : font;
      return fnt.widthOfTextAtSize(encodableText(line.text, fnt), 1);
    },
    minSize: (projector ? 8 : 5) / K,
    maxSize: (projector ? 22 : 14) / K,
    margin: projector ? 1.5 : 0.6,
    yUp: true,
  });
}

/** A text operator: `text` from `start` along `angle`, at `pt` points, in the current fill colour. */
function textOp(fnt: "F1" | "F2", pdfFont: PDFFont, text: string, start: Pt, angle: number, pt: number): string {
  const c = Math.cos(angle);
  const sn = Math.sin(angle);
  const hex = pdfFont.encodeText(encodableText(text, pdfFont)).toString();
  return `BT /${fnt} ${f(pt)} Tf ${f(c)} ${f(sn)} ${f(-sn)} ${f(c)} ${f(start[0] * K)} ${f(start[1] * K)} Tm ${hex} Tj ET`;
}

/**
 * Content stream of the sheet: every size in its optional content group (its colour, its dash pattern and its name
 * along each outline), then, once per slot, the grain line's and the fold's words and the label; tiling marks.
 */
function sheetContent(lay: PrintLayout, font: PDFFont, bold: PDFFont, projector: boolean, dark: boolean, tiled: boolean, dashes: number[][]): string {
  const out: string[] = [];
  const cut = projector ? 2.5 : 0.8;
  const sew = projector ? 1.5 : 0.5;
  const dash = projector ? "[8 6] 0" : "[4 3] 0";
  const foldDash = dashOp([12, 3].map((v) => v * K * (projector ? 2 : 1)));
  const drawing: Drawing = { font, bold, projector, sizes: lay.sizes };
  const drawn = lay.slots.map((slot) => slot.pieces.map((piece, si) => (piece ? pieceLines(piece, slot, si) : undefined)));
  for (const slotDrawn of drawn) placeSizeNames(slotDrawn, drawing);
  const markPt = projector ? MARK_PT.projector : MARK_PT.print;
  out.push("1 J 1 j");
  lay.sizes.forEach((_, si) => {
    const [r, g, b] = sizeColour(si, dark);
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
      if (lines.sizeName) out.push(textOp("F1", font, lines.sizeName.text, lines.sizeName.start, lines.sizeName.angle, markPt));
    });
    out.push("Q EMC");
  });

  // Once per slot, outside the layers, on the smallest size: the grain's and fold's words, and the label.
  const ink = dark ? "1 g 1 G" : "0 g 0 G";
  const sizesText = lay.sizes.length > 1 ? `Sizes ${lay.sizes[0]}-${lay.sizes[lay.sizes.length - 1]}` : `Size ${lay.sizes[0] ?? ""}`;
  const distinct = distinctParts(lay.slots.map((s) => s.name));
  lay.slots.forEach((slot, i) => {
    const home = slot.pieces.reduce<number>((best, p, si) => (p && (best < 0 || p.area < slot.pieces[best]!.area) ? si : best), -1);
    const marks = slotMarks(home >= 0 ? drawn[i][home] : undefined, drawn[i], drawing);
    out.push(`q ${ink} [] 0 d`);
    if (marks.grain) out.push(textOp("F1", font, marks.grain.text, marks.grain.start, marks.grain.angle, marks.grain.pt));
    if (marks.fold) {
      out.push(`${f(cut * 0.8)} w`);
      for (const line of marks.fold.lines) out.push(`${line.map(([x, y], k) => `${f(x * K)} ${f(y * K)} ${k ? "l" : "m"}`).join(" ")} S`);
      if (marks.fold.text) out.push(textOp("F2", bold, marks.foldText, marks.fold.text.start, marks.fold.text.angle, marks.foldPt));
    }
    out.push("Q");
    const placed = printLabel(slot, drawn[i], marks, { sizesText, distinct: distinct[i], font, bold, projector });
    if (!placed) return;
    const c = Math.cos(placed.angle);
    const sn = Math.sin(placed.angle);
    for (const line of placed.lines) {
      // Baseline start: from the block's centre, down to the line's baseline, back half the line's width.
      const x = placed.centre[0] + sn * line.down - c * (line.width / 2);
      const y = placed.centre[1] - c * line.down - sn * (line.width / 2);
      const fnt = line.bold ? bold : font;
      const hex = fnt.encodeText(encodableText(line.text, fnt)).toString();
      out.push(`BT ${ink} /${line.bold ? "F2" : "F1"} ${f(line.size * K)} Tf ${f(c)} ${f(sn)} ${f(-sn)} ${f(c)} ${f(x * K)} ${f(y * K)} Tm ${hex} Tj ET`);
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

type Ctx = { doc: PDFDocument; font: PDFFont; bold: PDFFont; sheet: PDFRef; properties: PDFDict };

function attachSheet(page: PDFPage, ctx: Ctx) {
  page.node.setXObject(PDFName.of("Sheet"), ctx.sheet);
  page.node.normalizedEntries().Resources.set(PDFName.of("Properties"), ctx.properties);
}

function text(page: PDFPage, ctx: Ctx, value: string, x: number, y: number, size: number, options: { bold?: boolean; grey?: number; white?: boolean } = {}) {
  const font = options.bold ? ctx.bold : ctx.font;
  const colour = options.white ? rgb(1, 1, 1) : rgb(options.grey ?? 0, options.grey ?? 0, options.grey ?? 0);
  page.drawText(encodableText(value, font), { x, y, size, font, color: colour });
}

function drawStamp(page: PDFPage, ctx: Ctx, stamp: string | null, right: string, dark: boolean) {
  const y = 5 * K;
  if (stamp) text(page, ctx, stamp, PAGE_MARGIN_MM * K, y, 7, { grey: 0.25, white: dark });
  const w = ctx.font.widthOfTextAtSize(right, 7);
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

/** The sizes' key: each size's colour and dash pattern on a sample of line, and its name. */
function legend(page: PDFPage, ctx: Ctx, sizes: string[], dashes: number[][], x: number, y: number, maxWidth: number, dark: boolean): number {
  let cx = x;
  let cy = y;
  const sample = 34;
  sizes.forEach((size, i) => {
    const label = `Size ${size}`;
    const w = sample + 4 + ctx.font.widthOfTextAtSize(label, 9) + 12;
    if (cx + w > x + maxWidth) {
      cx = x;
      cy -= 14;
    }
    const [r, g, b] = sizeColour(i, dark);
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
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
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
  const dashes = sizeDashes(lay.sizes, pattern.sampleSize, projector);
  // Compressed with Node's zlib (native, several times faster than pdf-lib's JavaScript deflate).
  const sheetStream = context.stream(zlib.deflateSync(Buffer.from(sheetContent(lay, font, bold, projector, dark, !projector, dashes), "latin1"), { level: 6 }), {
    Filter: "FlateDecode",
    Type: "XObject",
    Subtype: "Form",
    BBox: [0, 0, W, H],
    Resources: { Font: { F1: font.ref, F2: bold.ref }, Properties: properties },
  });
  const ctx: Ctx = { doc, font, bold, sheet: context.register(sheetStream), properties };
  const title = options.title || "Pattern";
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
    legend(page, ctx, lay.sizes, sizeDashes(lay.sizes, pattern.sampleSize, false), m, ph - m - 50, pw - 2 * m, dark);
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
  y = legend(overview, ctx, lay.sizes, sizeDashes(lay.sizes, pattern.sampleSize, false), m, y, pageW - 2 * m, false) - 14;
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
      text(page, ctx, `${title} · row ${rowLabel(r)}, column ${c + 1}`, m + ctx.bold.widthOfTextAtSize(label, 12) + 8, ph * K - m + 3 * K, 8, { grey: 0.3 });
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
