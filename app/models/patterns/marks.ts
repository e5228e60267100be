/**
 * Marks drawn on a piece besides its lines (decision 098): text set along a line (a size's name along its outline,
 * "GRAIN LINE" along the grain line, "PLACE ON FOLD" along the fold) and the fold's bracket. Used by the print PDFs
 * (mm, y up) and the SVG preview (px, y down). Pure functions, no server code.
 */
import { pointInRing, signedArea, simplifyRing } from "./geometry";
import type { Pt } from "./types";

/** Text of a given width (in drawing units), its ascent and descent, to set along a line. */
export type AlongText = { width: number; ascent: number; descent: number };

export type PlacedText = {
  /** Start of the baseline. */
  start: Pt;
  /** Direction of the baseline (radians, in the drawing's frame), readable: left to right, or bottom to top. */
  angle: number;
  /** Corners of the text's box. */
  box: Pt[];
};

/** The readable direction of a line (rightwards, or upwards on the page when vertical) and its "up" side. */
function readable(a: Pt, b: Pt, yUp: boolean): { u: Pt; up: Pt; angle: number } | null {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (!(len > 0)) return null;
  let u: Pt = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
  const pageUp = yUp ? u[1] > 0 : u[1] < 0;
  if (u[0] < -1e-9 || (Math.abs(u[0]) <= 1e-9 && !pageUp)) u = [-u[0], -u[1]];
  const up: Pt = yUp ? [-u[1], u[0]] : [u[1], -u[0]];
  return { u, up, angle: Math.atan2(u[1], u[0]) };
}

/**
 * Text set along the segment a-b, centred at the fraction `at` of its length (kept within the segment), on the
 * side `towards` points to (a unit normal), its nearest edge `gap` away from the line. Null when the segment is
 * shorter than the text plus `gap` at each end.
 */
export function textAlong(a: Pt, b: Pt, text: AlongText, { towards, gap, at = 0.5, yUp }: { towards: Pt; gap: number; at?: number; yUp: boolean }): PlacedText | null {
  const dir = readable(a, b, yUp);
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (!dir || len < text.width + 2 * gap) return null;
  const { u, up, angle } = dir;
  // Along the line from its readable start.
  const from = u[0] * (b[0] - a[0]) + u[1] * (b[1] - a[1]) > 0 ? a : b;
  const mid = Math.min(len - gap - text.width / 2, Math.max(gap + text.width / 2, at * len));
  const side = up[0] * towards[0] + up[1] * towards[1] >= 0 ? 1 : -1;
  // Text above its baseline when "up" is the wanted side, else hanging below the line.
  const offset = side > 0 ? gap + text.descent : -(gap + text.ascent);
  const start: Pt = [from[0] + u[0] * (mid - text.width / 2) + up[0] * offset, from[1] + u[1] * (mid - text.width / 2) + up[1] * offset];
  const corner = (along: number, high: number): Pt => [start[0] + u[0] * along + up[0] * high, start[1] + u[1] * along + up[1] * high];
  return { start, angle, box: [corner(0, -text.descent), corner(text.width, -text.descent), corner(text.width, text.ascent), corner(0, text.ascent)] };
}

/** The unit normal of the segment a-b pointing into the ring (towards its inside, by the ring's orientation). */
export function inwardNormal(ring: Pt[], a: Pt, b: Pt): Pt {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  const left: Pt = [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
  // Which side is inside does not depend on the frame: a ring's inside is on the left of a counter-clockwise walk.
  const mid: Pt = [(a[0] + b[0]) / 2 + left[0] * 1e-3 * len, (a[1] + b[1]) / 2 + left[1] * 1e-3 * len];
  return pointInRing(mid, ring) ? left : [-left[0], -left[1]];
}

/**
 * The straight stretches of a ring (its edges once simplified to `tolerance`), longest first, at most `count`, as
 * [a, b] in the ring's walking order, leaving out edges that lie on `avoid` (a fold line).
 */
export function straightStretches(ring: Pt[], tolerance: number, count: number, avoid?: [Pt, Pt]): [Pt, Pt][] {
  if (ring.length < 3 || !signedArea(ring)) return [];
  const simple = simplifyRing(ring, tolerance);
  const out: [Pt, Pt][] = [];
  for (let i = 0; i < simple.length; i++) {
    const a = simple[i];
    const b = simple[(i + 1) % simple.length];
    if (avoid && offLine(a, avoid) <= 2 * tolerance && offLine(b, avoid) <= 2 * tolerance) continue;
    out.push([a, b]);
  }
  const len = ([a, b]: [Pt, Pt]) => Math.hypot(b[0] - a[0], b[1] - a[1]);
  return out.sort((x, y) => len(y) - len(x)).slice(0, count);
}

/** Whether a polyline enters a convex box (4 corners): a point inside it, or a segment crossing an edge. */
export function boxMeetsLine(box: Pt[], line: Pt[]): boolean {
  const bb = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const [x, y] of box) {
    bb.minX = Math.min(bb.minX, x);
    bb.minY = Math.min(bb.minY, y);
    bb.maxX = Math.max(bb.maxX, x);
    bb.maxY = Math.max(bb.maxY, y);
  }
  for (let i = 0; i < line.length; i++) {
    const p = line[i];
    const q = line[i + 1];
    if (q && (Math.max(p[0], q[0]) < bb.minX || Math.min(p[0], q[0]) > bb.maxX || Math.max(p[1], q[1]) < bb.minY || Math.min(p[1], q[1]) > bb.maxY)) continue;
    if (pointInRing(p, box)) return true;
    if (!q) continue;
    for (let k = 0; k < 4; k++) if (segmentsCross(p, q, box[k], box[(k + 1) % 4])) return true;
  }
  return false;
}

