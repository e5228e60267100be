/**
 * The pieces of a cutting layout (issue 25, decision 116): each cut of a piece laid on the grain, as drawn or mirrored,
 * and its outline for the nesting (simplified, then offset by half the gap through clipper-lib). Pure functions, mm.
 */
import ClipperLib, { type Path } from "clipper-lib";

import { bboxOf, pointInRing, simplifyRing } from "./geometry";
import { cutsOf } from "./pieces";
import type { Pattern, PatternPiece, Pt } from "./types";
import { hull, isConvex, largest } from "./minkowski.server";

/** Integer units per millimetre in clipper-lib's coordinates (0.01 mm). */
export const SCALE = 100;
/** Douglas-Peucker tolerance of the outlines the nesting uses, mm; doubled for a piece with too many points left. */
const SIMPLIFY_MM = 0.5;
const MAX_NEST_POINTS = 24;
/**
 * An outline of more points than this (a curve exported at high resolution: 100,000 vertices) is first thinned to
 * within FINE_MM of itself: clipper's SimplifyPolygon is quadratic in the points, and a 100,000-vertex piece kept a
 * layout 30 s in the pool (issue 34, item 2). Its nest outline grows by FINE_MM more, so the gap still holds for
 * the real outline; the drawn outline is the thinned one (0.02 mm is below what a drawing or a cutter shows).
 */
const DENSE_POINTS = 2_000;
const FINE_MM = 0.02;

/**
 * One piece of the layout in its own frame, turned so its grain line runs along y (the fabric's length), its real
 * outline's box starting at (0, 0). `nest` is the simplified outline offset by half the gap plus the simplification
 * tolerance (so two nest outlines that do not overlap keep the real outlines a gap apart), in clipper units.
 */
export type Shape = {
  name: string;
  /** The real outline (unfolded when cut on the fold, the half when laid against a fold), turned, not simplified. */
  outline: Pt[];
  /** Laid against a fold: the whole piece in the same frame, the fold at x = 0 (x from −width to width). */
  whole?: Pt[];
  grain?: [Pt, Pt];
  /** Drill holes and notches in the same frame (open pieces; the half of an on-fold piece as drawn). */
  drill: Pt[];
  notches: Pt[];
  width: number;
  height: number;
  /** The area of one cut (the whole piece when it is cut on the fold). */
  area: number;
  nest: Path;
  /** `nest` is convex (a cheaper no-fit polygon). */
  convex: boolean;
  /** The real box in clipper units (rounded), the frame the flips of `nest` use. */
  W: number;
  H: number;
};

/** How many times a piece is cut from `material` (PieceCut quantities; at least 1, as the fabric estimate counts). */
export function cutCount(piece: PatternPiece, material?: string): number {
  const cuts = cutsOf(piece);
  if (material === undefined) return Math.max(1, cuts[0]!.quantity);
  return Math.max(1, cuts.reduce((s, c) => s + (c.material === material ? c.quantity : 0), 0));
}

/** The pieces of one size cut from one material, as the fabric estimate selects them (fabric.server.ts). */
export function piecesToCut(pattern: Pattern, size: string, material: string): PatternPiece[] {
  return pattern.pieces.filter((p) => p.size === size && cutsOf(p).some((c) => c.material === material));
}

/** The angle that turns a piece's grain line (else `line`) onto +y (0 without one: laid as drawn). */
function grainTurn(piece: PatternPiece, line?: [Pt, Pt]): number {
  const g = piece.grain ?? line;
  if (!g) return 0;
  const dx = g[1][0] - g[0][0];
  const dy = g[1][1] - g[0][1];
  if (!(Math.hypot(dx, dy) > 1e-9)) return 0;
  return Math.PI / 2 - Math.atan2(dy, dx);
}

const toPath = (ring: Pt[]): Path => ring.map(([x, y]) => ({ X: Math.round(x * SCALE), Y: Math.round(y * SCALE) }));

