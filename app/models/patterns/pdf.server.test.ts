import { createRequire } from "node:module";
import path from "node:path";

import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";

import { readPattern } from "./dxf.server";
import { DEFAULT_SIZES, makeAstmDxf, type FixturePiece } from "./demo.server";
import { makePlainDxf } from "../../../tests/fixtures/dxf";
import { cadFixtures } from "../../../tests/unit/cad-fixtures";
import { buildPrintPdf, printLayout, PT_PER_MM, rowLabel, type OverviewItem } from "./pdf.server";
import { stampPdf } from "./stamp.server";
import { pointInRing } from "./geometry";
import type { Pattern, Pt } from "./types";

function read(dxf: string): Pattern {
  const result = readPattern(dxf);
  if (!result.ok) throw new Error(result.message);
  return result.pattern;
}

const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts") + path.sep;

async function open(bytes: Uint8Array) {
  return pdfjs.getDocument({ data: bytes.slice(), standardFontDataUrl, isEvalSupported: false }).promise;
}

/** Names of the optional content groups, in the document's order. */
async function groupNames(doc: pdfjs.PDFDocumentProxy): Promise<string[]> {
  const config = await doc.getOptionalContentConfig();
  const groups = (config.getGroups() ?? {}) as Record<string, { name: string }>;
  return (config.getOrder() as string[]).map((id) => groups[id].name);
}

async function pageText(doc: pdfjs.PDFDocumentProxy, n: number): Promise<string> {
  const page = await doc.getPage(n);
  const content = await page.getTextContent();
  return content.items.map((it) => ("str" in it ? it.str : "")).join(" ");
}

/** Rectangles drawn with the `re` operator on a page, as [x, y, width, height] in pt. */
async function rectangles(doc: pdfjs.PDFDocumentProxy, n: number): Promise<number[][]> {
  const page = await doc.getPage(n);
  const list = await page.getOperatorList();
  const argCount: Record<number, number> = {
    [pdfjs.OPS.moveTo]: 2,
    [pdfjs.OPS.lineTo]: 2,
    [pdfjs.OPS.curveTo]: 6,
    [pdfjs.OPS.curveTo2]: 4,
    [pdfjs.OPS.curveTo3]: 4,
    [pdfjs.OPS.closePath]: 0,
    [pdfjs.OPS.rectangle]: 4,
  };
  const found: number[][] = [];
  list.fnArray.forEach((fn, i) => {
    if (fn !== pdfjs.OPS.constructPath) return;
    const [ops, args] = list.argsArray[i] as [number[], number[]];
    let k = 0;
    for (const o of ops) {
      if (o === pdfjs.OPS.rectangle) found.push(args.slice(k, k + 4));
      k += argCount[o] ?? 0;
    }
  });
  return found;
}

/** Whether a page draws a 10 cm, a 4 in and a 1 in square (to 0.01 pt). */
async function squaresOn(doc: pdfjs.PDFDocumentProxy, n: number): Promise<{ tenCm: boolean; fourIn: boolean; oneIn: boolean }> {
  const rects = await rectangles(doc, n);
  const square = (side: number) => rects.some(([, , w, h]) => Math.abs(w - side) < 0.01 && Math.abs(h - side) < 0.01);
  return { tenCm: square(100 * PT_PER_MM), fourIn: square(4 * 72), oneIn: square(72) };
}

/** The texts of a page with their boxes [x0, y0, x1, y1] in pt (baseline origin, the descent below, the size above). */
async function textBoxes(doc: pdfjs.PDFDocumentProxy, n: number): Promise<{ str: string; box: number[] }[]> {
  const content = await (await doc.getPage(n)).getTextContent();
  return content.items.flatMap((it) => {
    if (!("str" in it) || !it.str.trim()) return [];
    const [x, y] = [it.transform[4], it.transform[5]];
    return [{ str: it.str, box: [x, y - 0.25 * it.height, x + it.width, y + 0.8 * it.height] }];
  });
}

const overlaps = (a: number[], b: number[]) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/**
 * Where a page's 1 in square is: beside the 4 in square (on its baseline, right of it and clear of its "4 in"
 * label), labelled "1 in" at its upper right; and the texts drawn over it or its label (none expected on a page
 * that draws no sheet content beside the squares, i.e. an overview page).
 */
async function oneInSquare(doc: pdfjs.PDFDocumentProxy, n: number) {
  const rects = await rectangles(doc, n);
  const find = (side: number) => rects.find(([, , w, h]) => Math.abs(w - side) < 0.01 && Math.abs(h - side) < 0.01);
  const one = find(72)!;
  const four = find(4 * 72)!;
  const texts = await textBoxes(doc, n);
  const fourLabel = texts.find((t) => t.str === "4 in" && Math.abs(t.box[0] - (four[0] + four[2])) < 10)!;
  const label = texts.find((t) => t.str === "1 in" && t.box[0] > one[0] + 72 && t.box[0] < one[0] + 72 + 10 && t.box[3] > one[1] + 60 && t.box[1] < one[1] + 72);
  const square = [one[0], one[1], one[0] + 72, one[1] + 72];
  return {
    beside: Math.abs(one[1] - four[1]) < 0.01 && one[0] >= fourLabel.box[2] + 5,
    labelled: !!label,
    textOver: texts.filter((t) => t !== label && (overlaps(t.box, square) || (label && overlaps(t.box, label.box)))).map((t) => t.str),
  };
}

