/** Plane geometry shared by the pattern reader, preview, estimate and print files. Pure functions, mm units. */
import type { BBox, Pt } from "./types";

/** Signed area (positive when counter-clockwise) of an implicitly closed ring. */
export function signedArea(ring: Pt[]): number {
  let sum = 0;
  for (let i = 0, n = ring.length; i < n; i++) {
    const [x1, y1] = ring[i];
    const [x2, y2] = ring[(i + 1) % n];
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

export function polygonArea(ring: Pt[]): number {
  return Math.abs(signedArea(ring));
}

/** Whether a point lies inside an implicitly closed ring (even-odd rule; a point on an edge may go either way). */
export function pointInRing([x, y]: Pt, ring: Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * The area a ring encloses as a PDF reader fills it (nonzero winding), also when the ring crosses itself, where the
 * shoelace formula subtracts the loops turning the other way: horizontal scanlines every `step` mm. O(rows x edges):
 * for the few outlines that need it (buildPiece checks those that fill little of their box).
 */
export function filledArea(ring: Pt[], step = 0.5): number {
  if (ring.length < 3) return 0;
  const box = bboxOf(ring);
  const n = ring.length;
  let area = 0;
  const hits: { x: number; w: number }[] = [];
  for (let y = box.minY + step / 2; y < box.maxY; y += step) {
    hits.length = 0;
    for (let i = 0; i < n; i++) {
      const [x1, y1] = ring[i];
      const [x2, y2] = ring[(i + 1) % n];
      if (y1 === y2 || y < Math.min(y1, y2) || y >= Math.max(y1, y2)) continue;
      hits.push({ x: x1 + ((y - y1) / (y2 - y1)) * (x2 - x1), w: y2 > y1 ? 1 : -1 });
    }
    hits.sort((a, b) => a.x - b.x);
    let winding = 0;
    for (let k = 0; k < hits.length; k++) {
      if (winding !== 0 && k > 0) area += (hits[k].x - hits[k - 1].x) * step;
      winding += hits[k].w;
    }
  }
  return area;
}

export function bboxOf(points: Iterable<Pt>): BBox {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  if (minX === Infinity) return { minX: 0, minY: 0, maxX: 0, maxY: 0, width: 0, height: 0 };
  return { minX, minY, maxX, maxY, width: maxX - minX, height: maxY - minY };
}

export function distance(a: Pt, b: Pt): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** Segments for an arc of radius r and sweep angle: at most 5° per segment, fewer for small arcs. */
function arcSegments(radius: number, sweep: number): number {
  const byAngle = Math.ceil(Math.abs(sweep) / (Math.PI / 36));
  // Chord error below ~0.05 of the drawing unit for small radii: no need for 72 segments on a 2 mm curve.
  const byError = Math.ceil(Math.abs(sweep) / (2 * Math.acos(Math.max(-1, 1 - 0.05 / Math.max(radius, 0.05)))));
  return Math.max(1, Math.min(byAngle, byError));
}

/**
 * Points of an arc from angle a0 sweeping by `sweep` radians (positive = counter-clockwise), both ends included.
 * With `tolerance`, as many segments as keep every chord within it of the arc (the reader: 0.01 mm).
 */
export function arcPoints(center: Pt, radius: number, a0: number, sweep: number, tolerance?: number): Pt[] {
  const n =
    tolerance && tolerance > 0
      ? Math.max(1, Math.min(4096, Math.ceil(Math.abs(sweep) / (2 * Math.acos(Math.max(-1, 1 - tolerance / Math.max(radius, tolerance)))))))
      : arcSegments(radius, sweep);
  const out: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const a = a0 + (sweep * i) / n;
    out.push([center[0] + radius * Math.cos(a), center[1] + radius * Math.sin(a)]);
  }
  return out;
}

/**
 * The points strictly between p1 and p2 of a DXF polyline segment with a bulge (tan of a quarter of the included
 * angle; positive = counter-clockwise). Returns [] for a straight segment.
 */
export function bulgePoints(p1: Pt, p2: Pt, bulge: number, tolerance?: number): Pt[] {
  if (!bulge || !Number.isFinite(bulge)) return [];
  const dx = p2[0] - p1[0];
  const dy = p2[1] - p1[1];
  if (dx === 0 && dy === 0) return [];
  const k = (1 - bulge * bulge) / (4 * bulge);
  const center: Pt = [(p1[0] + p2[0]) / 2 - dy * k, (p1[1] + p2[1]) / 2 + dx * k];
  const radius = distance(center, p1);
  const a0 = Math.atan2(p1[1] - center[1], p1[0] - center[0]);
  const pts = arcPoints(center, radius, a0, 4 * Math.atan(bulge), tolerance);
  return pts.slice(1, -1);
}

/** Douglas-Peucker simplification of an open polyline (ends kept). */
export function simplify(points: Pt[], tolerance: number): Pt[] {
  if (points.length <= 2 || tolerance <= 0) return points.slice();
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  const tol2 = tolerance * tolerance;
  while (stack.length) {
    const [first, last] = stack.pop()!;
    const [ax, ay] = points[first];
    const [bx, by] = points[last];
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    let maxD = -1;
    let index = -1;
    for (let i = first + 1; i < last; i++) {
      const [px, py] = points[i];
      let d2: number;
      if (len2 === 0) d2 = (px - ax) ** 2 + (py - ay) ** 2;
      else {
        const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
        d2 = (px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2;
      }
      if (d2 > maxD) {
        maxD = d2;
        index = i;
      }
    }
    if (index !== -1 && maxD > tol2) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/** Simplification of a closed ring: split at the point farthest from the first so both halves keep their ends. */
export function simplifyRing(ring: Pt[], tolerance: number): Pt[] {
  if (ring.length <= 4) return ring.slice();
  let far = 0;
  let best = -1;
  for (let i = 1; i < ring.length; i++) {
    const d = distance(ring[0], ring[i]);
    if (d > best) {
      best = d;
      far = i;
    }
  }
  const a = simplify(ring.slice(0, far + 1), tolerance);
  const b = simplify([...ring.slice(far), ring[0]], tolerance);
  return [...a, ...b.slice(1, -1)];
}

/**
 * Joins open paths whose ends meet (within tol) into closed rings. Paths are used at most once, in either
 * direction. Ends are looked up in a grid of tol-sized cells, so thousands of segments join in linear time.
 * Returns the rings found (without a repeated closing point).
 */
export function chainIntoRings(paths: Pt[][], tol: number): Pt[][] {
  const rings: Pt[][] = [];
  const used = new Uint8Array(paths.length);
  const cell = Math.max(tol, 1e-9);
  const key = (x: number, y: number) => `${x},${y}`;
  const grid = new Map<string, number[]>();
  const addEnd = (p: Pt, i: number) => {
    const k = key(Math.floor(p[0] / cell), Math.floor(p[1] / cell));
    const list = grid.get(k);
    if (list) list.push(i);
    else grid.set(k, [i]);
  };
  paths.forEach((p, i) => {
    if (p.length < 2) return;
    addEnd(p[0], i);
    addEnd(p[p.length - 1], i);
  });
  const near = (a: Pt, b: Pt) => Math.abs(a[0] - b[0]) <= tol && Math.abs(a[1] - b[1]) <= tol;
  /** An unused path with an end near p, and whether that end is its start. */
  const findNext = (p: Pt): [number, boolean] | null => {
    const cx = Math.floor(p[0] / cell);
    const cy = Math.floor(p[1] / cell);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const j of grid.get(key(cx + dx, cy + dy)) ?? []) {
          if (used[j]) continue;
          const q = paths[j];
          if (near(q[0], p)) return [j, true];
          if (near(q[q.length - 1], p)) return [j, false];
        }
      }
    }
    return null;
  };
  for (let start = 0; start < paths.length; start++) {
    if (used[start] || paths[start].length < 2) continue;
    used[start] = 1;
    const taken = [start];
    const chain = paths[start].slice();
    let closed = chain.length > 2 && near(chain[0], chain[chain.length - 1]);
    while (!closed) {
      const next = findNext(chain[chain.length - 1]);
      if (!next) break;
      const [j, fromStart] = next;
      const p = paths[j];
      if (fromStart) for (let i = 1; i < p.length; i++) chain.push(p[i]);
      else for (let i = p.length - 2; i >= 0; i--) chain.push(p[i]);
      used[j] = 1;
      taken.push(j);
      closed = near(chain[0], chain[chain.length - 1]);
    }
    if (closed) {
      chain.pop();
      if (chain.length >= 3) rings.push(chain);
    } else {
      // Not a loop: give the other paths back so they can form loops of their own.
      for (const j of taken.slice(1)) used[j] = 0;
    }
  }
  return rings;
}

export type Placed<T> = { item: T; x: number; y: number; width: number; height: number; rotated: boolean };

/**
 * Shelf packing: items (tallest first) left to right in rows of at most `width`; a new row starts when the next one
 * does not fit. rotate "fit" turns an item 90° only when it fits the width turned and not as it is; "flat" also
 * turns it when that makes it lie flatter and still fit. Returns the placements and the total height used.
 */
export function shelfPack<T>(
  items: { item: T; width: number; height: number }[],
  width: number,
  { gap = 0, rotate = "none" }: { gap?: number; rotate?: "none" | "fit" | "flat" } = {},
): { placed: Placed<T>[]; height: number; width: number } {
  const oriented = items.map((it) => {
    let w = it.width;
    let h = it.height;
    let rotated = false;
    if (rotate !== "none") {
      const turnedFits = h <= width;
      if ((w > width && turnedFits) || (rotate === "flat" && turnedFits && h > w)) {
        [w, h] = [h, w];
        rotated = true;
      }
    }
    return { ...it, w, h, rotated };
  });
  oriented.sort((a, b) => b.h - a.h || b.w - a.w);
  const placed: Placed<T>[] = [];
  let x = 0;
  let y = 0;
  let rowH = 0;
  let usedW = 0;
  for (const it of oriented) {
    if (x > 0 && x + it.w > width) {
      y += rowH + gap;
      x = 0;
      rowH = 0;
    }
    placed.push({ item: it.item, x, y, width: it.w, height: it.h, rotated: it.rotated });
    x += it.w + gap;
    usedW = Math.max(usedW, x - gap);
    rowH = Math.max(rowH, it.h);
  }
  return { placed, height: placed.length ? y + rowH : 0, width: usedW };
}

const LETTER_RANK = new Map<string, number>([
  ["XXXS", 0],
  ["3XS", 0],
  ["XXS", 1],
  ["2XS", 1],
  ["XS", 2],
  ["S", 3],
  ["M", 4],
  ["L", 5],
  ["XL", 6],
  ["XXL", 7],
  ["2XL", 7],
  ["XXXL", 8],
  ["3XL", 8],
  ["4XL", 9],
  ["5XL", 10],
  ["6XL", 11],
]);

/** Sizes in their natural order: numeric ascending, letter sizes XS..XXL, else text with numbers compared as numbers. */
export function sortSizes(sizes: Iterable<string>): string[] {
  const list = [...new Set(sizes)];
  const isNum = (s: string) => /^\s*\d+(\.\d+)?\s*$/.test(s);
  if (list.every(isNum)) return list.sort((a, b) => Number(a) - Number(b));
  if (list.every((s) => LETTER_RANK.has(s.trim().toUpperCase()))) {
    return list.sort((a, b) => LETTER_RANK.get(a.trim().toUpperCase())! - LETTER_RANK.get(b.trim().toUpperCase())!);
  }
  return list.sort((a, b) => a.localeCompare(b, "en", { numeric: true, sensitivity: "base" }));
}

export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** How far (in the drawing's units) a sampled curve may stray from the true curve between two of its points. */
export const CURVE_TOLERANCE = 0.01;
/** At most this many points for one curve, however long or wiggly (the reader's budget counts them too). */
const MAX_CURVE_POINTS = 20_000;

/**
 * Samples a curve given as a function of a parameter on [t0, t1]: each of `spans` equal parts is halved until its
 * middle (and quarter points) lie within `tolerance` of the chord, so flat stretches get few points and tight bends
 * many. Both ends included.
 */
export function sampleCurve(at: (t: number) => Pt, breaks: number[], tolerance = CURVE_TOLERANCE): Pt[] {
  const out: Pt[] = [at(breaks[0])];
  const budget = { left: MAX_CURVE_POINTS };
  const off = (p: Pt, a: Pt, b: Pt) => {
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
    return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
  };
  const refine = (ta: number, a: Pt, tb: number, b: Pt, depth: number) => {
    const tm = (ta + tb) / 2;
    const m = at(tm);
    const flat =
      depth >= 3 &&
      (off(m, a, b) <= tolerance && off(at((ta + tm) / 2), a, b) <= tolerance && off(at((tm + tb) / 2), a, b) <= tolerance);
    if (flat || depth >= 16 || budget.left <= 0) {
      out.push(b);
      budget.left--;
      return;
    }
    refine(ta, a, tm, m, depth + 1);
    refine(tm, m, tb, b, depth + 1);
  };
  for (let i = 0; i + 1 < breaks.length; i++) {
    if (!(breaks[i + 1] > breaks[i])) continue;
    refine(breaks[i], at(breaks[i]), breaks[i + 1], at(breaks[i + 1]), 0);
  }
  return out;
}

/**
 * A B-spline (NURBS when `weights` are given) by its degree, knot vector and control points, evaluated with de Boor's
 * algorithm over its whole domain [knots[degree], knots[n]]. Null when the definition does not hold together (knot
 * count, degree, decreasing knots): the caller then draws the control points.
 */
export function bsplinePoints(degree: number, knots: number[], control: Pt[], weights?: number[], tolerance = CURVE_TOLERANCE): Pt[] | null {
  const n = control.length;
  const p = Math.floor(degree);
  if (!(p >= 1 && p <= 10) || n < p + 1 || knots.length !== n + p + 1) return null;
  for (let i = 1; i < knots.length; i++) if (!(knots[i] >= knots[i - 1])) return null;
  const w = weights && weights.length === n && weights.every((x) => x > 0 && Number.isFinite(x)) ? weights : null;
  const lo = knots[p];
  const hi = knots[n];
  if (!(hi > lo)) return null;
  const at = (t: number): Pt => {
    let k = p;
    while (k < n - 1 && t >= knots[k + 1]) k++;
    const d: [number, number, number][] = [];
    for (let j = 0; j <= p; j++) {
      const c = control[k - p + j];
      const wj = w ? w[k - p + j] : 1;
      d.push([c[0] * wj, c[1] * wj, wj]);
    }
    for (let r = 1; r <= p; r++) {
      for (let j = p; j >= r; j--) {
        const i = k - p + j;
        const den = knots[i + p - r + 1] - knots[i];
        const a = den === 0 ? 0 : (t - knots[i]) / den;
        d[j] = [(1 - a) * d[j - 1][0] + a * d[j][0], (1 - a) * d[j - 1][1] + a * d[j][1], (1 - a) * d[j - 1][2] + a * d[j][2]];
      }
    }
    return [d[p][0] / d[p][2], d[p][1] / d[p][2]];
  };
  const breaks = [...new Set(knots.slice(p, n + 1))];
  return sampleCurve(at, breaks, tolerance);
}

/**
 * The smooth curve through a SPLINE's fit points (when the file gives no control points). Each stretch between two
 * fit points blends the arc of the circle through the point before, the two points, and the arc of the circle
 * through the two points and the point after (circle-blended interpolation): tangent-continuous at every fit point,
 * exact for points on a circle or a line, and never the straight segments between them.
 */
export function fitSplinePoints(points: Pt[], closed: boolean, tolerance = CURVE_TOLERANCE): Pt[] {
  let pts = points.filter((q, i) => i === 0 || distance(q, points[i - 1]) > 1e-9);
  if (closed && pts.length > 2 && distance(pts[0], pts[pts.length - 1]) <= 1e-9) pts = pts.slice(0, -1);
  if (pts.length < 3) return closed && pts.length ? [...pts, pts[0]] : pts;
  const m = pts.length;
  const segs = closed ? m : m - 1;
  const arcs = Array.from({ length: segs }, (_, i) => {
    const a = pts[i];
    const b = pts[(i + 1) % m];
    const before = closed || i > 0 ? arcBetween(pts[(i - 1 + m) % m], a, b, a, b) : null;
    const after = closed || i + 2 < m ? arcBetween(a, b, pts[(i + 2) % m], a, b) : null;
    return { before: before ?? after!, after: after ?? before! };
  });
  const at = (t: number): Pt => {
    const i = Math.min(segs - 1, Math.max(0, Math.floor(t)));
    const u = t - i;
    const w = u * u * (3 - 2 * u);
    const p = arcs[i].before(u);
    const q = arcs[i].after(u);
    return [(1 - w) * p[0] + w * q[0], (1 - w) * p[1] + w * q[1]];
  };
  return sampleCurve(at, Array.from({ length: segs + 1 }, (_, i) => i), tolerance);
}

/** The arc from a to b of the circle through p, q, r (two of which are a and b), as a function of 0..1; a line when they are. */
function arcBetween(p: Pt, q: Pt, r: Pt, a: Pt, b: Pt): (u: number) => Pt {
  const line = (u: number): Pt => [a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u];
  const d = 2 * (p[0] * (q[1] - r[1]) + q[0] * (r[1] - p[1]) + r[0] * (p[1] - q[1]));
  const scale = Math.max(distance(p, q), distance(q, r), distance(p, r));
  if (Math.abs(d) <= 1e-12 * scale * scale) return line;
  const sq = (v: Pt) => v[0] * v[0] + v[1] * v[1];
  const cx = (sq(p) * (q[1] - r[1]) + sq(q) * (r[1] - p[1]) + sq(r) * (p[1] - q[1])) / d;
  const cy = (sq(p) * (r[0] - q[0]) + sq(q) * (p[0] - r[0]) + sq(r) * (q[0] - p[0])) / d;
  const radius = Math.hypot(a[0] - cx, a[1] - cy);
  // A circle of more than 1000 chord lengths is a line for every practical purpose (and safer to draw as one).
  if (!Number.isFinite(radius) || radius > 1000 * scale) return line;
  const a0 = Math.atan2(a[1] - cy, a[0] - cx);
  let sweep = Math.atan2(b[1] - cy, b[0] - cx) - a0;
  // The way round the circle that the three points go: counter-clockwise when they turn left.
  const ccw = d > 0;
  if (ccw) while (sweep <= 0) sweep += 2 * Math.PI;
  else while (sweep >= 0) sweep -= 2 * Math.PI;
  return (u) => [cx + radius * Math.cos(a0 + sweep * u), cy + radius * Math.sin(a0 + sweep * u)];
}

/**
 * An ELLIPSE: centre, the end of its major axis relative to the centre, minor/major ratio, and the parameter range
 * (radians, counter-clockwise; 0 to 2π for a whole ellipse).
 */
export function ellipsePoints(center: Pt, major: Pt, ratio: number, start: number, end: number, tolerance = CURVE_TOLERANCE): Pt[] {
  let sweep = end - start;
  while (sweep <= 0) sweep += 2 * Math.PI;
  if (sweep > 2 * Math.PI) sweep = 2 * Math.PI;
  const minor: Pt = [-major[1] * ratio, major[0] * ratio];
  const at = (t: number): Pt => [center[0] + major[0] * Math.cos(t) + minor[0] * Math.sin(t), center[1] + major[1] * Math.cos(t) + minor[1] * Math.sin(t)];
  const spans = Math.max(4, Math.ceil(sweep / (Math.PI / 4)));
  return sampleCurve(at, Array.from({ length: spans + 1 }, (_, i) => start + (sweep * i) / spans), tolerance);
}

/** Distance from p to the (infinite) line through a and b, signed: positive on its left. */
function sideOf(p: Pt, a: Pt, b: Pt): number {
  const len = distance(a, b) || 1;
  return ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) / len;
}

/** p mirrored across the line through a and b. */
export function mirrorPoint(p: Pt, a: Pt, b: Pt): Pt {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy || 1;
  const t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2;
  const fx = a[0] + t * dx;
  const fy = a[1] + t * dy;
  return [2 * fx - p[0], 2 * fy - p[1]];
}

/** The part of a ring on one side of the line through a and b (sign +1: its left), by Sutherland-Hodgman. */
function clipToSide(ring: Pt[], a: Pt, b: Pt, sign: 1 | -1): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i];
    const q = ring[(i + 1) % ring.length];
    const dp = sign * sideOf(p, a, b);
    const dq = sign * sideOf(q, a, b);
    if (dp >= 0) out.push(p);
    if ((dp > 0 && dq < 0) || (dp < 0 && dq > 0)) {
      const t = dp / (dp - dq);
      out.push([p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t]);
    }
  }
  return out;
}

