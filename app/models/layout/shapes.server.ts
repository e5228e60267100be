/**
 * The pieces of a cutting layout (issue 25, decision 116): each cut of a piece laid on the grain, as drawn or mirrored,
 * and its outline for the nesting (simplified, then offset by half the gap through clipper-lib). Pure functions, mm.
 */
import ClipperLib, { type Path } from "clipper-lib";

import { bboxOf, pointInRing, simplifyRing } from "../patterns/geometry";
import { cutsOf } from "../patterns/pieces";
import type { Pattern, PatternPiece, Pt } from "../patterns/types";
import { isConvex } from "./minkowski.server";

/** Integer units per millimetre in clipper-lib's coordinates (0.01 mm). */
export const SCALE = 100;
/** Douglas-Peucker tolerance of the outlines the nesting uses, mm; doubled for a piece with too many points left. */
const SIMPLIFY_MM = 0.5;
const MAX_NEST_POINTS = 24;

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

function largest(paths: Path[]): Path | undefined {
  let best: Path | undefined;
  let area = 0;
  for (const p of paths) {
    const a = Math.abs(ClipperLib.Clipper.Area(p));
    if (a > area) [best, area] = [p, a];
  }
  return best;
}

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

/**
 * The outline simplified by `tolerance` and grown by `grow` mm plus how far the outline reaches outside the
 * simplification (miter joins: they contain the round offset), in clipper units.
 */
function nestOutline(outline: Pt[], grow: number, tolerance: number): Path | null {
  const simple = simplifyRing(outline, tolerance);
  // A self-crossing outline (a grading fault) becomes what it encloses.
  const whole = largest(ClipperLib.Clipper.SimplifyPolygon(toPath(simple), ClipperLib.PolyFillType.pftNonZero));
  if (!whole) return null;
  // 0.05 mm over the measured reach: the rounding to clipper units and the edges between the points measured.
  const reach = Math.min(outreach(outline, simple) + 0.05, tolerance);
  const offset = new ClipperLib.ClipperOffset(2, 0.25 * SCALE);
  offset.AddPath(whole, ClipperLib.JoinType.jtMiter, ClipperLib.EndType.etClosedPolygon);
  const grown: Path[] = [];
  offset.Execute(grown, (grow + reach) * SCALE);
  const out = largest(grown);
  return out ? ClipperLib.Clipper.CleanPolygon(out, 0.05 * SCALE) : null;
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
  const outline = turned.map(local);
  const width = box.maxX - minX;
  let tolerance = SIMPLIFY_MM;
  let nest = nestOutline(outline, gapMm / 2, tolerance);
  while (nest && nest.length > MAX_NEST_POINTS && tolerance < 16) {
    tolerance *= 2;
    nest = nestOutline(outline, gapMm / 2, tolerance);
  }
  if (!nest || nest.length < 3) return null;
  return {
    name: piece.name,
    outline,
    ...(whole ? { whole: whole.map(local) } : {}),
    grain: piece.grain ? [local(rot(piece.grain[0])), local(rot(piece.grain[1]))] : undefined,
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