const STAMP = "Order #123 · buyer@example.com";
const PANEL: FixturePiece[] = [{ name: "PANEL", width: 300, height: 200, shape: "rect" }];

describe("buildPrintPdf A4", () => {
  // Two sizes of one 300 x 200 mm piece (size M graded to 312 x 204 mm): its slot, with 10 mm of room around,
  // is 332 x 224 mm. An A4 page prints a 186 x 273 mm frame and advances 176 x 263 mm (10 mm overlap), so the
  // sheet is 2 pages wide and 1 high: 2 tiles plus the overview = 3 pages.
  const pattern = read(makeAstmDxf({ pieces: PANEL, sizes: ["S", "M"] }));

  it("tiles the pieces at 1:1 over A4 pages behind an overview page", async () => {
    expect(printLayout(pattern, { format: "A4", sizes: [] })).toMatchObject({ cols: 2, rows: 1, pages: 3 });
    const doc = await open(await buildPrintPdf(pattern, { format: "A4", sizes: ["S", "M"], stamp: STAMP, title: "Panel" }));
    expect(doc.numPages).toBe(3);
    for (let n = 1; n <= 3; n++) {
      const page = await doc.getPage(n);
      const [x0, y0, x1, y1] = page.view;
      expect(x1 - x0).toBeCloseTo(595.28, 1);
      expect(y1 - y0).toBeCloseTo(841.89, 1);
    }
    expect(await pageText(doc, 1)).toContain("Page map: 1 x 2 pages");
    expect(await pageText(doc, 2)).toMatch(/A1.*page 2 of 3/);
    expect(await pageText(doc, 3)).toMatch(/A2.*page 3 of 3/);
    expect(await pageText(doc, 2)).toContain("A2"); // the neighbour, in the margin
  });

  it("puts each size on its own optional content group", async () => {
    const doc = await open(await buildPrintPdf(pattern, { format: "A4", sizes: ["M", "S"], stamp: null, title: "Panel" }));
    expect(await groupNames(doc)).toEqual(["Size S", "Size M"]);
    // The tile's drawing is marked with the groups.
    const list = await (await doc.getPage(2)).getOperatorList();
    const marked = list.fnArray.filter((fn) => fn === pdfjs.OPS.beginMarkedContentProps).length;
    expect(marked).toBe(2);

    const one = await open(await buildPrintPdf(pattern, { format: "A4", sizes: ["M"], stamp: null, title: "Panel" }));
    expect(await groupNames(one)).toEqual(["Size M"]);
  });

  it("prints the stamp on every page, and no stamp for the seller's copy", async () => {
    const doc = await open(await buildPrintPdf(pattern, { format: "A4", sizes: [], stamp: STAMP, title: "Panel" }));
    for (let n = 1; n <= doc.numPages; n++) expect(await pageText(doc, n)).toContain(STAMP);
    const own = await open(await buildPrintPdf(pattern, { format: "A4", sizes: [], stamp: null, title: "Panel" }));
    for (let n = 1; n <= own.numPages; n++) expect(await pageText(own, n)).not.toContain("buyer@example.com");
  });

  it("draws a 10 cm and a 4 in test square at 1:1 on the first page", async () => {
    const doc = await open(await buildPrintPdf(pattern, { format: "A4", sizes: [], stamp: null, title: "Panel" }));
    const rects = await rectangles(doc, 1);
    const tenCm = rects.find(([, , w, h]) => Math.abs(w - 283.46) < 0.01 && Math.abs(h - 283.46) < 0.01);
    const fourIn = rects.find(([, , w, h]) => Math.abs(w - 288) < 0.01 && Math.abs(h - 288) < 0.01);
    expect(tenCm).toBeDefined();
    expect(fourIn).toBeDefined();
    expect(100 * PT_PER_MM).toBeCloseTo(283.46, 2);
    expect(await pageText(doc, 1)).toContain("10 cm");
  });

  it("draws a 1 in test square (72 pt) beside the 4 in square on the first A4 and Letter page, labelled, nothing over it", async () => {
    for (const format of ["A4", "Letter"] as const) {
      const doc = await open(await buildPrintPdf(pattern, { format, sizes: [], stamp: STAMP, title: "Panel" }));
      const oneIn = (await rectangles(doc, 1)).filter(([, , w, h]) => Math.abs(w - 72) < 0.01 && Math.abs(h - 72) < 0.01);
      expect(oneIn).toHaveLength(1);
      expect(await squaresOn(doc, 1)).toEqual({ tenCm: true, fourIn: true, oneIn: true });
      expect(await oneInSquare(doc, 1)).toEqual({ beside: true, labelled: true, textOver: [] });
      expect(await pageText(doc, 1)).toContain("Test squares: 10 cm inside, 4 in outside, 1 in beside.");
      // The tiles carry no squares (a home print checks its scale on the first page).
      for (let n = 2; n <= doc.numPages; n++) expect(await squaresOn(doc, n)).toEqual({ tenCm: false, fourIn: false, oneIn: false });
    }
  });

  it("draws a piece at 1:1: a 300 x 200 mm panel is an 850.39 x 566.93 pt outline inside its size's layer", async () => {
    const single = read(makeAstmDxf({ pieces: PANEL, sizes: ["M"] }));
    const bytes = await buildPrintPdf(single, { format: "A4", sizes: [], stamp: null, title: "Panel" });
    expect(Buffer.from(bytes).toString("latin1")).toContain("/OCProperties");
    const doc = await open(bytes);
    const list = await (await doc.getPage(2)).getOperatorList();
    let depth = 0;
    const outlines: number[][] = [];
    list.fnArray.forEach((fn, i) => {
      if (fn === pdfjs.OPS.beginMarkedContentProps) depth++;
      if (fn === pdfjs.OPS.endMarkedContent) depth--;
      if (fn !== pdfjs.OPS.constructPath || depth === 0) return;
      const minMax = list.argsArray[i][2] as number[];
      outlines.push([minMax[2] - minMax[0], minMax[3] - minMax[1]]);
    });
    expect(outlines.some(([w, h]) => Math.abs(w - 850.39) < 0.05 && Math.abs(h - 566.93) < 0.05)).toBe(true);
    // The sew line, 10 mm inside on every side.
    expect(outlines.some(([w, h]) => Math.abs(w - 793.7) < 0.05 && Math.abs(h - 510.24) < 0.05)).toBe(true);
  });

  it("works for a plain one-size DXF and for a size the pattern does not have", async () => {
    const plain = read(makePlainDxf());
    const doc = await open(await buildPrintPdf(plain, { format: "A4", sizes: [], stamp: STAMP, title: "Plain" }));
    expect(doc.numPages).toBe(printLayout(plain, { format: "A4", sizes: [] }).pages);
    const none = await open(await buildPrintPdf(plain, { format: "A4", sizes: ["XXL"], stamp: STAMP, title: "Plain" }));
    expect(await pageText(none, 1)).toContain("No sizes selected.");
  });

  it("prints other scripts in an embedded font, and replaces only characters no font has instead of failing", async () => {
    // Decision 099: 例え and 東京 were "??" while the PDFs had Helvetica only; Thai has no font yet.
    const doc = await open(await buildPrintPdf(pattern, { format: "A4", sizes: [], stamp: "Order #7 · zoë@例え.jp", title: "Robe – 東京 ผ้า" }));
    const first = await pageText(doc, 1);
    expect(first.replace(/ /g, "")).toContain("Order#7·zoë@例え.jp");
    expect(first.replace(/ /g, "")).toContain("Robe–東京???");
  });
});

