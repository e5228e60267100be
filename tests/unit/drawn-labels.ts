/**
 * Test oracle for piece labels: reads back from a preview or compare SVG what a viewer sees (each piece's outline,
 * the lines drawn on it, and the boxes its label's text covers), and plain geometric checks on them. Independent of
 * how labels are placed; text is measured with the font metrics the preview uses (DejaVu Sans).
 */
import { pointInRing } from "~/models/patterns/geometry";
import { ASCENT_EM, DESCENT_EM, svgTextWidth } from "~/models/patterns/labels";
import { segmentsMeet } from "~/models/patterns/strip-instance";
import type { Pt } from "~/models/patterns/types";

export type DrawnLabel = { text: string; fontSize: number; angle: number; boxes: Pt[][] };
export type DrawnPiece = { outline: Pt[]; lines: Pt[][]; labels: DrawnLabel[] };

function attr(tag: string, name: string): string | undefined {
  return tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
}

/** The polylines of a path made of M, L and Z commands (closed subpaths repeat their first point). */
export function pathPolylines(d: string): Pt[][] {
  const out: Pt[][] = [];
  let current: Pt[] = [];
  for (const m of d.matchAll(/([MLZ])([^MLZ]*)/g)) {
    const nums = m[2].trim().split(/[\s,]+/).filter(Boolean).map(Number);
    if (m[1] === "M") {
      if (current.length) out.push(current);
      current = [[nums[0], nums[1]]];
    } else if (m[1] === "L") {
      for (let i = 0; i + 1 < nums.length; i += 2) current.push([nums[i], nums[i + 1]]);
    } else if (current.length) current.push(current[0]);
  }
  if (current.length) out.push(current);
  return out;
}

const decode = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");

function labelOf(textTag: string, inner: string): DrawnLabel {
  const size = Number(attr(textTag, "font-size"));
  const x0 = Number(attr(textTag, "x") ?? 0);
  const y0 = Number(attr(textTag, "y") ?? 0);
  const anchor = attr(textTag, "text-anchor") ?? "start";
  const middle = attr(textTag, "dominant-baseline") === "middle";
  const rot = attr(textTag, "transform")?.match(/rotate\(([-\d.]+)(?:[ ,]+([-\d.]+)[ ,]+([-\d.]+))?\)/);
  const angle = rot ? Number(rot[1]) : 0;
  const [cx, cy] = rot && rot[2] ? [Number(rot[2]), Number(rot[3])] : [0, 0];
  const lines: { text: string; x: number; y: number }[] = [];
  const spans = [...inner.matchAll(/<tspan([^>]*)>([^<]*)<\/tspan>/g)];
  if (spans.length) for (const s of spans) lines.push({ text: decode(s[2]), x: Number(attr(s[1], "x") ?? x0), y: Number(attr(s[1], "y") ?? y0) });
  else lines.push({ text: decode(inner), x: x0, y: y0 });
  const a = (angle * Math.PI) / 180;
  const turn = ([x, y]: Pt): Pt => [cx + (x - cx) * Math.cos(a) - (y - cy) * Math.sin(a), cy + (x - cx) * Math.sin(a) + (y - cy) * Math.cos(a)];
  const boxes = lines.map(({ text, x, y }) => {
    const w = svgTextWidth(text) * size;
    const left = anchor === "middle" ? x - w / 2 : anchor === "end" ? x - w : x;
    const baseline = middle ? y + 0.27 * size : y;
    const top = baseline - ASCENT_EM * size;
    const bottom = baseline + DESCENT_EM * size;
    return ([[left, top], [left + w, top], [left + w, bottom], [left, bottom]] as Pt[]).map(turn);
  });
  return { text: lines.map((l) => l.text).join("\n"), fontSize: size, angle, boxes };
}

/**
 * The pieces of a preview (or compare) SVG: each plain `<g>` holds one piece. Its outline is the filled path (the
 * new outline in a comparison; the dashed one of a removed piece); every other path is a line drawn on it.
 */
export function drawnPieces(svg: string): DrawnPiece[] {
  const pieces: DrawnPiece[] = [];
  for (const g of svg.matchAll(/<g>([\s\S]*?)<\/g>/g)) {
    const body = g[1];
    const paths = [...body.matchAll(/<path d="([^"]*)"([^>]*)\/>/g)].map((m) => ({ polylines: pathPolylines(m[1]), attrs: m[2] }));
    const filled = paths.find((p) => /fill="#f4efe6"/.test(p.attrs)) ?? paths.find((p) => /stroke-dasharray/.test(p.attrs));
    if (!filled) continue;
    const ring = filled.polylines[0].slice(0, -1);
    const lines = paths.filter((p) => p !== filled).flatMap((p) => p.polylines);
    const labels = [...body.matchAll(/<text([^>]*)>([\s\S]*?)<\/text>/g)].map((m) => labelOf(m[1], m[2]));
    pieces.push({ outline: ring, lines, labels });
  }
  return pieces;
}

const edges = (poly: Pt[], closed: boolean): [Pt, Pt][] => {
  const out: [Pt, Pt][] = [];
  for (let i = 0; i + 1 < poly.length; i++) out.push([poly[i], poly[i + 1]]);
  if (closed && poly.length > 2) out.push([poly[poly.length - 1], poly[0]]);
  return out;
};

/** A convex box (4 corners) lies inside a ring: every corner inside, no edge of the ring crossing the box. */
export function boxInsideRing(box: Pt[], ring: Pt[]): boolean {
  if (!box.every((p) => pointInRing(p, ring))) return false;
  const boxEdges = edges(box, true);
  return edges(ring, true).every(([c, d]) => boxEdges.every(([a, b]) => !segmentsMeet(a, b, c, d)));
}

/** A polyline touches a convex box (4 corners): one of its points inside, or one of its segments crossing an edge. */
export function boxTouchesLine(box: Pt[], line: Pt[]): boolean {
  if (line.some((p) => pointInRing(p, box))) return true;
  const boxEdges = edges(box, true);
  return edges(line, false).some(([c, d]) => boxEdges.some(([a, b]) => segmentsMeet(a, b, c, d)));
}

/** What is wrong with a piece's labels, as readable strings (empty when every label is inside and clear). */
export function labelProblems(piece: DrawnPiece, view: { width: number; height: number }): string[] {
  const problems: string[] = [];
  for (const label of piece.labels) {
    const name = JSON.stringify(label.text);
    if (!(label.angle > -90 - 1e-9 && label.angle < 90)) problems.push(`${name} is upside down (rotated ${label.angle}°)`);
    for (const box of label.boxes) {
      if (!box.every(([x, y]) => x >= 0 && y >= 0 && x <= view.width && y <= view.height)) problems.push(`${name} spills past the drawing`);
      if (!boxInsideRing(box, piece.outline)) problems.push(`${name} is not inside its piece`);
      if (piece.lines.some((line) => boxTouchesLine(box, line))) problems.push(`${name} overlaps a line drawn on its piece`);
    }
  }
  return [...new Set(problems)];
}

export function viewOf(svg: string): { width: number; height: number } {
  const m = svg.match(/viewBox="0 0 ([\d.]+) ([\d.]+)"/)!;
  return { width: Number(m[1]), height: Number(m[2]) };
}
