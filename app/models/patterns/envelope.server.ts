/**
 * The fabric pages of a print file (issue 25, decision 133): the envelope page (what a pattern envelope prints: the
 * length of fabric to buy per size, per fabric width the seller recommends and per material, from the cutting
 * layouts) and one cutting layout page per chosen size and material, at the seller's width closest to 1400 mm.
 *
 * Drawn from layouts gathered before the print task (layout/print.server.ts `printFabric`): the worker never lays
 * pieces out. They come last in the file, on pages of the file's paper for the home formats (A4, Letter) and on A4
 * pages for the copy-shop sheets and the projector file (a copy shop prints an A4 page as it is; the fabric is read,
 * not traced). A layout page draws the fabric (or, for a layout on fabric folded lengthwise, the folded fabric with
 * its fold) at a round scale (1:10, 1:20 ...) on the page turned the way that gives the larger drawing, every piece
 * numbered (its name too where it fits, and in the key), its grain line as a double arrow, mirrored pieces shaded
 * darker, a ruler along the length every 10 cm.
 */
import {
  PDFPage,
  closePath,
  fill,
  fillAndStroke,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setDashPattern,
  setFillingRgbColor,
  setLineWidth,
  setStrokingGrayscaleColor,
  stroke,
  type PDFDocument,
} from "@cantoo/pdf-lib";

import { pointInRing } from "./geometry";
import type { PdfFonts } from "./fonts.server";
import type { PrintFormat } from "./print-format";
import type { Pt } from "./types";
import { CUSTOM_SIZE, CUSTOM_SIZE_LABEL } from "./interpolate";
import { lengthToBuy, widthLabel } from "~/utils/fabric-lengths";
import type { Layout, Placement } from "./nest.server";

/** A size's length at one width: null when no layout could be made (`tooWide`: the pieces wider than the fabric). */
export type FabricCell = { widthMm: number; lengthMm: number | null; tooWide?: string[] };

export type PrintFabric = {
  /** The seller's widths (settings.server.ts), ascending. */
  widthsMm: number[];
  gapMm: number;
  /** The width of the layout pages: the seller's width closest to 1400 mm. */
  layoutWidthMm: number;
  /** Per material (the main fabric first), per size: the layout length at each width. */
  table: { material: string; rows: { size: string; cells: FabricCell[] }[] }[];
  /** One layout page each: the chosen sizes, per material, at layoutWidthMm. */
  layouts: { size: string; material: string; layout: Layout }[];
};

const K = 72 / 25.4;
const MARGIN = 12 * K;

/** The paper of the fabric pages, mm: the file's own for the home formats, A4 for the others. */
export function fabricPaperMm(format: PrintFormat): [number, number] {
  return format === "Letter" ? [215.9, 279.4] : [210, 297];
}

export const materialLabel = (material: string) => (material === "fabric" ? "Main fabric" : material.charAt(0).toUpperCase() + material.slice(1));
const sizeLabel = (size: string) => (size === CUSTOM_SIZE ? CUSTOM_SIZE_LABEL : `Size ${size}`);
const buyText = (lengthMm: number) => {
  const buy = lengthToBuy(lengthMm);
  return `${buy.metres.toFixed(1)} m · ${buy.yards.toFixed(1)} yd`;
};

const ENVELOPE_INTRO = [
  "Lengths from the cutting layouts of this pattern's own pieces, nested with the grain along the selvedges,",
  "plus 10 % for shrinkage and straightening the grain, rounded up to the next 0.1 m and 0.1 yd.",
];
const ROW_PT = 15;

type EnvelopeItem =
  | { kind: "heading"; table: number; continued: boolean }
  | { kind: "columns"; table: number }
  | { kind: "row"; table: number; row: number }
  | { kind: "note"; text: string };
type EnvelopePage = { items: { item: EnvelopeItem; top: number }[] };

/** Notes under the tables: the widths a size could not be laid on, and why. */
function envelopeNotes(fabric: PrintFabric): string[] {
  const notes: string[] = [];
  for (const t of fabric.table) {
    for (const row of t.rows) {
      for (const cell of row.cells) {
        if (cell.lengthMm !== null) continue;
        const why = cell.tooWide?.length ? `narrower than ${cell.tooWide.join(", ")}` : "no layout could be made";
        notes.push(`${materialLabel(t.material)}, ${sizeLabel(row.size)}, ${widthLabel(cell.widthMm)}: ${why}.`);
      }
    }
  }
  return notes;
}

