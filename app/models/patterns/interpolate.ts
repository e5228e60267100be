/**
 * Made to measure (issue 24 item 4, decision 114): a buyer's own size, interpolated point by point between the two
 * graded sizes of the seller's own file that bracket the buyer's measurement for the zone governing each point.
 * Pure: no database, no server code.
 */
import { bboxOf, distance, filledArea, polygonArea, signedArea, unfoldRing } from "./geometry";
import { matchPieces, piecesOfSize } from "./pieces";
import type { Pattern, PatternPiece, Pt } from "./types";
import type { Measurements, SizeChart, Zone } from "~/utils/measurements";

/**
 * The fractional position of `value` among the chart's `values` (one per size, strictly increasing): k exactly at
 * row k's value, linear between two rows, below 0 / above n-1 outside (continuing the first / last step). Null when
 * there are fewer than two values or they do not grow.
 */
export function positionAmong(values: number[], value: number): number | null {
  const n = values.length;
  if (n < 2 || !Number.isFinite(value)) return null;
  for (let i = 1; i < n; i++) if (!(values[i] > values[i - 1])) return null;
  if (value <= values[0]) return (value - values[0]) / (values[1] - values[0]);
  if (value >= values[n - 1]) return n - 1 + (value - values[n - 1]) / (values[n - 1] - values[n - 2]);
  let k = 0;
  while (value > values[k + 1]) k++;
  return k + (value - values[k]) / (values[k + 1] - values[k]);
}

/** The position of a measurement among a zone's values (one rule for the engine and the advice, fit/advice.ts). */
export { positionAmong as sizePosition };

/** The size name of the custom pieces; print files label it "Your size". */
export const CUSTOM_SIZE = "custom";
export { CUSTOM_SIZE_LABEL } from "./mtm-label";

/** How far beyond the smallest or largest graded size a measurement may go, in grade steps (flagged `extrapolated`). */
export const EXTRAPOLATION_LIMIT = 1;

/**
 * Where the zones govern a piece that runs from bust to hip, as a share of its length along the grain from its top:
 * the bust zone down to 25 %, then linear to the waist at 60 %, then to the hip at 90 % and below. A zone the chart
 * or the buyer lacks is left out of the blend.
 */
export const BLEND_ANCHORS: { zone: Zone; at: number }[] = [
  { zone: "bust", at: 0.25 },
  { zone: "waist", at: 0.6 },
  { zone: "hip", at: 0.9 },
];

/** A piece blends bust to hip when it is a body piece (front, back, bodice, dress) at least this long along the grain. */
export const BLEND_MIN_LENGTH_MM = 400;

export type CustomError = "no_chart" | "no_measurements" | "not_graded" | "bad_chart" | "outside_range";

export type CustomResult =
  | {
      ok: true;
      pieces: PatternPiece[];
      /** The buyer's fractional size position per zone used (0 = the first graded size of the chart). */
      positions: Partial<Record<Zone, number>>;
      extrapolated: boolean;
      notes: string[];
    }
  | { ok: false; error: CustomError; message: string };

const BODY = /\b(FRONT|BACK|BODICE|DRESS|BODY|TOP|TUNIC)\b|^(FR|BK|FRONT|BACK)$|(FR|BK)$/;
const NOT_BODY = /COLLAR|SLEEVE|CUFF|PLACKET|BAND|RIB|BINDING|HOOD|POCKET|FACING|YOKE|STAND|INTERLIN|CO\b|HALF/;
const WAIST = /WAISTBAND|\bWB\b|\bBAND\b/;
const LOWER = /TROUSER|PANT|LEG|SKIRT|SHORTS\b|JEAN/;

/**
 * How a piece is governed: "blend" (a body piece from bust to hip) or one zone. Decided from its category and name
 * (upper case): waistbands by the waist; trousers, legs and skirts by the hip; body pieces (front, back, bodice,
 * dress) at least BLEND_MIN_LENGTH_MM long blend bust to hip; everything else (sleeves, whose cap must fit the
 * armhole; collars, cuffs, plackets, pockets, bindings) and short body pieces by the bust.
 */