function segmentsCross(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const o = (p: Pt, q: Pt, r: Pt) => (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  const d1 = o(c, d, a);
  const d2 = o(c, d, b);
  const d3 = o(a, b, c);
  const d4 = o(a, b, d);
  return d1 * d2 <= 0 && d3 * d4 <= 0 && (d1 !== 0 || d2 !== 0 || d3 !== 0 || d4 !== 0);
}

/** Distance from p to the line through a and b. */
function offLine(p: Pt, [a, b]: [Pt, Pt]): number {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  return Math.abs((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) / len;
}

export type FoldMarks = {
  /** The bracket: a bar parallel to the fold and two legs to it, each leg ending in an arrow head on the fold. */
  lines: Pt[][];
  /** "PLACE ON FOLD" between the legs, along the fold, when it fits. */
  text: PlacedText | null;
};

/**
 * The fold's bracket and words: legs at a quarter and three quarters of the fold (or nearer its middle on a long
 * fold), `depth` into the piece (at most 40 % of the piece's width across the fold), arrow heads of `head` on the
 * fold; the text just inside the fold, between the legs, unless it would leave the ring or cross a line of `avoid`.
 * Null when the fold is too short for a bracket (under 6 heads) or the bracket's inner half would leave the ring.
 */
export function foldMarks(
  ring: Pt[],
  fold: [Pt, Pt],
  { depth: wanted, head, gap, text, yUp, avoid = [] }: { depth: number; head: number; gap: number; text: AlongText; yUp: boolean; avoid?: Pt[][] },
): FoldMarks | null {
  const [a, b] = fold;
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (!(len >= 6 * head)) return null;
  const u: Pt = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
  const n = inwardNormal(ring, a, b);
  const across = Math.max(0, ...ring.map((p) => (p[0] - a[0]) * n[0] + (p[1] - a[1]) * n[1]));
  const depth = Math.min(wanted, 0.4 * across);
  if (!(depth >= 2 * head)) return null;
  // Legs apart by half the fold, at most as far as the text needs and a little more.
  const half = Math.min(len / 4, Math.max(text.width / 2 + 2 * head, len / 8));
  const mid: Pt = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const at = (along: number, into: number): Pt => [mid[0] + u[0] * along + n[0] * into, mid[1] + u[1] * along + n[1] * into];
  const lines: Pt[][] = [[at(-half, 0), at(-half, depth), at(half, depth), at(half, 0)]];
  for (const s of [-1, 1]) lines.push([at(s * half - head * 0.4, head), at(s * half, 0), at(s * half + head * 0.4, head)]);
  // An outline that crosses itself (a broken grading) may leave no room for the bracket inside it: no marks then.
  const bar = lines[0];
  if (!pointInRing(bar[1], ring) || !pointInRing(bar[2], ring) || boxMeetsLine([bar[1], bar[2], at(half, depth / 2), at(-half, depth / 2)], [...ring, ring[0]]))
    return null;
  let placed: PlacedText | null = null;
  if (text.width + 2 * gap <= 2 * half - 2 * head && text.ascent + text.descent + 2 * gap <= depth) {
    placed = textAlong(at(-half + head, 0), at(half - head, 0), text, { towards: n, gap, yUp });
    const clear = (box: Pt[]) => box.every((p) => pointInRing(p, ring)) && !boxMeetsLine(box, [...ring, ring[0]]) && !avoid.some((line) => boxMeetsLine(box, line));
    if (placed && !clear(placed.box)) placed = null;
  }
  return { lines, text: placed };
}

/**
 * The cut line of a piece on the fold: the ring's edges that do not lie on the fold (within `tolerance` of its line
 * and between its ends), as open polylines, so the fold can be drawn as a fold and not as a cut. Null when no edge
 * lies on it.
 */
export function cutRuns(ring: Pt[], fold: [Pt, Pt], tolerance: number): Pt[][] | null {
  const [a, b] = fold;
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (ring.length < 3 || !(len > 0)) return null;
  const onFold = (p: Pt) => {
    const t = ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / len;
    return offLine(p, fold) <= tolerance && t >= -tolerance && t <= len + tolerance;
  };
  const n = ring.length;
  const foldEdge = ring.map((p, i) => onFold(p) && onFold(ring[(i + 1) % n]));
  const start = foldEdge.indexOf(true);
  if (start < 0) return null;
  const runs: Pt[][] = [];
  let run: Pt[] = [];
  for (let k = 1; k <= n; k++) {
    const i = (start + k) % n;
    if (foldEdge[i]) {
      if (run.length) runs.push(run);
      run = [];
      continue;
    }
    if (!run.length) run = [ring[i]];
    run.push(ring[(i + 1) % n]);
  }
  return runs;
}
