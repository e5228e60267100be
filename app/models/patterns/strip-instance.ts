/**
 * Strip packing instances in the exchange format of the field (the ESICUP instances as the sparrow and jagua-rs
 * nesters write them, issue 47): `{name, strip_height, items: [{id, demand, allowed_orientations, shape: {type:
 * "simple_polygon", data: [[x, y], ...]}}]}`, and their solutions `{name, strip_height, length, density, placements:
 * [{item_id, rotation, translation: [x, y]}]}`: a placed piece is the item's polygon turned by `rotation` degrees about
 * the origin, then moved by `translation`; the strip is x in [0, length], y in [0, strip_height].
 */
import type { Pt } from "./types";

/**
 * `atEdge`: kept against the strip's lower edge (y = 0) wherever it moves along it: the half of a piece cut on the fold
 * of a folded fabric, the fold being that edge (the product's folded layouts; not part of the exchange format).
 */
export type StripItem = { id: number; demand: number; orientations: number[]; polygon: Pt[]; area: number; atEdge?: boolean };
export type StripInstance = { name: string; height: number; items: StripItem[] };
export type StripPlacement = { item_id: number; rotation: number; translation: [number, number] };
export type StripSolution = { name: string; strip_height: number; length: number; density: number; placements: StripPlacement[] };

/** At most this many pieces (the sum of the demands) in one instance. */
export const MAX_STRIP_PIECES = 2000;
/** At most this many vertices in one item's polygon. */
export const MAX_ITEM_POINTS = 2000;

export type ParseResult = { ok: true; instance: StripInstance } | { ok: false; error: string };

/** A polygon's signed area (counter-clockwise positive). */
export function signedArea(ring: Pt[]): number {
  let twice = 0;
  for (let i = 0, n = ring.length; i < n; i++) {
    const [x0, y0] = ring[i]!;
    const [x1, y1] = ring[(i + 1) % n]!;
    twice += x0 * y1 - x1 * y0;
  }
  return twice / 2;
}

const orient = (a: Pt, b: Pt, c: Pt) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
const within = (a: Pt, b: Pt, c: Pt) =>
  Math.min(a[0], b[0]) <= c[0] && c[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= c[1] && c[1] <= Math.max(a[1], b[1]);

/** Whether segments ab and cd share a point (touching included). */
export function segmentsMeet(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const d1 = orient(c, d, a);
  const d2 = orient(c, d, b);
  const d3 = orient(a, b, c);
  const d4 = orient(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (d1 === 0 && within(c, d, a)) || (d2 === 0 && within(c, d, b)) || (d3 === 0 && within(a, b, c)) || (d4 === 0 && within(a, b, d));
}

/** Whether a ring crosses or touches itself (two edges that are not neighbours share a point). */
export function crossesItself(ring: Pt[]): boolean {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsMeet(ring[i]!, ring[(i + 1) % n]!, ring[j]!, ring[(j + 1) % n]!)) return true;
    }
  }
  return false;
}

/** The ring turned by `degrees` about the origin (exact for multiples of 90). */
export function rotateRing(ring: Pt[], degrees: number): Pt[] {
  const [c, s] = cosSin(degrees);
  return ring.map(([x, y]) => [c * x - s * y, s * x + c * y]);
}

export function cosSin(degrees: number): [number, number] {
  const d = ((degrees % 360) + 360) % 360;
  if (d === 0) return [1, 0];
  if (d === 90) return [0, 1];
  if (d === 180) return [-1, 0];
  if (d === 270) return [0, -1];
  const r = (d * Math.PI) / 180;
  return [Math.cos(r), Math.sin(r)];
}

const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * Reads an instance (the text of its JSON file), or says what is wrong, naming the item: not JSON, no positive
 * strip_height, an item without a positive whole demand, without orientations, a polygon of fewer than 3 distinct
 * points, of no area or crossing itself, a piece that fits the strip height in none of its orientations, more than
 * MAX_STRIP_PIECES pieces in all. The closing point of a ring that repeats its first is dropped.
 */
export function parseStripInstance(text: string): ParseResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: "the instance is not JSON" };
  }
  if (!json || typeof json !== "object") return { ok: false, error: "the instance is not a JSON object" };
  const raw = json as { name?: unknown; strip_height?: unknown; items?: unknown };
  const height = raw.strip_height;
  if (!isNum(height) || height <= 0) return { ok: false, error: "strip_height must be a positive number" };
  if (!Array.isArray(raw.items) || raw.items.length === 0) return { ok: false, error: "items must be a non-empty list" };
  const items: StripItem[] = [];
  let pieces = 0;
  for (let k = 0; k < raw.items.length; k++) {
    const it = raw.items[k] as { id?: unknown; demand?: unknown; allowed_orientations?: unknown; shape?: { type?: unknown; data?: unknown } } | null;
    const id = it && isNum(it.id) ? it.id : k;
    const name = `item ${id}`;
    if (!it || typeof it !== "object") return { ok: false, error: `${name}: not an object` };
    if (!isNum(it.id) || !Number.isInteger(it.id) || it.id < 0) return { ok: false, error: `${name}: id must be a whole number` };
    if (items.some((i) => i.id === it.id)) return { ok: false, error: `${name}: id used twice` };
    if (!isNum(it.demand) || !Number.isInteger(it.demand) || it.demand < 1) return { ok: false, error: `${name}: demand must be a whole number of at least 1` };
    const orientations = it.allowed_orientations ?? [0];
    if (!Array.isArray(orientations) || !orientations.length || !orientations.every(isNum)) {
      return { ok: false, error: `${name}: allowed_orientations must be a non-empty list of degrees` };
    }
    const data = it.shape?.data;
    if (it.shape?.type !== undefined && it.shape.type !== "simple_polygon") return { ok: false, error: `${name}: shape type must be simple_polygon` };
    if (!Array.isArray(data) || !data.every((p) => Array.isArray(p) && p.length === 2 && isNum(p[0]) && isNum(p[1]))) {
      return { ok: false, error: `${name}: shape.data must be a list of [x, y] points` };
    }
    if (data.length > MAX_ITEM_POINTS + 1) return { ok: false, error: `${name}: more than ${MAX_ITEM_POINTS} points` };
    let ring = (data as [number, number][]).map(([x, y]): Pt => [x, y]);
    // Consecutive repeated points and the closing point.
    ring = ring.filter((p, i) => {
      const q = ring[(i + ring.length - 1) % ring.length]!;
      return ring.length === 1 || p[0] !== q[0] || p[1] !== q[1];
    });
    if (ring.length < 3) return { ok: false, error: `${name}: a polygon needs at least 3 points` };
    if (crossesItself(ring)) return { ok: false, error: `${name}: the polygon crosses itself` };
    let area = signedArea(ring);
    if (!(Math.abs(area) > 0)) return { ok: false, error: `${name}: the polygon has no area` };
    if (area < 0) {
      ring = ring.reverse();
      area = -area;
    }
    const fits = orientations.some((deg) => {
      const ys = rotateRing(ring, deg).map((p) => p[1]);
      return Math.max(...ys) - Math.min(...ys) <= height;
    });
    if (!fits) return { ok: false, error: `${name}: fits the strip (height ${height}) in none of its orientations` };
    pieces += it.demand;
    if (pieces > MAX_STRIP_PIECES) return { ok: false, error: `more than ${MAX_STRIP_PIECES} pieces (at ${name})` };
    items.push({ id: it.id, demand: it.demand, orientations: [...new Set(orientations as number[])], polygon: ring, area });
  }
  return { ok: true, instance: { name: typeof raw.name === "string" ? raw.name : "instance", height, items } };
}