/**
 * A half piece unfolded across its fold line: the outline (on the side of the line where nearly all of it lies,
 * 95 % of its area: a graded size may overshoot its fold by a little) from the fold round to the fold, then its
 * mirror image back. Null when the outline does not lie along the line (it is then not a fold but a line inside).
 * `force`: the piece is known to be cut on the fold (its sample size is), so the larger side is kept however much
 * of the outline crosses the line.
 */
export function unfoldRing(ring: Pt[], a: Pt, b: Pt, { tolerance = 1, force = false }: { tolerance?: number; force?: boolean } = {}): Pt[] | null {
  if (ring.length < 3 || distance(a, b) <= tolerance) return null;
  const total = polygonArea(ring);
  const halves = ([1, -1] as const).map((sign) => clipToSide(ring, a, b, sign));
  const clipped = polygonArea(halves[0]) >= polygonArea(halves[1]) ? halves[0] : halves[1];
  if (clipped.length < 3 || polygonArea(clipped) < (force ? 0.5 : 0.95) * total) return null;
  const n = clipped.length;
  const on = clipped.map((p) => Math.abs(sideOf(p, a, b)) <= tolerance);
  const off = on.filter((o) => !o).length;
  if ((n - off < 2 && !force) || off === 0) return null;
  // The one stretch of points off the fold, with the fold points at its two ends.
  const start = on.findIndex((o, i) => o && !on[(i + 1) % n]);
  const half: Pt[] = [];
  if (start >= 0) {
    half.push(clipped[start]);
    let i = (start + 1) % n;
    while (!on[i]) {
      half.push(clipped[i]);
      i = (i + 1) % n;
    }
    half.push(clipped[i]);
  }
  if (half.length - 2 !== off) {
    // The kept side leaves the fold more than once (a size whose grading crosses its fold): the side and its mirror
    // image, walked one after the other, still give the unfolded piece's box and (twice the side's) area.
    return force ? [...clipped, ...clipped.slice().reverse().map((p) => mirrorPoint(p, a, b))] : null;
  }
  const mirrored = half.slice(1, -1).reverse().map((p) => mirrorPoint(p, a, b));
  return [...half, ...mirrored];
}