/** Where the envelope's rows go, page by page (a table that does not fit goes on, its heading repeated). */
function planEnvelope(fabric: PrintFabric, heightPt: number): EnvelopePage[] {
  const floor = heightPt - MARGIN - 10;
  const pages: EnvelopePage[] = [{ items: [] }];
  let top = MARGIN + 20 + ENVELOPE_INTRO.length * 12 + 14;
  const room = (h: number) => {
    if (top + h <= floor) return;
    pages.push({ items: [] });
    top = MARGIN + 10;
  };
  const put = (item: EnvelopeItem, h: number) => {
    top += h;
    pages[pages.length - 1].items.push({ item, top });
  };
  fabric.table.forEach((t, ti) => {
    room(22 + ROW_PT * 2);
    put({ kind: "heading", table: ti, continued: false }, 22);
    put({ kind: "columns", table: ti }, ROW_PT);
    t.rows.forEach((_, ri) => {
      if (top + ROW_PT > floor) {
        room(Infinity);
        put({ kind: "heading", table: ti, continued: true }, 16);
        put({ kind: "columns", table: ti }, ROW_PT);
      }
      put({ kind: "row", table: ti, row: ri }, ROW_PT);
    });
    top += 8;
  });
  const notes = envelopeNotes(fabric);
  if (notes.length) top += 6;
  for (const text of notes) {
    room(11);
    put({ kind: "note", text }, 11);
  }
  return pages;
}

/** Pages the fabric part of a print file adds: the envelope pages and one page per layout. */
export function fabricPageCount(fabric: PrintFabric | undefined, format: PrintFormat): number {
  if (!fabric) return 0;
  return planEnvelope(fabric, fabricPaperMm(format)[1] * K).length + fabric.layouts.length;
}

type Draw = {
  doc: PDFDocument;
  fonts: PdfFonts;
  fabric: PrintFabric;
  format: PrintFormat;
  title: string;
  /** Stamps a page and numbers it: the print file's own footer. */
  footer: (page: PDFPage, label: string) => void;
};

function text(page: PDFPage, fonts: PdfFonts, value: string, x: number, y: number, size: number, options: { bold?: boolean; grey?: number } = {}) {
  const g = options.grey ?? 0;
  fonts.draw(page, value, { x, y, size, bold: options.bold, color: rgb(g, g, g) });
}

/** One line, made smaller when wider than `room` (and right-aligned at x when `right`). */
function fitText(page: PDFPage, fonts: PdfFonts, value: string, x: number, y: number, size: number, room: number, options: { bold?: boolean; grey?: number; right?: boolean; centre?: boolean } = {}) {
  const width = fonts.width(value, size, options.bold);
  const s = width > room ? (size * room) / width : size;
  const w = fonts.width(value, s, options.bold);
  const at = options.right ? x - w : options.centre ? x - w / 2 : x;
  text(page, fonts, value, at, y, s, options);
}

/** The envelope pages and the layout pages, after the pages already in `doc`. */
export function drawFabricPages(draw: Draw): void {
  const { doc, fonts, fabric, format, title } = draw;
  const [wMm, hMm] = fabricPaperMm(format);
  const pw = wMm * K;
  const ph = hMm * K;
  const contentW = pw - 2 * MARGIN;
  const widths = fabric.widthsMm;
  const sizeCol = Math.min(120, contentW * 0.24);
  const colW = (contentW - sizeCol) / Math.max(1, widths.length);

  planEnvelope(fabric, ph).forEach((plan, pi) => {
    const page = doc.addPage([pw, ph]);
    if (pi === 0) {
      fitText(page, fonts, `${title}: fabric to buy`, MARGIN, ph - MARGIN - 14, 15, contentW, { bold: true });
      ENVELOPE_INTRO.forEach((line, i) => fitText(page, fonts, line, MARGIN, ph - MARGIN - 34 - i * 12, 9, contentW, { grey: 0.2 }));
    }
    for (const { item, top } of plan.items) {
      const y = ph - top;
      if (item.kind === "heading") {
        const t = fabric.table[item.table];
        fitText(page, fonts, `${materialLabel(t.material)}${item.continued ? " (continued)" : ""}`, MARGIN, y + 4, 12, contentW, { bold: true });
      } else if (item.kind === "columns") {
        text(page, fonts, "Size", MARGIN + 2, y + 4, 9, { bold: true });
        widths.forEach((w, i) => fitText(page, fonts, widthLabel(w), MARGIN + sizeCol + (i + 1) * colW - 4, y + 4, 9, colW - 8, { bold: true, right: true }));
        page.pushOperators(pushGraphicsState(), setStrokingGrayscaleColor(0.3), setLineWidth(0.7), moveTo(MARGIN, y), lineTo(MARGIN + contentW, y), stroke(), popGraphicsState());
      } else if (item.kind === "row") {
        const row = fabric.table[item.table].rows[item.row];
        if (item.row % 2 === 1) page.pushOperators(pushGraphicsState(), setFillingRgbColor(0.95, 0.95, 0.95), rectangle(MARGIN, y, contentW, ROW_PT), fill(), popGraphicsState());
        fitText(page, fonts, row.size === CUSTOM_SIZE ? CUSTOM_SIZE_LABEL : row.size, MARGIN + 2, y + 4, 9, sizeCol - 6);
        row.cells.forEach((cell, i) => {
          const value = cell.lengthMm === null ? "—" : buyText(cell.lengthMm);
          fitText(page, fonts, value, MARGIN + sizeCol + (i + 1) * colW - 4, y + 4, 9, colW - 8, { right: true, grey: cell.lengthMm === null ? 0.45 : 0 });
        });
      } else fitText(page, fonts, item.text, MARGIN, y + 2, 8, contentW, { grey: 0.3 });
    }
    draw.footer(page, "Fabric to buy");
  });

  for (const { size, material, layout } of fabric.layouts) {
    drawLayoutPage(draw, { size, material, layout });
  }
}

