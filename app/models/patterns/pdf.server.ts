/**
 * Print-at-home and copy-shop PDFs of a pattern (decisions 143, 097).
 *
 * Layout: the chosen sizes of each piece are nested over each other on their grade reference point, like a commercial
 * multi-size pattern (nestOffsets, decision 098; one slot per piece name, as big as its nested sizes). Slots are shelf-packed, in file order
 * by height, into a "sheet" at 1:1 (1 mm = 72/25.4 pt); grain lines stay as drawn. The sheet is one Form XObject
 * (drawn once, compressed) that every page shows through a clip, so a 150-piece pattern stays small and fast.
 *
 * Tiled formats: A4 and Letter (home printers), A0, a 36-inch roll and 24 x 36 in sheets (copy shops). The sheet is
 * tiled over pages, a piece larger than a page or sheet included. Each page has a 12 mm margin (copy-shop sheets a
 * FOOT_MM strip under the frame more); the printable frames of neighbours overlap by 10 mm (dashed lines on the
 * sheet mark the overlap strips, with alignment marks, a circle and cross, in the middle of each strip to lay over
 * each other). Tiles are labelled by row letter and column number (A1, A2, …, B1), with the printed neighbours'
 * labels in the margins. A tile that no piece's outline meets is left out (its label stays unused, so the others
 * keep their places in the grid). A roll's pages are 36 in wide and at most 48 in long, the last one only as long
 * as the pieces need.
 * The file starts with overview pages (home formats: pages of the paper size; copy-shop formats: sheets of the
 * file's own paper, never A4): title, sizes and their colours, how to print, a 10 cm and a 4 in test square
 * (sharing their lower-left corner) with a 1 in square beside them, the page map (the tile grid over a miniature
 * of the sheet, printed pages labelled, blank ones greyed and crossed out) and the lists of the pieces on each page
 * and the pages each size needs; what does not fit the first page continues on the next. printLayout plans all of
 * it (page count included) without drawing. Every copy-shop sheet has its own test squares in its foot strip.
 * Projector: one page at 1:1 holding the whole sheet (about 1.1 m wide, fabric width) under a header with a
 * calibration grid (1 cm squares in the 10 cm square, heavier every 5 cm, the 4 in square on the same corner, the
 * 1 in square beside) and how to scale the projection by it; bold light lines on a dark background (or dark lines
 * on white with `background: "light"`).
 *
 * Layers: each size is an optional content group (/OCProperties in the catalog, /OCGs, /D with /Order), its
 * drawing wrapped in `/OC /ocN BDC … EMC` with /Properties in the resources, so a reader can print only some sizes.
 * Cut lines in each size's colour and dash pattern (the sample size solid) with the size's name along the outline,
 * sew lines dashed, grain lines with arrows at both ends and "GRAIN LINE" along them, a fold as a long-dash line with
 * a bracket and "PLACE ON FOLD", notches as short ticks into the piece, drill holes as crosses (decision 098). The stamp (order number and buyer's email) is printed in every page's bottom margin.
 *
 * One job per file: print/plan.ts plans it all without drawing (printLayout: the sheet, its tiles, the overview
 * pages), print/text.ts measures text, print/piece-lines.ts and print/sheet.ts draw the sheet, print/sizes.ts gives
 * each size its colour, dashes and name, print/paper.ts holds the paper's measures; this module assembles the file
 * (buildPrintPdf): the overview pages, the tiles, the projector page and the fabric pages.
 */
import zlib from "node:zlib";

import {
  clip,
  concatTransformationMatrix,
  drawObject,
  endPath,
  fill,
  LineCapStyle,
  lineTo,
  moveTo,
  type PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFPage,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingGrayscaleColor,
  setLineWidth,
  setStrokingGrayscaleColor,
  stroke,
} from "@cantoo/pdf-lib";

import { cutText } from "./pieces";
import { pdfFonts, type PdfFonts } from "./fonts.server";
import { drawFabricPages, materialLabel, type PrintFabric } from "./envelope.server";
import type { Pattern } from "./types";
import { COPY_SHOP, K, mapLabelSize, ONE_IN_GAP_PT, ONE_IN_PT, PAGE_MARGIN_MM, PROJECTOR_HEADER_MM, rowLabel, SQUARES_PT } from "./print/paper";
import { printLayout, type OverviewPage, type PrintLayout, type PrintOptions } from "./print/plan";
import { sheetContent } from "./print/sheet";
import { sizeColour, sizeDashes, sizeLabel, sizeList } from "./print/sizes";