describe("buildPrintPdf other formats", () => {
  const pattern = read(makeAstmDxf({ pieces: 3, sizes: ["38", "40", "42"] }));

  it("Letter pages are 8.5 x 11 in", async () => {
    const doc = await open(await buildPrintPdf(pattern, { format: "Letter", sizes: [], stamp: STAMP, title: "Shirt" }));
    expect(doc.numPages).toBe(printLayout(pattern, { format: "Letter", sizes: [] }).pages);
    const [, , w, h] = (await doc.getPage(2)).view;
    expect(w).toBeCloseTo(612, 1);
    expect(h).toBeCloseTo(792, 1);
  });

  it("A0: only A0 sheets (841 x 1189 mm), the overview on the first, each with its own test squares", async () => {
    const doc = await open(await buildPrintPdf(pattern, { format: "A0", sizes: [], stamp: STAMP, title: "Shirt" }));
    const layout = printLayout(pattern, { format: "A0", sizes: [] });
    expect(doc.numPages).toBe(layout.pages);
    expect(layout.overview).toHaveLength(1);
    for (let n = 1; n <= doc.numPages; n++) {
      const [, , w, h] = (await doc.getPage(n)).view;
      expect(w).toBeCloseTo(841 * PT_PER_MM, 1);
      expect(h).toBeCloseTo(1189 * PT_PER_MM, 1);
      expect(await pageText(doc, n)).toContain(STAMP);
      expect(await squaresOn(doc, n)).toEqual({ tenCm: true, fourIn: true, oneIn: true });
      expect(await oneInSquare(doc, n)).toMatchObject({ beside: true, labelled: true });
    }
    expect((await oneInSquare(doc, 1)).textOver).toEqual([]);
    expect(await pageText(doc, 2)).toContain("at 100 % the test squares measure exactly 10 cm, 4 in and 1 in.");
    const first = await pageText(doc, 1);
    expect(first).toContain("Shirt");
    expect(first).toContain("Sizes: 38, 40, 42");
    expect(first).toContain("Page map:");
    expect(first).toContain("Ask the copy shop to print at 100 %");
  });

  it("US copy shop: a 36-inch roll (pages as long as needed, 48 in at most) and 24 x 36 in sheets, each with its test squares", async () => {
    const roll = await open(await buildPrintPdf(pattern, { format: "roll36", sizes: [], stamp: STAMP, title: "Shirt" }));
    expect(roll.numPages).toBe(printLayout(pattern, { format: "roll36", sizes: [] }).pages);
    for (let n = 1; n <= roll.numPages; n++) {
      const [, , w, h] = (await roll.getPage(n)).view;
      expect(w).toBeCloseTo(36 * 72, 1);
      expect(h).toBeLessThanOrEqual(48 * 72 + 0.01);
      expect(await squaresOn(roll, n)).toEqual({ tenCm: true, fourIn: true, oneIn: true });
      expect(await oneInSquare(roll, n)).toMatchObject({ beside: true, labelled: true });
      expect(await pageText(roll, n)).toContain(STAMP);
    }
    // The shirt's pieces fit one width of the roll and 1.3 m of its length: a 48 in page and a short one after the
    // overview (itself only as long as it needs).
    expect(roll.numPages).toBe(3);
    expect((await roll.getPage(1)).view[3]).toBeLessThan(48 * 72 - 1);
    expect((await roll.getPage(2)).view[3]).toBeCloseTo(48 * 72, 1);
    expect((await roll.getPage(3)).view[3]).toBeLessThan(48 * 72 - 1);

    const sheets = await open(await buildPrintPdf(pattern, { format: "24x36", sizes: [], stamp: STAMP, title: "Shirt" }));
    expect(sheets.numPages).toBe(printLayout(pattern, { format: "24x36", sizes: [] }).pages);
    for (let n = 1; n <= sheets.numPages; n++) {
      const [, , w, h] = (await sheets.getPage(n)).view;
      expect(w).toBeCloseTo(24 * 72, 1);
      expect(h).toBeCloseTo(36 * 72, 1);
      expect(await squaresOn(sheets, n)).toEqual({ tenCm: true, fourIn: true, oneIn: true });
      expect(await oneInSquare(sheets, n)).toMatchObject({ beside: true, labelled: true });
    }
  });

  it("projector: one long page at 1:1 on a dark background, with test squares, layers and the stamp", async () => {
    const doc = await open(await buildPrintPdf(pattern, { format: "projector", sizes: [], stamp: STAMP, title: "Shirt" }));
    expect(doc.numPages).toBe(1);
    const layout = printLayout(pattern, { format: "projector", sizes: [] });
    const page = await doc.getPage(1);
    expect(page.view[2]).toBeCloseTo(layout.pageWidthMm * PT_PER_MM, 1);
    expect(page.view[3]).toBeCloseTo(layout.pageHeightMm * PT_PER_MM, 1);
    expect(layout.sheetWidthMm).toBeLessThanOrEqual(1100); // about the width of 45 in fabric
    const rects = await rectangles(doc, 1);
    expect(rects[0]).toEqual([0, 0, page.view[2], page.view[3]].map((v) => expect.closeTo(v, 1)));
    expect(rects.some(([, , w]) => Math.abs(w - 283.46) < 0.01)).toBe(true);
    expect(await pageText(doc, 1)).toContain(STAMP);
    expect(await groupNames(doc)).toEqual(["Size 38", "Size 40", "Size 42"]);

    const light = await open(await buildPrintPdf(pattern, { format: "projector", sizes: [], stamp: STAMP, title: "Shirt", background: "light" }));
    const lightRects = await rectangles(light, 1);
    expect(lightRects.some(([x, y, w]) => x === 0 && y === 0 && Math.abs(w - page.view[2]) < 1)).toBe(false); // no dark fill
    expect(await pageText(light, 1)).toContain(STAMP);
  });

  it("builds the A4 file of a 10-piece, 15-size pattern with one layer per size and the stamp on every page", async () => {
    const big = read(makeAstmDxf({ pieces: 10, sizes: DEFAULT_SIZES }));
    const bytes = await buildPrintPdf(big, { format: "A4", sizes: [], stamp: STAMP, title: "Shirt" });
    const doc = await open(bytes);
    const layout = printLayout(big, { format: "A4", sizes: [] });
    expect(doc.numPages).toBe(layout.pages);
    expect(await groupNames(doc)).toEqual(DEFAULT_SIZES.map((s) => `Size ${s}`));
    for (let n = 1; n <= doc.numPages; n++) expect(await pageText(doc, n)).toContain(STAMP);
    // The last page is the last printed tile of the grid (blank tiles are left out; the labels stay the grid's).
    expect(await pageText(doc, doc.numPages)).toContain(layout.tiles[layout.tiles.length - 1].label);
    expect(layout.tiles.length + layout.blank.length).toBe(layout.rows * layout.cols);
    expect(layout.pages).toBe(layout.overview.length + layout.tiles.length);
  }, 90_000);
});

