/**
 * Piece labels (decision 062): where a piece's name goes so that it sits inside the piece, fits it and keeps clear
 * of the lines drawn on it. Pure functions, no server code.
 */
import { bboxOf, simplify, simplifyRing } from "./geometry";
import type { Pt } from "./types";

/**
 * Advance widths (thousandths of an em) of DejaVu Sans, the widest of the fonts `system-ui, sans-serif` resolves to
 * (Linux; Segoe UI, San Francisco, Roboto and Arial are narrower), for U+0020..U+007E and U+00A0..U+00FF. The SVG
 * preview measures its labels with them, so a label sized to fit fits whichever of those fonts draws it.
 */
const ASCII_WIDTHS = [
  318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838,
  838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390,
  337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592,
  525, 636, 337, 636, 838,
];
const LATIN1_WIDTHS = [
  318, 401, 636, 636, 636, 636, 337, 500, 500, 1000, 471, 612, 838, 361, 1000, 500, 500, 838, 401, 401, 500, 636, 636, 318, 500, 401, 471, 612, 969, 969,
  969, 531, 684, 684, 684, 684, 684, 684, 974, 698, 632, 632, 632, 632, 295, 295, 295, 295, 775, 748, 787, 787, 787, 787, 787, 838, 787, 732, 732, 732,
  732, 611, 605, 630, 613, 613, 613, 613, 613, 613, 982, 550, 615, 615, 615, 615, 278, 278, 278, 278, 612, 634, 612, 612, 612, 612, 612, 838, 612, 634,
  634, 634, 634, 592, 635, 592,
];

/** Width in ems of a line of SVG label text; characters outside Latin-1 (CJK, symbols, the ellipsis) count 1 em. */
export function svgTextWidth(text: string): number {
  let sum = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c >= 0x20 && c <= 0x7e) sum += ASCII_WIDTHS[c - 0x20];
    else if (c >= 0xa0 && c <= 0xff) sum += LATIN1_WIDTHS[c - 0xa0];
    else sum += 1000;
  }
  return sum / 1000;
}

/** A line of text reaches this far above its baseline and below it, in ems (DejaVu Sans and Helvetica: 0.93, 0.24). */
export const ASCENT_EM = 0.95;
export const DESCENT_EM = 0.25;

/** Where a name may break onto two lines: after a space, hyphen, underscore or slash, the one nearest its middle. */
export function twoLines(text: string): [string, string] | null {
  let best: [string, string] | null = null;
  let bestGap = Infinity;
  for (let i = 1; i < text.length - 1; i++) {
    const ch = text[i];
    if (!" -_/".includes(ch)) continue;
    const first = ch === " " ? text.slice(0, i).trimEnd() : text.slice(0, i + 1);
    const second = text.slice(i + 1).trimStart();
    if (!first || !second) continue;
    const gap = Math.abs(svgTextWidth(first) - svgTextWidth(second));
    if (gap < bestGap) {
      bestGap = gap;
      best = [first, second];
    }
  }
  return best;
}

/**
 * The part of each name after the prefix all of them share (CAD exports start every piece name with the style
 * number: 'GMX1416S18FR', 'GMX1416S18BK'; 'GMG1016S19-CU'), cut where a piece code can start: after a space,
 * hyphen, underscore or slash, or between a digit and a letter, so neither a code nor a number is split. Null for
 * every name when there is no such prefix of at least 3 characters.
 */
export function distinctParts(names: string[]): (string | null)[] {
  const none = names.map(() => null);
  if (names.length < 2) return none;
  const common = names.reduce((p, n) => {
    let i = 0;
    while (i < p.length && i < n.length && p[i] === n[i]) i++;
    return p.slice(0, i);
  });
  const cut = (i: number) => /[\s\-_/]/.test(names[0][i - 1]) || names.every((n) => /\d/.test(n[i - 1]) && /\p{L}/u.test(n[i] ?? ""));
  let at = common.length;
  while (at >= 3 && !cut(at)) at--;
  if (at < 3) return none;
  const parts = names.map((n) => n.slice(at).replace(/^[\s\-_/]+/, ""));
  return parts.every(Boolean) ? parts : none;
}

/** One line of a label: its text and its font size relative to the label's (1 for the piece name). */
export type LabelLine = { text: string; scale: number; bold?: boolean };