/**
 * Points placed on one outline (a sample size's notches) carried to the same places on another outline of the same
 * piece (another size): by the matching outline point when both outlines have as many points (graded from the same
 * points), else by the same share of the way round; each starts at the point nearest the other's first point (both
 * centred) and goes the same way round.
 */
export function transferPoints(points: Pt[], from: Pt[], to: Pt[]): Pt[] {
  if (from.length < 3 || to.length < 3) return [];
  const bf = bboxOf(from);
  const bt = bboxOf(to);
  const shift: Pt = [(bt.minX + bt.maxX) / 2 - (bf.minX + bf.maxX) / 2, (bt.minY + bt.maxY) / 2 - (bf.minY + bf.maxY) / 2];
  let target = signedArea(from) * signedArea(to) < 0 ? to.slice().reverse() : to;
  const first: Pt = [from[0][0] + shift[0], from[0][1] + shift[1]];
  let offset = 0;
  let best = Infinity;
  target.forEach((p, i) => {
    const d = distance(p, first);
    if (d < best) {
      best = d;
      offset = i;
    }
  });
  target = [...target.slice(offset), ...target.slice(0, offset)];
  const same = target.length === from.length;
  const cumulative = (ring: Pt[]) => {
    const c = [0];
    for (let k = 0; k < ring.length; k++) c.push(c[k] + distance(ring[k], ring[(k + 1) % ring.length]));
    return c;
  };
  const cf = cumulative(from);
  const ct = cumulative(target);
  return points.map((p) => {
    let k = 0;
    let t = 0;
    let near = Infinity;
    for (let j = 0; j < from.length; j++) {
      const a = from[j];
      const b = from[(j + 1) % from.length];
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const len2 = dx * dx + dy * dy;
      const u = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
      const d = Math.hypot(p[0] - a[0] - u * dx, p[1] - a[1] - u * dy);
      if (d < near) {
        near = d;
        k = j;
        t = u;
      }
    }
    if (same) {
      const a = target[k];
      const b = target[(k + 1) % target.length];
      return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    }
    const share = (cf[k] + t * (cf[k + 1] - cf[k])) / cf[from.length];
    const at = share * ct[target.length];
    let j = 0;
    while (j < target.length - 1 && ct[j + 1] < at) j++;
    const seg = ct[j + 1] - ct[j];
    const u = seg > 0 ? (at - ct[j]) / seg : 0;
    const a = target[j];
    const b = target[(j + 1) % target.length];
    return [a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u];
  });
}