describe("print pages: no blank tiles, a page map that names the pieces", () => {
  // A 600 x 150 mm FRONT and a 150 x 150 mm BACK on A4: a grid of 2 rows x 4 columns where only the FRONT's row and
  // the BACK's first page meet a piece; B2, B3 and B4 are blank.
  const pattern = read(
    makeAstmDxf({
      pieces: [
        { name: "FRONT", width: 600, height: 150, shape: "rect" },
        { name: "BACK", width: 150, height: 150, shape: "rect" },
      ],
      sizes: ["S", "M"],
    }),
  );
  const layout = printLayout(pattern, { format: "A4", sizes: [] });

  it("leaves blank tiles out, keeping the grid's labels, and says so on the overview", async () => {
    expect(layout).toMatchObject({ rows: 2, cols: 4, blank: ["B2", "B3", "B4"] });
    expect(layout.tiles.map((t) => t.label)).toEqual(["A1", "A2", "A3", "A4", "B1"]);
    expect(layout.pages).toBe(1 + 5);
    const doc = await open(await buildPrintPdf(pattern, { format: "A4", sizes: [], stamp: STAMP, title: "Top" }));
    expect(doc.numPages).toBe(layout.pages);
    const labels: string[] = [];
    for (let n = 2; n <= doc.numPages; n++) labels.push(/(\w+) · page (\d+) of 6/.exec(await pageText(doc, n))![1]);
    expect(labels).toEqual(["A1", "A2", "A3", "A4", "B1"]);
    const overview = await pageText(doc, 1);
    expect(overview).toContain("3 blank pages left out");
    expect(overview).toContain("Page map: 2 x 4 pages (5 printed, 3 blank left out)");

    // Independently of the layout's own test: every printed frame holds some of a piece's outline, no blank one does.
    const frame = (label: string) => {
      const r = label.charCodeAt(0) - 65;
      const c = Number(label.slice(1)) - 1;
      const top = layout.sheetHeightMm - r * layout.stepHeightMm;
      return { x0: c * layout.stepWidthMm, x1: c * layout.stepWidthMm + layout.frameWidthMm, y0: top - layout.frameHeightMm, y1: top };
    };
    const outlinePoints = layout.slots.flatMap((slot) =>
      slot.pieces.flatMap((piece) => {
        if (!piece) return [];
        const dx = slot.cx - (piece.bbox.minX + piece.bbox.maxX) / 2;
        const dy = slot.cy - (piece.bbox.minY + piece.bbox.maxY) / 2;
        // The outline, sampled every 5 mm along its edges.
        return piece.boundary.flatMap(([x, y], i) => {
          const [nx, ny] = piece.boundary[(i + 1) % piece.boundary.length];
          const steps = Math.ceil(Math.hypot(nx - x, ny - y) / 5);
          return Array.from({ length: steps }, (_, k) => [x + dx + ((nx - x) * k) / steps, y + dy + ((ny - y) * k) / steps]);
        });
      }),
    );
    const meets = (label: string) => {
      const f = frame(label);
      return outlinePoints.some(([x, y]) => x >= f.x0 && x <= f.x1 && y >= f.y0 && y <= f.y1);
    };
    expect(layout.tiles.every((t) => meets(t.label))).toBe(true);
    expect(layout.blank.some(meets)).toBe(false);
  });

  it("names the pieces on each printed page and the pages each size needs", async () => {
    const doc = await open(await buildPrintPdf(pattern, { format: "A4", sizes: [], stamp: null, title: "Top" }));
    const overview = await pageText(doc, 1);
    expect(overview).toContain("A1: FRONT, BACK");
    expect(overview).toContain("A4: FRONT");
    expect(overview).toContain("B1: BACK");
    expect(overview).toContain("Size S (5 pages): A1, A2, A3, A4, B1");
    expect(overview).not.toContain("B2:");
    // The map labels every tile of the grid: printed and blank.
    for (const label of ["A1", "A4", "B1", "B2", "B4"]) expect(overview).toContain(label);
  });

  it("tells which pages a size needs when the sizes differ in extent", async () => {
    // Size L of a 170 mm panel is 40 % larger: only it reaches the second page.
    const graded = read(makeAstmDxf({ pieces: [{ name: "PANEL", width: 170, height: 170, shape: "rect" }], sizes: ["S", "L"] }));
    const lay = printLayout(graded, { format: "A4", sizes: [] });
    expect(lay.tiles.length).toBeGreaterThanOrEqual(1);
    const perSize = (size: string) => lay.tiles.filter((t) => t.sizes.includes(size)).length;
    expect(perSize("L")).toBeGreaterThanOrEqual(perSize("S"));
  });

  it("continues the lists on a second overview page when they do not fit the first", async () => {
    const many = read(makeAstmDxf({ pieces: 10, sizes: DEFAULT_SIZES }));
    const lay = printLayout(many, { format: "Letter", sizes: [] });
    const doc = await open(await buildPrintPdf(many, { format: "Letter", sizes: [], stamp: STAMP, title: "Shirt" }));
    expect(doc.numPages).toBe(lay.pages);
    let overviewText = "";
    for (let n = 1; n <= lay.overview.length; n++) overviewText += ` ${await pageText(doc, n)}`;
    for (const tile of lay.tiles) expect(overviewText).toContain(`${tile.label}: ${tile.pieces[0]}`);
    for (const size of DEFAULT_SIZES) expect(overviewText).toContain(`Size ${size} (`);
    for (let n = 1; n <= lay.overview.length; n++) expect(await pageText(doc, n)).toContain(`Overview · page ${n} of ${lay.pages}`);
  }, 90_000);
});