export type LabelRequest = {
  /** The piece's outline as drawn, in drawing units (implicitly closed). */
  ring: Pt[];
  /** Lines drawn on the piece (grain line and its arrows, notches, internal lines…), each an open polyline. */
  obstacles: Pt[][];
  /** Texts to try, most wanted first, each with its weight: the label with the largest weight × font size wins. */
  variants: { lines: LabelLine[]; weight: number }[];
  /**
   * The text shortened to `k` characters of the name and an ellipsis (1 <= k < shortLength): tried when no variant
   * fits at minSize, the longest that fits wins.
   */
  short?: (k: number) => LabelLine[];
  shortLength?: number;
  /** Width of a line in ems (at font size 1, before its scale). */
  measure: (line: LabelLine) => number;
  /** Font size of a scale-1 line, in drawing units. */
  minSize: number;
  maxSize: number;
  /** Room kept free between the text and any drawn line, in drawing units, on top of PAD_EM. */
  margin: number;
  /** The drawing's y axis points up (PDF) or down (SVG): decides which way a vertical label reads. */
  yUp: boolean;
};

export type PlacedLine = LabelLine & {
  /** Font size and width, in drawing units. */
  size: number;
  width: number;
  /** How far the line's baseline lies below the block's centre (towards the next line), in drawing units. */
  down: number;
};

export type PlacedLabel = {
  /** The centre of the text block. */
  centre: Pt;
  /** Direction of the baseline (radians, in the drawing's frame), always readable: left to right, or bottom to top. */
  angle: number;
  /** Font size of a scale-1 line. */
  size: number;
  lines: PlacedLine[];
  /** Corners of the text block (without the room around it). */
  box: Pt[];
};

/** Room kept free around the text, in ems of the label's font size. */
export const PAD_EM = 0.1;
/** Line pitch in ems. */
const LINE_EM = ASCENT_EM + DESCENT_EM;
/** Vertices of the outline searched (simplified to this many at most; the tolerance is added to the margin). */
const MAX_SEARCH_VERTICES = 160;
/**
 * Cells evaluated by one search for the pole at most, and as many again for the point nearest the centroid (each
 * costs one pass over the outline and the lines).
 */
const MAX_CELLS = 1500;
/** Directions other than horizontal are taken only when they give a clearly larger label. */
const TURNED_WEIGHT = 0.75;

type Segs = Float64Array; // x1 y1 x2 y2, …

function segmentsOf(polylines: Pt[][], closed: boolean): Segs {
  let n = 0;
  for (const p of polylines) n += closed ? p.length : Math.max(0, p.length - 1);
  const out = new Float64Array(n * 4);
  let k = 0;
  for (const p of polylines) {
    const m = closed ? p.length : p.length - 1;
    for (let i = 0; i < m; i++) {
      const a = p[i];
      const b = p[(i + 1) % p.length];
      out[k++] = a[0];
      out[k++] = a[1];
      out[k++] = b[0];
      out[k++] = b[1];
    }
  }
  return out;
}

function insideRing(x: number, y: number, ring: Segs): boolean {
  let inside = false;
  for (let i = 0; i < ring.length; i += 4) {
    const x1 = ring[i];
    const y1 = ring[i + 1];
    const x2 = ring[i + 2];
    const y2 = ring[i + 3];
    if (y1 > y !== y2 > y && x < ((x2 - x1) * (y - y1)) / (y2 - y1) + x1) inside = !inside;
  }
  return inside;
}

/**
 * Chebyshev (L∞) distance from a point to the nearest segment: the half side of the largest axis-aligned square
 * centred there that no segment enters. max(|ex + t dx|, |ey + t dy|) is convex and piecewise linear in t, so its
 * minimum over [0, 1] is at an end or where one term is zero or both are equal in size.
 */
function chebyshev(px: number, py: number, segs: Segs, limit: number): number {
  let best = limit;
  for (let i = 0; i < segs.length; i += 4) {
    const ex = segs[i] - px;
    const ey = segs[i + 1] - py;
    const dx = segs[i + 2] - segs[i];
    const dy = segs[i + 3] - segs[i + 1];
    // A segment whose bounding box is farther than the best so far cannot be nearer.
    if (Math.min(ex, ex + dx) >= best || -Math.max(ex, ex + dx) >= best || Math.min(ey, ey + dy) >= best || -Math.max(ey, ey + dy) >= best) continue;
    let d = Math.min(Math.max(Math.abs(ex), Math.abs(ey)), Math.max(Math.abs(ex + dx), Math.abs(ey + dy)));
    for (let k = 0; k < 4; k++) {
      const den = k === 0 ? dx : k === 1 ? dy : k === 2 ? dx - dy : dx + dy;
      if (!den) continue;
      const t = (k === 0 ? -ex : k === 1 ? -ey : k === 2 ? ey - ex : -(ex + ey)) / den;
      if (t > 0 && t < 1) d = Math.min(d, Math.max(Math.abs(ex + t * dx), Math.abs(ey + t * dy)));
    }
    if (d < best) best = d;
  }
  return best;
}