/** A round scale 1:n for a drawing that may be at most `fit` pt per mm. */
function roundScale(fit: number): number {
  const n = K / fit;
  const steps = [5, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 75, 100, 125, 150, 200, 250, 300, 400, 500];
  return steps.find((s) => s >= n - 1e-9) ?? Math.ceil(n / 100) * 100;
}

const HEADER_PT = 78;
const KEY_ROW_PT = 10;
const RULER_PT = 30;

/** The widest stretch inside a ring along the horizontal line at y: its middle and length (page pt). */
function labelSpot(ring: Pt[]): { at: Pt; room: number } {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of ring) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  let best: { at: Pt; room: number } = { at: [(x0 + x1) / 2, (y0 + y1) / 2], room: 0 };
  for (const t of [0.5, 0.4, 0.6, 0.3, 0.7]) {
    const y = y0 + (y1 - y0) * t;
    const xs: number[] = [];
    ring.forEach((a, i) => {
      const b = ring[(i + 1) % ring.length];
      if ((a[1] <= y) !== (b[1] <= y)) xs.push(a[0] + ((y - a[1]) * (b[0] - a[0])) / (b[1] - a[1]));
    });
    xs.sort((p, q) => p - q);
    for (let i = 0; i + 1 < xs.length; i += 2) {
      const room = xs[i + 1] - xs[i];
      const mid: Pt = [(xs[i] + xs[i + 1]) / 2, y];
      if (room > best.room * 1.25 && pointInRing(mid, ring)) best = { at: mid, room };
    }
  }
  return best;
}

/** The path of a closed ring (page pt) as operators. */
const ringOps = (ring: Pt[]) => [moveTo(ring[0][0], ring[0][1]), ...ring.slice(1).map(([x, y]) => lineTo(x, y)), closePath()];

