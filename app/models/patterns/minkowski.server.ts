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
export function hull(points: IntPoint[]): Path {
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

const ccwRing = (ring: Path): Path => {
  let twice = 0;
  for (let i = 0, n = ring.length; i < n; i++) twice += ring[i]!.X * ring[(i + 1) % n]!.Y - ring[(i + 1) % n]!.X * ring[i]!.Y;
  return twice >= 0 ? ring : ring.slice().reverse();
};

/** Whether direction d lies in the turn from u to v at a vertex (either way round: a reflex vertex turns back). */
function inTurn(ux: number, uy: number, vx: number, vy: number, dx: number, dy: number): boolean {
  const c = ux * vy - uy * vx;
  const a = ux * dy - uy * dx;
  const b = dx * vy - dy * vx;
  if (c > 0) return a >= 0 && b >= 0;
  if (c < 0) return a <= 0 && b <= 0;
  return a === 0 && ux * dx + uy * dy > 0;
}

/**
 * A ⊕ (−B) as clipper-lib's MinkowskiSum builds it, one quadrilateral per pair of edges, but only the pairs one of
 * whose sides can lie on the sum's boundary (the convolution's edges: an edge of one polygon at a vertex of the other
 * whose turn spans the edge's direction). The outer boundary is the same; the union has a fraction of the quads.
 * Their union is a ring around the sum's inside, whose outer boundary is the sum's; it is checked to hold every sum of
 * a vertex of A and a vertex of −B (where a quad the selection left out, or a ring pinched into two, would show), and
 * where it does not the union is taken again with A moved by every vertex of −B and −B by every vertex of A, which
 * fills the inside (several times the work).
 */
function reducedSum(A0: Path, B0: Path): Path {
  const A = ccwRing(A0);
  const N = ccwRing(B0.map((p) => ({ X: -p.X, Y: -p.Y })));
  const n = A.length;
  const m = N.length;
  const ax = A.map((p, i) => A[(i + 1) % n]!.X - p.X);
  const ay = A.map((p, i) => A[(i + 1) % n]!.Y - p.Y);
  const bx = N.map((p, j) => N[(j + 1) % m]!.X - p.X);
  const by = N.map((p, j) => N[(j + 1) % m]!.Y - p.Y);
  const quads: Path[] = [];
  for (let i = 0; i < n; i++) {
    const ip = (i + n - 1) % n;
    const inx = (i + 1) % n;
    for (let j = 0; j < m; j++) {
      const jp = (j + m - 1) % m;
      const jn = (j + 1) % m;
      const keep =
        inTurn(bx[jp]!, by[jp]!, bx[j]!, by[j]!, ax[i]!, ay[i]!) ||
        inTurn(bx[j]!, by[j]!, bx[jn]!, by[jn]!, ax[i]!, ay[i]!) ||
        inTurn(ax[ip]!, ay[ip]!, ax[i]!, ay[i]!, bx[j]!, by[j]!) ||
        inTurn(ax[i]!, ay[i]!, ax[inx]!, ay[inx]!, bx[j]!, by[j]!);
      if (!keep) continue;
      const quad: Path = [
        { X: A[i]!.X + N[j]!.X, Y: A[i]!.Y + N[j]!.Y },
        { X: A[inx]!.X + N[j]!.X, Y: A[inx]!.Y + N[j]!.Y },
        { X: A[inx]!.X + N[jn]!.X, Y: A[inx]!.Y + N[jn]!.Y },
        { X: A[i]!.X + N[jn]!.X, Y: A[i]!.Y + N[jn]!.Y },
      ];
      quads.push(ClipperLib.Clipper.Orientation(quad) ? quad : quad.reverse());
    }
  }
  const moved = (ring: Path, by: IntPoint): Path => {
    const out = ring.map((p) => ({ X: p.X + by.X, Y: p.Y + by.Y }));
    return ClipperLib.Clipper.Orientation(out) ? out : out.reverse();
  };
  const union = (paths: Path[]): Path => {
    const clipper = new ClipperLib.Clipper();
    // A hole of the ring that touches its outside comes out as a ring of its own, not as a notch in the outer one.
    clipper.StrictlySimple = true;
    clipper.AddPaths(paths, ClipperLib.PolyType.ptSubject, true);
    const out: Path[] = [];
    clipper.Execute(ClipperLib.ClipType.ctUnion, out, ClipperLib.PolyFillType.pftNonZero, ClipperLib.PolyFillType.pftNonZero);
    return largest(out) ?? [];
  };
  const ring = union(quads);
  if (ring.length >= 3 && A.every((a) => N.every((q) => ClipperLib.Clipper.PointInPolygon({ X: a.X + q.X, Y: a.Y + q.Y }, ring) !== 0))) return ring;
  return union([...quads, ...N.map((q) => moved(A, q)), ...A.map((q) => moved(N, q))]);
}

/** The ring of largest area among `paths`. */
export function largest(paths: Path[]): Path | undefined {
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
    sums = [reducedSum(A, B)];
  }
  const out = largest(sums) ?? [];
  return out.length && !ClipperLib.Clipper.Orientation(out) ? out.slice().reverse() : out;
}