type Cell = { x: number; y: number; h: number; d: number; max: number };

/** A max-heap of cells by a priority; ties keep insertion order, so searches are deterministic. */
class CellQueue {
  private items: { cell: Cell; key: number; order: number }[] = [];
  private count = 0;
  get length() {
    return this.items.length;
  }
  private above(a: { key: number; order: number }, b: { key: number; order: number }) {
    return a.key > b.key || (a.key === b.key && a.order < b.order);
  }
  push(cell: Cell, key: number) {
    const items = this.items;
    items.push({ cell, key, order: this.count++ });
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.above(items[i], items[parent])) break;
      [items[i], items[parent]] = [items[parent], items[i]];
      i = parent;
    }
  }
  pop(): { cell: Cell; key: number } {
    const items = this.items;
    const top = items[0];
    const last = items.pop()!;
    if (items.length) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && this.above(items[l], items[m])) m = l;
        if (r < items.length && this.above(items[r], items[m])) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m], items[i]];
        i = m;
      }
    }
    return top;
  }
}

/**
 * Where the label goes in the search frame (u squeezed by `aspect`, v across), as two branch-and-bound searches
 * over square cells split in four, the bound of a cell being its centre's value plus its half size (L∞ distance is
 * 1-Lipschitz):
 * 1. the pole of inaccessibility (as polylabel, in L∞ distance, from the edges and the obstacle segments): the
 *    centre of the largest square that fits, to within `precision`. It ends early once a point `enough` from
 *    everything is found, or when no cell can reach `floor`;
 * 2. the point nearest the outline's centroid that is still `enough` from everything (or, when that was not
 *    reached, within half the precision of the pole's distance): a roomy piece has its label near its middle, not
 *    wherever the first search stopped, and a label held by its ends sits midway across the piece.
 */
function pole(ring: Segs, lines: Segs, aspect: number, precision: number, enough: number, floor: number): { x: number; y: number; d: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let area = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < ring.length; i += 4) {
    const [x1, y1, x2, y2] = [ring[i], ring[i + 1], ring[i + 2], ring[i + 3]];
    minX = Math.min(minX, x1);
    maxX = Math.max(maxX, x1);
    minY = Math.min(minY, y1);
    maxY = Math.max(maxY, y1);
    const f = x1 * y2 - x2 * y1;
    area += f;
    sx += (x1 + x2) * f;
    sy += (y1 + y2) * f;
  }
  let evaluated = 0;
  const make = (x: number, y: number, h: number): Cell => {
    evaluated++;
    let d: number;
    if (!insideRing(x, y, ring)) d = -chebyshev(x, y, ring, Infinity);
    else d = chebyshev(x, y, lines, chebyshev(x, y, ring, Infinity));
    return { x, y, h, d, max: d + h };
  };
  const width = maxX - minX;
  const height = maxY - minY;
  const cx = area ? sx / (3 * area) : minX + width / 2;
  const cy = area ? sy / (3 * area) : minY + height / 2;
  let best = make(cx, cy, 0);
  if (best.d >= enough) return best;
  let size = Math.min(width, height);
  if (!(size > 0)) return best;
  size = Math.max(size, Math.sqrt((width * height) / 64));
  const grid = () => {
    const cells: Cell[] = [];
    for (let x = minX; x < maxX; x += size) for (let y = minY; y < maxY; y += size) cells.push(make(x + size / 2, y + size / 2, size / 2));
    return cells;
  };
  const children = (cell: Cell) => {
    const h = cell.h / 2;
    return [0, 1, 2, 3].map((k) => make(cell.x + (k & 1 ? h : -h), cell.y + (k & 2 ? h : -h), h));
  };

  const queue = new CellQueue();
  for (const cell of grid()) queue.push(cell, cell.max);
  while (queue.length && evaluated < MAX_CELLS) {
    const { cell } = queue.pop();
    if (cell.d > best.d) best = cell;
    if (best.d >= enough || cell.max - best.d <= precision || cell.max < floor) break;
    for (const child of children(cell)) {
      if (child.d > best.d) best = child;
      if (child.max > best.d + precision) queue.push(child, child.max);
    }
  }
  if (best.d < floor) return best;
  // Phase 2 looks for points at least this far from everything: enough, or (nearly) as far as the pole.
  const target = Math.min(enough, best.d - precision / 2);

  // Best-first by the distance (in the real, unsqueezed frame) from the centroid to a cell's nearest point: the
  // first cell whose nearest point is far enough from everything holds the answer.
  const away = (x: number, y: number, h: number) => Math.hypot(Math.max(0, Math.abs(x - cx) - h) * aspect, Math.max(0, Math.abs(y - cy) - h));
  const bestAway = away(best.x, best.y, 0);
  const near = new CellQueue();
  for (const cell of grid()) if (cell.max >= target) near.push(cell, -away(cell.x, cell.y, cell.h));
  while (near.length && evaluated < 2 * MAX_CELLS) {
    const { cell, key } = near.pop();
    if (-key >= bestAway - precision) break;
    const nearest = make(Math.min(cell.x + cell.h, Math.max(cell.x - cell.h, cx)), Math.min(cell.y + cell.h, Math.max(cell.y - cell.h, cy)), 0);
    if (nearest.d >= target) return nearest;
    if (cell.h <= precision / 4) continue;
    for (const child of children(cell)) if (child.max >= target) near.push(child, -away(child.x, child.y, child.h));
  }
  return best;
}