// The print module's face: what the worker, the downloads and the tests use of its planning.
export type { PrintFormat } from "./print-format";
export { mapLabelSize, OVERLAP_MM, PAGE_MARGIN_MM, PAGE_SIZES_MM, PT_PER_MM, rowLabel } from "./print/paper";
export { printLayout, type OverviewItem, type OverviewPage, type PrintLayout, type PrintOptions, type PrintTile } from "./print/plan";
export { sizeDashes } from "./print/sizes";

type Ctx = {
  doc: PDFDocument;
  fonts: PdfFonts;
  sheet: PDFRef;
  properties: PDFDict;
  /** Each size's dash pattern (pt) for the legends, as sizeDashes gives it for paper. */
  dashes: number[][];
};

function attachSheet(page: PDFPage, ctx: Ctx) {
  page.node.setXObject(PDFName.of("Sheet"), ctx.sheet);
  page.node.normalizedEntries().Resources.set(PDFName.of("Properties"), ctx.properties);
}

function text(page: PDFPage, ctx: Ctx, value: string, x: number, y: number, size: number, options: { bold?: boolean; grey?: number; white?: boolean } = {}) {
  const colour = options.white ? rgb(1, 1, 1) : rgb(options.grey ?? 0, options.grey ?? 0, options.grey ?? 0);
  ctx.fonts.draw(page, value, { x, y, size, bold: options.bold, color: colour });
}

function drawStamp(page: PDFPage, ctx: Ctx, stamp: string | null, right: string, dark: boolean) {
  const y = 5 * K;
  if (stamp) text(page, ctx, stamp, PAGE_MARGIN_MM * K, y, 7, { grey: 0.25, white: dark });
  const w = ctx.fonts.width(right, 7);
  text(page, ctx, right, page.getWidth() - PAGE_MARGIN_MM * K - w, y, 7, { grey: 0.25, white: dark });
}

/**
 * The 10 cm and 4 in test squares, sharing their lower-left corner at (x, y) in pt, and the 1 in square beside them
 * on the same baseline (ONE_IN_GAP_PT to the right of the 4 in square), each labelled at its upper right.
 */
function testSquares(page: PDFPage, ctx: Ctx, x: number, y: number, dark: boolean) {
  const oneX = x + SQUARES_PT + ONE_IN_GAP_PT;
  page.pushOperators(
    pushGraphicsState(),
    dark ? setStrokingGrayscaleColor(1) : setStrokingGrayscaleColor(0),
    setLineWidth(dark ? 1.5 : 0.6),
    rectangle(x, y, 100 * K, 100 * K),
    stroke(),
    rectangle(x, y, SQUARES_PT, SQUARES_PT),
    stroke(),
    rectangle(oneX, y, ONE_IN_PT, ONE_IN_PT),
    stroke(),
    popGraphicsState(),
  );
  text(page, ctx, "10 cm", x + 4 * K, y + 100 * K - 5 * K, 9, { white: dark });
  text(page, ctx, "4 in", x + SQUARES_PT + 2 * K, y + SQUARES_PT - 3 * K, 9, { white: dark });
  text(page, ctx, "1 in", oneX + ONE_IN_PT + 2 * K, y + ONE_IN_PT - 3 * K, 9, { white: dark });
  text(page, ctx, "Test squares: 10 cm inside, 4 in outside, 1 in beside.", x, y - 5 * K, 8, { grey: 0.3, white: dark });
}

/**
 * The projector's calibration grid, lower-left corner at (x, y) in pt: 10 x 10 squares of 1 cm (every 5 cm a
 * heavier line) inside the 10 cm square, the 4 in square on the same corner and the 1 in square beside; the text
 * to its right says how to use it.
 */
