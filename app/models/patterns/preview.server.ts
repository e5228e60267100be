/**
 * SVG previews of a pattern (decision 060): the pieces of one size side by side, drawn from the boundary, grain line
 * and notches only (enough to judge the design, not to cut it: no sew lines, no internal lines, scaled down to
 * 800 px wide, marked 'Preview'). compareSvg draws a new version's outlines over the previous ones for the seller.
 * customPreviewSvg draws a buyer's own size (made to measure) over the graded sizes.
 * Coordinates are rounded to 0.1 px and outlines simplified to 0.4 px, so a 10-piece preview stays a few KB.
 */
import { bboxOf, shelfPack, simplifyRing } from "./geometry";
import { ASCENT_EM, DESCENT_EM, distinctParts, placeLabel, svgTextWidth, twoLines } from "./labels";
import { cutRuns, foldMarks } from "./marks";
import { nestOffsets } from "./nesting";
import { matchPieces, piecesOfSize } from "./pieces";
import { CUSTOM_SIZE, CUSTOM_SIZE_LABEL } from "./interpolate";
import type { BBox, Pattern, PatternPiece, Pt } from "./types";

export const PREVIEW_WIDTH = 800;
const MARGIN = 16; // px around the drawing
const GAP_MM = 30; // between pieces
const TOLERANCE_PX = 0.4;

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

const n1 = (v: number) => String(Math.round(v * 10) / 10);

type Slot = { key: string; box: BBox; x: number; y: number };
type Layout = { slots: Map<string, Slot>; scale: number; width: number; height: number };

/**
 * Shelf-packs boxes (mm) into a band about 1.6 times as wide as it is tall, and the scale that fits it into the
 * preview width. Slot x/y are the top-left corner in px.
 */
function layout(items: { key: string; box: BBox }[], captionPx: number): Layout {
  const totalArea = items.reduce((s, it) => s + (it.box.width + GAP_MM) * (it.box.height + GAP_MM), 0);
  const widest = Math.max(0, ...items.map((it) => it.box.width));
  const bandWidth = Math.max(widest, Math.sqrt(totalArea * 1.6));
  const packed = shelfPack(
    items.map((it) => ({ item: it, width: it.box.width, height: it.box.height })),
    bandWidth,
    { gap: GAP_MM },
  );
  const scale = (PREVIEW_WIDTH - 2 * MARGIN) / Math.max(packed.width, 1);
  const slots = new Map<string, Slot>();
  for (const p of packed.placed) slots.set(p.item.key, { key: p.item.key, box: p.item.box, x: MARGIN + p.x * scale, y: MARGIN + p.y * scale });
  return { slots, scale, width: PREVIEW_WIDTH, height: Math.ceil(packed.height * scale + 2 * MARGIN + captionPx) };
}

/** Maps a piece point (mm, y up) into its slot (px, y down), aligned on the slot box's top-left. */
function projector(slot: Slot, scale: number) {
  return ([x, y]: Pt): Pt => [slot.x + (x - slot.box.minX) * scale, slot.y + (slot.box.maxY - y) * scale];
}

const r1 = (v: number) => Math.round(v * 10) / 10;
const roundPts = (pts: Pt[]): Pt[] => pts.map(([x, y]): Pt => [r1(x), r1(y)]);

/** A ring as drawn: projected, simplified and rounded (the label is placed against exactly these points). */
function drawnRing(ring: Pt[], project: (p: Pt) => Pt): Pt[] {
  return roundPts(simplifyRing(ring.map(project), TOLERANCE_PX));
}

const ringPath = (pts: Pt[]) => `M${pts.map(([x, y]) => `${n1(x)} ${n1(y)}`).join("L")}Z`;
const linesPath = (lines: Pt[][]) => lines.map((l) => `M${l.map(([x, y]) => `${n1(x)} ${n1(y)}`).join("L")}`).join("");

/** The grain line as drawn: the shaft and an arrow head at each end. */
function grainLines(grain: [Pt, Pt], project: (p: Pt) => Pt): Pt[][] {
  const a = project(grain[0]);
  const b = project(grain[1]);
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (len < 1) return [];
  const ux = (b[0] - a[0]) / len;
  const uy = (b[1] - a[1]) / len;
  const head = Math.min(8, len / 4);
  const arrow = (tip: Pt, dx: number, dy: number): Pt[] => [
    [tip[0] - dx * head - dy * head * 0.5, tip[1] - dy * head + dx * head * 0.5],
    tip,
    [tip[0] - dx * head + dy * head * 0.5, tip[1] - dy * head - dx * head * 0.5],
  ];
  return [[a, b], arrow(b, ux, uy), arrow(a, -ux, -uy)].map(roundPts);
}