/** The polylines clipped to what can matter: segments that reach into the ring's bounding box. */
function nearLines(lines: Pt[][], box: { minX: number; minY: number; maxX: number; maxY: number }): Pt[][] {
  const out: Pt[][] = [];
  for (const line of lines) {
    let run: Pt[] = [];
    for (let i = 0; i + 1 < line.length; i++) {
      const [a, b] = [line[i], line[i + 1]];
      const inBox = Math.max(a[0], b[0]) >= box.minX && Math.min(a[0], b[0]) <= box.maxX && Math.max(a[1], b[1]) >= box.minY && Math.min(a[1], b[1]) <= box.maxY;
      if (inBox) {
        if (!run.length) run.push(a);
        run.push(b);
      } else if (run.length) {
        out.push(run);
        run = [];
      }
    }
    if (run.length) out.push(run);
  }
  return out;
}

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

function segmentsMeet(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const d1 = orient(c[0], c[1], d[0], d[1], a[0], a[1]);
  const d2 = orient(c[0], c[1], d[0], d[1], b[0], b[1]);
  const d3 = orient(a[0], a[1], b[0], b[1], c[0], c[1]);
  const d4 = orient(a[0], a[1], b[0], b[1], d[0], d[1]);
  return d1 * d2 <= 0 && d3 * d4 <= 0 && !(d1 === 0 && d2 === 0 && d3 === 0 && d4 === 0 && !overlapCollinear(a, b, c, d));
}

function overlapCollinear(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const within = (p: number, q: number, r: number, s: number) => Math.max(Math.min(p, q), Math.min(r, s)) <= Math.min(Math.max(p, q), Math.max(r, s));
  return within(a[0], b[0], c[0], d[0]) && within(a[1], b[1], c[1], d[1]);
}

/** The final check, on the outline and lines as given (not simplified): the box inside the ring, touching no line. */
function boxIsClear(box: Pt[], ring: Pt[], lines: Pt[][]): boolean {
  const ringSegs = segmentsOf([ring], true);
  if (!box.every(([x, y]) => insideRing(x, y, ringSegs))) return false;
  const boxEdges = box.map((p, i): [Pt, Pt] => [p, box[(i + 1) % 4]]);
  const boxSegs = segmentsOf([box], true);
  const meets = (c: Pt, d: Pt) => boxEdges.some(([a, b]) => segmentsMeet(a, b, c, d));
  for (let i = 0; i < ring.length; i++) if (meets(ring[i], ring[(i + 1) % ring.length])) return false;
  for (const line of lines) {
    if (line.some(([x, y]) => insideRing(x, y, boxSegs))) return false;
    for (let i = 0; i + 1 < line.length; i++) if (meets(line[i], line[i + 1])) return false;
  }
  return true;
}

