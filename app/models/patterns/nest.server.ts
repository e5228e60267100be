/**
 * Cutting layouts (issue 25, decision 116): the pieces of one size and one material nested on a fabric width with the
 * grain kept, in the spirit of SVGnest and Deepnest.
 *
 * 1. Every cut is a shape (shapes.server.ts): unfolded when cut on the fold, turned so its grain line runs along the
 *    fabric's length (y), then turned 0 or 180 degrees only; of a piece cut twice or more, every second copy is
 *    mirrored across the grain (a "Cut 2" is a mirrored pair). The nesting outline is the outline simplified (at most
 *    24 points), each simplified edge pushed out to the outline it replaces, and grown by half the gap with
 *    clipper-lib's offsetting (shapes.server.ts).
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
 * 4. A local search on the best order (two pieces swapped), then compaction rounds on the best layout (each piece, those
 *    reaching the top first, re-placed at its lowest place against all the others), each within a count budget.
 * 5. Fold "auto": a pattern with pieces cut on the fold is laid both ways, on the fabric folded lengthwise and open,
 *    and the shorter layout is returned (a tie: folded), so the buyer never buys more fabric for a fold.
 * Deterministic: integer clipper coordinates and a fixed seed give the same layout for the same input.
 */
import ClipperLib, { type Path } from "clipper-lib";

import type { PatternPiece, Pt } from "./types";
import { largest, noFitPolygon } from "./minkowski.server";
import { seeded } from "./strip-core";
import { waitForQuiet } from "./quiet";
import { signedArea, type StripInstance, type StripItem, type StripPlacement } from "./strip-instance";
import { nestStrip } from "./strip-nest.server";
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
  /** Drill holes and notches placed, when asked for (`marks`, the production markers of issue 48). */
  drill?: Pt[];
  notches?: Pt[];
};

export type Layout = {
  widthMm: number;
  gapMm: number;
  /** Kept free at each edge of the fabric, mm (no piece within it); absent (layouts cached before it): 0. */
  selvedgeMm?: number;
  /** From y = 0 to the top of the highest piece, mm. */
  lengthMm: number;
  /** The pieces' area over the usable width (less the selvedges): the length of a perfect nesting, mm. */
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
  /** Laid again by the strip search (decision 155) in the background: set by the layout service, not the engine. */
  improved?: boolean;
};

/** The folded fabric as laid: x from the fold (0) to the selvedges (widthMm / 2), y along the length. */
export type FoldedView = { widthMm: number; view: FoldedPlacement[] };
/** `layers` 2: cut through both layers (a mirrored pair, or an on-fold piece whose half lies against the fold). */
export type FoldedPlacement = Placement & { layers: 1 | 2; onFold: boolean };

export type LayoutError = "bad_width" | "bad_gap" | "bad_selvedge" | "no_pieces" | "too_many_pieces" | "too_wide";
export type LayoutResult = { ok: true; layout: Layout } | { ok: false; error: LayoutError; pieces?: string[] };

export const LAYOUT_LIMITS = { minWidthMm: 100, maxWidthMm: 5000, maxGapMm: 50, maxSelvedgeMm: 100, maxCuts: 300 } as const;

