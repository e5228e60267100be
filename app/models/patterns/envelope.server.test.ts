import { createRequire } from "node:module";
import path from "node:path";

import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { beforeAll, describe, expect, it } from "vitest";

import { cadFixtures } from "../../../tests/unit/cad-fixtures";
import { readPattern } from "./dxf.server";
import type { PrintFabric } from "./envelope.server";
import { buildPrintPdf, printLayout, PT_PER_MM } from "./pdf.server";
import { PatternBusyError } from "./pool.server";
import type { Pattern } from "./types";
import { lengthToBuy, widthLabel } from "~/utils/fabric-lengths";
import { layoutPieces, type Layout } from "./nest.server";
import { printFabric, type LayoutLookup } from "../layout/print.server";
import { piecesToCut } from "./shapes.server";

const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts") + path.sep;
const open = (bytes: Uint8Array) => pdfjs.getDocument({ data: bytes.slice(), standardFontDataUrl, isEvalSupported: false }).promise;
async function pageText(doc: pdfjs.PDFDocumentProxy, n: number): Promise<string> {
  const content = await (await doc.getPage(n)).getTextContent();
  return content.items
    .map((it) => ("str" in it ? it.str : ""))
    .join(" ")
    .replace(/\s+/g, " ");
}
async function pageSizeMm(doc: pdfjs.PDFDocumentProxy, n: number): Promise<[number, number]> {
  const [x0, y0, x1, y1] = (await doc.getPage(n)).view;
  return [Math.round((x1 - x0) / PT_PER_MM), Math.round((y1 - y0) / PT_PER_MM)];
}

function fixture(name: string): Pattern {
  const f = cadFixtures().find((x) => x.name === name)!;
  const read = readPattern(f.bytes.toString("latin1"));
  if (!read.ok) throw new Error(read.message);
  return read.pattern;
}

const WIDTHS = [1120, 1400, 1500];
/** The layout service's answer computed by the engine itself (what the worker task runs), for a pattern without a product. */
const engine =
  (pattern: Pattern): LayoutLookup =>
  async ({ size, widthMm, material }) => {
    const result = layoutPieces({ pieces: piecesToCut(pattern, size, material), material, widthMm, gapMm: 5 });
    if (result.ok) return { ok: true, value: { productId: 1, size, material, materials: [], widthMm, gapMm: 5, layout: result.layout } };
    return { ok: false, error: result.error === "too_wide" ? "too_wide" : "limit", pieces: result.pieces };
  };
const buy = (lengthMm: number) => `${lengthToBuy(lengthMm).metres.toFixed(1)} m · ${lengthToBuy(lengthMm).yards.toFixed(1)} yd`;