/** Notches as drawn: short ticks from the outline towards the piece's middle. */
function notchLines(piece: PatternPiece, project: (p: Pt) => Pt): Pt[][] {
  const c = project([(piece.bbox.minX + piece.bbox.maxX) / 2, (piece.bbox.minY + piece.bbox.maxY) / 2]);
  return piece.notches.map((n) => {
    const p = project(n);
    const len = Math.hypot(c[0] - p[0], c[1] - p[1]) || 1;
    const tick = 5;
    return roundPts([p, [p[0] + ((c[0] - p[0]) / len) * tick, p[1] + ((c[1] - p[1]) / len) * tick]]);
  });
}

const LABEL_MAX_PX = 14;
const LABEL_MIN_PX = 7;
/** Half the widest stroke (notches, 1.5 px), the coordinates' rounding and a hair of white. */
const LABEL_MARGIN_PX = 1.5;

/**
 * A piece's name (and a comparison's ' (new)' or ' (removed)') inside its drawn outline, clear of the lines drawn
 * on it (decision 062): up to 14 px, on one line or two, horizontal unless turning it along a long piece makes it
 * much larger; when the whole name does not fit at 7 px (or only much smaller than its distinct part), the part
 * after the style number ('…FR'); then the name cut short with an ellipsis; nothing when not one letter fits.
 */
function label(outline: Pt[], lines: Pt[][], name: string, distinct: string | null, suffix = ""): string {
  const text = name + suffix;
  const wrapped = twoLines(text);
  const line = (t: string) => [{ text: t, scale: 1 }];
  const variants = [{ lines: line(text), weight: 1 }];
  if (wrapped) variants.push({ lines: wrapped.map((t) => ({ text: t, scale: 1 })), weight: 0.8 });
  if (distinct) variants.push({ lines: line(`…${distinct}${suffix}`), weight: 0.6 });
  const chars = Array.from(distinct ?? name);
  const placed = placeLabel({
    ring: outline,
    obstacles: lines,
    variants,
    short: (k) => line(`${distinct ? "…" : ""}${chars.slice(0, k).join("").trimEnd()}…${suffix}`),
    shortLength: chars.length,
    measure: (l) => svgTextWidth(l.text),
    minSize: LABEL_MIN_PX,
    maxSize: LABEL_MAX_PX,
    margin: LABEL_MARGIN_PX,
    yUp: false,
  });
  if (!placed) return "";
  const [cx, cy] = placed.centre;
  const degrees = Math.round(((placed.angle * 180) / Math.PI) * 10) / 10;
  const turn = degrees ? ` transform="rotate(${degrees} ${n1(cx)} ${n1(cy)})"` : "";
  const size = Math.floor(placed.size * 10) / 10;
  const open = `<text font-size="${size}" text-anchor="middle" fill="#222"${turn}`;
  if (placed.lines.length === 1) return `${open} x="${n1(cx)}" y="${n1(cy + placed.lines[0].down)}">${escapeXml(placed.lines[0].text)}</text>`;
  return `${open}>${placed.lines.map((l) => `<tspan x="${n1(cx)}" y="${n1(cy + l.down)}">${escapeXml(l.text)}</tspan>`).join("")}</text>`;
}

const FOLD_TEXT_PX = 8;

/**
 * A piece cut on the fold (decision 098): its cut line without the fold edge, the fold as a long-dash line, a
 * bracket with arrows pointing at it and "PLACE ON FOLD" along it when the fold is long enough; `obstacles` are
 * what the piece's label keeps clear of. Null when the outline has no edge on the fold (drawn as any piece).
 */
