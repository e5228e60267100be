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

/** Points of an arc from angle a0 sweeping by `sweep` radians (positive = counter-clockwise), both ends included. */
export function arcPoints(center: Pt, radius: number, a0: number, sweep: number): Pt[] {
  const n = arcSegments(radius, sweep);
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
export function bulgePoints(p1: Pt, p2: Pt, bulge: number): Pt[] {
  if (!bulge || !Number.isFinite(bulge)) return [];
  const dx = p2[0] - p1[0];
  const dy = p2[1] - p1[1];
  if (dx === 0 && dy === 0) return [];
  const k = (1 - bulge * bulge) / (4 * bulge);
  const center: Pt = [(p1[0] + p2[0]) / 2 - dy * k, (p1[1] + p2[1]) / 2 + dx * k];
  const radius = distance(center, p1);
  const a0 = Math.atan2(p1[1] - center[1], p1[0] - center[0]);
  const pts = arcPoints(center, radius, a0, 4 * Math.atan(bulge));
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
