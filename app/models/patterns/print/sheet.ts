/** The sheet of a print file (one Form XObject that every page shows): its content stream, names, marks, labels. */
import { bboxOf } from "../geometry";
import { distinctParts, placeLabel, twoLines, type LabelLine, type PlacedLabel } from "../labels";
import { boxMeetsLine, foldMarks, inwardNormal, straightStretches, textAlong, type FoldMarks, type PlacedText } from "../marks";
import { cutText } from "../pieces";
import type { PdfFonts } from "../fonts.server";
import { CUSTOM_SIZE, CUSTOM_SIZE_LABEL } from "../interpolate";
import type { PatternPiece, Pt } from "../types";
import { K, OVERLAP_MM } from "./paper";
import { pieceLines, type PieceLines, type Slot } from "./piece-lines";
import type { PrintLayout } from "./plan";
import { sizeColour, sizeName } from "./sizes";
import { alongMetrics } from "./text";

const f = (v: number) => (Math.round(v * 100) / 100).toString();

const dashOp = (dash: number[]) => `[${dash.map(f).join(" ")}] 0 d`;

/** Text sizes in pt: the size names along outlines, "GRAIN LINE" and "PLACE ON FOLD". */
const MARK_PT = { print: 6, projector: 11 };

type Drawing = { fonts: PdfFonts; projector: boolean; sizes: string[] };

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
export function sheetContent(lay: PrintLayout, fonts: PdfFonts, projector: boolean, dark: boolean, tiled: boolean, dashes: number[][]): string {
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