export function governingZone(piece: Pick<PatternPiece, "name" | "category" | "boundary" | "grain" | "bbox">): "blend" | Zone {
  const text = `${piece.category ?? ""} ${piece.name}`.toUpperCase();
  if (WAIST.test(text) && !LOWER.test(text)) return "waist";
  if (LOWER.test(text)) return "hip";
  const isBody = BODY.test((piece.category ?? "").toUpperCase()) || BODY.test(piece.name.toUpperCase());
  if (isBody && !NOT_BODY.test((piece.category ?? "").toUpperCase()) && lengthAlong(piece) >= BLEND_MIN_LENGTH_MM) return "blend";
  return "bust";
}

/**
 * The unit vector from a piece's bottom to its top, along its grain line (else y). Which end is the top: the one
 * with more outline points in its last quarter (neckline, shoulders and armholes are curves, a hem is straight);
 * on a tie, up (or right when the piece lies flat).
 */
export function upAxis(piece: Pick<PatternPiece, "grain" | "boundary">): Pt {
  let dx = 0;
  let dy = 1;
  if (piece.grain) {
    const gx = piece.grain[1][0] - piece.grain[0][0];
    const gy = piece.grain[1][1] - piece.grain[0][1];
    const len = Math.hypot(gx, gy);
    if (len > 1e-9) [dx, dy] = [gx / len, gy / len];
  }
  if (Math.abs(dy) >= Math.abs(dx) ? dy < 0 : dx < 0) [dx, dy] = [-dx, -dy];
  const s = piece.boundary.map(([x, y]) => x * dx + y * dy);
  const lo = Math.min(...s);
  const hi = Math.max(...s);
  const quarter = (hi - lo) / 4;
  const top = s.filter((v) => v >= hi - quarter).length;
  const bottom = s.filter((v) => v <= lo + quarter).length;
  return bottom > top ? [-dx, -dy] : [dx, dy];
}

function lengthAlong(piece: Pick<PatternPiece, "boundary" | "grain">): number {
  const [ax, ay] = upAxis(piece);
  let lo = Infinity;
  let hi = -Infinity;
  for (const [x, y] of piece.boundary) {
    const s = x * ax + y * ay;
    lo = Math.min(lo, s);
    hi = Math.max(hi, s);
  }
  return hi - lo;
}

const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/** Cumulative arc length at each vertex (ring: closed, n+1 entries; open: n entries). */
function cumulative(points: Pt[], closed: boolean): number[] {
  const c = [0];
  const n = points.length;
  const m = closed ? n : n - 1;
  for (let i = 0; i < m; i++) c.push(c[i] + distance(points[i], points[(i + 1) % n]));
  return c;
}

/** The point at arc length `at` along points (wrapping round a closed ring). */
function pointAt(points: Pt[], c: number[], at: number, closed: boolean): Pt {
  const total = c[c.length - 1];
  if (total <= 0) return points[0];
  let s = closed ? ((at % total) + total) % total : Math.max(0, Math.min(total, at));
  if (closed && s >= total) s = 0;
  let lo = 0;
  let hi = c.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (c[mid] <= s) lo = mid;
    else hi = mid;
  }
  const seg = c[lo + 1] - c[lo];
  return lerp(points[lo], points[(lo + 1) % points.length], seg > 0 ? (s - c[lo]) / seg : 0);
}

/**
 * The anchors of a ring: its sharp turns (more than 35° between the edges in and out) and its extreme points left,
 * right, top and bottom (where a smooth curve's box is made), in order round the ring.
 */
function corners(ring: Pt[]): number[] {
  const extremes = new Set<number>();
  for (const [axis, sign] of [[0, 1], [0, -1], [1, 1], [1, -1]] as const) {
    let best = 0;
    ring.forEach((p, i) => {
      if (sign * p[axis] > sign * ring[best][axis]) best = i;
    });
    extremes.add(best);
  }
  const out: number[] = [];
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const a = ring[(i - 1 + n) % n];
    const b = ring[i];
    const c = ring[(i + 1) % n];
    const u: Pt = [b[0] - a[0], b[1] - a[1]];
    const v: Pt = [c[0] - b[0], c[1] - b[1]];
    const lu = Math.hypot(...u);
    const lv = Math.hypot(...v);
    if (lu < 1e-9 || lv < 1e-9) continue;
    if (extremes.has(i) || (u[0] * v[0] + u[1] * v[1]) / (lu * lv) < Math.cos((35 * Math.PI) / 180)) out.push(i);
  }
  return out;
}

