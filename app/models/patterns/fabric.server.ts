/**
 * Fabric needed for one size, for 45 in (1143 mm) and 60 in (1524 mm) wide fabric (decision 060).
 *
 * Method:
 * 1. Every piece of the size cut from the material (decision 094: the main fabric unless asked for another), as many
 *    times as it is cut from it and unfolded when cut on the fold, is reduced to its bounding box plus a 10 mm gap.
 * 2. Packing: the boxes are shelf-packed across the usable width (fabric width less 10 mm of selvedge on each
 *    side), tallest first, grain along the length. Twice: turning a piece 90° only when it fits no other way, and
 *    also turning every piece that lies flatter turned; the shorter of the two counts. The packed length is the
 *    sum of the shelf heights.
 * 3. Cross-check by area: the pieces' total area divided by the usable width is the length with perfect nesting;
 *    no real layout does better than 85 % of that, so the estimate is never below area / width / 0.85.
 * 4. Cross-check by the longest piece (issue 46 item 25): however the boxes pack (the "flat" packing turns pieces
 *    off the grain), the fabric is never shorter than the longest piece laid on its grain line (grainSize).
 * 5. Margin: 10 % is added for shrinkage, straightening the grain and matching, and the result is rounded up to
 *    the next 0.1 m and 0.1 yd. Pieces wider than the fabric even when turned are flagged (`fits: false`): they
 *    need a wider fabric or a fold, and the figure is only a lower bound.
 * The result is labelled as an estimate wherever it is shown.
 */
import { shelfPack } from "./geometry";
import { cutsOf, grainSize } from "./pieces";
import type { Pattern } from "./types";

export const FABRIC_WIDTHS = [
  { label: "45 in", inches: 45, widthMm: 1143, cm: 115 },
  { label: "60 in", inches: 60, widthMm: 1524, cm: 150 },
] as const;
/** The widths of the JSON face's `fabric` list (decision 100): 112 cm (44 in), 140 cm and 150 cm fabric. */
export const METRIC_FABRIC_WIDTHS = [1120, 1400, 1500].map((widthMm) => ({ label: `${widthMm / 10} cm`, widthMm }));
export const FABRIC_MARGIN_PERCENT = 10;
const SELVEDGE_MM = 10;
const GAP_MM = 10;
export const BEST_EFFICIENCY = 0.85;
const MM_PER_YARD = 914.4;

export type FabricLine = {
  /** '45 in' or '60 in'. */
  label: string;
  widthMm: number;
  /** Length to buy, margin included, rounded up to 0.1. */
  metres: number;
  yards: number;
  /** The length to buy in mm, margin included, before rounding. */
  lengthMm: number;
  /** Packed length of the bounding boxes, in mm, before the margin. */
  packedMm: number;
  /** Total area / usable width, in mm (perfect nesting), before the margin. */
  areaMm: number;
  /** The longest piece laid on its grain, in mm, before the margin. */
  longestMm: number;
  /** False when a piece is wider than the fabric even turned. */
  fits: boolean;
};

export type FabricEstimate = {
  size: string;
  /** The material estimated ('fabric', 'rib', 'interlining'...: PatternPiece.material). */
  material: string;
  pieceCount: number;
  /** Total area of the pieces to cut (quantities counted), mm². */
  totalAreaMm2: number;
  marginPercent: number;
  fabrics: FabricLine[];
};

const up1 = (n: number) => Math.ceil(n * 10 - 1e-9) / 10;