function calibrationGrid(page: PDFPage, ctx: Ctx, x: number, y: number, dark: boolean) {
  const ink = dark ? 1 : 0;
  const cm = 10 * K;
  const lines = (heavy: boolean) => {
    const segments: [number, number, number, number][] = [];
    for (let i = 1; i < 10; i++) {
      if ((i % 5 === 0) !== heavy) continue;
      segments.push([x + i * cm, y, x + i * cm, y + 10 * cm], [x, y + i * cm, x + 10 * cm, y + i * cm]);
    }
    return segmentOps(segments);
  };
  page.pushOperators(pushGraphicsState(), setStrokingGrayscaleColor(ink), setLineWidth(dark ? 0.5 : 0.3), ...lines(false), stroke());
  page.pushOperators(setLineWidth(dark ? 1.5 : 1), ...lines(true), stroke(), popGraphicsState());
  testSquares(page, ctx, x, y, dark);
  const tx = x + 4 * 72 + 14 * K;
  const top = y + 4 * 72 - 14;
  const say = [
    "Calibrate before cutting: scale, zoom and keystone the projection",
    "until every small square of the grid measures exactly 1 cm",
    "(the heavy lines 5 cm apart, the large square 10 cm, the outer square 4 in, the small one 1 in).",
    "Then check the squares again at the far corners of your cutting table.",
  ];
  say.forEach((line, i) => text(page, ctx, line, tx, top - i * 16, i ? 11 : 12, { bold: i === 0, white: dark }));
}

/** Straight segments [x0, y0, x1, y1] (pt) as one path's operators, to be stroked. */
function segmentOps(segments: [number, number, number, number][]) {
  return segments.flatMap(([x0, y0, x1, y1]) => [moveTo(x0, y0), lineTo(x1, y1)]);
}

/** One line of text, made smaller when it is wider than `room`. */
function fitText(page: PDFPage, ctx: Ctx, value: string, x: number, y: number, size: number, room: number, options: { bold?: boolean; grey?: number } = {}) {
  const width = ctx.fonts.width(value, size, options.bold);
  text(page, ctx, value, x, y, width > room ? (size * room) / width : size, options);
}

/** The title in the room kept for it on the first overview page: one line, smaller when it is long. */
function drawTitle(page: PDFPage, ctx: Ctx, title: string, top: number, u: number) {
  const m = PAGE_MARGIN_MM * K;
  fitText(page, ctx, title, m, page.getHeight() - top, 16 * u, page.getWidth() - 2 * m, { bold: true });
}

/** An overview page as planned by printLayout (planOverview). */
function drawOverview(page: PDFPage, ctx: Ctx, lay: PrintLayout, plan: OverviewPage, u: number) {
  const ph = plan.heightPt;
  for (const item of plan.items) {
    if (item.kind === "text") text(page, ctx, item.text, item.x, ph - item.top, item.size, { bold: item.bold, grey: item.grey });
    else if (item.kind === "swatch") {
      const [r, g, b] = sizeColour(item.sizeIndex, false, lay.sizes[item.sizeIndex]);
      page.drawLine({
        start: { x: item.x, y: ph - item.top + 3 * u },
        end: { x: item.x + item.size, y: ph - item.top + 3 * u },
        thickness: 1.2 * u,
        color: rgb(r, g, b),
        dashArray: (ctx.dashes[item.sizeIndex] ?? []).map((v) => v * u),
        lineCap: LineCapStyle.Round,
      });
    } else if (item.kind === "squares") testSquares(page, ctx, item.x, ph - item.top - 4 * 72, false);
    else drawMap(page, ctx, lay, item.x, ph - item.top, item.scale, u);
  }
}

/**
 * The page map: the sheet in miniature with the tile grid over it, top-left corner at (x, top) in pt. Printed
 * pages are framed and labelled; blank ones are greyed, crossed out and labelled in grey.
 */