/**
 * `ring` turned the same way round as `ref` and started at its anchor (corners) nearest ref's first point (both
 * centred); ref starts at an anchor too (correspond).
 */
function alignRing(ref: Pt[], ring: Pt[]): Pt[] {
  const br = bboxOf(ref);
  const bo = bboxOf(ring);
  const shift: Pt = [(bo.minX + bo.maxX - br.minX - br.maxX) / 2, (bo.minY + bo.maxY - br.minY - br.maxY) / 2];
  const target = signedArea(ref) * signedArea(ring) < 0 ? ring.slice().reverse() : ring;
  const first: Pt = [ref[0][0] + shift[0], ref[0][1] + shift[1]];
  let offset = 0;
  let best = Infinity;
  for (const i of corners(target)) {
    const d = distance(target[i], first);
    if (d < best) {
      best = d;
      offset = i;
    }
  }
  return startAt(target, offset);
}

const startAt = (ring: Pt[], i: number): Pt[] => [...ring.slice(i), ...ring.slice(0, i)];

/** A monotone piecewise linear map of arc lengths: xs to ys, both increasing from 0. */
type ArcMap = { xs: number[]; ys: number[] };

function evalMap(m: ArcMap, x: number): number {
  const { xs, ys } = m;
  if (x <= xs[0]) return ys[0];
  let i = 0;
  while (i < xs.length - 2 && x > xs[i + 1]) i++;
  const span = xs[i + 1] - xs[i];
  return span > 0 ? ys[i] + ((Math.min(x, xs[i + 1]) - xs[i]) / span) * (ys[i + 1] - ys[i]) : ys[i];
}

/** g after f. */
function compose(f: ArcMap, g: ArcMap): ArcMap {
  const inverse: ArcMap = { xs: f.ys, ys: f.xs };
  const xs = [...new Set([...f.xs, ...g.xs.map((y) => evalMap(inverse, y))])].sort((a, b) => a - b);
  return { xs, ys: xs.map((x) => evalMap(g, evalMap(f, x))) };
}

/**
 * How arc length along `a` maps to arc length along `b` (two sizes of one outline, b aligned to a): the identity
 * share of the way round, cut at their matching sharp turns (a corner of a matched to the nearest corner of b at
 * about the same share of the way round, within 20 mm or 2 % of the perimeter).
 */
function arcMap(a: Pt[], b: Pt[], closed: boolean): ArcMap {
  const ca = cumulative(a, closed);
  const cb = cumulative(b, closed);
  const ta = ca[ca.length - 1];
  const tb = cb[cb.length - 1];
  const xs = [0];
  const ys = [0];
  if (closed && ta > 0 && tb > 0) {
    const ba = bboxOf(a);
    const bb = bboxOf(b);
    const shift: Pt = [(bb.minX + bb.maxX - ba.minX - ba.maxX) / 2, (bb.minY + bb.maxY - ba.minY - ba.maxY) / 2];
    const other = corners(b);
    let last = 0;
    for (const i of corners(a)) {
      if (i === 0) continue;
      const share = ca[i] / ta;
      const p: Pt = [a[i][0] + shift[0], a[i][1] + shift[1]];
      let best = -1;
      let near = Math.max(20, 0.02 * ta);
      for (const j of other) {
        const sj = cb[j] / tb;
        if (sj <= last || Math.abs(sj - share) > 0.05) continue;
        const d = distance(b[j], p);
        if (d < near) {
          near = d;
          best = j;
        }
      }
      if (best > 0 && cb[best] < tb) {
        xs.push(ca[i]);
        ys.push(cb[best]);
        last = cb[best] / tb;
      }
    }
  }
  xs.push(ta);
  ys.push(tb);
  return { xs, ys };
}