describe("print pages: pieces larger than a sheet, the projector's calibration grid", () => {
  it("splits a piece larger than an A0 sheet over sheets with overlap strips and alignment marks, as A4 tiles", async () => {
    const huge = read(makeAstmDxf({ pieces: [{ name: "CAPE", width: 1500, height: 1400, shape: "rect" }], sizes: ["M"] }));
    const lay = printLayout(huge, { format: "A0", sizes: [] });
    expect(lay).toMatchObject({ cols: 2, rows: 2, blank: [] });
    const doc = await open(await buildPrintPdf(huge, { format: "A0", sizes: [], stamp: null, title: "Cape" }));
    expect(doc.numPages).toBe(5);
    for (let n = 2; n <= 5; n++) {
      const page = await doc.getPage(n);
      expect(page.view[2]).toBeCloseTo(841 * PT_PER_MM, 1);
      expect(await squaresOn(doc, n)).toEqual({ tenCm: true, fourIn: true, oneIn: true });
      const list = await page.getOperatorList();
      let curves = 0;
      let outline = false;
      list.fnArray.forEach((fn, i) => {
        if (fn !== pdfjs.OPS.constructPath) return;
        const [ops, , minMax] = list.argsArray[i] as [number[], number[], number[]];
        curves += ops.filter((o) => o === pdfjs.OPS.curveTo).length;
        if (Math.abs(minMax[2] - minMax[0] - 1500 * PT_PER_MM) < 0.1 && Math.abs(minMax[3] - minMax[1] - 1400 * PT_PER_MM) < 0.1) outline = true;
      });
      expect(curves).toBeGreaterThanOrEqual(4); // the alignment circles of the overlap strips
      expect(outline).toBe(true); // the whole cape's outline, at 1:1, shown through this sheet's frame
    }
    expect(await pageText(doc, 2)).toMatch(/A1 .*A2.*B1|A1 .*B1.*A2/);
    expect(await pageText(doc, 5)).toContain("B2");
  });

  it("splits it over a 36-inch roll: two widths, pages of at most 48 in, the last as long as needed", async () => {
    const huge = read(makeAstmDxf({ pieces: [{ name: "CAPE", width: 1500, height: 1400, shape: "rect" }], sizes: ["M"] }));
    const lay = printLayout(huge, { format: "roll36", sizes: [] });
    expect(lay.cols).toBe(2);
    const doc = await open(await buildPrintPdf(huge, { format: "roll36", sizes: [], stamp: null, title: "Cape" }));
    expect(doc.numPages).toBe(lay.pages);
    const heights: number[] = [];
    for (let n = 1; n <= doc.numPages; n++) heights.push((await doc.getPage(n)).view[3]);
    expect(Math.max(...heights)).toBeLessThanOrEqual(48 * 72 + 0.01);
    expect(heights[heights.length - 1]).toBeLessThan(48 * 72 - 1);
  });

  it("the projector file has a 1 cm calibration grid in a 10 cm square, the 4 in square and how to use them", async () => {
    const pattern = read(makeAstmDxf({ pieces: 3, sizes: ["38", "40"] }));
    for (const background of ["dark", "light"] as const) {
      const doc = await open(await buildPrintPdf(pattern, { format: "projector", sizes: [], stamp: null, title: "Shirt", background }));
      expect(await squaresOn(doc, 1)).toEqual({ tenCm: true, fourIn: true, oneIn: true });
      expect(await oneInSquare(doc, 1)).toMatchObject({ beside: true, labelled: true });
      const list = await (await doc.getPage(1)).getOperatorList();
      // Grid lines: 9 vertical and 9 horizontal 10 cm lines (every 5th heavier), drawn as segments.
      let gridLines = 0;
      list.fnArray.forEach((fn, i) => {
        if (fn !== pdfjs.OPS.constructPath) return;
        const [ops, args] = list.argsArray[i] as [number[], number[]];
        let k = 0;
        for (let j = 0; j < ops.length; j++) {
          if (ops[j] === pdfjs.OPS.moveTo && ops[j + 1] === pdfjs.OPS.lineTo) {
            const [x0, y0, x1, y1] = args.slice(k, k + 4);
            if (Math.abs(Math.hypot(x1 - x0, y1 - y0) - 100 * PT_PER_MM) < 0.01) gridLines++;
          }
          k += ops[j] === pdfjs.OPS.moveTo || ops[j] === pdfjs.OPS.lineTo ? 2 : ops[j] === pdfjs.OPS.curveTo ? 6 : ops[j] === pdfjs.OPS.rectangle ? 4 : 0;
        }
      });
      expect(gridLines).toBe(18);
      expect(await pageText(doc, 1)).toContain("until every small square of the grid measures exactly 1 cm");
    }
  });
});