/** Whether a segment of either list enters the axis-aligned rectangle centred at (x, y) with these half sides. */
function rectMeets(x: number, y: number, hw: number, hh: number, ...lists: Segs[]): boolean {
  for (const segs of lists) {
    for (let i = 0; i < segs.length; i += 4) {
      // Liang-Barsky: clip the segment (relative to the centre) to the rectangle.
      const x1 = segs[i] - x;
      const y1 = segs[i + 1] - y;
      const dx = segs[i + 2] - segs[i];
      const dy = segs[i + 3] - segs[i + 1];
      let t0 = 0;
      let t1 = 1;
      let inside = true;
      for (const [p, q] of [
        [-dx, x1 + hw],
        [dx, hw - x1],
        [-dy, y1 + hh],
        [dy, hh - y1],
      ]) {
        if (p === 0) {
          if (q < 0) inside = false;
        } else {
          const t = q / p;
          if (p < 0) t0 = Math.max(t0, t);
          else t1 = Math.min(t1, t);
        }
        if (!inside || t0 > t1) break;
      }
      if (inside && t0 <= t1) return true;
    }
  }
  return false;
}

/** Principal axis of a ring (radians in [0, π)), from its second moments of area. */
function principalAxis(ring: Pt[]): number {
  let a = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i];
    const [x2, y2] = ring[(i + 1) % ring.length];
    const f = x1 * y2 - x2 * y1;
    a += f;
    sx += (x1 + x2) * f;
    sy += (y1 + y2) * f;
    sxx += (x1 * x1 + x1 * x2 + x2 * x2) * f;
    syy += (y1 * y1 + y1 * y2 + y2 * y2) * f;
    sxy += (x1 * y2 + 2 * x1 * y1 + 2 * x2 * y2 + x2 * y1) * f;
  }
  if (!a) return 0;
  a /= 2;
  const cx = sx / (6 * a);
  const cy = sy / (6 * a);
  const ixx = sxx / 12 - a * cx * cx;
  const iyy = syy / 12 - a * cy * cy;
  const ixy = sxy / 24 - a * cx * cy;
  const angle = 0.5 * Math.atan2(2 * ixy, ixx - iyy);
  return angle < 0 ? angle + Math.PI : angle;
}

type Fit = { score: number; size: number; centre: Pt; axis: number; lines: LabelLine[]; widths: number[] };

/**
 * Places a piece's label: for each text variant and each direction (horizontal, vertical, along the piece's
 * principal axis), the largest text block that fits inside the outline, off the drawn lines, with room around it;
 * the best weighted size wins; when none reaches minSize, the name is shortened with an ellipsis. Null when not
 * even one letter fits. Deterministic; the outline is simplified to MAX_SEARCH_VERTICES first, so thousands of
 * vertices cost little.
 */