function foldDrawing(outline: Pt[], fold: [Pt, Pt], avoid: Pt[][]): { svg: string; obstacles: Pt[][] } | null {
  const runs = cutRuns(outline, fold, 1);
  if (!runs) return null;
  const word = "PLACE ON FOLD";
  const text = { width: svgTextWidth(word) * FOLD_TEXT_PX, ascent: ASCENT_EM * FOLD_TEXT_PX, descent: DESCENT_EM * FOLD_TEXT_PX };
  const marks = foldMarks(outline, fold, { depth: 14, head: 5, gap: 2, text, yUp: false, avoid });
  let svg = `<path d="${linesPath(runs.map(roundPts))}" fill="none" stroke="#222" stroke-width="1.2"/>`;
  svg += `<path d="${linesPath([roundPts(fold)])}" fill="none" stroke="#222" stroke-width="1.2" stroke-dasharray="9 3"/>`;
  const obstacles: Pt[][] = [fold];
  if (marks) {
    const lines = marks.lines.map(roundPts);
    svg += `<path d="${linesPath(lines)}" fill="none" stroke="#555" stroke-width="1"/>`;
    obstacles.push(...lines);
    if (marks.text) {
      const [x, y] = marks.text.start;
      const degrees = Math.round(((marks.text.angle * 180) / Math.PI) * 10) / 10;
      const turn = degrees ? ` transform="rotate(${degrees} ${n1(x)} ${n1(y)})"` : "";
      svg += `<text x="${n1(x)}" y="${n1(y)}" font-size="${FOLD_TEXT_PX}" fill="#555"${turn}>${word}</text>`;
      obstacles.push([...marks.text.box, marks.text.box[0]]);
    }
  }
  return { svg, obstacles };
}

function svgOpen(width: number, height: number, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="t" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui,sans-serif"><title id="t">${escapeXml(title)}</title><rect width="100%" height="100%" fill="#fff"/>`;
}

function watermark(width: number, height: number): string {
  const size = Math.max(28, Math.min(120, Math.min(width, height) / 4));
  return `<text x="${n1(width / 2)}" y="${n1(height / 2)}" font-size="${n1(size)}" font-weight="700" text-anchor="middle" dominant-baseline="middle" fill="#b00" fill-opacity=".18" transform="rotate(-30 ${n1(width / 2)} ${n1(height / 2)})" pointer-events="none">Preview</text>`;
}

function emptySvg(title: string, message: string): string {
  return `${svgOpen(PREVIEW_WIDTH, 120, title)}<text x="400" y="60" font-size="16" text-anchor="middle" fill="#555">${escapeXml(message)}</text></svg>`;
}

export type PreviewOptions = { title?: string };

/**
 * The pieces of one size side by side with their names, grain lines (arrows) and notches, and a 'Preview'
 * watermark. An unknown size gives a small SVG saying there is nothing to show.
 */
export function previewSvg(pattern: Pattern, size: string, options: PreviewOptions = {}): string {
  const pieces = piecesOfSize(pattern, size);
  const count = `${pieces.length} ${pieces.length === 1 ? "piece" : "pieces"}`;
  const title = `${options.title ? `${options.title}: ` : ""}pattern pieces, size ${size} (${count}), preview`;
  if (!pieces.length) return emptySvg(title, `No pieces in size ${size}.`);
  const items = pieces.map((p, i) => ({ key: String(i), box: p.bbox }));
  const lay = layout(items, 0);
  const distinct = distinctParts(pieces.map((p) => p.name));
  let body = "";
  pieces.forEach((piece, i) => {
    const slot = lay.slots.get(String(i))!;
    const project = projector(slot, lay.scale);
    const outline = drawnRing(piece.boundary, project);
    const grain = piece.grain ? grainLines(piece.grain, project) : [];
    const notches = notchLines(piece, project);
    const fold = piece.onFold && piece.fold ? foldDrawing(outline, [project(piece.fold[0]), project(piece.fold[1])], [...grain, ...notches]) : null;
    if (fold) body += `<g><path d="${ringPath(outline)}" fill="#f4efe6" stroke="none"/>${fold.svg}`;
    else body += `<g><path d="${ringPath(outline)}" fill="#f4efe6" stroke="#222" stroke-width="1.2"/>`;
    if (grain.length) body += `<path d="${linesPath(grain)}" fill="none" stroke="#555" stroke-width="1"/>`;
    if (notches.length) body += `<path d="${linesPath(notches)}" stroke="#222" stroke-width="1.5"/>`;
    body += `${label(outline, [...grain, ...notches, ...(fold?.obstacles ?? [])], piece.name, distinct[i])}</g>`;
  });
  return `${svgOpen(lay.width, lay.height, title)}${body}${watermark(lay.width, lay.height)}</svg>`;
}