describe("print files of real CAD exports (issue 21's acceptance), read back", () => {
  // One AAMA, one ASTM and one CLO export: the files the e2e renders show a person (tests/e2e/cad-renders.spec.ts).
  const FILES = ["GMH1006F18_AAMA.DXF", "GMH1006F18_ASTM.DXF", "clo-pattern.dxf"];
  const real = (name: string): Pattern => {
    const result = readPattern(cadFixtures().find((f) => f.name === name)!.bytes);
    if (!result.ok) throw new Error(result.message);
    return result.pattern;
  };

  it.each(FILES)("%s: A4 prints no blank tile, its page map names the pieces of every page, test squares at 1:1", async (name) => {
    const pattern = real(name);
    const layout = printLayout(pattern, { format: "A4", sizes: [] });
    const doc = await open(await buildPrintPdf(pattern, { format: "A4", sizes: [], stamp: STAMP, title: name }));
    expect(doc.numPages).toBe(layout.pages);
    expect(await squaresOn(doc, 1)).toEqual({ tenCm: true, fourIn: true, oneIn: true });
    expect(await oneInSquare(doc, 1)).toEqual({ beside: true, labelled: true, textOver: [] });
    // The printed pages are the layout's tiles, in order, each labelled.
    const labels: string[] = [];
    for (let n = layout.overview.length + 1; n <= doc.numPages; n++) labels.push(new RegExp(`(\\w+) · page ${n} of ${doc.numPages}`).exec(await pageText(doc, n))![1]);
    expect(labels).toEqual(layout.tiles.map((t) => t.label));
    // Every printed frame holds some of an outline as drawn (each size nested in its slot) or lies inside one; no
    // blank one does either.
    const rings = layout.slots.flatMap((slot) =>
      slot.pieces.flatMap((piece, si) => {
        if (!piece) return [];
        const dx = slot.cx - slot.centre[0] + slot.offsets[si][0];
        const dy = slot.cy - slot.centre[1] + slot.offsets[si][1];
        return [piece.boundary.map(([x, y]): Pt => [x + dx, y + dy])];
      }),
    );
    const outlinePoints = rings.flatMap((ring) =>
      ring.flatMap(([x, y], i) => {
        const [nx, ny] = ring[(i + 1) % ring.length];
        const steps = Math.max(1, Math.ceil(Math.hypot(nx - x, ny - y) / 5));
        return Array.from({ length: steps }, (_, k) => [x + ((nx - x) * k) / steps, y + ((ny - y) * k) / steps]);
      }),
    );
    const meets = (label: string) => {
      const r = label.charCodeAt(0) - 65;
      const c = Number(label.slice(1)) - 1;
      const top = layout.sheetHeightMm - r * layout.stepHeightMm;
      const [x0, x1, y0, y1] = [c * layout.stepWidthMm, c * layout.stepWidthMm + layout.frameWidthMm, top - layout.frameHeightMm, top];
      const centre: Pt = [(x0 + x1) / 2, (y0 + y1) / 2];
      return outlinePoints.some(([x, y]) => x >= x0 && x <= x1 && y >= y0 && y <= y1) || rings.some((ring) => pointInRing(centre, ring));
    };
    expect(layout.tiles.filter((t) => !meets(t.label)).map((t) => t.label)).toEqual([]);
    expect(layout.blank.filter(meets)).toEqual([]);
    // The page map names the pieces on each printed page and the pages of every size.
    let overview = "";
    for (let n = 1; n <= layout.overview.length; n++) overview += ` ${await pageText(doc, n)}`;
    for (const tile of layout.tiles) expect(overview).toContain(`${tile.label}: ${tile.pieces.join(", ")}`);
    for (const size of pattern.sizes) expect(overview).toContain(`Size ${size} (`);
    expect(new Set(layout.tiles.flatMap((t) => t.pieces))).toEqual(new Set(pattern.pieces.map((p) => p.name)));
  }, 120_000);

  it.each(FILES)("%s: the A0 file is A0 sheets only, each with its 10 cm and 4 in test squares", async (name) => {
    const pattern = real(name);
    const doc = await open(await buildPrintPdf(pattern, { format: "A0", sizes: [], stamp: STAMP, title: name }));
    expect(doc.numPages).toBe(printLayout(pattern, { format: "A0", sizes: [] }).pages);
    for (let n = 1; n <= doc.numPages; n++) {
      const [, , w, h] = (await doc.getPage(n)).view;
      expect([w, h]).toEqual([expect.closeTo(841 * PT_PER_MM, 1), expect.closeTo(1189 * PT_PER_MM, 1)]);
      expect(await squaresOn(doc, n)).toEqual({ tenCm: true, fourIn: true, oneIn: true });
      expect(await oneInSquare(doc, n)).toMatchObject({ beside: true, labelled: true });
    }
    expect((await oneInSquare(doc, 1)).textOver).toEqual([]);
  }, 120_000);

  it.each(FILES)("%s: Letter's first page, and every sheet of the 36-inch roll and 24 x 36 in files, carry the 10 cm, 4 in and 1 in squares", async (name) => {
    const pattern = real(name);
    const letter = await open(await buildPrintPdf(pattern, { format: "Letter", sizes: [], stamp: STAMP, title: name }));
    expect(await squaresOn(letter, 1)).toEqual({ tenCm: true, fourIn: true, oneIn: true });
    expect(await oneInSquare(letter, 1)).toEqual({ beside: true, labelled: true, textOver: [] });
    for (const format of ["roll36", "24x36"] as const) {
      const doc = await open(await buildPrintPdf(pattern, { format, sizes: [], stamp: STAMP, title: name }));
      expect(doc.numPages).toBe(printLayout(pattern, { format, sizes: [] }).pages);
      for (let n = 1; n <= doc.numPages; n++) {
        expect(await squaresOn(doc, n)).toEqual({ tenCm: true, fourIn: true, oneIn: true });
        expect(await oneInSquare(doc, n)).toMatchObject({ beside: true, labelled: true });
      }
      expect((await oneInSquare(doc, 1)).textOver).toEqual([]);
    }
  }, 120_000);
});

