/**
 * The collision core of the strip search (issue 47, decision 155): shapes in typed arrays, each with a few inscribed
 * circles (the first at its pole of inaccessibility, each next the largest circle in what the others leave), the
 * exact test of two placed polygons (any two edges meeting, touching included, or one inside the other), and the
 * overlap proxy of the published method (Gardeyn and Wauters, 2025): how deeply the circles of two colliding pieces
 * interpenetrate, each pair weighted by its smaller radius, with a smooth decay below a small depth so that two
 * pieces that touch or barely cross still count.
 */

/** mulberry32: a small seeded generator (the layout engines' shuffles and samples), the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Shape = {
  /** Vertices, counter-clockwise, in the item's frame turned by the orientation. */
  xs: Float64Array;
  ys: Float64Array;
  n: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Inscribed circles: centres and radii. */
  cx: Float64Array;
  cy: Float64Array;
  r: Float64Array;
  area: number;
  /** The convex hull's area, and the diameter (the box's diagonal). */
  hullArea: number;
  diam: number;
};

/** The area of the convex hull of a ring (monotone chain). */
function hullAreaOf(ring: [number, number][]): number {
  const pts = ring.slice().sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const cross = (o: [number, number], a: [number, number], b: [number, number]) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: [number, number][]) => {
    const out: [number, number][] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2]!, out[out.length - 1]!, p) <= 0) out.pop();
      out.push(p);
    }
    return out.slice(0, -1);
  };
  const hull = [...half(pts), ...half(pts.slice().reverse())];
  let twice = 0;
  for (let i = 0; i < hull.length; i++) {
    const [x0, y0] = hull[i]!;
    const [x1, y1] = hull[(i + 1) % hull.length]!;
    twice += x0 * y1 - x1 * y0;
  }
  return Math.abs(twice) / 2;
}

