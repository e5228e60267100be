/**
 * How pieces are drawn in the print files (decision 098): a dash pattern and the name of each size, labels with
 * what to cut, the grain line's and the fold's words, sizes nested on the grade reference. Read back with pdf.js.
 */
import { createRequire } from "node:module";
import path from "node:path";

import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";

import { cadFixtures } from "../../../tests/unit/cad-fixtures";
import { pdfDrawing } from "../../../tests/unit/pdf-drawing";
import { readPattern } from "./dxf.server";
import { bboxOf, pointInRing, polygonArea } from "./geometry";
import { nestOffsets } from "./nesting";
import { buildPrintPdf, printLayout, sizeDashes } from "./pdf.server";
import type { Pattern, PatternPiece, Pt } from "./types";

const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts") + path.sep;

function fixture(name: string): Pattern {
  const file = cadFixtures().find((f) => f.name === name)!;
  const read = readPattern(file.bytes);
  if (!read.ok) throw new Error(read.message);
  return read.pattern;
}

async function open(bytes: Uint8Array) {
  return pdfjs.getDocument({ data: bytes.slice(), standardFontDataUrl, isEvalSupported: false }).promise;
}

async function texts(doc: pdfjs.PDFDocumentProxy, n: number): Promise<string[]> {
  const content = await (await doc.getPage(n)).getTextContent();
  return content.items.map((it) => ("str" in it ? it.str : "")).filter(Boolean);
}

/** The first dash pattern set inside each optional content group (one group per size) of a page, in order. */
async function dashesPerGroup(doc: pdfjs.PDFDocumentProxy, n: number): Promise<number[][]> {
  const list = await (await doc.getPage(n)).getOperatorList();
  const found: number[][] = [];
  let inGroup = false;
  let seen = false;
  list.fnArray.forEach((fn, i) => {
    if (fn === pdfjs.OPS.beginMarkedContentProps) {
      inGroup = true;
      seen = false;
    }
    if (fn === pdfjs.OPS.endMarkedContent) inGroup = false;
    if (fn === pdfjs.OPS.setDash && inGroup && !seen) {
      found.push([...(list.argsArray[i][0] as number[])]);
      seen = true;
    }
  });
  return found;
}

/** Where the layout draws each size of each slot: the outline moved into its slot (mm). */
function drawnOutlines(pattern: Pattern): { slot: { cx: number; cy: number; w: number; h: number }; rings: (Pt[] | null)[] }[] {
  return printLayout(pattern, { format: "A0", sizes: [] }).slots.map((slot) => ({
    slot,
    rings: slot.pieces.map((piece, si) => {
      if (!piece) return null;
      const dx = slot.cx - slot.centre[0] + slot.offsets[si][0];
      const dy = slot.cy - slot.centre[1] + slot.offsets[si][1];
      return piece.boundary.map(([x, y]): Pt => [x + dx, y + dy]);
    }),
  }));
}

function piece(name: string, size: string, boundary: Pt[], extra: Partial<PatternPiece> = {}): PatternPiece {
  return { name, size, quantity: 1, boundary, notches: [], internal: [], sewLines: [], drill: [], bbox: bboxOf(boundary), area: polygonArea(boundary), ...extra };
}

const rect = (x: number, y: number, w: number, h: number): Pt[] => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];