/** A cutting layout page: header, the fabric at a round scale, the key. */
function drawLayoutPage({ doc, fonts, fabric, format, footer }: Draw, { size, material, layout }: { size: string; material: string; layout: Layout }): void {
  const folded = layout.folded;
  const fabricW = folded ? folded.widthMm : layout.widthMm;
  const placements: (Placement & { layers?: 1 | 2; onFold?: boolean })[] = folded ? folded.view : layout.placements;
  const lengthMm = Math.max(layout.lengthMm, 1);
  const names = [...new Set(placements.map((p) => p.name))];
  const [wMm, hMm] = fabricPaperMm(format);

  // The page turned the way that draws the fabric larger: portrait with the length down the page, or landscape
  // with the length across it.
  const frame = (landscape: boolean) => {
    const pw = (landscape ? hMm : wMm) * K;
    const ph = (landscape ? wMm : hMm) * K;
    const keyCols = landscape ? 4 : 3;
    const keyH = (Math.ceil(names.length / keyCols) + 1) * KEY_ROW_PT + 4;
    const boxW = pw - 2 * MARGIN - (landscape ? 44 : RULER_PT);
    const boxH = ph - 2 * MARGIN - HEADER_PT - keyH - (landscape ? RULER_PT : 14);
    const fit = landscape ? Math.min(boxW / lengthMm, boxH / fabricW) : Math.min(boxW / fabricW, boxH / lengthMm);
    return { landscape, pw, ph, keyCols, keyH, scale: roundScale(Math.max(fit, 1e-6)) };
  };
  const portrait = frame(false);
  const landscape = frame(true);
  const f = landscape.scale < portrait.scale ? landscape : portrait;
  const s = K / f.scale;
  const page = doc.addPage([f.pw, f.ph]);
  const top = f.ph - MARGIN - HEADER_PT;
  const left = MARGIN + (f.landscape ? 44 : RULER_PT);
  // Fabric mm (x across, y along) to page pt.
  const at = ([x, y]: Pt): Pt => (f.landscape ? [left + y * s, top - x * s] : [left + x * s, top - y * s]);
  const contentW = f.pw - 2 * MARGIN;

  // Header.
  const buy = lengthToBuy(layout.lengthMm);
  fitText(page, fonts, `Cutting layout · ${sizeLabel(size)} · ${materialLabel(material)}`, MARGIN, f.ph - MARGIN - 14, 14, contentW, { bold: true });
  fitText(
    page,
    fonts,
    `${widthLabel(layout.widthMm)} wide${folded ? ", folded lengthwise" : ""} · layout ${(layout.lengthMm / 1000).toFixed(2)} m long · buy ${buy.metres.toFixed(1)} m (${buy.yards.toFixed(1)} yd) · scale 1:${f.scale}`,
    MARGIN,
    f.ph - MARGIN - 30,
    10,
    contentW,
  );
  fitText(
    page,
    fonts,
    `Lay every piece with its grain line (the arrows) along the selvedges, ${fabric.gapMm} mm apart; ${Math.round(layout.efficiency * 100)} % of the fabric is used.`,
    MARGIN,
    f.ph - MARGIN - 44,
    8.5,
    contentW,
    { grey: 0.25 },
  );
  fitText(
    page,
    fonts,
    folded
      ? "Fold the fabric lengthwise, right sides together: the fold is the heavy dashed edge. Shaded darker: cut through both layers."
      : "Shaded darker: the mirrored piece of a pair (turn the pattern piece over to cut it).",
    MARGIN,
    f.ph - MARGIN - 56,
    8.5,
    contentW,
    { grey: 0.25 },
  );

  // The fabric.
  const corners = [at([0, 0]), at([fabricW, 0]), at([fabricW, lengthMm]), at([0, lengthMm])];
  page.pushOperators(pushGraphicsState(), setFillingRgbColor(0.985, 0.975, 0.95), setStrokingGrayscaleColor(0.55), setLineWidth(0.6), ...ringOps(corners), fillAndStroke(), popGraphicsState());
  if (folded) {
    const [a, b] = [at([0, 0]), at([0, lengthMm])];
    page.pushOperators(pushGraphicsState(), setStrokingGrayscaleColor(0), setLineWidth(1.6), setDashPattern([8, 3], 0), moveTo(...a), lineTo(...b), stroke(), popGraphicsState());
  }
  // Edge names: the fold or selvedge at x = 0, the selvedge(s) at the far edge.
  const near = folded ? "fold" : "selvedge";
  const far = folded ? "selvedges" : "selvedge";
  if (f.landscape) {
    text(page, fonts, near, MARGIN, top - 3, 7, { bold: !!folded, grey: 0.3 });
    text(page, fonts, far, MARGIN, top - fabricW * s - 3, 7, { grey: 0.3 });
  } else {
    text(page, fonts, near, left, top + 3, 7, { bold: !!folded, grey: 0.3 });
    fitText(page, fonts, far, left + fabricW * s, top + 3, 7, 80, { right: true, grey: 0.3 });
  }

  // Ruler along the length: a tick every 10 cm, labelled as often as the labels have room (10 cm, 50 cm or 1 m).
  const every = 100 * s >= 24 ? 100 : 500 * s >= 24 ? 500 : 1000;
  const ticks: [Pt, Pt][] = [];
  for (let y = 0; y <= lengthMm + 1e-6; y += 100) {
    const long = Math.round(y) % every === 0;
    const a = at([0, y]);
    const out = long ? 7 : 4;
    const b: Pt = f.landscape ? [a[0], top - fabricW * s - out] : [a[0] - out, a[1]];
    ticks.push([f.landscape ? [a[0], top - fabricW * s] : a, b]);
    if (long) {
      const label = y === 0 ? "0" : `${Math.round(y) / 1000} m`;
      if (f.landscape) fitText(page, fonts, label, b[0], b[1] - 8, 7, 40, { centre: true, grey: 0.3 });
      else fitText(page, fonts, label, b[0] - 2, b[1] - 2.5, 7, RULER_PT - 10, { right: true, grey: 0.3 });
    }
  }
  page.pushOperators(pushGraphicsState(), setStrokingGrayscaleColor(0.35), setLineWidth(0.5), ...ticks.flatMap(([a, b]) => [moveTo(...a), lineTo(...b)]), stroke(), popGraphicsState());

  // The pieces: outline, shade, grain arrow, number (and name where it fits).
  for (const p of placements) {
    if (p.polygon.length < 3) continue;
    const ring = p.polygon.map(at);
    const dark = p.mirrored || p.layers === 2;
    const tint = dark ? [0.74, 0.82, 0.93] : [0.88, 0.92, 0.98];
    page.pushOperators(pushGraphicsState(), setFillingRgbColor(tint[0], tint[1], tint[2]), setStrokingGrayscaleColor(0.1), setLineWidth(0.5), ...ringOps(ring), fillAndStroke(), popGraphicsState());
  }
  for (const p of placements) {
    if (!p.grain) continue;
    const [a, b] = p.grain.map(at);
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len < 4) continue;
    const [ux, uy] = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
    const head = Math.min(3.5, len / 4);
    const arrow = (tip: Pt, dir: number): ReturnType<typeof moveTo>[] => {
      const back: Pt = [tip[0] - dir * ux * head, tip[1] - dir * uy * head];
      return [moveTo(back[0] - uy * head * 0.6, back[1] + ux * head * 0.6), lineTo(tip[0], tip[1]), lineTo(back[0] + uy * head * 0.6, back[1] - ux * head * 0.6)];
    };
    page.pushOperators(pushGraphicsState(), setStrokingGrayscaleColor(0.3), setLineWidth(0.5), moveTo(...a), lineTo(...b), ...arrow(b, 1), ...arrow(a, -1), stroke(), popGraphicsState());
  }
  for (const p of placements) {
    if (p.polygon.length < 3) continue;
    const ring = p.polygon.map(at);
    const spot = labelSpot(ring);
    const number = String(names.indexOf(p.name) + 1);
    const height = Math.max(...ring.map((q) => q[1])) - Math.min(...ring.map((q) => q[1]));
    const numberPt = Math.max(4, Math.min(9, spot.room / 2.2, height / 2));
    const nameFits = fonts.width(p.name, 5.5) <= spot.room * 0.9 && height > 22;
    const y = spot.at[1] - (nameFits ? 0 : numberPt * 0.35);
    // On a patch of the piece's shade, so a grain arrow under it does not run through the number.
    const nw = Math.min(fonts.width(number, numberPt, true), Math.max(spot.room * 0.9, 8));
    const shade = p.mirrored || p.layers === 2 ? [0.74, 0.82, 0.93] : [0.88, 0.92, 0.98];
    page.pushOperators(pushGraphicsState(), setFillingRgbColor(shade[0], shade[1], shade[2]), rectangle(spot.at[0] - nw / 2 - 1, y - 1, nw + 2, numberPt * 0.8 + 2), fill(), popGraphicsState());
    fitText(page, fonts, number, spot.at[0], y, numberPt, Math.max(spot.room * 0.9, 8), { bold: true, centre: true });
    if (nameFits) fitText(page, fonts, p.name, spot.at[0], y - 7, 5.5, spot.room * 0.9, { centre: true, grey: 0.15 });
    if (p.onFold) fitText(page, fonts, "on fold", spot.at[0], y + numberPt + 1, 5, Math.max(spot.room * 0.9, 8), { centre: true, grey: 0.15 });
  }

  // The key under the drawing: every piece's number, name and cuts.
  const bottom = f.landscape ? top - fabricW * s - RULER_PT : top - lengthMm * s - 14;
  const keyTop = bottom - 4;
  const colW = contentW / f.keyCols;
  const keyText = names.map((name, i) => {
    const cut = placements.filter((p) => p.name === name);
    const mirrored = cut.filter((p) => p.mirrored).length;
    return `${i + 1}  ${name} × ${cut.length}${mirrored ? ` (${mirrored} mirrored)` : ""}`;
  });
  text(page, fonts, `Pieces (${placements.length} to cut from this ${folded ? "folded " : ""}fabric):`, MARGIN, keyTop - KEY_ROW_PT + 2, 8, { bold: true });
  keyText.forEach((line, i) => {
    const col = i % f.keyCols;
    const row = Math.floor(i / f.keyCols) + 1;
    fitText(page, fonts, line, MARGIN + col * colW, keyTop - (row + 1) * KEY_ROW_PT + 2, 7.5, colW - 6);
  });
  footer(page, `Cutting layout ${sizeLabel(size)}`);
}