export function placeLabel(request: LabelRequest): PlacedLabel | null {
  const { ring, minSize, maxSize } = request;
  if (ring.length < 3) return null;
  // The smallest label (one line at minSize) holds a square as high as it is: a piece narrower than that has no room.
  const whole = bboxOf(ring);
  if (Math.min(whole.width, whole.height) < minSize * (LINE_EM + 2 * PAD_EM) + 2 * request.margin) return null;
  const precision = Math.max(request.margin / 4, minSize / 50);
  let tolerance = precision;
  let simple = simplifyRing(ring, tolerance);
  while (simple.length > MAX_SEARCH_VERTICES) {
    tolerance *= 2;
    simple = simplifyRing(ring, tolerance);
  }
  const bounds = bboxOf(simple);
  const lines = nearLines(
    request.obstacles.map((l) => simplify(l, tolerance)),
    { minX: bounds.minX - tolerance, minY: bounds.minY - tolerance, maxX: bounds.maxX + tolerance, maxY: bounds.maxY + tolerance },
  );
  const margin = request.margin + tolerance;
  const axes = [0, Math.PI / 2];
  const principal = principalAxis(simple);
  if (axes.every((a) => Math.abs(principal - a) > 0.15 && Math.abs(principal - a - Math.PI) > 0.15)) axes.push(principal);

  /** The best placement of these lines, if it scores above `beat`. */
  const fit = (lineSet: LabelLine[], weight: number, beat: number): Fit | null => {
    const widths = lineSet.map((l) => request.measure(l) * l.scale);
    const w1 = Math.max(...widths) + 2 * PAD_EM;
    const h1 = lineSet.reduce((s, l) => s + LINE_EM * l.scale, 0) + 2 * PAD_EM;
    const aspect = w1 / h1;
    // The clearance (half the padded block's height, in the squeezed frame) that surely holds a font size.
    const room = margin * Math.max(1, 1 / aspect);
    const clearance = (size: number) => (size * h1) / 2 + room;
    let best: Fit | null = null;
    for (const axis of axes) {
      const axisWeight = axis === 0 ? 1 : TURNED_WEIGHT;
      const floorScore = Math.max(beat, best?.score ?? 0, minSize * weight * axisWeight);
      if (maxSize * weight * axisWeight <= floorScore) continue;
      const c = Math.cos(axis);
      const s = Math.sin(axis);
      // Search frame: u along the baseline, squeezed by the block's aspect so the block becomes a square; v across.
      const turn = ([x, y]: Pt): Pt => [x * c + y * s, -x * s + y * c];
      const turnedRing = segmentsOf([simple.map(turn)], true);
      const turnedLines = segmentsOf(lines.map((l) => l.map(turn)), false);
      const squeeze = (segs: Segs) => segs.map((v, i) => (i % 2 ? v : v / aspect));
      const enough = clearance(maxSize) + (maxSize * h1) / 4;
      const floor = ((floorScore / weight / axisWeight) * h1) / 2;
      const found = pole(squeeze(turnedRing), squeeze(turnedLines), aspect, precision, enough, floor);
      const u = found.x * aspect;
      const v = found.y;
      // The pole's distance is exact only in its binding direction: grow the block there while it stays clear.
      let lo = Math.max(0, Math.min(maxSize, (2 * (found.d - room)) / h1));
      let hi = Math.min(maxSize, (2 * found.d) / h1);
      if (!(hi * weight * axisWeight > floorScore)) continue;
      const clear = (size: number) => !rectMeets(u, v, (size * w1) / 2 + margin, (size * h1) / 2 + margin, turnedRing, turnedLines);
      if (hi > lo && clear(hi)) lo = hi;
      else for (let k = 0; k < 10 && hi - lo > precision / 8; k++) if (clear((lo + hi) / 2)) lo = (lo + hi) / 2; else hi = (lo + hi) / 2;
      const size = lo;
      const score = size * weight * axisWeight;
      if (!(size >= minSize) || score <= floorScore) continue;
      best = { score, size, centre: [u * c - v * s, u * s + v * c], axis, lines: lineSet, widths };
    }
    return best;
  };

  let chosen = null as Fit | null;
  for (const variant of request.variants) chosen = fit(variant.lines, variant.weight, chosen ? chosen.score : 0) ?? chosen;
  if (!chosen && request.short && (request.shortLength ?? 0) > 1) {
    // The longest shortening that still fits at minSize (fitting only gets easier as the text gets shorter).
    let lo = 1;
    let hi = request.shortLength! - 1;
    while (lo <= hi) {
      const k = (lo + hi) >> 1;
      const f = fit(request.short(k), 1, 0);
      if (f) {
        chosen = f;
        lo = k + 1;
      } else hi = k - 1;
    }
  }
  if (!chosen) return null;
  // Whatever the search's simplifications, the text must be clear of the real outline and lines: shrink until it is.
  for (let size = chosen.size, tries = 0; tries < 4 && size >= minSize * 0.999; tries++, size *= 0.9) {
    const placed = layOut(chosen, size, request.yUp);
    if (boxIsClear(placed.box, ring, request.obstacles)) return placed;
  }
  return null;
}

function layOut(fit: Fit, size: number, yUp: boolean): PlacedLabel {
  // The readable direction of the axis: rightwards, or upwards on the page when vertical.
  let angle = fit.axis;
  const ux = Math.cos(angle);
  if (ux < -1e-9 || (Math.abs(ux) <= 1e-9 && (yUp ? Math.sin(angle) < 0 : Math.sin(angle) > 0))) angle -= Math.PI;
  if (angle <= -Math.PI) angle += 2 * Math.PI;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  // "Down" the text block, towards the next line: the baseline direction turned a quarter towards the page's bottom.
  const down: Pt = yUp ? [s, -c] : [-s, c];
  const heights = fit.lines.map((l) => LINE_EM * l.scale * size);
  const total = heights.reduce((a, b) => a + b, 0);
  let top = -total / 2;
  const lines: PlacedLine[] = fit.lines.map((line, i) => {
    const placed = { ...line, size: line.scale * size, width: fit.widths[i] * size, down: top + ASCENT_EM * line.scale * size };
    top += heights[i];
    return placed;
  });
  const halfW = (Math.max(...fit.widths) * size) / 2;
  const halfH = total / 2;
  const [x, y] = fit.centre;
  const corner = (a: number, b: number): Pt => [x + c * a + down[0] * b, y + s * a + down[1] * b];
  return { centre: fit.centre, angle, size, lines, box: [corner(-halfW, -halfH), corner(halfW, -halfH), corner(halfW, halfH), corner(-halfW, halfH)] };
}
