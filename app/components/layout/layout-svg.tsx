import { useId } from "react";

import { CUSTOM_SIZE_LABEL } from "~/models/patterns/mtm-label";
import { simplifyOutline } from "~/models/layout/drawing";
import { MM_PER_INCH, widthLabel } from "~/utils/fabric-lengths";
import type { FoldedPlacement, Layout, Placement } from "~/models/patterns/nest.server";

type Pt = [number, number];
type Unit = "cm" | "in";
type Shown = Placement & Partial<Pick<FoldedPlacement, "layers" | "onFold">>;

const FABRIC = "#f8fafc";
const EDGE = "#334155";
const INK = "#0f172a";
const MUTED = "#475569";
const PIECE = "#fbe7e4";
const PIECE_EDGE = "#96362e";
const SINGLE = "#ffffff";

const r1 = (n: number) => Math.round(n * 10) / 10;

/**
 * One cutting layout (issue 25, decision 131) drawn to scale, server-rendered (no JavaScript): the fabric as a
 * rectangle of its width with its selvedges named, a ruler of its length, every cut piece as its placed outline with
 * its name ("mirrored" for the second of a pair) and its grain line. When the layout is on fabric folded lengthwise,
 * the folded view is drawn instead: the fold on the left edge, pieces cut through both layers marked "x2" (or "on
 * fold"), single-layer ones marked "1 layer". The viewBox scales with the fabric, so any layout fits the width of its
 * box (width 100 %) and the labels keep about the same size on screen for every fabric width.
 */