describe("sizes told apart in black and white", () => {
  const pattern = fixture("GMX1416S18_AAMA.DXF");

  it("gives each size its own dash pattern, the sample size solid, in the sheet and the legend", async () => {
    const doc = await open(await buildPrintPdf(pattern, { format: "A0", sizes: [], stamp: null, title: "Shirt" }));
    const dashes = await dashesPerGroup(doc, 2);
    expect(dashes).toHaveLength(pattern.sizes.length);
    const sample = pattern.sizes.indexOf(pattern.sampleSize!);
    expect(dashes[sample]).toEqual([]);
    // The cycle of patterns: the first eight sizes all differ.
    const firstEight = dashes.slice(0, 8).map((d) => d.map((v) => v.toFixed(2)).join(" "));
    expect(new Set(firstEight).size).toBe(8);
    expect(dashes.map((d) => d.map((v) => Math.round(v * 100) / 100))).toEqual(
      sizeDashes(pattern.sizes, pattern.sampleSize, false).map((d) => d.map((v) => Math.round(v * 100) / 100)),
    );
    // The overview's legend draws each size's line with its pattern.
    const legend = await (await doc.getPage(1)).getOperatorList();
    const legendDashes = legend.fnArray.flatMap((fn, i) => (fn === pdfjs.OPS.setDash ? [(legend.argsArray[i][0] as number[]).join(" ")] : []));
    for (const d of firstEight.filter(Boolean)) expect(legendDashes.map((l) => l.split(" ").map((v) => Number(v).toFixed(2)).join(" "))).toContain(d);
  }, 60_000);

  it("writes each size's name along every outline, once per piece per size", async () => {
    // The projector file: the whole sheet on one page (pdf.js leaves out text beyond a page's edge).
    const bytes = await buildPrintPdf(pattern, { format: "projector", sizes: [], stamp: null, title: "Shirt" });
    const items = await texts(await open(bytes), 1);
    const perSize = pattern.sizes.map((size) => items.filter((t) => t === size).length);
    // Every piece of this file has a straight stretch of 30 mm or more.
    const piecesPerSize = pattern.sizes.map((size) => pattern.pieces.filter((p) => p.size === size).length);
    expect(perSize).toEqual(piecesPerSize);
    // That each lies inside its own size's outline, clear of every line, labels.test.ts checks on a projector file.
  }, 60_000);

  it.each(cadFixtures().map((f) => f.name))("writes each size's name along every outline of %s", async (name) => {
    // Issue 21's acceptance: a size name on every outline, in every real export (a piece with no straight stretch of
    // 30 mm would go without one: none of these has such a piece).
    const real = fixture(name);
    const items = await texts(await open(await buildPrintPdf(real, { format: "projector", sizes: [], stamp: null, title: "Real" })), 1);
    const perSize = Object.fromEntries(real.sizes.map((size) => [size, items.filter((t) => t === size).length]));
    expect(perSize).toEqual(Object.fromEntries(real.sizes.map((size) => [size, real.pieces.filter((p) => p.size === size).length])));
  }, 60_000);
});

describe("piece labels", () => {
  it("say what to cut, on the fold, of which material, with the fold and grain marked", async () => {
    const pattern = fixture("GMX1416S18_AAMA.DXF");
    const bytes = await buildPrintPdf(pattern, { format: "A0", sizes: [pattern.sampleSize!], stamp: null, title: "Shirt" });
    const doc = await open(bytes);
    const all = (await Promise.all(Array.from({ length: doc.numPages - 1 }, (_, i) => texts(doc, i + 2)))).flat();
    expect(all).toContain("Cut 1 on fold");
    expect(all).toContain("Cut 2");
    expect(all).toContain("PLACE ON FOLD");
    expect(all).toContain("GRAIN LINE");
    expect(all).toContain(`Size ${pattern.sampleSize}`);

    const rib = fixture("GMH1006F18_AAMA.DXF");
    const ribDoc = await open(await buildPrintPdf(rib, { format: "A0", sizes: [rib.sampleSize!], stamp: null, title: "Hoodie" }));
    const ribTexts = (await Promise.all(Array.from({ length: ribDoc.numPages - 1 }, (_, i) => texts(ribDoc, i + 2)))).flat();
    expect(ribTexts).toContain("Cut 1 rib");
  }, 60_000);

  it("draws the fold as a fold: the cut line leaves the fold edge out, a long-dash line and a bracket mark it", async () => {
    const half = rect(0, 0, 200, 400);
    const folded = piece("FRONT", "M", half, { onFold: true, fold: [[0, 0], [0, 400]], internal: [[[0, 0], [0, 400]]], grain: [[100, 50], [100, 350]] });
    const pattern: Pattern = { units: "mm", unitsAssumed: false, sizes: ["M"], sampleSize: "M", pieces: [folded] };
    const { texts: drawn, segments } = await pdfDrawing(await buildPrintPdf(pattern, { format: "projector", sizes: [], stamp: null, title: "Fold", background: "light" }));
    const words = drawn.map((t) => t.str);
    expect(words).toEqual(expect.arrayContaining(["PLACE ON FOLD", "GRAIN LINE", "FRONT", "Cut 1 on fold", "Size M"]));
    // "PLACE ON FOLD" runs along the fold (vertical, read from below).
    const fold = drawn.find((t) => t.str === "PLACE ON FOLD")!;
    expect(fold.dir[0]).toBeCloseTo(0, 5);
    expect(fold.dir[1]).toBeCloseTo(1, 5);
    // Bracket legs: two segments across the fold (horizontal), 30 mm long on a projector file.
    const K = 72 / 25.4;
    const legs = segments.filter(([a, b]) => Math.abs(a[1] - b[1]) < 0.01 && Math.abs(Math.abs(a[0] - b[0]) - 30 * K) < 0.1);
    expect(legs.length).toBeGreaterThanOrEqual(2);
  });
});