function drawMap(page: PDFPage, ctx: Ctx, lay: PrintLayout, x: number, top: number, s: number, u: number) {
  const H = lay.sheetHeightMm * K;
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(s, 0, 0, s, x, top - H * s), drawObject("Sheet"), popGraphicsState());
  const blank = new Set(lay.blank);
  const cellW = lay.frameWidthMm * K * s;
  const size = mapLabelSize(cellW, Math.min(lay.frameHeightMm, lay.sheetHeightMm) * K * s, u);
  const cells: { x0: number; y0: number; w: number; h: number; label: string; blank: boolean }[] = [];
  for (let r = 0; r < lay.rows; r++) {
    const rowTop = lay.sheetHeightMm - r * lay.stepHeightMm;
    const h = Math.min(lay.frameHeightMm, rowTop) * K * s;
    for (let c = 0; c < lay.cols; c++) {
      const label = `${rowLabel(r)}${c + 1}`;
      cells.push({ x0: x + c * lay.stepWidthMm * K * s, y0: top - r * lay.stepHeightMm * K * s - h, w: cellW, h, label, blank: blank.has(label) });
    }
  }
  // Blank pages first (grey, crossed), so the printed pages' frames stay on top where they overlap.
  for (const c of cells.filter((cell) => cell.blank)) {
    page.pushOperators(
      pushGraphicsState(),
      setFillingGrayscaleColor(0.88),
      rectangle(c.x0, c.y0, c.w, c.h),
      fill(),
      setStrokingGrayscaleColor(0.6),
      setLineWidth(0.5),
      ...segmentOps([
        [c.x0, c.y0, c.x0 + c.w, c.y0 + c.h],
        [c.x0, c.y0 + c.h, c.x0 + c.w, c.y0],
      ]),
      stroke(),
      popGraphicsState(),
    );
    text(page, ctx, c.label, c.x0 + 2, c.y0 + c.h - size - 1, size, { grey: 0.55 });
  }
  for (const c of cells.filter((cell) => !cell.blank)) {
    page.pushOperators(pushGraphicsState(), setStrokingGrayscaleColor(0.2), setLineWidth(0.7), rectangle(c.x0, c.y0, c.w, c.h), stroke(), popGraphicsState());
    text(page, ctx, c.label, c.x0 + 2, c.y0 + c.h - size - 1, size, { bold: true, grey: 0.1 });
  }
}

/** The sizes' key: each size's colour and dash pattern on a sample of line, and its name. */
function legend(page: PDFPage, ctx: Ctx, sizes: string[], dashes: number[][], x: number, y: number, maxWidth: number, dark: boolean): number {
  let cx = x;
  let cy = y;
  const sample = 34;
  sizes.forEach((size, i) => {
    const label = sizeLabel(size);
    const w = sample + 4 + ctx.fonts.width(label, 9) + 12;
    if (cx + w > x + maxWidth) {
      cx = x;
      cy -= 14;
    }
    const [r, g, b] = sizeColour(i, dark, size);
    page.drawLine({
      start: { x: cx, y: cy + 3 },
      end: { x: cx + sample, y: cy + 3 },
      thickness: 1.2,
      color: rgb(r, g, b),
      dashArray: dashes[i] ?? [],
      lineCap: LineCapStyle.Round,
    });
    text(page, ctx, label, cx + sample + 4, cy, 9, { white: dark });
    cx += w;
  });
  return cy;
}

/**
 * Builds the print file. Throws only on programming errors; an empty size selection or a size the pattern does
 * not have simply leaves it out (no sizes at all gives an overview page saying so).
 */