export type LayoutInput = {
  /** The pieces of one size cut from one material (piecesToCut). */
  pieces: PatternPiece[];
  /** Counts each piece's cuts of this material; without it, each piece's first cut. */
  material?: string;
  widthMm: number;
  gapMm: number;
  /**
   * Kept free at each edge (the selvedges), mm: the pieces lie within [selvedgeMm, widthMm − selvedgeMm]; on the
   * folded fabric the selvedges lie together at the open edge. 0 by default.
   */
  selvedgeMm?: number;
  /**
   * "auto" (the default): when a piece is cut on the fold, laid both ways, folded (see "folded") and open, and the
   * shorter layout returned (a tie: folded); else open. "folded": on the fabric folded lengthwise when a piece is cut
   * on the fold (and every piece fits the folded width with its fold along the grain), else open. "open": always on
   * the opened fabric, on-fold pieces unfolded.
   */
  fold?: "auto" | "open" | "folded";
  /** Ordering passes after the three sorted ones (seeded shuffles), each laid by both rules. */
  shuffles?: number;
  /**
   * Evaluations of the strip search (decision 155) that improves the open layout after the greedy passes (0: none,
   * the default); EVALUATIONS_PER_SECOND of them are about a second of one core.
   */
  improve?: number;
  /**
   * "two-way" (the default): pieces turned 0 or 180 degrees; "one-way" (a fabric with a nap or a one-way print): every
   * piece as drawn, never turned (mirrored pairs stay mirrored across the grain, which keeps the nap).
   */
  nap?: "one-way" | "two-way";
  /** Places each piece's drill holes and notches too (Placement's `drill` and `notches`). */
  marks?: boolean;
};

/**
 * One placement to nest. `atFold`: an on-fold piece's half, its fold edge on the fold (x = 0). `layers` 2 on the
 * folded fabric: cut through both layers (the under copy is the mirror); 1: the top layer only (and every open cut).
 */
type Item = { shape: number; mirrored: boolean; index: number; atFold: boolean; layers: 1 | 2 };
type Placed = { shape: number; flip: Flip; X: number; Y: number };
type Rule = "bottom" | "left";
const RULES: Rule[] = ["bottom", "left"];
/** Placements (a piece in both turns) tried over all passes. */
const PLACEMENT_BUDGET = 400;
/** Placements tried by the local search on the best order after the passes. */
const SEARCH_BUDGET = 600;
/** Placements tried by the compaction rounds on the best layout. */
const COMPACT_BUDGET = 200;

/** The shapes and items of a layout: open (every cut, on-fold pieces unfolded) or folded; null when it cannot fold. */
function itemsOf(pieces: PatternPiece[], counts: number[], gapMm: number, folded: boolean): { shapes: Shape[]; items: Item[] } | null {
  const shapes: Shape[] = [];
  const items: Item[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    const n = counts[i]!;
    const atFold = folded && !!piece.onFold;
    const shape = atFold ? shapeOf(piece, gapMm, { half: true }) : shapeOf(piece, gapMm);
    if (!shape) {
      if (atFold) return null;
      continue;
    }
    shapes.push(shape);
    const add = (mirrored: boolean, layers: 1 | 2) => items.push({ shape: shapes.length - 1, mirrored, index: items.length, atFold, layers });
    if (!folded) for (let c = 0; c < n; c++) add(c % 2 === 1, 1);
    else if (atFold) for (let c = 0; c < n; c++) add(c % 2 === 1, 2);
    else {
      for (let c = 0; c + 1 < n; c += 2) add(false, 2);
      if (n % 2) add(false, 1);
    }
  }
  return { shapes, items };
}

