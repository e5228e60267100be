/**
 * Graded sizes of one piece nested as a multi-size pattern shows them (decision 098): on the grade reference point,
 * not each centred on its own box. Pure functions, mm units.
 */
import { bboxOf } from "./geometry";
import type { BBox, PatternPiece, Pt } from "./types";

/** Two boxes are in one coordinate frame when they overlap by at least this share of the smaller one. */
const SAME_FRAME_OVERLAP = 0.5;

export type Nest = {
  /** Per piece (in the order given), the shift that puts it in the reference piece's frame; [0, 0] where missing. */
  offsets: Pt[];
  /** The union of the shifted pieces' boxes, in that frame. */
  box: BBox;
};

const centre = (b: BBox): Pt => [(b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2];

/** A size placed in the reference's frame: overlapping it, and not a different size merely centred on it. */
function inOneFrame(a: BBox, b: BBox): boolean {
  if (overlapShare(a, b) < SAME_FRAME_OVERLAP) return false;
  const [ax, ay] = centre(a);
  const [bx, by] = centre(b);
  const centred = Math.hypot(ax - bx, ay - by) < 0.5;
  const resized = Math.abs(a.width - b.width) > 1 || Math.abs(a.height - b.height) > 1;
  return !(centred && resized);
}

function overlapShare(a: BBox, b: BBox): number {
  const w = Math.min(a.maxX, b.maxX) - Math.max(a.minX, b.minX);
  const h = Math.min(a.maxY, b.maxY) - Math.max(a.minY, b.minY);
  const smaller = Math.min(a.width * a.height, b.width * b.height);
  if (!(w > 0 && h > 0) || !(smaller > 0)) return 0;
  return (w * h) / smaller;
}

/**
 * Where each size of one piece goes relative to the reference size (the sample size, else the middle one):
 * - a size whose box overlaps the reference's, not merely centred on it (a file that wrote its graded sizes in one
 *   frame, nested on their grade reference point), keeps the file's placement;
 * - a size placed elsewhere in the file, or centred on the reference's box (the Gerber exports of
 *   tests/fixtures/cad-dxf centre every size's block on one point), is aligned on a grade reference: when all
 *   sizes' outlines have as many points (graded from the same points), the outline point that moves least between
 *   the smallest and the largest size (their boxes centred on each other); else the grain line's start when every
 *   size has one; else the box centre. A piece cut on the fold in every size also has its sizes' fold lines laid on
 *   each other (the reference point then only places them along the fold).
 * `pieces` are the sizes of one piece, smallest first (undefined where a size lacks it).
 */
export function nestOffsets(pieces: (PatternPiece | undefined)[], reference?: number): Nest {
  const present = pieces.map((p, i) => ({ p, i })).filter((e): e is { p: PatternPiece; i: number } => !!e.p);
  const offsets: Pt[] = pieces.map(() => [0, 0]);
  if (!present.length) return { offsets, box: bboxOf([]) };
  const ref = (reference !== undefined && pieces[reference]) || present[Math.floor((present.length - 1) / 2)].p;

  const anchor = referencePoint(present.map((e) => e.p));
  const folds = present.every((e) => e.p.onFold && e.p.fold) ? ref.fold : undefined;
  for (const { p, i } of present) {
    if (p === ref || inOneFrame(p.bbox, ref.bbox)) continue;
    const from = anchor(p);
    const to = anchor(ref);
    offsets[i] = [to[0] - from[0], to[1] - from[1]];
    if (folds && p.fold) {
      // Across the fold: onto the reference's fold line; along it: by the reference point.
      const len = Math.hypot(folds[1][0] - folds[0][0], folds[1][1] - folds[0][1]) || 1;
      const u: Pt = [(folds[1][0] - folds[0][0]) / len, (folds[1][1] - folds[0][1]) / len];
      const n: Pt = [-u[1], u[0]];
      const along = offsets[i][0] * u[0] + offsets[i][1] * u[1];
      const across = (folds[0][0] - p.fold[0][0]) * n[0] + (folds[0][1] - p.fold[0][1]) * n[1];
      offsets[i] = [u[0] * along + n[0] * across, u[1] * along + n[1] * across];
    }
  }
  const corners = present.flatMap(({ p, i }): Pt[] => [
    [p.bbox.minX + offsets[i][0], p.bbox.minY + offsets[i][1]],
    [p.bbox.maxX + offsets[i][0], p.bbox.maxY + offsets[i][1]],
  ]);
  return { offsets, box: bboxOf(corners) };
}

/** How to find the grade reference point of each size (see nestOffsets). */
function referencePoint(sizes: PatternPiece[]): (p: PatternPiece) => Pt {
  const first = sizes[0];
  const last = sizes[sizes.length - 1];
  const n = first.boundary.length;
  if (n >= 3 && sizes.every((p) => p.boundary.length === n)) {
    const [fx, fy] = centre(first.bbox);
    const [lx, ly] = centre(last.bbox);
    let k = 0;
    let least = Infinity;
    for (let i = 0; i < n; i++) {
      const moved = Math.hypot(last.boundary[i][0] - lx - (first.boundary[i][0] - fx), last.boundary[i][1] - ly - (first.boundary[i][1] - fy));
      if (moved < least) {
        least = moved;
        k = i;
      }
    }
    return (p) => p.boundary[k];
  }
  if (sizes.every((p) => p.grain)) return (p) => p.grain![0];
  return (p) => centre(p.bbox);
}