/** Distance from p to the segment ab. */
function toSegment([px, py]: Pt, [ax, ay]: Pt, [bx, by]: Pt): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.min(1, Math.max(0, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/**
 * How far the outline reaches outside its simplification, mm: the points of the outline (its vertices and the middles
 * of its edges) outside the simplified ring, at their distance from it. Growing the simplified ring by this (not by
 * the whole tolerance: most of the cut is inward or nil) covers the outline again.
 */
function outreach(outline: Pt[], simple: Pt[]): number {
  let far = 0;
  const n = outline.length;
  for (let i = 0; i < n; i++) {
    const a = outline[i]!;
    const b = outline[(i + 1) % n]!;
    for (const p of [a, [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] as Pt]) {
      if (pointInRing(p, simple)) continue;
      let d = Infinity;
      for (let j = 0, m = simple.length; j < m; j++) d = Math.min(d, toSegment(p, simple[j]!, simple[(j + 1) % m]!));
      far = Math.max(far, d);
    }
  }
  return far;
}

/** `path` grown by `mm` (miter joins: they contain the round offset), its largest ring. */
function grownBy(path: Path, mm: number): Path | undefined {
  const offset = new ClipperLib.ClipperOffset(2, 0.25 * SCALE);
  offset.AddPath(path, ClipperLib.JoinType.jtMiter, ClipperLib.EndType.etClosedPolygon);
  const grown: Path[] = [];
  offset.Execute(grown, mm * SCALE);
  return largest(grown);
}

/**
 * The simplified ring with each of its edges pushed out by as far as the outline it replaces reaches past it (not the
 * farthest reach of the whole outline: a straight side stays where it is while a curve's chord moves out to the
 * curve), its corners where the pushed edges meet; a corner whose edges meet far out (nearly parallel edges, a spike)
 * is cut by its two pushed ends. Null when `simple` is not a subsequence of `outline`'s points.
 */
function pushedOut(outline: Pt[], simple: Pt[]): Pt[] | null {
  const n = outline.length;
  const m = simple.length;
  const at: number[] = [];
  for (let i = 0, k = 0; i < n && k < m; i++) if (outline[i]![0] === simple[k]![0] && outline[i]![1] === simple[k]![1]) at[k++] = i;
  if (at.length !== m || m < 3) return null;
  let twice = 0;
  for (let i = 0; i < n; i++) twice += outline[i]![0] * outline[(i + 1) % n]![1] - outline[(i + 1) % n]![0] * outline[i]![1];
  const side = twice >= 0 ? 1 : -1;
  // Per edge: its outward unit normal and how far the outline between its ends reaches past it.
  const edges = simple.map((a, k) => {
    const b = simple[(k + 1) % m]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (!(len > 0)) return null;
    const nx = (side * (b[1] - a[1])) / len;
    const ny = (side * (a[0] - b[0])) / len;
    let reach = 0;
    const end = k + 1 < m ? at[k + 1]! : at[0]! + n;
    for (let i = at[k]!; i <= end; i++) {
      const p = outline[i % n]!;
      reach = Math.max(reach, (p[0] - a[0]) * nx + (p[1] - a[1]) * ny);
    }
    return { a, b, nx, ny, reach };
  });
  if (edges.some((e) => !e)) return null;
  const out: Pt[] = [];
  for (let k = 0; k < m; k++) {
    const e1 = edges[(k + m - 1) % m]!;
    const e2 = edges[k]!;
    const v = simple[k]!;
    const p1: Pt = [v[0] + e1.nx * e1.reach, v[1] + e1.ny * e1.reach];
    const p2: Pt = [v[0] + e2.nx * e2.reach, v[1] + e2.ny * e2.reach];
    const d1x = e1.b[0] - e1.a[0];
    const d1y = e1.b[1] - e1.a[1];
    const d2x = e2.b[0] - e2.a[0];
    const d2y = e2.b[1] - e2.a[1];
    const den = d1x * d2y - d1y * d2x;
    if (Math.abs(den) > 1e-9) {
      const t = ((p2[0] - p1[0]) * d2y - (p2[1] - p1[1]) * d2x) / den;
      const q: Pt = [p1[0] + t * d1x, p1[1] + t * d1y];
      if (Math.hypot(q[0] - v[0], q[1] - v[1]) <= 2 * Math.max(e1.reach, e2.reach) + 0.01) {
        out.push(q);
        continue;
      }
    }
    out.push(p1, p2);
  }
  return out;
}

/**
 * One simple ring holding every part of a self-crossing outline (`parts`, clipper paths): the parts grown together by
 * 0.05 mm (they meet where the outline crosses itself), else the convex hull of the outline; mm.
 */
function enclosingRing(outline: Pt[], parts: Path[]): Pt[] {
  const offset = new ClipperLib.ClipperOffset(2, 0.25 * SCALE);
  offset.AddPaths(parts, ClipperLib.JoinType.jtMiter, ClipperLib.EndType.etClosedPolygon);
  const grown: Path[] = [];
  offset.Execute(grown, 0.05 * SCALE);
  const ring = grown.length === 1 ? grown[0]! : hull(toPath(outline));
  return ring.map((p): Pt => [p.X / SCALE, p.Y / SCALE]);
}

/** Whether `outer` holds every part of `inner` (clipper paths): nothing of inner left outside it. */
function holds(outer: Path, inner: Path[]): boolean {
  const clipper = new ClipperLib.Clipper();
  clipper.AddPaths(inner, ClipperLib.PolyType.ptSubject, true);
  clipper.AddPath(outer, ClipperLib.PolyType.ptClip, true);
  const left: Path[] = [];
  clipper.Execute(ClipperLib.ClipType.ctDifference, left, ClipperLib.PolyFillType.pftNonZero, ClipperLib.PolyFillType.pftNonZero);
  return left.length === 0;
}

/**
 * The outline simplified by `tolerance` and grown by `grow` mm plus how far the outline reaches outside the
 * simplification, in clipper units, two ways: each simplified edge pushed out by its own reach (pushedOut), when the
 * result is checked to hold `real` (every part the piece's own outline encloses), and the whole simplification grown by
 * the farthest reach. `outline` is a simple ring (enclosingRing).
 */
function nestOutlines(outline: Pt[], real: Path[], grow: number, tolerance: number): Path[] {
  const simple = simplifyRing(outline, tolerance);
  const pushed = pushedOut(outline, simple);
  const tight = pushed && largest(ClipperLib.Clipper.SimplifyPolygon(toPath(pushed), ClipperLib.PolyFillType.pftNonZero));
  // 0.05 mm over the reach: the rounding to clipper units.
  const margin = tight && grownBy(tight, 0.05);
  const pushedNest = margin && holds(margin, real) ? grownBy(margin, grow) : undefined;
  const whole = largest(ClipperLib.Clipper.SimplifyPolygon(toPath(simple), ClipperLib.PolyFillType.pftNonZero));
  const reach = Math.min(outreach(outline, simple) + 0.05, tolerance);
  const grownNest = whole && grownBy(whole, grow + reach);
  return [pushedNest, grownNest].flatMap((p) => (p ? [ClipperLib.Clipper.CleanPolygon(p, 0.05 * SCALE)] : []));
}

/** A fold line more than this far from parallel to the grain (mm over its length, per mm) cannot lie on a lengthwise fold. */
const FOLD_SLANT = 0.002;

/**
 * A piece turned onto the grain, ready to nest with a gap of `gapMm` between outlines; null when it has no area.
 * `half`: a piece cut on the fold, as its half (`boundary`) with the fold line on x = 0 and the piece on x ≥ 0, to
 * lie against a lengthwise fold; null when its fold does not run along the grain or the outline is not on one side.
 */
export function shapeOf(piece: PatternPiece, gapMm: number, { half = false }: { half?: boolean } = {}): Shape | null {
  if (half && !(piece.onFold && piece.fold)) return null;
  const turn = grainTurn(piece, half ? piece.fold : undefined);
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  const rot = ([x, y]: Pt): Pt => [x * cos - y * sin, x * sin + y * cos];
  let turned = (half ? piece.boundary : (piece.unfolded?.boundary ?? piece.boundary)).map(rot);
  let whole: Pt[] | undefined;
  if (half) {
    const [f0, f1] = [rot(piece.fold![0]), rot(piece.fold![1])];
    if (Math.abs(f1[0] - f0[0]) > FOLD_SLANT * Math.abs(f1[1] - f0[1]) + 0.05) return null;
    const xf = (f0[0] + f1[0]) / 2;
    const xs = turned.map((p) => p[0] - xf);
    const side = Math.min(...xs) >= -0.5 ? 1 : Math.max(...xs) <= 0.5 ? -1 : 0;
    if (!side) return null;
    const fromFold = ([x, y]: Pt): Pt => [side * (x - xf), y];
    turned = turned.map(fromFold);
    const full = piece.unfolded?.boundary.map(rot).map(fromFold);
    whole = full ?? [...turned, ...turned.slice().reverse().map(([x, y]): Pt => [-x, y])];
  }
  const box = bboxOf(turned);
  if (turned.length < 3 || !(box.width > 0 && box.height > 0)) return null;
  // Against a fold the frame starts at the fold (x = 0), whatever the outline's few tenths on the other side.
  const minX = half ? 0 : box.minX;
  const local = ([x, y]: Pt): Pt => [x - minX, y - box.minY];
  const dense = turned.length > DENSE_POINTS;
  const outline = dense ? simplifyRing(turned.map(local), FINE_MM) : turned.map(local);
  if (dense && whole && whole.length > DENSE_POINTS) whole = simplifyRing(whole, FINE_MM);
  // What the thinning may have cut off is added to the gap (DENSE_POINTS).
  const grow = gapMm / 2 + (dense ? FINE_MM : 0);
  const width = box.maxX - minX;
  // Every part the outline encloses: a self-crossing one (a grading fault) encloses several, all of which are cut.
  const real = ClipperLib.Clipper.SimplifyPolygon(toPath(outline), ClipperLib.PolyFillType.pftNonZero);
  const base = real.length > 1 ? enclosingRing(outline, real) : outline;
  // Of the tolerances from SIMPLIFY_MM to 16 mm in steps of √2, the tightest nest outline (least area) of at most
  // MAX_NEST_POINTS points; the one of fewest points when none has so few.
  const candidates: Path[] = [];
  for (let tolerance = SIMPLIFY_MM; tolerance <= 16; tolerance *= Math.SQRT2) candidates.push(...nestOutlines(base, real, grow, tolerance));
  const area = (p: Path) => Math.abs(ClipperLib.Clipper.Area(p));
  const fitting = candidates.filter((p) => p.length <= MAX_NEST_POINTS);
  const nest = fitting.length
    ? fitting.reduce((a, b) => (area(b) < area(a) ? b : a))
    : candidates.reduce<Path | null>((a, b) => (!a || b.length < a.length ? b : a), null);
  if (!nest || nest.length < 3) return null;
  return {
    name: piece.name,
    outline,
    ...(whole ? { whole: whole.map(local) } : {}),
    grain: piece.grain ? [local(rot(piece.grain[0])), local(rot(piece.grain[1]))] : undefined,
    drill: half ? [] : (piece.drill ?? []).map((q) => local(rot(q))),
    notches: half ? [] : (piece.notches ?? []).map((q) => local(rot(q))),
    width,
    height: box.height,
    area: half ? (piece.unfolded?.area ?? piece.area * 2) : (piece.unfolded?.area ?? piece.area),
    nest,
    convex: isConvex(nest),
    W: Math.round(width * SCALE),
    H: Math.round(box.height * SCALE),
  };
}

/**
 * A flip of a shape in its frame: fx mirrors x (x -> W - x), fy mirrors y. A piece mirrored across the grain is
 * fx; turned 180 degrees, fx and fy; both, fy alone.
 */
export type Flip = { fx: boolean; fy: boolean };

export const flipOf = (mirrored: boolean, turned: boolean): Flip => ({ fx: mirrored !== turned, fy: turned });

export function flipPath(path: Path, W: number, H: number, { fx, fy }: Flip): Path {
  const out = path.map((p) => ({ X: fx ? W - p.X : p.X, Y: fy ? H - p.Y : p.Y }));
  return fx !== fy ? out.reverse() : out;
}

export function flipPoint([x, y]: Pt, width: number, height: number, { fx, fy }: Flip): Pt {
  return [fx ? width - x : x, fy ? height - y : y];
}

/** A piece's box as laid (its grain along the fabric's length, unfolded): across (width) and along (length), mm. */
export function laidBox(piece: PatternPiece): { width: number; length: number } {
  const turn = grainTurn(piece);
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  const box = bboxOf((piece.unfolded?.boundary ?? piece.boundary).map(([x, y]): Pt => [x * cos - y * sin, x * sin + y * cos]));
  return { width: box.width, length: box.height };
}