/** Lays out the cuts of `pieces` on `widthMm` of fabric with `gapMm` between outlines. */
export function layoutPieces({ pieces, material, widthMm, gapMm, selvedgeMm = 0, fold = "auto", shuffles = 12, improve = 0, nap = "two-way", marks = false }: LayoutInput): LayoutResult {
  if (!Number.isFinite(widthMm) || widthMm < LAYOUT_LIMITS.minWidthMm || widthMm > LAYOUT_LIMITS.maxWidthMm) return { ok: false, error: "bad_width" };
  if (!Number.isFinite(gapMm) || gapMm < 0 || gapMm > LAYOUT_LIMITS.maxGapMm) return { ok: false, error: "bad_gap" };
  if (!Number.isFinite(selvedgeMm) || selvedgeMm < 0 || selvedgeMm > LAYOUT_LIMITS.maxSelvedgeMm || widthMm - 2 * selvedgeMm < LAYOUT_LIMITS.minWidthMm) {
    return { ok: false, error: "bad_selvedge" };
  }
  const usable = widthMm - 2 * selvedgeMm;
  const counts = pieces.map((p) => cutCount(p, material));
  if (counts.reduce((s, n) => s + n, 0) > LAYOUT_LIMITS.maxCuts) return { ok: false, error: "too_many_pieces" };

  const oneWay = nap === "one-way";
  let folded: Nested | null = null;
  if (fold !== "open" && pieces.some((p) => p.onFold)) {
    const set = itemsOf(pieces, counts, gapMm, true);
    const frame = usable / 2;
    if (set && set.items.length && set.shapes.every((s) => s.width <= frame)) folded = nestItems(set.shapes, set.items, { widthMm, selvedgeMm, gapMm, shuffles, folded: true, oneWay, marks });
  }
  if (folded && fold === "folded") return folded.finish(improve);
  const set = itemsOf(pieces, counts, gapMm, false)!;
  const tooWide = set.shapes.filter((s) => s.width > usable);
  const open = set.items.length && !tooWide.length ? nestItems(set.shapes, set.items, { widthMm, selvedgeMm, gapMm, shuffles, folded: false, oneWay, marks }) : null;
  if (!open) {
    if (folded) return folded.finish(improve);
    if (!set.items.length) return { ok: false, error: "no_pieces" };
    return { ok: false, error: "too_wide", pieces: (tooWide.length ? tooWide : set.shapes).map((s) => s.name) };
  }
  if (!folded) return open.finish(improve);
  // Auto: the search's budget goes to the shorter greedy layout (a tie: folded); the shorter of the two is returned (a
  // tie: folded), so the buyer never buys more fabric for the convenience of a fold.
  const searchFolded = folded.top <= open.top;
  const onFold = folded.finish(searchFolded ? improve : 0);
  const opened = open.finish(searchFolded ? 0 : improve);
  if (onFold.ok && (!opened.ok || onFold.layout.lengthMm <= opened.layout.lengthMm)) return onFold;
  return opened;
}

/**
 * The strip search (decision 155) on a greedy layout: each cut an item of its nesting outline (grown by half the gap)
 * as laid (mirrored; an on-fold half flipped as laid), turned 0 or 180 degrees (an on-fold half 0 only, kept against
 * the fold: the strip's lower edge); x and y swapped (the strip runs along x). Across the fabric the nesting outline is
 * cut at half a gap past the real box, or at the fold for an on-fold half, so the strip's edges hold every real
 * outline on the fabric and every other piece on the folded fabric keeps half a gap from the fold (a gap from the
 * mirrored copies under it)
 * (open: the strip the width plus the gap, from half a gap before the fabric; folded: from the fold, the half width
 * plus half a gap). `frameMm`: the width nested on (usable, or its half when folded). Started from the greedy layout;
 * the result, mapped back, when its real length is shorter, else null.
 */