/** The main fabric: 'fabric' when a piece of the size is cut from it, else the material of most area. */
export function mainMaterial(pattern: Pattern, size: string): string | null {
  const areas = new Map<string, number>();
  for (const p of pattern.pieces) {
    if (p.size !== size) continue;
    for (const c of cutsOf(p)) areas.set(c.material, (areas.get(c.material) ?? 0) + c.quantity * (p.unfolded?.area ?? p.area));
  }
  if (areas.has("fabric")) return "fabric";
  return [...areas].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

type Box = { name: string; area: number; bbox: { width: number; height: number } };

/** The pieces of one size cut from one material, each as many times as it is cut from it, unfolded when on fold. */
function cutBoxes(pattern: Pattern, size: string, material: string): Box[] {
  return pattern.pieces
    .filter((p) => p.size === size)
    .flatMap((p) => {
      const count = cutsOf(p).reduce((s, c) => s + (c.material === material ? c.quantity : 0), 0);
      if (!cutsOf(p).some((c) => c.material === material)) return [];
      const shape = p.unfolded ?? p;
      return Array.from({ length: Math.max(1, count) }, () => ({ name: p.name, area: shape.area, bbox: shape.bbox }));
    });
}

/** Whether every box of `small` fits in a box of the same piece in `large` (graded sizes: each in its larger size). */
function fitsInside(small: Box[], large: Box[]): boolean {
  const left = new Map<string, Box[]>();
  for (const b of large) left.set(b.name, [...(left.get(b.name) ?? []), b]);
  return small.every((b) => {
    const list = left.get(b.name);
    const i = list?.findIndex((l) => l.bbox.width >= b.bbox.width - 0.5 && l.bbox.height >= b.bbox.height - 0.5) ?? -1;
    if (i < 0) return false;
    list!.splice(i, 1);
    return true;
  });
}

const packedLengths = new WeakMap<Pattern, Map<string, number>>();

/**
 * The shelf-packed length of a size's pieces of one material on `usable` mm of fabric, mm. Shelf packing is a
 * heuristic: it can find a shorter layout for a larger size than for a smaller one (GMH1006F18 62 -> 64). When every
 * piece of this size fits inside its next larger size's, that size's layout holds this one's pieces too, so its length
 * bounds this one's: the estimate never decreases from a size to the next. Kept per pattern (the facts of all sizes
 * are computed together).
 */
function packedLength(pattern: Pattern, size: string, material: string, usable: number): number {
  let memo = packedLengths.get(pattern);
  if (!memo) packedLengths.set(pattern, (memo = new Map()));
  const key = `${material}\u0000${usable}\u0000${size}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const cut = cutBoxes(pattern, size, material);
  const boxes = cut.map((p) => ({ item: p, width: p.bbox.width + GAP_MM, height: p.bbox.height + GAP_MM }));
  let length = Math.min(...(["fit", "flat"] as const).map((rotate) => shelfPack(boxes, usable + GAP_MM, { rotate }).height));
  const next = pattern.sizes[pattern.sizes.indexOf(size) + 1];
  if (next !== undefined) {
    const larger = cutBoxes(pattern, next, material);
    if (larger.length && fitsInside(cut, larger)) length = Math.min(length, packedLength(pattern, next, material, usable));
  }
  memo.set(key, length);
  return length;
}

/**
 * Fabric for one size and one material (decision 094): only the pieces cut from that material, each as many times
 * as it is cut from it, unfolded when cut on the fold. Without `material`, the main fabric: interlining, lining or
 * rib pieces are not in it (fabricEstimates gives one estimate per material).
 */
export function fabricEstimate(
  pattern: Pattern,
  size: string,
  material?: string,
  widths: readonly { label: string; widthMm: number }[] = FABRIC_WIDTHS,
): FabricEstimate | null {
  const wanted = material ?? mainMaterial(pattern, size);
  const pieces = pattern.pieces.filter((p) => p.size === size && cutsOf(p).some((c) => c.material === wanted));
  if (!pieces.length || wanted === null) return null;
  const cut = pieces.flatMap((p) => {
    const count = cutsOf(p).reduce((s, c) => s + (c.material === wanted ? c.quantity : 0), 0);
    const shape = p.unfolded ?? p;
    return Array.from({ length: Math.max(1, count) }, () => ({ area: shape.area, bbox: shape.bbox }));
  });
  const totalArea = cut.reduce((s, p) => s + p.area, 0);
  const longestMm = Math.max(...pieces.map((p) => grainSize(p).height));
  const fabrics = widths.map(({ label, widthMm }) => {
    const usable = widthMm - 2 * SELVEDGE_MM;
    const boxes = cut.map((p) => ({ item: p, width: p.bbox.width + GAP_MM, height: p.bbox.height + GAP_MM }));
    const packings = (["fit", "flat"] as const).map((rotate) => shelfPack(boxes, usable + GAP_MM, { rotate }));
    const packed = packings[0].height <= packings[1].height ? packings[0] : packings[1];
    const fits = packed.placed.every((pl) => pl.width <= usable + GAP_MM + 1e-6);
    const areaMm = totalArea / usable;
    const packedMm = fits ? packedLength(pattern, size, wanted, usable) : packed.height;
    const lengthMm = Math.max(
      Math.max(packedMm, areaMm / BEST_EFFICIENCY, longestMm) * (1 + FABRIC_MARGIN_PERCENT / 100),
      smallerSizesLength(pattern, size, wanted, widthMm, widths),
    );
    return {
      label,
      widthMm,
      lengthMm,
      metres: up1(lengthMm / 1000),
      yards: up1(lengthMm / MM_PER_YARD),
      packedMm: Math.round(packedMm),
      areaMm: Math.round(areaMm),
      longestMm: Math.round(longestMm),
      fits,
    };
  });
  return { size, material: wanted, pieceCount: pieces.length, totalAreaMm2: Math.round(totalArea), marginPercent: FABRIC_MARGIN_PERCENT, fabrics };
}

/**
 * The most fabric a smaller size of the pattern needs of this material and width (0 for the smallest size): a larger
 * size is never quoted less, as no yardage chart does. With sound grading this changes nothing (the packed length
 * already grows, packedLength); it matters where a size's outline is broken in the file (an outline that crosses
 * itself, reported in the reading's warnings), whose own area would undercount.
 */
function smallerSizesLength(pattern: Pattern, size: string, material: string, widthMm: number, widths: readonly { label: string; widthMm: number }[]): number {
  const prev = pattern.sizes[pattern.sizes.indexOf(size) - 1];
  if (prev === undefined) return 0;
  const key = `chart\u0000${material}\u0000${widthMm}\u0000${prev}`;
  let memo = packedLengths.get(pattern);
  if (!memo) packedLengths.set(pattern, (memo = new Map()));
  let known = memo.get(key);
  if (known === undefined) {
    const estimate = fabricEstimate(pattern, prev, material, widths.some((w) => w.widthMm === widthMm) ? widths : [{ label: "", widthMm }]);
    known = estimate?.fabrics.find((f) => f.widthMm === widthMm)?.lengthMm ?? 0;
    memo.set(key, known);
  }
  return known;
}

/** Every material the size's pieces are cut from: the main fabric first, then the others by name. */
export function sizeMaterials(pattern: Pattern, size: string): string[] {
  const main = mainMaterial(pattern, size);
  if (main === null) return [];
  const others = new Set(pattern.pieces.filter((p) => p.size === size).flatMap((p) => cutsOf(p).map((c) => c.material)));
  others.delete(main);
  return [main, ...[...others].sort()];
}

/** One estimate per material the size's pieces are cut from, the main fabric first. */
export function fabricEstimates(pattern: Pattern, size: string, widths: readonly { label: string; widthMm: number }[] = FABRIC_WIDTHS): FabricEstimate[] {
  return sizeMaterials(pattern, size).map((m) => fabricEstimate(pattern, size, m, widths)!).filter(Boolean);
}