/**
 * A new version's outlines (solid, dark) over the previous version's (dashed, grey) for one size, so a seller sees
 * what changed before publishing. Pieces are matched by name and aligned on their bounding boxes' lower-left
 * corner (hem and centre line in most exports); a piece only in the old file is labelled 'removed', one only in
 * the new file 'new'.
 */
export function compareSvg(oldPattern: Pattern, newPattern: Pattern, size: string): string {
  const olds = piecesOfSize(oldPattern, size);
  const news = piecesOfSize(newPattern, size);
  const title = `Pattern changes, size ${size}: previous outline dashed grey, new outline solid`;
  if (!olds.length && !news.length) return emptySvg(title, `No pieces in size ${size}.`);
  const pairs = matchPieces([news, olds]).map(({ name, pieces: [after, before] }) => ({ name, before, after }));
  // A slot holds both outlines, each moved so its box starts at (0, 0).
  const items = pairs.map((pair, i) => {
    const w = Math.max(pair.before?.bbox.width ?? 0, pair.after?.bbox.width ?? 0);
    const h = Math.max(pair.before?.bbox.height ?? 0, pair.after?.bbox.height ?? 0);
    return { key: String(i), box: bboxOf([[0, 0], [w, h]] as Pt[]) };
  });
  const legendPx = 28;
  const lay = layout(items, legendPx);
  // A piece's distinct part is taken within its own version (the two may be different styles).
  const partOf = (list: PatternPiece[]) => {
    const parts = distinctParts(list.map((p) => p.name));
    return new Map(list.map((p, i) => [p.name, parts[i]]));
  };
  const newParts = partOf(news);
  const oldParts = partOf(olds);
  let body = "";
  pairs.forEach((pair, i) => {
    const slot = lay.slots.get(String(i))!;
    const outline = (piece: PatternPiece) =>
      drawnRing(
        piece.boundary.map(([x, y]): Pt => [x - piece.bbox.minX, y - piece.bbox.minY]),
        projector(slot, lay.scale),
      );
    const before = pair.before && outline(pair.before);
    const after = pair.after && outline(pair.after);
    body += "<g>";
    if (before) body += `<path d="${ringPath(before)}" fill="none" stroke="#999" stroke-width="1.2" stroke-dasharray="5 4"/>`;
    if (after) body += `<path d="${ringPath(after)}" fill="#f4efe6" fill-opacity=".6" stroke="#111" stroke-width="1.4"/>`;
    const suffix = !pair.before ? " (new)" : !pair.after ? " (removed)" : "";
    // Inside the new outline (the old one for a removed piece), clear of the other one.
    const home = (after ?? before)!;
    const other = after && before ? [[...before, before[0]]] : [];
    body += `${label(home, other, pair.name, (pair.after ? newParts : oldParts).get(pair.name) ?? null, suffix)}</g>`;
  });
  const y = lay.height - legendPx / 2;
  const legend =
    `<g font-size="12" fill="#222"><path d="M${MARGIN} ${y}h28" stroke="#999" stroke-width="1.2" stroke-dasharray="5 4"/>` +
    `<text x="${MARGIN + 34}" y="${y}" dominant-baseline="middle">Previous version</text>` +
    `<path d="M${MARGIN + 160} ${y}h28" stroke="#111" stroke-width="1.4"/>` +
    `<text x="${MARGIN + 194}" y="${y}" dominant-baseline="middle">New version</text></g>`;
  return `${svgOpen(lay.width, lay.height, title)}${body}${legend}</svg>`;
}

/** The buyer's own size in the preview: the colour of its layer in the print files (pdf.server.ts). */
export const CUSTOM_PREVIEW_COLOUR = "#e6005a";
const GRADED_COLOUR = "#8a8f98";

/**
 * A buyer's own size (made to measure, decision 114) over the graded sizes: `pattern` holds it as the size
 * `custom` (withCustomSize). Each piece's sizes are nested on their grade reference point as in the print files
 * (nestOffsets); the graded outlines thin and grey, "Your size" solid, thicker and in its own colour, with its grain
 * line, notches and the piece's name; a legend says which is which. A piece the custom size lacks shows its graded
 * outlines only.
 */