function improveLayout<P extends Placed & { item: Item }>(
  shapes: Shape[],
  placed: P[],
  frameMm: number,
  gapMm: number,
  budget: number,
  folded: boolean,
  oneWay: boolean,
): { placed: P[]; top: number } | null {
  const half = gapMm / 2;
  const g = Math.round(half * SCALE);
  const lift = folded ? 0 : half;
  const flipIn = (p: P): Flip => (p.item.atFold ? p.flip : flipOf(p.item.mirrored, false));
  const rings = placed.map((p) => {
    const s = shapes[p.shape]!;
    const lo = folded && p.item.atFold ? 0 : -g;
    const band: Path = [
      { X: lo, Y: -s.H - g * 4 },
      { X: s.W + g, Y: -s.H - g * 4 },
      { X: s.W + g, Y: 2 * s.H + g * 4 },
      { X: lo, Y: 2 * s.H + g * 4 },
    ];
    const clipper = new ClipperLib.Clipper();
    clipper.AddPath(flipPath(s.nest, s.W, s.H, flipIn(p)), ClipperLib.PolyType.ptSubject, true);
    clipper.AddPath(band, ClipperLib.PolyType.ptClip, true);
    const out: Path[] = [];
    clipper.Execute(ClipperLib.ClipType.ctIntersection, out, ClipperLib.PolyFillType.pftNonZero, ClipperLib.PolyFillType.pftNonZero);
    return largest(out) ?? [];
  });
  // Along the fabric the nesting outline may reach below the real one's start: the strip starts that much earlier.
  const below = Math.max(0, ...rings.map((ring) => -Math.min(...ring.map((q) => q.Y)))) / SCALE;
  const items: StripItem[] = rings.map((ring0, i) => {
    const ring: Pt[] = ring0.map((q): Pt => [q.Y / SCALE, q.X / SCALE]);
    const area = signedArea(ring);
    const atFold = placed[i]!.item.atFold;
    return { id: i, demand: 1, orientations: atFold || oneWay ? [0] : [0, 180], polygon: area < 0 ? ring.reverse() : ring, area: Math.abs(area), ...(atFold ? { atEdge: true } : {}) };
  });
  const instance: StripInstance = { name: "layout", height: lift + frameMm + half, items };
  const start: StripPlacement[] = placed.map((p, i) => {
    const s = shapes[p.shape]!;
    const turned = !p.item.atFold && p.flip.fy;
    const X = turned ? p.X + s.W : p.X;
    const Y = turned ? p.Y + s.H : p.Y;
    return { item_id: i, rotation: turned ? 180 : 0, translation: [Y / SCALE + below + half, X / SCALE + lift] };
  });
  const { solution } = nestStrip(instance, { evaluations: budget, start });
  const out = solution.placements.map((pl, i) => {
    const p = placed[i]!;
    const s = shapes[p.shape]!;
    const turned = pl.rotation === 180;
    const [t0, t1] = pl.translation;
    const X = p.item.atFold ? 0 : (t1 - lift) * SCALE - (turned ? s.W : 0);
    const Y = (t0 - below - half) * SCALE - (turned ? s.H : 0);
    return { ...p, flip: p.item.atFold ? p.flip : flipOf(p.item.mirrored, turned), X, Y };
  });
  // The real outlines from y = 0.
  const bottom = Math.min(...out.map((p) => p.Y));
  for (const p of out) p.Y -= bottom;
  const top = Math.max(...out.map((p) => p.Y + shapes[p.shape]!.H));
  const before = Math.max(...placed.map((p) => p.Y + shapes[p.shape]!.H));
  return top < before ? { placed: out, top } : null;
}

/** A greedy layout: its length (clipper units), and the layout after `improve` evaluations of the strip search. */
type Nested = { top: number; finish: (improve: number) => LayoutResult };

/**
 * Nests `items` on the opened fabric, or on the fabric folded lengthwise (`folded`: widthMm / 2 from the fold at x =
 * 0); null when some piece finds no place.
 */