/**
 * The polylines of consecutive sizes with one vertex count and index correspondence; unchanged when every size of the
 * piece has as many points (graded from the same points: AAMA exports). Otherwise (ASTM exports sample their exact
 * curves per size, so even two sizes with as many points may not match point for point) every size is aligned to its neighbour (same way round, same start), the arc length of each is
 * mapped to the next's (arcMap, chained from the first), and every size is sampled at the union of all sizes' own
 * vertices: each keeps every one of its points, so its outline is exactly its own.
 */
function correspond(lines: Pt[][], closed: boolean, byIndex: boolean): Pt[][] {
  if (byIndex && lines.every((l) => l.length === lines[0].length)) return lines;
  if (lines.some((l) => l.length < 2)) return lines.map(() => lines.reduce((a, b) => (b.length > a.length ? b : a)));
  const aligned = [closed ? startAt(lines[0], corners(lines[0])[0] ?? 0) : lines[0]];
  for (let i = 1; i < lines.length; i++) aligned.push(closed ? alignRing(aligned[i - 1], lines[i]) : lines[i]);
  const cums = aligned.map((l) => cumulative(l, closed));
  const t0 = cums[0][cums[0].length - 1];
  const maps: ArcMap[] = [{ xs: [0, t0], ys: [0, t0] }];
  for (let i = 1; i < aligned.length; i++) maps.push(compose(maps[i - 1], arcMap(aligned[i - 1], aligned[i], closed)));
  const params = new Set<number>();
  maps.forEach((m, i) => {
    const inverse: ArcMap = { xs: m.ys, ys: m.xs };
    const c = cums[i];
    for (let j = 0; j < aligned[i].length; j++) params.add(Math.round(evalMap(inverse, c[j]) * 1e6) / 1e6);
  });
  const us = [...params].filter((u) => u < t0 || !closed).sort((a, b) => a - b);
  return aligned.map((l, i) => us.map((u) => pointAt(l, cums[i], evalMap(maps[i], u), closed)));
}

type Governor = (p: Pt) => number;

/** One custom piece from the same piece in every graded size (all present), each point at its own position f. */
function blendPiece(sizes: PatternPiece[], f: Governor, every: PatternPiece[]): PatternPiece {
  const n = sizes.length;
  const at = (lines: Pt[][], i: number, p?: Pt): Pt => {
    const pos = f(p ?? lines[0][i]);
    const k = Math.max(0, Math.min(n - 2, Math.floor(pos)));
    return lerp(lines[k][i], lines[k + 1][i], pos - k);
  };
  // Index correspondence only where every graded size of the piece has as many points.
  const indexed = (get: (p: PatternPiece) => Pt[] | undefined) => every.every((p) => get(p)?.length === get(every[0])?.length);
  const mapLines = (per: Pt[][], closed: boolean, byIndex: boolean): Pt[] => {
    const lines = correspond(per, closed, byIndex);
    return lines[0].map((_, i) => at(lines, i, positionPoint(lines, i)));
  };
  // Where a point is for choosing f: its place in the size whose position it is nearest (the middle size's place
  // differs by a few mm and f changes slowly along a piece), so every size's point gets one f.
  const positionPoint = (lines: Pt[][], i: number): Pt => lines[Math.floor((n - 1) / 2)][i];
  const base = sizes[0];
  const boundary = mapLines(
    sizes.map((p) => p.boundary),
    true,
    indexed((p) => p.boundary),
  );
  const sameCount = (get: (p: PatternPiece) => unknown[]) => sizes.every((p) => get(p).length === get(base).length);
  const points = (get: (p: PatternPiece) => Pt[]): Pt[] =>
    sameCount(get) ? get(base).map((_, i) => at(sizes.map(get), i, positionPoint(sizes.map(get), i))) : get(sizes[nearestIndex(sizes, f)]);
  const lineSets = (get: (p: PatternPiece) => Pt[][]): Pt[][] =>
    sameCount(get)
      ? get(base).map((_, j) =>
          mapLines(
            sizes.map((p) => get(p)[j]),
            false,
            indexed((p) => get(p)[j]),
          ),
        )
      : get(sizes[nearestIndex(sizes, f)]);
  const grain = base.grain && sizes.every((p) => p.grain) ? (points((p) => p.grain as Pt[]) as [Pt, Pt]) : base.grain;
  const fold = base.fold && sizes.every((p) => p.fold) ? (points((p) => p.fold as Pt[]) as [Pt, Pt]) : undefined;
  const piece: PatternPiece = {
    ...base,
    size: CUSTOM_SIZE,
    boundary,
    grain,
    notches: points((p) => p.notches),
    drill: points((p) => p.drill),
    internal: lineSets((p) => p.internal),
    sewLines: lineSets((p) => p.sewLines),
    bbox: bboxOf(boundary),
    area: polygonArea(boundary),
  };
  delete piece.crossesItself;
  if (sizes.some((p) => p.crossesItself)) {
    // A grading fault of the file (decision 094): measured as a reader fills it, as the reader does.
    piece.crossesItself = true;
    piece.area = Math.max(piece.area, filledArea(boundary, Math.max(piece.bbox.width, piece.bbox.height) / 2000));
  }
  if (fold) piece.fold = fold;
  else delete piece.fold;
  delete piece.unfolded;
  if (piece.onFold && fold) {
    const whole = unfoldRing(boundary, fold[0], fold[1], { force: true });
    if (whole) piece.unfolded = { boundary: whole, bbox: bboxOf(whole), area: polygonArea(whole) };
  }
  return piece;
}