describe("stampPdf", () => {
  it("stamps every page of an existing PDF", async () => {
    const pattern = read(makeAstmDxf({ pieces: PANEL, sizes: ["S", "M"] }));
    const own = await buildPrintPdf(pattern, { format: "A4", sizes: [], stamp: null, title: "Panel" });
    const doc = await open(await stampPdf(own, STAMP));
    expect(doc.numPages).toBe(3);
    for (let n = 1; n <= 3; n++) expect(await pageText(doc, n)).toContain(STAMP);
  });
});

describe("the overview's lists (issue 34, item 21)", () => {
  const real = (name: string): Pattern => {
    const result = readPattern(cadFixtures().find((f) => f.name === name)!.bytes);
    if (!result.ok) throw new Error(result.message);
    return result.pattern;
  };
  type Text = Extract<OverviewItem, { kind: "text" }>;
  const listLines = (items: OverviewItem[]): Text[] =>
    items.filter((it): it is Text => it.kind === "text" && /^(Size .+ \(\d+ pages?\)|[A-Z]+\d+: )/.test(it.text));

  it("a copy-shop sheet fills the room beside the test squares in columns: no list line strands below the page map", () => {
    const pattern = real("DEEP_ARMHOLE_RACER.DXF");
    for (const format of ["roll36", "A0", "24x36"] as const) {
      const lay = printLayout(pattern, { format, sizes: [] });
      expect(lay.overview).toHaveLength(1);
      const items = lay.overview[0]!.items;
      const map = items.find((it) => it.kind === "map")!;
      const lines = listLines(items);
      expect(lines).toHaveLength(lay.tiles.length + pattern.sizes.length);
      expect(lines.filter((l) => l.top > map.top), format).toEqual([]);
      expect(new Set(lines.map((l) => Math.round(l.x))).size, format).toBeGreaterThan(1);
    }
  });

  it("does not spend a page on a line or two: the lists are set a little smaller to stay on the pages before", () => {
    const pattern = real("GLX0926S16.DXF");
    const one = printLayout(pattern, { format: "Letter", sizes: [pattern.sizes[0]!] });
    expect(one.overview).toHaveLength(1);
    const sizes = listLines(one.overview[0]!.items).map((it) => it.size);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(7);
    expect(Math.max(...sizes)).toBeLessThan(8.5);
    // Where they fit, the lists keep their size; where they need a page more, they keep it too.
    const a4 = printLayout(pattern, { format: "A4", sizes: [pattern.sizes[0]!] });
    expect(new Set(listLines(a4.overview[0]!.items).map((it) => it.size))).toEqual(new Set([8.5]));
    const all = printLayout(real("GMH1006F18_AAMA.DXF"), { format: "A4", sizes: [] });
    for (const page of all.overview) expect(page.items.length).toBeGreaterThan(4);
  });
});

describe("rowLabel", () => {
  it("labels rows A..Z then AA", () => {
    expect([0, 1, 25, 26, 27].map(rowLabel)).toEqual(["A", "B", "Z", "AA", "AB"]);
  });
});