type NestOptions = { widthMm: number; selvedgeMm: number; gapMm: number; shuffles: number; folded: boolean; oneWay: boolean; marks: boolean };
function nestItems(shapes: Shape[], items: Item[], { widthMm, selvedgeMm, gapMm, shuffles, folded, oneWay, marks }: NestOptions): Nested | null {
  // Nested on the usable width (less a selvedge each side), from x = 0; placed at the end after the selvedge.
  const usable = widthMm - 2 * selvedgeMm;
  const frameMm = folded ? usable / 2 : usable;
  const fabricW = Math.floor(frameMm * SCALE);
  // On the folded fabric a pair keeps half a gap from the fold, so its two copies are a gap apart when opened.
  const fromFold = Math.ceil((gapMm / 2) * SCALE);
  // Beyond every item stacked end to end: the free region is never closed at the top.
  const farY = Math.ceil((items.reduce((s, it) => s + shapes[it.shape]!.height + gapMm + 2, 0) + 1000) * SCALE);
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
   * A position of item it's shape flipped by fb among the placed shapes, null when none. "bottom": the lowest, then
   * leftmost, vertex of the free region. "left": the leftmost, then lowest, vertex that keeps the piece under `top`
   * (the length so far), filling the width with small pieces; the bottom rule when none does. An on-fold half lies at
   * x = 0 only; a pair on the folded fabric keeps half a gap from the fold.
   */
  function position(placed: Placed[], it: Item, fb: Flip, rule: Rule, top: number): { X: number; Y: number } | null {
    const b = it.shape;
    const minX = it.atFold ? 0 : folded && it.layers === 2 ? fromFold : 0;
    const maxX = it.atFold ? 0 : fabricW - shapes[b]!.W;
    if (maxX < minX) return null;
    const right = Math.max(maxX, minX + 1);
    if (!placed.length) return { X: minX, Y: 0 };
    const fit: Path = [
      { X: minX, Y: 0 },
      { X: right, Y: 0 },
      { X: right, Y: farY },
      { X: minX, Y: farY },
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

  /** The turns of an item: 0 or 180 degrees; an on-fold half turned is the whole turned, its fold kept at x = 0. */
  const flipsOf = (it: Item): Flip[] =>
    it.atFold
      ? oneWay
        ? [{ fx: false, fy: false }]
        : [
            { fx: false, fy: false },
            { fx: false, fy: true },
          ]
      : oneWay
        ? [flipOf(it.mirrored, false)]
        : [flipOf(it.mirrored, false), flipOf(it.mirrored, true)];

  type Laid = { placed: (Placed & { item: Item })[]; top: number };
  function pass(order: Item[], rule: Rule, bound: number): Laid | null {
    const placed: (Placed & { item: Item })[] = [];
    let top = 0;
    for (const item of order) {
      let choice: (Placed & { item: Item; top: number }) | null = null;
      for (const flip of flipsOf(item)) {
        const at = position(placed, item, flip, rule, top);
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

  let best: Laid | null = null;
  let bestOrder = byArea;
  // A count budget of placements tried (not a clock, so the result does not depend on the machine): every order
  // while the layout is small, the first ones (the sorted orders come first) for a large one.
  let spent = 0;
  for (const order of orders) {
    for (const rule of RULES) {
      if (best && spent + order.length > PLACEMENT_BUDGET) break;
      spent += order.length;
      waitForQuiet();
      const result = pass(order, rule, best ? best.top : Infinity);
      if (result && (!best || result.top < best.top)) [best, bestOrder] = [result, order];
    }
  }
  if (!best) return null;
  // Local search on the best order: swap two pieces (one of them among the first half, where the big ones are), lay
  // the order by both rules, keep it when its layout is shorter; a pass stops as soon as it reaches the best length.
  spent = 0;
  const n = bestOrder.length;
  while (n > 1 && spent + n <= SEARCH_BUDGET) {
    const i = Math.floor(random() * Math.ceil(n / 2));
    let j = Math.floor(random() * (n - 1));
    if (j >= i) j++;
    if (bestOrder[i]!.shape === bestOrder[j]!.shape) {
      spent += 1;
      continue;
    }
    const order = [...bestOrder];
    [order[i], order[j]] = [order[j]!, order[i]!];
    for (const rule of RULES) {
      spent += n;
      waitForQuiet();
      const result = pass(order, rule, best.top);
      if (result && result.top < best.top) [best, bestOrder] = [result, order];
    }
  }

  // Compaction: re-place each piece, those reaching the top first, at its lowest-leftmost place (either turn) against
  // all the others; a move is kept when the piece's top comes lower. Rounds repeat while the length shrinks, within a
  // count budget. Every place is one the passes could give (the same free region), so the layout stays valid.
  spent = 0;
  let placed = best.placed.map((p) => ({ ...p }));
  let top = best.top;
  while (spent + placed.length <= COMPACT_BUDGET) {
    waitForQuiet();
    const byTop = [...placed.keys()].sort((a, b) => placed[b]!.Y + shapes[placed[b]!.shape]!.H - (placed[a]!.Y + shapes[placed[a]!.shape]!.H) || a - b);
    for (const k of byTop) {
      const p = placed[k]!;
      const H = shapes[p.shape]!.H;
      const others = placed.filter((_, i) => i !== k);
      let move: { flip: Flip; X: number; Y: number } | null = null;
      for (const flip of flipsOf(p.item)) {
        spent += 1;
        const at = position(others, p.item, flip, "bottom", Infinity);
        if (at && at.Y + H < (move ? move.Y + H : p.Y + H)) move = { flip, ...at };
      }
      if (move) placed[k] = { ...p, ...move };
    }
    const after = Math.max(...placed.map((p) => p.Y + shapes[p.shape]!.H));
    if (after >= top) break;
    top = after;
    best = { placed, top };
    placed = placed.map((p) => ({ ...p }));
  }
  const greedy = best;
  const finish = (improve: number) => layoutOf(improve > 0 ? (improveLayout(shapes, greedy.placed, frameMm, gapMm, improve, folded, oneWay) ?? greedy) : greedy);
  return { top: greedy.top, finish };

  function layoutOf(best: Laid): LayoutResult {
    const r2 = (n: number) => Math.round(n * 100) / 100;
    const half = folded ? widthMm / 2 : 0;
    const clampX = (x: number) => r2(Math.min(Math.max(x, 0), widthMm));
    const view: FoldedPlacement[] = [];
    const placements: Placement[] = [];
    for (const p of best.placed.sort((a, b) => a.item.index - b.item.index)) {
      const s = shapes[p.shape]!;
      const { item } = p;
      const move = ([x, y]: Pt): Pt => {
        const [u, v] = flipPoint([x, y], s.width, s.height, p.flip);
        return [u + p.X / SCALE, Math.max(v + p.Y / SCALE, 0)];
      };
      const rotation = p.flip.fy ? 180 : 0;
      const polygon = s.outline.map(move);
      const grain = s.grain && ([move(s.grain[0]), move(s.grain[1])] as [Pt, Pt]);
      const on = (m: (q: Pt) => Pt, mirrored: boolean, ring: Pt[]): Placement => ({
        name: s.name,
        rotation,
        mirrored,
        polygon: ring.map(m),
        ...(grain ? { grain: [m(grain[0]), m(grain[1])] as [Pt, Pt] } : {}),
        ...(marks ? { drill: s.drill.map(move).map(m), notches: s.notches.map(move).map(m) } : {}),
      });
      if (!folded) {
        placements.push(on(([x, y]) => [clampX(selvedgeMm + x), r2(y)], item.mirrored, polygon));
        continue;
      }
      const frame = ([x, y]: Pt): Pt => [r2(Math.min(Math.max(x, 0), half - selvedgeMm)), r2(y)];
      view.push({ ...on(frame, item.mirrored, polygon), layers: item.layers, onFold: item.atFold });
      // Opened: the top layer at widthMm / 2 + x, the under layer mirrored at widthMm / 2 − x.
      const top = ([x, y]: Pt): Pt => [clampX(half + x), r2(y)];
      const underside = ([x, y]: Pt): Pt => [clampX(half - x), r2(y)];
      if (item.atFold) placements.push(on(top, item.mirrored, s.whole!.map(move)));
      else {
        placements.push(on(top, item.mirrored, polygon));
        if (item.layers === 2) placements.push(on(underside, !item.mirrored, polygon));
      }
    }
    const areaMm2 = items.reduce((sum, it) => sum + shapes[it.shape]!.area * (it.layers === 2 && !it.atFold ? 2 : 1), 0);
    const lengthMm = Math.max(...placements.flatMap((p) => p.polygon.map((q) => q[1])));
    return {
      ok: true,
      layout: {
        widthMm,
        gapMm,
        selvedgeMm,
        lengthMm: r2(lengthMm),
        lowerBoundMm: r2(areaMm2 / usable),
        areaMm2: Math.round(areaMm2),
        efficiency: Math.round((areaMm2 / (widthMm * lengthMm)) * 10000) / 10000,
        placements,
        folded: folded ? { widthMm: half, view } : null,
      },
    };
  }
}