describe("sizes nested on the grade reference (nestOffsets)", () => {
  it("keeps the file's placement of sizes drawn in one frame", () => {
    const small = piece("P", "S", rect(0, 0, 100, 50));
    const large = piece("P", "L", rect(0, 0, 120, 60));
    const { offsets, box } = nestOffsets([small, large], 0);
    expect(offsets).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(box).toMatchObject({ width: 120, height: 60 });
  });

  it("aligns scattered or merely centred sizes on the outline point that moves least", () => {
    // A house shape graded 1.2 x 1.1 from its lower-left corner, the larger size placed 1 m away. With the boxes
    // centred on each other, the apex moves least (0, 4 mm; the corners 10 mm or more): the sizes meet there.
    const house: Pt[] = [[0, 0], [100, 0], [100, 50], [50, 80], [0, 50]];
    const small = piece("P", "S", house);
    const large = piece("P", "L", house.map(([x, y]): Pt => [1000 + x * 1.2, y * 1.1]));
    const { offsets, box } = nestOffsets([small, large], 0);
    expect(offsets[1][0]).toBeCloseTo(50 - 1060, 6);
    expect(offsets[1][1]).toBeCloseTo(80 - 88, 6);
    expect(box.width).toBeCloseTo(120, 6);

    // Centred on each other (as Gerber exports them): a piece on the fold gets its folds laid on each other.
    const s = piece("F", "S", rect(-50, -100, 100, 200), { onFold: true, fold: [[-50, -100], [-50, 100]] });
    const l = piece("F", "L", rect(-60, -110, 120, 220), { onFold: true, fold: [[-60, -110], [-60, 110]] });
    const nest = nestOffsets([s, l], 0);
    expect(l.fold![0][0] + nest.offsets[1][0]).toBeCloseTo(-50, 6);
  });

  it("nests the graded sizes of a real file: smaller sizes inside larger ones, all inside the slot", () => {
    const pattern = fixture("GMX1416S18_AAMA.DXF");
    let points = 0;
    let within = 0;
    for (const { slot, rings } of drawnOutlines(pattern)) {
      const present = rings.filter((r): r is Pt[] => !!r);
      for (const ring of present) {
        for (const [x, y] of ring) {
          expect(Math.abs(x - slot.cx)).toBeLessThanOrEqual(slot.w / 2);
          expect(Math.abs(y - slot.cy)).toBeLessThanOrEqual(slot.h / 2);
        }
      }
      for (let i = 0; i + 1 < present.length; i++) {
        const larger = present[i + 1];
        for (const p of present[i]) {
          points++;
          // On or inside the next size (its outline drawn 0.5 mm wider to count points on a shared edge).
          const near = larger.some((q, k) => segmentDistance(p, q, larger[(k + 1) % larger.length]) <= 0.5);
          if (near || pointInRing(p, larger)) within++;
        }
      }
    }
    expect(within / points).toBeGreaterThan(0.9);
  });
});

function segmentDistance(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}
