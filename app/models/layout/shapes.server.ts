/**
 * The pieces of a cutting layout (issue 25, decision 116): each cut of a piece laid on the grain, as drawn or mirrored,
 * and its outline for the nesting (simplified, then offset by half the gap through clipper-lib). Pure functions, mm.
 */
import ClipperLib, { type Path } from "clipper-lib";

import { bboxOf, simplifyRing } from "../patterns/geometry";
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
  /** The real outline (unfolded when cut on the fold), turned, not simplified. */
  outline: Pt[];
  grain?: [Pt, Pt];
  width: number;
  height: number;
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

/** The angle that turns a piece's grain line onto +y (0 without a grain line: laid as drawn). */
function grainTurn(piece: PatternPiece): number {
  const g = piece.grain;
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

/** The simplified outline grown by `grow` mm (miter joins: they contain the round offset), in clipper units. */
function nestOutline(outline: Pt[], grow: number, tolerance: number): Path | null {
  const simple = simplifyRing(outline, tolerance);
  // A self-crossing outline (a grading fault) becomes what it encloses.
  const whole = largest(ClipperLib.Clipper.SimplifyPolygon(toPath(simple), ClipperLib.PolyFillType.pftNonZero));
  if (!whole) return null;
  const offset = new ClipperLib.ClipperOffset(2, 0.25 * SCALE);
  offset.AddPath(whole, ClipperLib.JoinType.jtMiter, ClipperLib.EndType.etClosedPolygon);
  const grown: Path[] = [];
  offset.Execute(grown, grow * SCALE);
  const out = largest(grown);
  return out ? ClipperLib.Clipper.CleanPolygon(out, 0.05 * SCALE) : null;
}

/** A piece turned onto the grain, ready to nest with a gap of `gapMm` between outlines; null when it has no area. */
export function shapeOf(piece: PatternPiece, gapMm: number): Shape | null {
  const turn = grainTurn(piece);
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  const rot = ([x, y]: Pt): Pt => [x * cos - y * sin, x * sin + y * cos];
  const turned = (piece.unfolded?.boundary ?? piece.boundary).map(rot);
  const box = bboxOf(turned);
  if (turned.length < 3 || !(box.width > 0 && box.height > 0)) return null;
  const local = ([x, y]: Pt): Pt => [x - box.minX, y - box.minY];
  const outline = turned.map(local);
  let tolerance = SIMPLIFY_MM;
  let nest = nestOutline(outline, gapMm / 2 + tolerance, tolerance);
  while (nest && nest.length > MAX_NEST_POINTS && tolerance < 16) {
    tolerance *= 2;
    nest = nestOutline(outline, gapMm / 2 + tolerance, tolerance);
  }
  if (!nest || nest.length < 3) return null;
  return {
    name: piece.name,
    outline,
    grain: piece.grain ? [local(rot(piece.grain[0])), local(rot(piece.grain[1]))] : undefined,
    width: box.width,
    height: box.height,
    area: piece.unfolded?.area ?? piece.area,
    nest,
    convex: isConvex(nest),
    W: Math.round(box.width * SCALE),
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