describe("fabric pages of a print file, on a real CAD export (DEEP_ARMHOLE_RACER, 14 sizes, main fabric only)", () => {
  let pattern: Pattern;
  let fabric: PrintFabric;
  beforeAll(async () => {
    pattern = fixture("DEEP_ARMHOLE_RACER.DXF");
    fabric = (await printFabric({ pattern, sizes: pattern.sizes, settings: { widthsMm: WIDTHS, gapMm: 5 }, lookup: engine(pattern) }))!;
  }, 120_000);

  it("gathers every size at every width and the layouts at the width closest to 1400 mm", () => {
    expect(fabric.layoutWidthMm).toBe(1400);
    expect(fabric.table.map((t) => t.material)).toEqual(["fabric"]);
    expect(fabric.table[0]!.rows.map((r) => r.size)).toEqual(pattern.sizes);
    for (const row of fabric.table[0]!.rows) expect(row.cells.map((c) => c.widthMm)).toEqual(WIDTHS);
    expect(fabric.layouts.map((l) => l.size)).toEqual(pattern.sizes);
    expect(fabric.layouts.every((l) => l.layout.widthMm === 1400)).toBe(true);
  });

  it("A4, all sizes: the envelope page lists every size and width with the layouts' lengths to buy, then a layout page per size", async () => {
    const options = { format: "A4" as const, sizes: [], stamp: "Order #7 · b@x.test", title: "Racer", fabric };
    const lay = printLayout(pattern, options);
    const without = printLayout(pattern, { format: "A4", sizes: [] });
    expect(lay.pages).toBe(without.pages + 1 + pattern.sizes.length);
    const doc = await open(await buildPrintPdf(pattern, options));
    expect(doc.numPages).toBe(lay.pages);
    expect(await pageText(doc, 1)).toContain(`The last ${1 + pattern.sizes.length} pages: the fabric to buy`);

    const envelopeAt = without.pages + 1;
    const envelope = await pageText(doc, envelopeAt);
    expect(envelope).toContain("Racer: fabric to buy");
    expect(envelope).toContain("Main fabric");
    for (const w of WIDTHS) expect(envelope).toContain(widthLabel(w));
    for (const row of fabric.table[0]!.rows) {
      // The size, then its lengths to buy at each width in order, on one line of the table.
      expect(envelope).toContain([row.size, ...row.cells.map((c) => buy(c.lengthMm!))].join(" "));
    }
    expect(envelope).toContain(`Fabric to buy · page ${envelopeAt} of ${lay.pages}`);
    expect(envelope).toContain("Order #7 · b@x.test");

    for (const [i, size] of pattern.sizes.entries()) {
      const text = await pageText(doc, envelopeAt + 1 + i);
      const { layout } = fabric.layouts[i]!;
      expect(text).toContain(`Cutting layout · Size ${size} · Main fabric`);
      expect(text).toContain(`140 cm (55 in) wide · layout ${(layout.lengthMm / 1000).toFixed(2)} m long · buy ${lengthToBuy(layout.lengthMm).metres.toFixed(1)} m`);
      // Every cut piece is in the key, with its count.
      for (const name of new Set(layout.placements.map((p) => p.name))) {
        expect(text).toContain(`${name} × ${layout.placements.filter((p) => p.name === name).length}`);
      }
      expect(text).toMatch(/scale 1:\d+/);
    }
  });

  it("a projector file puts the fabric pages on A4 pages after its page; a copy-shop file is large sheets only", async () => {
    const one = { ...fabric, layouts: fabric.layouts.slice(0, 1) };
    const projector = { format: "projector" as const, sizes: [], stamp: null, title: "Racer", fabric: one };
    const lay = printLayout(pattern, projector);
    const doc = await open(await buildPrintPdf(pattern, projector));
    expect(doc.numPages).toBe(lay.pages);
    expect(await pageText(doc, lay.pages - 1)).toContain("fabric to buy");
    expect(await pageText(doc, lay.pages)).toContain("Cutting layout · Size");
    expect(await pageSizeMm(doc, lay.pages - 1)).toEqual([210, 297]);
    expect(await pageSizeMm(doc, 1)).not.toEqual([210, 297]);
    // Issue 34, item 13: no A4 page in an A0 file; its overview sends the reader to the A4 and Letter files.
    const a0 = { ...projector, format: "A0" as const };
    const sheets = await open(await buildPrintPdf(pattern, a0));
    expect(sheets.numPages).toBe(printLayout(pattern, a0).pages);
    for (let n = 1; n <= sheets.numPages; n++) expect(await pageSizeMm(sheets, n)).not.toEqual([210, 297]);
    expect(await pageText(sheets, 1)).toContain("are in this pattern's A4 and Letter files");
  });
});

