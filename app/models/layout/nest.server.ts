/**
 * Cutting layouts (issue 25, decision 116): the pieces of one size and one material nested on a fabric width with the
 * grain kept, in the spirit of SVGnest and Deepnest.
 *
 * 1. Every cut is a shape (shapes.server.ts): unfolded when cut on the fold, turned so its grain line runs along the
 *    fabric's length (y), then turned 0 or 180 degrees only; of a piece cut twice or more, every second copy is
 *    mirrored across the grain (a "Cut 2" is a mirrored pair). The nesting outline is the outline simplified to
 *    0.5 mm and grown by half the gap (plus that tolerance) with clipper-lib's offsetting.
 * 2. No-fit polygons: where a shape may not go next to a placed one is the Minkowski sum of the placed outline and
 *    the mirror image through the origin of the moving one (clipper-lib's MinkowskiSum), its outer boundary kept.
 *    The inner-fit region is the rectangle that keeps the shape's real outline within [0, width]. The shape goes to
 *    the lowest, then leftmost, vertex of the inner-fit rectangle less the union of the no-fit polygons (a clipper
 *    difference, whose vertices are the NFP vertices and their intersections); of its two turns, the one whose top
 *    comes lowest.
 * 3. Ordering passes: by area, by height, by width (each descending), then 12 shuffles from a fixed seed, each order
 *    laid twice: by the bottom-left rule above, then by a fill rule (the leftmost vertex that keeps the piece under
 *    the length so far, which fills the width with the small pieces). The shortest layout is kept; a pass that grows
 *    past the best length so far stops early. The no-fit polygons are cached, so a pass costs one clipper difference
 *    per piece and turn; a count budget of placements (PLACEMENT_BUDGET) ends the passes of a large layout early.
 * Deterministic: integer clipper coordinates and a fixed seed give the same layout for the same input.
 */
import ClipperLib, { type Path } from "clipper-lib";

import type { PatternPiece, Pt } from "../patterns/types";
import { noFitPolygon } from "./minkowski.server";
import { cutCount, flipOf, flipPath, flipPoint, SCALE, shapeOf, type Flip, type Shape } from "./shapes.server";

export type Placement = {
  name: string;
  /** The turn after laying the grain along the length: 0 or 180 degrees. */
  rotation: 0 | 180;
  /** Mirrored across the grain (the second of a pair). */
  mirrored: boolean;
  /** The real outline placed on the fabric, mm: x across the width from 0, y along the length from 0. */
  polygon: Pt[];
  /** The grain line placed (parallel to y), when the piece has one. */
  grain?: [Pt, Pt];
};

export type Layout = {
  widthMm: number;
  gapMm: number;
  /** From y = 0 to the top of the highest piece, mm. */
  lengthMm: number;
  /** The pieces' area over the width: the length of a perfect nesting, mm. */
  lowerBoundMm: number;
  /** The pieces' area (every cut), mm². */
  areaMm2: number;
  /** areaMm2 / (widthMm × lengthMm). */
  efficiency: number;
  /** One per cut piece, in the order of the pieces given (a piece's copies together), on the opened fabric. */
  placements: Placement[];
  /**
   * Laid on the fabric folded lengthwise (the pattern has pieces cut on the fold): what the sewer lays on the folded
   * fabric, else null. In a folded layout `placements` are the cut pieces on the opened fabric, the fold at x =
   * widthMm / 2.
   */
  folded: FoldedView | null;
};

/** The folded fabric as laid: x from the fold (0) to the selvedges (widthMm / 2), y along the length. */
export type FoldedView = { widthMm: number; view: FoldedPlacement[] };
/** `layers` 2: cut through both layers (a mirrored pair, or an on-fold piece whose half lies against the fold). */
export type FoldedPlacement = Placement & { layers: 1 | 2; onFold: boolean };

export type LayoutError = "bad_width" | "bad_gap" | "no_pieces" | "too_many_pieces" | "too_wide";
export type LayoutResult = { ok: true; layout: Layout } | { ok: false; error: LayoutError; pieces?: string[] };

export const LAYOUT_LIMITS = { minWidthMm: 100, maxWidthMm: 5000, maxGapMm: 50, maxCuts: 300 } as const;

export type LayoutInput = {
  /** The pieces of one size cut from one material (piecesToCut). */
  pieces: PatternPiece[];
  /** Counts each piece's cuts of this material; without it, each piece's first cut. */
  material?: string;
  widthMm: number;
  gapMm: number;
  /** Ordering passes after the three sorted ones (seeded shuffles), each laid by both rules. */
  shuffles?: number;
};

type Item = { shape: number; mirrored: boolean; index: number };
type Placed = { shape: number; flip: Flip; X: number; Y: number };
type Rule = "bottom" | "left";
const RULES: Rule[] = ["bottom", "left"];
/** Placements (a piece in both turns) tried over all passes. */
const PLACEMENT_BUDGET = 400;