/** The index of the size nearest the position at the piece's middle (for parts that cannot be matched point by point). */
function nearestIndex(sizes: PatternPiece[], f: Governor): number {
  const b = sizes[0].bbox;
  return Math.max(0, Math.min(sizes.length - 1, Math.round(f([(b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2]))));
}

const MESSAGES: Record<Exclude<CustomError, "outside_range">, string> = {
  no_chart: "This design has no size chart with its sizes' measurements, so it cannot be made to measure.",
  no_measurements: "Add your bust, waist or hip measurement to get your own size.",
  not_graded: "This pattern has only one size, so there is nothing to interpolate between.",
  bad_chart: "The size chart's measurements must grow from each size to the next.",
};

const ZONE_ORDER: Zone[] = ["bust", "waist", "hip", "high_bust"];

/**
 * The buyer's own pieces: every piece of the pattern (as many, named, cut and marked as the graded ones) in size
 * "custom", each point between the two graded sizes around the buyer's position for the zone that governs it
 * (governingZone, BLEND_ANCHORS). At a graded size's own chart measurements the pieces are that size's exactly.
 */
export function customPieces(pattern: Pattern, chart: SizeChart | null, m: Measurements | null): CustomResult {
  if (pattern.sizes.length < 2) return { ok: false, error: "not_graded", message: MESSAGES.not_graded };
  const rows = (chart?.rows ?? []).filter((r) => pattern.sizes.includes(r.size));
  if (rows.length < 2) return { ok: false, error: "no_chart", message: MESSAGES.no_chart };
  const sizes = rows.map((r) => r.size);
  const positions: Partial<Record<Zone, number>> = {};
  for (const zone of ZONE_ORDER) {
    const values = rows.map((r) => r.body[zone]);
    const value = m?.[zone];
    if (value == null || values.some((v) => v == null)) continue;
    const pos = positionAmong(values as number[], value);
    if (pos == null) return { ok: false, error: "bad_chart", message: MESSAGES.bad_chart };
    positions[zone] = pos;
  }
  const known = ZONE_ORDER.filter((z) => positions[z] != null);
  if (!known.length) return { ok: false, error: "no_measurements", message: MESSAGES.no_measurements };
  const last = sizes.length - 1;
  for (const zone of known) {
    const pos = positions[zone] as number;
    if (pos < -EXTRAPOLATION_LIMIT - 1e-9 || pos > last + EXTRAPOLATION_LIMIT + 1e-9) {
      const [edge, side] = pos < 0 ? [sizes[0], "smaller"] : [sizes[last], "larger"];
      return {
        ok: false,
        error: "outside_range",
        message: `Your ${zone.replace("_", " ")} is more than one size step ${side} than size ${edge}, the ${pos < 0 ? "smallest" : "largest"} this pattern is graded to.`,
      };
    }
  }
  const extrapolated = known.some((z) => (positions[z] as number) < -1e-9 || (positions[z] as number) > last + 1e-9);
  const notes: string[] = [];
  if (extrapolated) notes.push(`Your size lies beyond the graded sizes ${sizes[0]} to ${sizes[last]}: it is extrapolated by up to one size step.`);

  const zoneOf = (zone: Zone) => (positions[zone] != null ? zone : known[0]);
  const rowsOfPieces = matchPieces(sizes.map((s) => piecesOfSize(pattern, s)));
  const pieces: PatternPiece[] = [];
  for (const row of rowsOfPieces) {
    const present = row.pieces.filter((p): p is PatternPiece => !!p);
    const reference = present[Math.floor((present.length - 1) / 2)];
    const rule = governingZone(reference);
    const f: Governor = rule === "blend" ? blendGovernor(reference, positions, known) : () => positions[zoneOf(rule)] as number;
    // Exact where it must be: one position everywhere at a graded size gives that size's own piece.
    const probe = [reference.boundary[0], ...reference.boundary.filter((_, i) => i % 7 === 0)].map(f);
    const at = probe[0];
    if (probe.every((v) => Math.abs(v - at) < 1e-9) && Math.abs(at - Math.round(at)) < 1e-9 && row.pieces[Math.round(at)]) {
      pieces.push({ ...(row.pieces[Math.round(at)] as PatternPiece), size: CUSTOM_SIZE });
      continue;
    }
    if (present.length !== sizes.length) {
      // Graded to some sizes only: interpolate among those when both around the buyer have it, else leave it out.
      const lo = Math.floor(Math.max(0, Math.min(last, at)));
      const hi = Math.min(last, lo + 1);
      if (!row.pieces[lo] || !row.pieces[hi]) {
        notes.push(`${row.name} is not graded to sizes around yours, so it is left out.`);
        continue;
      }
      const pair = [row.pieces[lo] as PatternPiece, row.pieces[hi] as PatternPiece];
      pieces.push(blendPiece(pair, (p) => Math.max(-1, Math.min(2, f(p) - lo)), present));
      continue;
    }
    // Only the sizes the piece's positions fall between take part.
    const all = reference.boundary.map(f);
    const lo = Math.max(0, Math.min(last - 1, Math.floor(Math.min(...all))));
    const hi = Math.max(lo + 1, Math.min(last, Math.floor(Math.max(...all)) + 1));
    pieces.push(blendPiece((row.pieces as PatternPiece[]).slice(lo, hi + 1), (p) => f(p) - lo, present));
  }
  return { ok: true, pieces, positions, extrapolated, notes };
}

/** f along a body piece: the bust's position at its top, the waist's, the hip's at its bottom (BLEND_ANCHORS). */
function blendGovernor(reference: PatternPiece, positions: Partial<Record<Zone, number>>, known: Zone[]): Governor {
  const anchors = BLEND_ANCHORS.filter((a) => positions[a.zone] != null).map((a) => ({ at: a.at, pos: positions[a.zone] as number }));
  if (!anchors.length) return () => positions[known[0]] as number;
  const [ax, ay] = upAxis(reference);
  let lo = Infinity;
  let hi = -Infinity;
  for (const [x, y] of reference.boundary) {
    const s = x * ax + y * ay;
    lo = Math.min(lo, s);
    hi = Math.max(hi, s);
  }
  const length = hi - lo || 1;
  return ([x, y]) => {
    const down = (hi - (x * ax + y * ay)) / length;
    if (down <= anchors[0].at) return anchors[0].pos;
    for (let i = 1; i < anchors.length; i++) {
      if (down <= anchors[i].at) {
        const u = (down - anchors[i - 1].at) / (anchors[i].at - anchors[i - 1].at);
        return anchors[i - 1].pos + u * (anchors[i].pos - anchors[i - 1].pos);
      }
    }
    return anchors[anchors.length - 1].pos;
  };
}

/** The pattern with the buyer's own pieces as one more size, `custom`, after the graded ones (drawn over them). */
export function withCustomSize(pattern: Pattern, pieces: PatternPiece[]): Pattern {
  return { ...pattern, sizes: [...pattern.sizes.filter((s) => s !== CUSTOM_SIZE), CUSTOM_SIZE], pieces: [...pattern.pieces.filter((p) => p.size !== CUSTOM_SIZE), ...pieces] };
}
