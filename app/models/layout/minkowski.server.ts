/**
 * No-fit polygons for the layout engine (decision 116): the Minkowski sum A ⊕ (−B) of two simple polygons in clipper
 * units. clipper-lib's MinkowskiSum unions one quadrilateral per pair of edges (|A| × |B| of them: tens of ms for two
 * 45-point pieces); where one of the two is convex (bands, cuffs, pockets, facings) a cheaper union does, and where
 * both are, a convex hull. Integer arithmetic throughout, so the result is the same on every run.
 */
import ClipperLib, { type IntPoint, type Path } from "clipper-lib";

const cross = (o: IntPoint, a: IntPoint, b: IntPoint) => (a.X - o.X) * (b.Y - o.Y) - (a.Y - o.Y) * (b.X - o.X);

/** Whether a ring turns one way only (collinear points allowed). */
export function isConvex(ring: Path): boolean {
  let sign = 0;
  for (let i = 0, n = ring.length; i < n; i++) {
    const turn = cross(ring[(i + n - 1) % n]!, ring[i]!, ring[(i + 1) % n]!);
    if (turn === 0) continue;
    if (sign === 0) sign = Math.sign(turn);
    else if (Math.sign(turn) !== sign) return false;
  }
  return true;
}

/** Convex hull (monotone chain), counter-clockwise, without collinear points. */
function hull(points: IntPoint[]): Path {
  const pts = points.slice().sort((p, q) => p.X - q.X || p.Y - q.Y);
  if (pts.length < 3) return pts;
  const lower: IntPoint[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: IntPoint[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

function largest(paths: Path[]): Path | undefined {
  let best: Path | undefined;
  let area = 0;
  for (const p of paths) {
    const a = Math.abs(ClipperLib.Clipper.Area(p));
    if (a > area) [best, area] = [p, a];
  }
  return best;
}

/**
 * The outer boundary of A ⊕ (−B): the translations of B (its frame's origin) that make it overlap A, counter-
 * clockwise. `convexA` / `convexB`: isConvex of each (known per shape). Two convex shapes: the hull of
 * their vertex differences. One convex: the union of one hull per edge of the other (|edges| hulls). Else clipper-lib's
 * MinkowskiSum (one quadrilateral per pair of edges).
 */
export function noFitPolygon(A: Path, B: Path, convexA: boolean, convexB: boolean): Path {
  let sums: Path[];
  if (convexA && convexB) {
    const points: IntPoint[] = [];
    for (const p of A) for (const q of B) points.push({ X: p.X - q.X, Y: p.Y - q.Y });
    sums = [hull(points)];
  } else if (convexA || convexB) {
    // Sweep the convex one along the other's edges: each edge's sweep is the hull of the two end positions.
    const [edges, convex, sign] = convexB ? [A, B, -1] : [B, A, 1];
    const clipper = new ClipperLib.Clipper();
    for (let i = 0; i < edges.length; i++) {
      const e0 = edges[i]!;
      const e1 = edges[(i + 1) % edges.length]!;
      const points: IntPoint[] = [];
      for (const c of convex) {
        points.push({ X: sign * (c.X - e0.X), Y: sign * (c.Y - e0.Y) }, { X: sign * (c.X - e1.X), Y: sign * (c.Y - e1.Y) });
      }
      const h = hull(points);
      if (h.length >= 3) clipper.AddPath(h, ClipperLib.PolyType.ptSubject, true);
    }
    sums = [];
    clipper.Execute(ClipperLib.ClipType.ctUnion, sums, ClipperLib.PolyFillType.pftNonZero, ClipperLib.PolyFillType.pftNonZero);
  } else {
    sums = ClipperLib.Clipper.MinkowskiSum(A, B.map((p) => ({ X: -p.X, Y: -p.Y })), true);
  }
  const out = largest(sums) ?? [];
  return out.length && !ClipperLib.Clipper.Orientation(out) ? out.slice().reverse() : out;
}