/** mulberry32: a small seeded generator, so the shuffles are the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Lays out the cuts of `pieces` on `widthMm` of fabric with `gapMm` between outlines. */
export function layoutPieces({ pieces, material, widthMm, gapMm, shuffles = 12 }: LayoutInput): LayoutResult {
  if (!Number.isFinite(widthMm) || widthMm < LAYOUT_LIMITS.minWidthMm || widthMm > LAYOUT_LIMITS.maxWidthMm) return { ok: false, error: "bad_width" };
  if (!Number.isFinite(gapMm) || gapMm < 0 || gapMm > LAYOUT_LIMITS.maxGapMm) return { ok: false, error: "bad_gap" };
  const counts = pieces.map((p) => cutCount(p, material));
  if (counts.reduce((s, n) => s + n, 0) > LAYOUT_LIMITS.maxCuts) return { ok: false, error: "too_many_pieces" };

  const shapes: Shape[] = [];
  const items: Item[] = [];
  pieces.forEach((piece, i) => {
    const shape = shapeOf(piece, gapMm);
    if (!shape) return;
    shapes.push(shape);
    for (let c = 0; c < counts[i]!; c++) items.push({ shape: shapes.length - 1, mirrored: c % 2 === 1, index: items.length });
  });
  if (!items.length) return { ok: false, error: "no_pieces" };
  const tooWide = shapes.filter((s) => s.width > widthMm);
  if (tooWide.length) return { ok: false, error: "too_wide", pieces: tooWide.map((s) => s.name) };

  const fabricW = Math.floor(widthMm * SCALE);
  const farY = Math.ceil((shapes.reduce((s, sh) => s + sh.height, 0) * 2 + items.length * (gapMm + 2) + 1000) * SCALE);

  // No-fit polygons of a fixed shape in its own frame against a moving one flipped by w, cached; any other pair of
  // flips is the same polygon flipped and moved (flipping both shapes flips their Minkowski sum).
  const canonical = new Map<string, Path>();
  function nfp(a: Placed, b: number, fb: Flip): Path {
    const w: Flip = { fx: a.flip.fx !== fb.fx, fy: a.flip.fy !== fb.fy };
    const key = `${a.shape}:${b}:${+w.fx}${+w.fy}`;
    const A = shapes[a.shape]!;
    const B = shapes[b]!;
    let base = canonical.get(key);
    if (!base) {
      // B fixed and A moving is the same relation seen from the other side: A ⊕ −w(B) = −L(B ⊕ −w(A)) − L·cA − cB,
      // where w(P) = L·P + cP (L mirrors the flipped axes, cP the frame's size on them). One sum serves both.
      const other = canonical.get(`${b}:${a.shape}:${+w.fx}${+w.fy}`);
      if (other) {
        const lx = w.fx ? -1 : 1;
        const ly = w.fy ? -1 : 1;
        const cx = (w.fx ? A.W : 0) * lx + (w.fx ? B.W : 0);
        const cy = (w.fy ? A.H : 0) * ly + (w.fy ? B.H : 0);
        base = other.map((p) => ({ X: -lx * p.X - cx, Y: -ly * p.Y - cy }));
        if (lx !== ly) base.reverse();
      } else {
        base = noFitPolygon(A.nest, flipPath(B.nest, B.W, B.H, w), A.convex, B.convex);
      }
      canonical.set(key, base);
    }
    const sx = a.flip.fx ? -1 : 1;
    const sy = a.flip.fy ? -1 : 1;
    const ox = (a.flip.fx ? A.W : 0) - (fb.fx ? B.W : 0) + sx * (w.fx ? B.W : 0) + a.X;
    const oy = (a.flip.fy ? A.H : 0) - (fb.fy ? B.H : 0) + sy * (w.fy ? B.H : 0) + a.Y;
    const out = base.map((p) => ({ X: sx * p.X + ox, Y: sy * p.Y + oy }));
    return sx !== sy ? out.reverse() : out;
  }

  /**
   * A position of shape b flipped by fb among the placed shapes, null when none. "bottom": the lowest, then leftmost,
   * vertex of the free region. "left": the leftmost, then lowest, vertex that keeps the piece under `top` (the
   * length so far), filling the width with small pieces; the bottom rule when none does.
   */
  function position(placed: Placed[], b: number, fb: Flip, rule: Rule, top: number): { X: number; Y: number } | null {
    const maxX = fabricW - shapes[b]!.W;
    if (maxX < 0) return null;
    const right = Math.max(maxX, 1);
    if (!placed.length) return { X: 0, Y: 0 };
    const fit: Path = [
      { X: 0, Y: 0 },
      { X: right, Y: 0 },
      { X: right, Y: farY },
      { X: 0, Y: farY },
    ];
    const clipper = new ClipperLib.Clipper();
    clipper.AddPath(fit, ClipperLib.PolyType.ptSubject, true);
    for (const a of placed) {
      const poly = nfp(a, b, fb);
      if (poly.length >= 3) clipper.AddPath(poly, ClipperLib.PolyType.ptClip, true);
    }
    const free: Path[] = [];
    clipper.Execute(ClipperLib.ClipType.ctDifference, free, ClipperLib.PolyFillType.pftNonZero, ClipperLib.PolyFillType.pftNonZero);
    let best: { X: number; Y: number } | null = null;
    let under: { X: number; Y: number } | null = null;
    const H = shapes[b]!.H;
    for (const path of free) {
      for (const p of path) {
        if (!best || p.Y < best.Y || (p.Y === best.Y && p.X < best.X)) best = p;
        if (rule === "left" && p.Y + H <= top && (!under || p.X < under.X || (p.X === under.X && p.Y < under.Y))) under = p;
      }
    }
    const at = under ?? best;
    return at && { X: Math.min(at.X, maxX), Y: at.Y };
  }

  function pass(order: Item[], rule: Rule, bound: number): { placed: (Placed & { item: Item })[]; top: number } | null {
    const placed: (Placed & { item: Item })[] = [];
    let top = 0;
    for (const item of order) {
      let choice: (Placed & { item: Item; top: number }) | null = null;
      for (const turned of [false, true]) {
        const flip = flipOf(item.mirrored, turned);
        const at = position(placed, item.shape, flip, rule, top);
        if (!at) continue;
        const itemTop = at.Y + shapes[item.shape]!.H;
        if (!choice || itemTop < choice.top || (itemTop === choice.top && (at.Y < choice.Y || (at.Y === choice.Y && at.X < choice.X)))) {
          choice = { shape: item.shape, flip, X: at.X, Y: at.Y, item, top: itemTop };
        }
      }
      if (!choice) return null;
      placed.push(choice);
      top = Math.max(top, choice.top);
      if (top >= bound) return null;
    }
    return { placed, top };
  }

  const byArea = [...items].sort((a, b) => shapes[b.shape]!.area - shapes[a.shape]!.area || a.index - b.index);
  const orders: Item[][] = [
    byArea,
    [...items].sort((a, b) => shapes[b.shape]!.height - shapes[a.shape]!.height || a.index - b.index),
    [...items].sort((a, b) => shapes[b.shape]!.width - shapes[a.shape]!.width || a.index - b.index),
  ];
  const random = seeded(25);
  for (let s = 0; s < shuffles; s++) {
    // Big pieces stay early: swap a few neighbours of the area order.
    const order = [...byArea];
    for (let i = 0; i < order.length - 1; i++) if (random() < 0.3) [order[i], order[i + 1]] = [order[i + 1]!, order[i]!];
    orders.push(order);
  }

  let best: { placed: (Placed & { item: Item })[]; top: number } | null = null;
  // A count budget of placements tried (not a clock, so the result does not depend on the machine): every order
  // while the layout is small, the first ones (the sorted orders come first) for a large one.
  let spent = 0;
  for (const order of orders) {
    for (const rule of RULES) {
      if (best && spent + order.length > PLACEMENT_BUDGET) break;
      spent += order.length;
      const result = pass(order, rule, best ? best.top : Infinity);
      if (result && (!best || result.top < best.top)) best = result;
    }
  }
  if (!best) return { ok: false, error: "too_wide", pieces: shapes.map((s) => s.name) };

  const r2 = (n: number) => Math.round(n * 100) / 100;
  const placements = best.placed
    .sort((a, b) => a.item.index - b.item.index)
    .map((p): Placement => {
      const s = shapes[p.shape]!;
      const move = ([x, y]: Pt): Pt => {
        const [u, v] = flipPoint([x, y], s.width, s.height, p.flip);
        return [r2(Math.min(Math.max(u + p.X / SCALE, 0), widthMm)), r2(Math.max(v + p.Y / SCALE, 0))];
      };
      return {
        name: s.name,
        rotation: p.flip.fy ? 180 : 0,
        mirrored: p.item.mirrored,
        polygon: s.outline.map(move),
        ...(s.grain ? { grain: [move(s.grain[0]), move(s.grain[1])] as [Pt, Pt] } : {}),
      };
    });
  const areaMm2 = items.reduce((sum, it) => sum + shapes[it.shape]!.area, 0);
  const lengthMm = Math.max(...placements.flatMap((p) => p.polygon.map((q) => q[1])));
  return {
    ok: true,
    layout: {
      widthMm,
      gapMm,
      lengthMm: r2(lengthMm),
      lowerBoundMm: r2(areaMm2 / widthMm),
      areaMm2: Math.round(areaMm2),
      efficiency: Math.round((areaMm2 / (widthMm * lengthMm)) * 10000) / 10000,
      placements,
      folded: null,
    },
  };
}
