/**
 * The exact check of a strip layout (issue 47): independent of the search's collision core. Every piece is rebuilt
 * from its item (the polygon turned by its rotation, then moved), so it is congruent to its input by construction;
 * each item must be placed `demand` times in one of its allowed orientations; every vertex must lie in the strip;
 * and no two pieces may overlap by more than OVERLAP_TOLERANCE of the smaller one's area, measured by clipper-lib's
 * intersection on integer coordinates (the strip's longer side at 10⁹ units, so rounding moves a vertex by 5·10⁻¹⁰
 * of it).
 */
import ClipperLib, { type Path } from "clipper-lib";

import { rotateRing, type StripInstance, type StripSolution } from "./strip-instance";
import type { Pt } from "./types";

/** Largest overlap allowed between two pieces, as a share of the smaller one's area. */
export const OVERLAP_TOLERANCE = 1e-6;
/** Largest distance a vertex may lie outside the strip, as a share of the strip height. */
export const STRIP_TOLERANCE = 1e-9;

export type CheckResult = { ok: true } | { ok: false; error: string };

/** The placed polygons of a solution, in the order of its placements. */
export function placedPolygons(instance: StripInstance, solution: StripSolution): Pt[][] {
  const byId = new Map(instance.items.map((it) => [it.id, it]));
  return solution.placements.map((pl) => {
    const item = byId.get(pl.item_id);
    if (!item) return [];
    return rotateRing(item.polygon, pl.rotation).map(([x, y]): Pt => [x + pl.translation[0], y + pl.translation[1]]);
  });
}

export function checkStripSolution(instance: StripInstance, solution: StripSolution): CheckResult {
  const byId = new Map(instance.items.map((it) => [it.id, it]));
  const counts = new Map<number, number>();
  for (const pl of solution.placements) {
    const item = byId.get(pl.item_id);
    if (!item) return { ok: false, error: `no item ${pl.item_id}` };
    if (!item.orientations.includes(pl.rotation)) return { ok: false, error: `item ${pl.item_id}: rotation ${pl.rotation} is not allowed` };
    if (!pl.translation.every(Number.isFinite)) return { ok: false, error: `item ${pl.item_id}: translation is not finite` };
    counts.set(pl.item_id, (counts.get(pl.item_id) ?? 0) + 1);
  }
  for (const it of instance.items) {
    if ((counts.get(it.id) ?? 0) !== it.demand) return { ok: false, error: `item ${it.id}: placed ${counts.get(it.id) ?? 0} times, demand ${it.demand}` };
  }
  const H = instance.height;
  const L = solution.length;
  const tol = STRIP_TOLERANCE * H;
  const polys = placedPolygons(instance, solution);
  for (let i = 0; i < polys.length; i++) {
    for (const [x, y] of polys[i]!) {
      if (x < -tol || x > L + tol || y < -tol || y > H + tol) {
        return { ok: false, error: `piece ${i} (item ${solution.placements[i]!.item_id}) leaves the strip at (${x}, ${y})` };
      }
    }
    if (byId.get(solution.placements[i]!.item_id)!.atEdge && Math.abs(Math.min(...polys[i]!.map((p) => p[1]))) > tol) {
      return { ok: false, error: `piece ${i} (item ${solution.placements[i]!.item_id}) is not at the strip's edge` };
    }
  }
  const scale = 1e9 / Math.max(H, L);
  const paths: Path[] = polys.map((ring) => ring.map(([x, y]) => ({ X: Math.round(x * scale), Y: Math.round(y * scale) })));
  const boxes = polys.map((ring) => {
    const xs = ring.map((p) => p[0]);
    const ys = ring.map((p) => p[1]);
    return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] as const;
  });
  const areas = paths.map((p) => Math.abs(ClipperLib.Clipper.Area(p)));
  // Pairs whose boxes overlap, by a sweep along the strip.
  const order = [...boxes.keys()].sort((p, q) => boxes[p]![0] - boxes[q]![0]);
  for (let oi = 0; oi < order.length; oi++) {
    const i = order[oi]!;
    const a = boxes[i]!;
    for (let oj = oi + 1; oj < order.length && boxes[order[oj]!]![0] < a[2]; oj++) {
      const j = order[oj]!;
      const b = boxes[j]!;
      if (a[1] >= b[3] || b[1] >= a[3]) continue;
      const clipper = new ClipperLib.Clipper();
      clipper.AddPath(paths[i]!, ClipperLib.PolyType.ptSubject, true);
      clipper.AddPath(paths[j]!, ClipperLib.PolyType.ptClip, true);
      const out: Path[] = [];
      clipper.Execute(ClipperLib.ClipType.ctIntersection, out, ClipperLib.PolyFillType.pftNonZero, ClipperLib.PolyFillType.pftNonZero);
      const common = out.reduce((s, p) => s + Math.abs(ClipperLib.Clipper.Area(p)), 0);
      if (common > OVERLAP_TOLERANCE * Math.min(areas[i]!, areas[j]!)) {
        return { ok: false, error: `pieces ${i} and ${j} (items ${solution.placements[i]!.item_id}, ${solution.placements[j]!.item_id}) overlap by ${(common / scale / scale).toPrecision(3)}` };
      }
    }
  }
  return { ok: true };
}