/** Distance from (px, py) to the ring's boundary. */
function boundaryDistance(xs: ArrayLike<number>, ys: ArrayLike<number>, px: number, py: number): number {
  let best = Infinity;
  for (let i = 0, n = xs.length; i < n; i++) {
    const j = (i + 1) % n;
    const ax = xs[i]!;
    const ay = ys[i]!;
    const dx = xs[j]! - ax;
    const dy = ys[j]! - ay;
    const len2 = dx * dx + dy * dy;
    let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const ex = ax + t * dx - px;
    const ey = ay + t * dy - py;
    const d = ex * ex + ey * ey;
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

/** Whether (px, py) is inside the ring (even-odd). */
export function pointInRing(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number, px: number, py: number, ox = 0, oy = 0): boolean {
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const yi = ys[i]! + oy;
    const yj = ys[j]! + oy;
    if (yi > py !== yj > py) {
      const xi = xs[i]! + ox;
      const xj = xs[j]! + ox;
      if (px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** At most this many circles per shape. */
const MAX_CIRCLES = 10;
/** Circles stop below this share of the first's radius. */
const MIN_CIRCLE_SHARE = 0.15;
/** Sample points across the shape's box, per side. */
const CIRCLE_GRID = 48;

/**
 * A shape from a counter-clockwise ring: its box, area and inscribed circles. The circles are found on a grid of
 * the box's inside points, each refined by a local search; each next circle is the largest that stays inside the
 * ring and outside the circles already taken.
 */
export function makeShape(ring: [number, number][], area: number): Shape {
  const n = ring.length;
  const xs = Float64Array.from(ring.map((p) => p[0]));
  const ys = Float64Array.from(ring.map((p) => p[1]));
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    minX = Math.min(minX, xs[i]!);
    maxX = Math.max(maxX, xs[i]!);
    minY = Math.min(minY, ys[i]!);
    maxY = Math.max(maxY, ys[i]!);
  }
  const pts: number[] = [];
  const dist: number[] = [];
  for (let a = 0; a < CIRCLE_GRID; a++) {
    for (let b = 0; b < CIRCLE_GRID; b++) {
      const px = minX + ((a + 0.5) / CIRCLE_GRID) * (maxX - minX);
      const py = minY + ((b + 0.5) / CIRCLE_GRID) * (maxY - minY);
      if (!pointInRing(xs, ys, n, px, py)) continue;
      pts.push(px, py);
      dist.push(boundaryDistance(xs, ys, px, py));
    }
  }
  const cx: number[] = [];
  const cy: number[] = [];
  const cr: number[] = [];
  const radius = (px: number, py: number, bound: number) => {
    if (!pointInRing(xs, ys, n, px, py)) return -1;
    let r = Math.min(bound, boundaryDistance(xs, ys, px, py));
    for (let c = 0; c < cx.length; c++) r = Math.min(r, Math.hypot(px - cx[c]!, py - cy[c]!) - cr[c]!);
    return r;
  };
  const step0 = Math.max(maxX - minX, maxY - minY) / CIRCLE_GRID;
  while (cx.length < MAX_CIRCLES) {
    let bi = -1;
    let br = 0;
    for (let i = 0; i < dist.length; i++) {
      let r = dist[i]!;
      if (r <= br) continue;
      const px = pts[2 * i]!;
      const py = pts[2 * i + 1]!;
      for (let c = 0; c < cx.length && r > br; c++) r = Math.min(r, Math.hypot(px - cx[c]!, py - cy[c]!) - cr[c]!);
      if (r > br) [bi, br] = [i, r];
    }
    if (bi < 0) break;
    // Refine: a pattern search around the grid point.
    let px = pts[2 * bi]!;
    let py = pts[2 * bi + 1]!;
    let step = step0;
    while (step > step0 / 64) {
      let moved = false;
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const r = radius(px + dx * step, py + dy * step, Infinity);
        if (r > br) [px, py, br, moved] = [px + dx * step, py + dy * step, r, true];
      }
      if (!moved) step /= 2;
    }
    if (cx.length && br < MIN_CIRCLE_SHARE * cr[0]!) break;
    cx.push(px);
    cy.push(py);
    cr.push(br);
  }
  if (!cx.length) {
    // A sliver with no grid point inside: one circle at the mean of the vertices, radius 0.
    cx.push(xs.reduce((s, v) => s + v, 0) / n);
    cy.push(ys.reduce((s, v) => s + v, 0) / n);
    cr.push(0);
  }
  return {
    xs,
    ys,
    n,
    minX,
    minY,
    maxX,
    maxY,
    cx: Float64Array.from(cx),
    cy: Float64Array.from(cy),
    r: Float64Array.from(cr),
    area,
    hullArea: hullAreaOf(ring),
    diam: Math.hypot(maxX - minX, maxY - minY),
  };
}

/**
 * Whether shape a at (ax, ay) and shape b at (bx, by) share a point: an edge of one meets an edge of the other
 * (touching included), or one lies inside the other. Only edges that reach the common box are tested.
 */
export function shapesCollide(a: Shape, ax: number, ay: number, b: Shape, bx: number, by: number): boolean {
  const lx = Math.max(a.minX + ax, b.minX + bx);
  const hx = Math.min(a.maxX + ax, b.maxX + bx);
  const ly = Math.max(a.minY + ay, b.minY + by);
  const hy = Math.min(a.maxY + ay, b.maxY + by);
  if (lx > hx || ly > hy) return false;
  const axs = a.xs;
  const ays = a.ys;
  const bxs = b.xs;
  const bys = b.ys;
  for (let i = 0, na = a.n; i < na; i++) {
    const i2 = i + 1 === na ? 0 : i + 1;
    const p1x = axs[i]! + ax;
    const p1y = ays[i]! + ay;
    const p2x = axs[i2]! + ax;
    const p2y = ays[i2]! + ay;
    if ((p1x < lx && p2x < lx) || (p1x > hx && p2x > hx) || (p1y < ly && p2y < ly) || (p1y > hy && p2y > hy)) continue;
    const ex = p2x - p1x;
    const ey = p2y - p1y;
    for (let j = 0, nb = b.n; j < nb; j++) {
      const j2 = j + 1 === nb ? 0 : j + 1;
      const q1x = bxs[j]! + bx;
      const q1y = bys[j]! + by;
      const q2x = bxs[j2]! + bx;
      const q2y = bys[j2]! + by;
      if ((q1x < lx && q2x < lx) || (q1x > hx && q2x > hx) || (q1y < ly && q2y < ly) || (q1y > hy && q2y > hy)) continue;
      // Box of the two edges.
      if (Math.max(p1x, p2x) < Math.min(q1x, q2x) || Math.max(q1x, q2x) < Math.min(p1x, p2x)) continue;
      if (Math.max(p1y, p2y) < Math.min(q1y, q2y) || Math.max(q1y, q2y) < Math.min(p1y, p2y)) continue;
      const fx = q2x - q1x;
      const fy = q2y - q1y;
      const d1 = fx * (p1y - q1y) - fy * (p1x - q1x);
      const d2 = fx * (p2y - q1y) - fy * (p2x - q1x);
      const d3 = ex * (q1y - p1y) - ey * (q1x - p1x);
      const d4 = ex * (q2y - p1y) - ey * (q2x - p1x);
      // The edges' boxes overlap, so signs that do not separate them mean a shared point (touching included).
      if ((d1 > 0 && d2 > 0) || (d1 < 0 && d2 < 0) || (d3 > 0 && d4 > 0) || (d3 < 0 && d4 < 0)) continue;
      return true;
    }
  }
  // No edges meet: one inside the other, or apart.
  if (pointInRing(b.xs, b.ys, b.n, a.xs[0]! + ax, a.ys[0]! + ay, bx, by)) return true;
  return pointInRing(a.xs, a.ys, a.n, b.xs[0]! + bx, b.ys[0]! + by, ax, ay);
}

/** The proxy's decay depth, as a share of the larger diameter. */
const EPSILON_DIAMETER = 0.01;

/**
 * The loss of shape a at (ax, ay) against b at (bx, by): 0 when they do not collide, else √(π·proxy + ε²) times
 * the geometric mean of the square roots of their hull areas, so that large pieces count more. Circles that
 * interpenetrate prove a collision before any edge is tested.
 */
export function overlap(a: Shape, ax: number, ay: number, b: Shape, bx: number, by: number): number {
  if (a.minX + ax > b.maxX + bx || b.minX + bx > a.maxX + ax || a.minY + ay > b.maxY + by || b.minY + by > a.maxY + ay) return 0;
  const eps = Math.max(a.diam, b.diam) * EPSILON_DIAMETER;
  let total = 0;
  let deep = false;
  const acx = a.cx;
  const acy = a.cy;
  const ar = a.r;
  const bcx = b.cx;
  const bcy = b.cy;
  const br = b.r;
  for (let i = 0; i < acx.length; i++) {
    const x = acx[i]! + ax;
    const y = acy[i]! + ay;
    const ri = ar[i]!;
    for (let j = 0; j < bcx.length; j++) {
      const dx = x - bcx[j]! - bx;
      const dy = y - bcy[j]! - by;
      const rj = br[j]!;
      const pd = ri + rj - Math.sqrt(dx * dx + dy * dy);
      if (pd > 0) deep = true;
      total += (pd >= eps ? pd : (eps * eps) / (2 * eps - pd)) * (ri < rj ? ri : rj);
    }
  }
  if (!deep && !shapesCollide(a, ax, ay, b, bx, by)) return 0;
  return Math.sqrt(Math.PI * total + eps * eps) * Math.sqrt(Math.sqrt(a.hullArea * b.hullArea));
}