export function LayoutSvg({ layout, size, material, unit = "cm" }: { layout: Layout; size: string; material: string; unit?: Unit }) {
  const id = useId();
  const folded = layout.folded;
  const width = folded ? folded.widthMm : layout.widthMm;
  const pieces: Shown[] = folded ? folded.view : layout.placements;
  const length = Math.max(layout.lengthMm, 1);
  // Sizes in mm of fabric, proportional to the width drawn, so text is about 14 px on a phone and 18 px on a desktop.
  const fs = r1(width / 20);
  const pad = { left: fs * 1.8, right: fs * 1.8 + fs * 4.2, top: fs * 2.6, bottom: fs * 2.4 };
  const viewW = pad.left + width + pad.right;
  const viewH = pad.top + length + pad.bottom;
  const ruler = rulerMarks(length, unit);
  const materialText = material === "fabric" ? "main fabric" : material;
  const title = `Cutting layout, ${size === CUSTOM_SIZE_LABEL ? size.toLowerCase() : `size ${size}`}, ${materialText}, on ${widthLabel(layout.widthMm)} fabric${folded ? " folded lengthwise" : ""}`;
  const desc = `${lengthText(layout.lengthMm, unit)} of fabric, ${layout.placements.length} ${layout.placements.length === 1 ? "piece" : "pieces"}: ${describe(pieces, !!folded)}.`;
  return (
    <svg
      viewBox={`${r1(-pad.left)} ${r1(-pad.top)} ${r1(viewW)} ${r1(viewH)}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="block h-auto w-full max-w-full"
      data-testid="layout-svg"
      fontFamily="ui-sans-serif, system-ui, sans-serif"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{desc}</desc>
      {/* Width along the top. */}
      <g aria-hidden="true">
        <line x1={0} x2={width} y1={-fs * 0.9} y2={-fs * 0.9} stroke={MUTED} strokeWidth={r1(fs / 14)} />
        <line x1={0} x2={0} y1={-fs * 1.3} y2={-fs * 0.5} stroke={MUTED} strokeWidth={r1(fs / 14)} />
        <line x1={width} x2={width} y1={-fs * 1.3} y2={-fs * 0.5} stroke={MUTED} strokeWidth={r1(fs / 14)} />
        <text x={width / 2} y={-fs * 1.25} textAnchor="middle" fontSize={fs} fill={INK}>
          {folded ? `${widthLabel(layout.widthMm)}, folded` : widthLabel(layout.widthMm)}
        </text>
      </g>
      <rect x={0} y={0} width={width} height={length} fill={FABRIC} stroke={EDGE} strokeWidth={r1(fs / 12)} />
      {/* The edges: both selvedges, or the fold and the selvedges laid together. */}
      <g aria-hidden="true" fontSize={r1(fs * 0.8)} fill={MUTED}>
        {folded ? (
          <line x1={0} x2={0} y1={0} y2={length} stroke={INK} strokeWidth={r1(fs / 8)} strokeDasharray={`${r1(fs * 0.5)} ${r1(fs * 0.3)}`} />
        ) : (
          <line x1={0} x2={0} y1={0} y2={length} stroke={EDGE} strokeWidth={r1(fs / 5)} />
        )}
        <line x1={width} x2={width} y1={0} y2={length} stroke={EDGE} strokeWidth={r1(fs / 5)} />
        <text transform={`translate(${r1(-fs * 0.6)} ${r1(length / 2)}) rotate(-90)`} textAnchor="middle">
          {folded ? "Fold" : "Selvedge"}
        </text>
        <text transform={`translate(${r1(width + fs * 0.6)} ${r1(length / 2)}) rotate(90)`} textAnchor="middle">
          {folded ? "Selvedges" : "Selvedge"}
        </text>
      </g>
      {pieces.map((p, i) => (
        <PieceShape key={i} piece={p} folded={!!folded} fs={fs} />
      ))}
      {/* The ruler along the right side. */}
      <g aria-hidden="true" fill={MUTED} fontSize={r1(fs * 0.75)}>
        <line x1={width + fs * 1.4} x2={width + fs * 1.4} y1={0} y2={length} stroke={MUTED} strokeWidth={r1(fs / 14)} />
        {ruler.map((m) => (
          <g key={m.at}>
            <line
              x1={width + fs * 1.4}
              x2={width + fs * (m.label ? 2.1 : 1.75)}
              y1={r1(m.at)}
              y2={r1(m.at)}
              stroke={MUTED}
              strokeWidth={r1(fs / 14)}
            />
            {m.label ? (
              <text x={width + fs * 2.3} y={r1(m.at + fs * 0.27)}>
                {m.label}
              </text>
            ) : null}
          </g>
        ))}
      </g>
      <text x={width / 2} y={length + fs * 1.5} textAnchor="middle" fontSize={fs} fontWeight={600} fill={INK} aria-hidden="true">
        {`Length ${lengthText(layout.lengthMm, unit)}`}
      </text>
    </svg>
  );
}

function PieceShape({ piece, folded, fs }: { piece: Shown; folded: boolean; fs: number }) {
  const single = folded && piece.layers === 1;
  // Simplified to a fiftieth of the label size (under half a pixel on any screen): the page stays light.
  const d = `M${simplifyOutline(piece.polygon, fs / 50).map(([x, y]) => `${Math.round(x)} ${Math.round(y)}`).join("L")}Z`;
  const box = bbox(piece.polygon);
  const note = folded ? (single ? "1 layer" : piece.onFold ? "on fold" : "x2") : piece.mirrored ? "mirrored" : null;
  // The room is the piece's own width across its middle (interlocked pieces share their boxes), else its box.
  const chord = chordAt(piece.polygon, (box.minY + box.maxY) / 2);
  const bw = chord ? chord.to - chord.from : box.maxX - box.minX;
  const bh = box.maxY - box.minY;
  // The name wrapped at its words, horizontal or along a tall narrow piece, whichever lets it be larger.
  const across = fitLabel(piece.name, note, bw, bh, fs);
  const along = bh > bw ? fitLabel(piece.name, note, bh, bw, fs) : null;
  const upright = !!along && along.size > across.size * 1.1;
  const { lines, size } = upright ? along : across;
  const cx = chord && !upright ? (chord.from + chord.to) / 2 : (box.minX + box.maxX) / 2;
  const cy = (box.minY + box.maxY) / 2;
  const lineH = size * 1.15;
  return (
    <g>
      <path d={d} fill={single ? SINGLE : PIECE} stroke={PIECE_EDGE} strokeWidth={r1(fs / 16)} strokeDasharray={single ? `${r1(fs * 0.25)} ${r1(fs * 0.15)}` : undefined} strokeLinejoin="round" />
      {piece.grain ? <GrainLine grain={piece.grain} fs={fs} /> : null}
      <text
        transform={`translate(${r1(cx)} ${r1(cy)})${upright ? " rotate(-90)" : ""}`}
        textAnchor="middle"
        fontSize={r1(size)}
        fill={INK}
        aria-hidden="true"
      >
        {lines.map((l, i) => [
          // A space between lines, so the text reads as the name (search, copy, tests) and not words run together.
          i ? " " : null,
          <tspan
            key={i}
            x={0}
            y={r1((i - (lines.length - 1) / 2) * lineH + size * 0.35)}
            fontSize={note && i === lines.length - 1 ? r1(size * 0.85) : undefined}
            fill={note && i === lines.length - 1 ? MUTED : undefined}
          >
            {l}
          </tspan>,
        ])}
      </text>
    </g>
  );
}

/** Average glyph width over the font size (capitals are wide: pattern names are often in capitals). */
const GLYPH = 0.6;

/**
 * Lines and font size for a piece's label in a box of `w` × `h`: the name broken at spaces into the fewest lines
 * that fit, the note on a line of its own; from 0.7 down to 0.35 of the drawing's label size.
 */
function fitLabel(name: string, note: string | null, w: number, h: number, fs: number): { lines: string[]; size: number } {
  const words = name.split(/\s+/).filter(Boolean);
  let best: { lines: string[]; size: number } | null = null;
  for (let count = 1; count <= Math.min(3, Math.max(1, words.length)); count++) {
    const per = Math.ceil(words.join(" ").length / count);
    const lines: string[] = [];
    for (const word of words) {
      const last = lines[lines.length - 1];
      if (last !== undefined && (last + " " + word).length <= per) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    const all = note ? [...lines, note] : lines;
    const longest = Math.max(1, ...all.map((l) => l.length));
    const size = Math.min(fs * 0.7, (w * 0.9) / (longest * GLYPH), (h * 0.85) / (all.length * 1.15));
    if (!best || size > best.size) best = { lines: all, size };
  }
  return { lines: best!.lines, size: Math.max(fs * 0.35, best!.size) };
}

/** The grain line with an arrowhead at each end, drawn as plain paths (no marker ids to clash between drawings). */
function GrainLine({ grain: [a, b], fs }: { grain: [Pt, Pt]; fs: number }) {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (len < 1) return null;
  const ux = (b[0] - a[0]) / len;
  const uy = (b[1] - a[1]) / len;
  const h = Math.min(fs * 0.4, len / 4);
  const head = (p: Pt, s: number) =>
    `M${r1(p[0] - s * ux * h - uy * h * 0.5)} ${r1(p[1] - s * uy * h + ux * h * 0.5)}L${r1(p[0])} ${r1(p[1])}L${r1(p[0] - s * ux * h + uy * h * 0.5)} ${r1(p[1] - s * uy * h - ux * h * 0.5)}`;
  return (
    <g aria-hidden="true" stroke={MUTED} strokeWidth={r1(fs / 20)} fill="none">
      <line x1={r1(a[0])} y1={r1(a[1])} x2={r1(b[0])} y2={r1(b[1])} />
      <path d={`${head(b, 1)}${head(a, -1)}`} />
    </g>
  );
}

/** The longest run of the horizontal line at `y` inside the outline, or null. */
function chordAt(points: Pt[], y: number): { from: number; to: number } | null {
  const xs: number[] = [];
  points.forEach(([x0, y0], i) => {
    const [x1, y1] = points[(i + 1) % points.length]!;
    if ((y0 <= y && y1 > y) || (y1 <= y && y0 > y)) xs.push(x0 + ((y - y0) / (y1 - y0)) * (x1 - x0));
  });
  xs.sort((a, b) => a - b);
  let best: { from: number; to: number } | null = null;
  for (let i = 0; i + 1 < xs.length; i += 2) if (!best || xs[i + 1]! - xs[i]! > best.to - best.from) best = { from: xs[i]!, to: xs[i + 1]! };
  return best;
}

function bbox(points: Pt[]) {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return points.length ? { minX, minY, maxX, maxY } : { minX: 0, minY: 0, maxX: 0, maxY: 0 };
}

/** Ruler marks: every 10 cm, named every 50 cm; or every 6 in, named every 18 in. */
function rulerMarks(lengthMm: number, unit: Unit): { at: number; label: string | null }[] {
  const step = unit === "cm" ? 100 : 6 * MM_PER_INCH;
  const every = unit === "cm" ? 5 : 3;
  const marks: { at: number; label: string | null }[] = [];
  for (let i = 0; i * step <= lengthMm + 0.5 && i < 1000; i++) {
    const at = i * step;
    let label: string | null = null;
    if (i > 0 && i % every === 0) label = unit === "cm" ? `${at / 1000} m` : `${Math.round(at / MM_PER_INCH)} in`;
    marks.push({ at, label });
  }
  return marks;
}

/** A length in metres and centimetres ("1.87 m (187 cm)"), or inches and yards ("74 in (2.05 yd)"). */
export function lengthText(mm: number, unit: Unit = "cm"): string {
  if (unit === "in") return `${Math.round(mm / MM_PER_INCH)} in (${(mm / 914.4).toFixed(2)} yd)`;
  return `${(mm / 1000).toFixed(2)} m (${Math.round(mm / 10)} cm)`;
}

function describe(pieces: Shown[], folded: boolean): string {
  return pieces
    .map((p) => {
      if (folded) return `${p.name} (${p.layers === 1 ? "one layer" : p.onFold ? "on the fold" : "through both layers"})`;
      return p.mirrored ? `${p.name} (mirrored)` : p.name;
    })
    .join(", ");
}