export async function buildPrintPdf(pattern: Pattern, options: PrintOptions): Promise<Uint8Array> {
  const lay = printLayout(pattern, options);
  const projector = options.format === "projector";
  const dark = projector && options.background !== "light";
  const doc = await PDFDocument.create();
  doc.setTitle(options.title || "Pattern");
  doc.setCreator("Patternhouse");
  doc.setProducer("Patternhouse");
  const title = options.title || "Pattern";
  // Every text of the file that is not fixed English: the fonts of other scripts are embedded only for these.
  // (Sizes and piece names in regular too: the size names along outlines, the legend and the page map.)
  const fonts = await pdfFonts(doc, {
    regular: [
      title,
      options.stamp,
      ...lay.sizes.map((size) => `Sizes: ${size}`),
      ...lay.slots.flatMap((slot) => [slot.name, ...slot.pieces.map((p) => (p ? cutText(p) : null))]),
      ...fabricTexts(options.fabric),
    ],
    bold: [title, ...lay.slots.map((slot) => slot.name), ...fabricTexts(options.fabric)],
  });
  const { context } = doc;

  // One optional content group per size.
  const ocgRefs = lay.sizes.map((size) => context.register(context.obj({ Type: "OCG", Name: PDFHexString.fromText(sizeLabel(size)) })));
  const propsLiteral: Record<string, PDFRef> = {};
  ocgRefs.forEach((ref, i) => (propsLiteral[`oc${i}`] = ref));
  const properties = context.obj(propsLiteral);
  doc.catalog.set(
    PDFName.of("OCProperties"),
    context.obj({
      OCGs: ocgRefs,
      D: { Name: PDFHexString.fromText("Sizes"), Order: ocgRefs, ON: ocgRefs, OFF: [], BaseState: "ON" },
    }),
  );

  const W = lay.sheetWidthMm * K;
  const H = lay.sheetHeightMm * K;
  const dashes = sizeDashes(lay.sizes, pattern.sampleSize, projector);
  // Compressed with Node's zlib (native, several times faster than pdf-lib's JavaScript deflate).
  const sheetStream = context.stream(zlib.deflateSync(Buffer.from(sheetContent(lay, fonts, projector, dark, !projector, dashes), "latin1"), { level: 6 }), {
    Filter: "FlateDecode",
    Type: "XObject",
    Subtype: "Form",
    BBox: [0, 0, W, H],
    Resources: { Font: fonts.resources, Properties: properties },
  });
  const ctx: Ctx = { doc, fonts, sheet: context.register(sheetStream), properties, dashes: sizeDashes(lay.sizes, pattern.sampleSize, false) };
  const sizesLine = lay.sizes.length ? `Sizes: ${sizeList(lay.sizes)}` : "No sizes selected.";
  const m = PAGE_MARGIN_MM * K;

  if (projector) {
    const page = doc.addPage([lay.pageWidthMm * K, lay.pageHeightMm * K]);
    attachSheet(page, ctx);
    const pw = page.getWidth();
    const ph = page.getHeight();
    if (dark) page.pushOperators(pushGraphicsState(), setFillingGrayscaleColor(0.12), rectangle(0, 0, pw, ph), fill(), popGraphicsState());
    text(page, ctx, title, m, ph - m - 14, 20, { bold: true, white: dark });
    text(page, ctx, `${sizesLine}. Projector file: 1:1 scale. Calibrate with the grid below.`, m, ph - m - 32, 11, { white: dark });
    legend(page, ctx, lay.sizes, sizeDashes(lay.sizes, pattern.sampleSize, false), m, ph - m - 50, pw - 2 * m, dark);
    calibrationGrid(page, ctx, m, ph - m - PROJECTOR_HEADER_MM * K + 12 * K, dark);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(1, 0, 0, 1, m, m), drawObject("Sheet"), popGraphicsState());
    drawStamp(page, ctx, options.stamp, `Page 1 of ${lay.pages}`, dark);
    addFabricPages(ctx, options, 1, lay.pages);
    return doc.save({ useObjectStreams: true });
  }

  const format = options.format;
  const copyShop = COPY_SHOP.has(format);
  const u = copyShop ? 1.5 : 1;
  const total = lay.pages;
  let pageNo = 0;
  for (const plan of lay.overview) {
    pageNo++;
    const page = doc.addPage([plan.widthPt, plan.heightPt]);
    attachSheet(page, ctx);
    if (pageNo === 1) drawTitle(page, ctx, title, m + 16 * u, u);
    drawOverview(page, ctx, lay, plan, u);
    drawStamp(page, ctx, options.stamp, `Overview · page ${pageNo} of ${total}`, false);
  }

  // Tiles: the sheet through each printed tile's frame.
  const pw = lay.pageWidthMm * K;
  const mb = lay.bottomMarginMm * K;
  const frameW = lay.frameWidthMm * K;
  const stepW = lay.stepWidthMm * K;
  const stepH = lay.stepHeightMm * K;
  const printed = new Set(lay.tiles.map((t) => t.label));
  for (const tile of lay.tiles) {
    pageNo++;
    const { row: r, col: c, label } = tile;
    const frameH = tile.frameHeightMm * K;
    const ph = frameH + m + mb;
    const page = doc.addPage([pw, ph]);
    attachSheet(page, ctx);
    const tx = m - c * stepW;
    const ty = mb + frameH - (H - r * stepH);
    page.pushOperators(
      pushGraphicsState(),
      rectangle(m, mb, frameW, frameH),
      clip(),
      endPath(),
      concatTransformationMatrix(1, 0, 0, 1, tx, ty),
      drawObject("Sheet"),
      popGraphicsState(),
      pushGraphicsState(),
      setStrokingGrayscaleColor(0.6),
      setLineWidth(0.3),
      rectangle(m, mb, frameW, frameH),
      stroke(),
      popGraphicsState(),
    );
    text(page, ctx, label, m, ph - m + 3 * K, 12, { bold: true });
    text(page, ctx, `${title} · row ${rowLabel(r)}, column ${c + 1}`, m + ctx.fonts.width(label, 12, true) + 8, ph - m + 3 * K, 8, { grey: 0.3 });
    // Printed neighbours in the margins (a blank neighbour's place stays empty: the map shows it crossed out).
    const mid = (a: number, b: number) => (a + b) / 2;
    const neighbour = (rr: number, cc: number) => (rr >= 0 && cc >= 0 && rr < lay.rows && cc < lay.cols && printed.has(`${rowLabel(rr)}${cc + 1}`) ? `${rowLabel(rr)}${cc + 1}` : null);
    const right = neighbour(r, c + 1);
    const left = neighbour(r, c - 1);
    const below = neighbour(r + 1, c);
    const above = neighbour(r - 1, c);
    if (right) text(page, ctx, right, pw - m + 2, mid(mb, mb + frameH), 8, { bold: true, grey: 0.3 });
    if (left) text(page, ctx, left, 2 * K, mid(mb, mb + frameH), 8, { bold: true, grey: 0.3 });
    if (below) text(page, ctx, below, mid(m, m + frameW), mb - 5 * K, 8, { bold: true, grey: 0.3 });
    if (above) text(page, ctx, above, mid(m + frameW * 0.6, m + frameW), ph - m + 3 * K, 8, { bold: true, grey: 0.3 });
    if (copyShop) {
      // Every copy-shop sheet checks its own scale: the test squares in the strip under the frame (the 1 in square
      // at its foot, under these lines).
      testSquares(page, ctx, m, 16 * K, false);
      const fx = m + 4 * 72 + 30 * K;
      const room = pw - m - fx;
      const fy = 16 * K + 4 * 72;
      fitText(page, ctx, `${label}: ${tile.pieces.join(", ")}`, fx, fy - 14, 14, room, { bold: true });
      fitText(page, ctx, "Check the print: at 100 % the test squares measure exactly 10 cm, 4 in and 1 in.", fx, fy - 34, 11, room, { grey: 0.2 });
      fitText(page, ctx, `Sizes on this sheet: ${sizeList(tile.sizes)}`, fx, fy - 52, 11, room, { grey: 0.2 });
    }
    drawStamp(page, ctx, options.stamp, `${label} · page ${pageNo} of ${total}`, false);
  }
  addFabricPages(ctx, options, pageNo, total);
  return doc.save({ useObjectStreams: true });
}

/** The texts of the fabric pages that are not fixed English: sizes, materials, piece names. */
function fabricTexts(fabric: PrintFabric | undefined): string[] {
  if (!fabric) return [];
  return [
    ...fabric.table.flatMap((t) => [materialLabel(t.material), ...t.rows.map((r) => r.size)]),
    ...fabric.layouts.flatMap((l) => [l.size, ...l.layout.placements.map((p) => p.name)]),
  ];
}

/** The fabric pages (envelope.server.ts) after the `done` pages of the file, stamped and numbered like the others. */
function addFabricPages(ctx: Ctx, options: PrintOptions, done: number, total: number) {
  if (!options.fabric || COPY_SHOP.has(options.format)) return;
  let pageNo = done;
  drawFabricPages({
    doc: ctx.doc,
    fonts: ctx.fonts,
    fabric: options.fabric,
    format: options.format,
    title: options.title || "Pattern",
    footer: (page, label) => drawStamp(page, ctx, options.stamp, `${label} · page ${++pageNo} of ${total}`, false),
  });
}