export function customPreviewSvg(pattern: Pattern, options: PreviewOptions = {}): string {
  const graded = pattern.sizes.filter((s) => s !== CUSTOM_SIZE);
  const sizes = [...graded, CUSTOM_SIZE];
  const custom = piecesOfSize(pattern, CUSTOM_SIZE);
  const gradedText = graded.length > 1 ? `sizes ${graded[0]} to ${graded[graded.length - 1]}` : `size ${graded[0] ?? ""}`;
  const count = `${custom.length} ${custom.length === 1 ? "piece" : "pieces"}`;
  const title = `${options.title ? `${options.title}: ` : ""}pattern pieces, ${CUSTOM_SIZE_LABEL.toLowerCase()} (${count}) over the graded ${gradedText}, preview`;
  if (!custom.length) return emptySvg(title, `No pieces in ${CUSTOM_SIZE_LABEL.toLowerCase()}.`);
  const sample = pattern.sampleSize ? graded.indexOf(pattern.sampleSize) : -1;
  const rows = matchPieces(sizes.map((s) => piecesOfSize(pattern, s))).map((row) => ({
    ...row,
    nest: nestOffsets(row.pieces, sample >= 0 ? sample : undefined),
  }));
  const legendPx = 28;
  const lay = layout(
    rows.map((row, i) => ({ key: String(i), box: row.nest.box })),
    legendPx,
  );
  const customParts = distinctParts(custom.map((p) => p.name));
  const partOf = new Map(custom.map((p, i) => [p, customParts[i]]));
  const last = sizes.length - 1;
  let body = "";
  rows.forEach((row, i) => {
    const slot = lay.slots.get(String(i))!;
    const toSlot = projector(slot, lay.scale);
    const drawn = row.pieces.map((piece, si) => {
      if (!piece) return null;
      const [dx, dy] = row.nest.offsets[si];
      const project = ([x, y]: Pt) => toSlot([x + dx, y + dy]);
      return { piece, project, outline: drawnRing(piece.boundary, project) };
    });
    const outlines = drawn.slice(0, last).filter((d) => d !== null);
    body += "<g>";
    if (outlines.length) body += `<path d="${outlines.map((d) => ringPath(d.outline)).join("")}" fill="none" stroke="${GRADED_COLOUR}" stroke-width=".8"/>`;
    const mine = drawn[last];
    if (mine) {
      const grain = mine.piece.grain ? grainLines(mine.piece.grain, mine.project) : [];
      const notches = notchLines(mine.piece, mine.project);
      body += `<path d="${ringPath(mine.outline)}" fill="${CUSTOM_PREVIEW_COLOUR}" fill-opacity=".07" stroke="${CUSTOM_PREVIEW_COLOUR}" stroke-width="2"/>`;
      if (grain.length) body += `<path d="${linesPath(grain)}" fill="none" stroke="${CUSTOM_PREVIEW_COLOUR}" stroke-width="1"/>`;
      if (notches.length) body += `<path d="${linesPath(notches)}" stroke="${CUSTOM_PREVIEW_COLOUR}" stroke-width="1.5"/>`;
      const others = outlines.map((d) => [...d.outline, d.outline[0]]);
      body += label(mine.outline, [...grain, ...notches, ...others], mine.piece.name, partOf.get(mine.piece) ?? null);
    }
    body += "</g>";
  });
  const y = lay.height - legendPx / 2;
  const gradedLegend = gradedText.charAt(0).toUpperCase() + gradedText.slice(1);
  const second = n1(MARGIN + 34 + svgTextWidth(gradedLegend) * 12 + 24);
  const legend =
    `<g font-size="12" fill="#222"><path d="M${MARGIN} ${y}h28" stroke="${GRADED_COLOUR}" stroke-width=".8"/>` +
    `<text x="${MARGIN + 34}" y="${y}" dominant-baseline="middle">${escapeXml(gradedLegend)}</text>` +
    `<path d="M${second} ${y}h28" stroke="${CUSTOM_PREVIEW_COLOUR}" stroke-width="2"/>` +
    `<text x="${n1(Number(second) + 34)}" y="${y}" dominant-baseline="middle">${CUSTOM_SIZE_LABEL} (made to measure)</text></g>`;
  return `${svgOpen(lay.width, lay.height, title)}${body}${legend}${watermark(lay.width, lay.height)}</svg>`;
}
