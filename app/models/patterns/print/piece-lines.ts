/** A piece of a size in its slot on the sheet: the lines drawn of it, in sheet millimetres (y up). */
import { cutRuns, type PlacedText } from "../marks";
import type { PatternPiece, Pt } from "../types";

export type Slot = {
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

export type PieceLines = {
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

/**
 * What is drawn of size `si` of a piece in its slot, in sheet millimetres (y up), nested on the other sizes: cut
 * line (without its fold edge on a piece cut on the fold), the fold, internal and sew lines, the grain line with an
 * arrow at each end, notches as 6 mm ticks towards the piece's middle, drill holes as 6 mm crosses (the size's name
 * along the outline is placed later, knowing the other sizes: placeSizeNames).
 */
export function pieceLines(piece: PatternPiece, slot: Slot, si: number): PieceLines {
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

const samePt = (a: Pt, b: Pt) => Math.abs(a[0] - b[0]) < 0.01 && Math.abs(a[1] - b[1]) < 0.01;
