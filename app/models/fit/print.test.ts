import { createRequire } from "node:module";
import path from "node:path";

import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";

import { cadFixtures } from "../../../tests/unit/cad-fixtures";
import { readPattern } from "../patterns/dxf.server";
import { buildPrintPdf, printLayout } from "../patterns/pdf.server";
import { emptyZoneValues } from "~/utils/measurements";
import { CUSTOM_SIZE, customPieces, withCustomSize } from "../patterns/interpolate";

const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts") + path.sep;

function customPattern() {
  const read = readPattern(cadFixtures().find((f) => f.name === "GMH1006F18_AAMA.DXF")!.bytes);
  if (!read.ok) throw new Error(read.message);
  const pattern = read.pattern;
  const chart = {
    unit: "cm" as const,
    madeToMeasure: true,
    rows: pattern.sizes.map((size, k) => ({ size, body: { ...emptyZoneValues(), bust: 800 + 40 * k }, finished: { bust: null, waist: null, hip: null } })),
  };
  const result = customPieces(pattern, chart, { unit: "cm", ...emptyZoneValues(), bust: 800 + 40 * 4.5 });
  if (!result.ok) throw new Error(result.message);
  return withCustomSize(pattern, result.pieces);
}

describe("the buyer's own size in the print files", () => {
  it("is one more layer, 'Your size', after (over) the graded sizes chosen, named so in the legend", async () => {
    const pattern = customPattern();
    const lay = printLayout(pattern, { format: "A0", sizes: ["48", "50", CUSTOM_SIZE] });
    expect(lay.sizes).toEqual(["48", "50", CUSTOM_SIZE]);
    const bytes = await buildPrintPdf(pattern, { format: "A0", sizes: ["48", "50", CUSTOM_SIZE], stamp: "Order #7 · b@example.com", title: "Tee" });
    const doc = await pdfjs.getDocument({ data: bytes.slice(), standardFontDataUrl, isEvalSupported: false }).promise;
    const config = await doc.getOptionalContentConfig();
    const groups = (config.getGroups() ?? {}) as Record<string, { name: string }>;
    expect((config.getOrder() as string[]).map((id) => groups[id].name)).toEqual(["Size 48", "Size 50", "Your size"]);
    const first = await doc.getPage(1);
    const text = (await first.getTextContent()).items.map((it) => ("str" in it ? it.str : "")).join(" ");
    expect(text).toContain("Sizes: 48, 50, Your size");
    expect(text).toContain("Your size");
    expect(text).not.toContain("custom");
  });

  it("alone, without graded sizes, in every format", async () => {
    const pattern = customPattern();
    for (const format of ["A4", "projector"] as const) {
      const bytes = await buildPrintPdf(pattern, { format, sizes: [CUSTOM_SIZE], stamp: null, title: "Tee" });
      const doc = await pdfjs.getDocument({ data: bytes.slice(), standardFontDataUrl, isEvalSupported: false }).promise;
      const config = await doc.getOptionalContentConfig();
      const groups = (config.getGroups() ?? {}) as Record<string, { name: string }>;
      expect(Object.values(groups).map((g) => g.name)).toEqual(["Your size"]);
    }
  });
});