describe("fabric pages with several materials (GMX731XS17_AAMA: main fabric and interlining)", () => {
  it("lays out the chosen sizes only, each material on its own page, the main fabric first", async () => {
    const pattern = fixture("GMX731XS17_AAMA.DXF");
    const sizes = ["42", "50"];
    const fabric = (await printFabric({ pattern, sizes, settings: { widthsMm: WIDTHS, gapMm: 5 }, lookup: engine(pattern) }))!;
    expect(fabric.table.map((t) => [t.material, t.rows.map((r) => r.size)])).toEqual([
      ["fabric", sizes],
      ["interlining", sizes],
    ]);
    expect(fabric.layouts.map((l) => `${l.size}/${l.material}`)).toEqual(["42/fabric", "42/interlining", "50/fabric", "50/interlining"]);
    const options = { format: "Letter" as const, sizes, stamp: null, title: "Tee", fabric };
    const lay = printLayout(pattern, options);
    const doc = await open(await buildPrintPdf(pattern, options));
    expect(doc.numPages).toBe(lay.pages);
    const first = lay.pages - 4;
    const envelope = await pageText(doc, first);
    expect(envelope).toContain("Main fabric");
    expect(envelope).toContain("Interlining");
    expect(await pageSizeMm(doc, first)).toEqual([216, 279]);
    expect(await pageText(doc, first + 1)).toContain("Cutting layout · Size 42 · Main fabric");
    expect(await pageText(doc, first + 2)).toContain("Cutting layout · Size 42 · Interlining");
    expect(await pageText(doc, first + 4)).toContain("Cutting layout · Size 50 · Interlining");
  }, 120_000);
});

describe("printFabric answers of the layout service", () => {
  const pattern = fixture("GMX731XS17_AAMA.DXF");
  const sizes = ["42"];
  const settings = { widthsMm: [300, 1400], gapMm: 5 };

  it("a width narrower than a piece is a cell without a length, named in a note under the table", async () => {
    const fabric = (await printFabric({ pattern, sizes, settings, lookup: engine(pattern) }))!;
    const narrow = fabric.table[0]!.rows[0]!.cells[0]!;
    expect(narrow).toMatchObject({ widthMm: 300, lengthMm: null });
    expect(narrow.tooWide!.length).toBeGreaterThan(0);
    const doc = await open(await buildPrintPdf(pattern, { format: "A4", sizes, stamp: null, title: "Racer", fabric }));
    const lay = printLayout(pattern, { format: "A4", sizes, fabric });
    const envelope = await pageText(doc, lay.pages - fabric.layouts.length);
    expect(envelope).toContain("—");
    expect(envelope).toContain(`Main fabric, Size ${sizes[0]}, 30 cm (12 in): narrower than ${narrow.tooWide!.join(", ")}.`);
  }, 60_000);

  it("a full pool stops the print (503), a product without layouts prints without fabric pages", async () => {
    await expect(printFabric({ pattern, sizes, settings, lookup: async () => ({ ok: false, error: "busy" }) })).rejects.toBeInstanceOf(PatternBusyError);
    expect(await printFabric({ pattern, sizes, settings, lookup: async () => ({ ok: false, error: "not_found" }) })).toBeNull();
  });
});

describe("a layout on fabric folded lengthwise", () => {
  it("draws the folded fabric with its fold and the pieces cut on the fold", async () => {
    const pattern = fixture("DEEP_ARMHOLE_RACER.DXF");
    const size = pattern.sizes[0]!;
    const result = layoutPieces({ pieces: piecesToCut(pattern, size, "fabric"), material: "fabric", widthMm: 1400, gapMm: 5 });
    if (!result.ok) throw new Error(result.error);
    // The engine's opened layout seen on the folded fabric: each piece's half against the fold, cut through both layers.
    const half = (p: Layout["placements"][number]) => ({ ...p, polygon: p.polygon.map(([x, y]): [number, number] => [x / 2, y]), layers: 2 as const, onFold: true });
    const layout: Layout = { ...result.layout, folded: { widthMm: 700, view: result.layout.placements.map(half) } };
    const fabric: PrintFabric = { widthsMm: [1400], gapMm: 5, layoutWidthMm: 1400, table: [{ material: "fabric", rows: [{ size, cells: [{ widthMm: 1400, lengthMm: layout.lengthMm }] }] }], layouts: [{ size, material: "fabric", layout }] };
    const options = { format: "A4" as const, sizes: [size], stamp: null, title: "Racer", fabric };
    const lay = printLayout(pattern, options);
    const doc = await open(await buildPrintPdf(pattern, options));
    const text = await pageText(doc, lay.pages);
    expect(text).toContain("140 cm (55 in) wide, folded lengthwise");
    expect(text).toContain("fold");
    expect(text).toContain("selvedges");
    expect(text).toContain("on fold");
    expect(text).toContain("folded fabric");
  }, 60_000);
});
