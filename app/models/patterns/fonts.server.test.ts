import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

import { PDFArray, PDFDict, PDFDocument, PDFName } from "@cantoo/pdf-lib";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";

import { makePlainDxf } from "../../../tests/fixtures/dxf";
import { pdfDrawing } from "../../../tests/unit/pdf-drawing";
import { makeAstmDxf, type FixturePiece } from "./demo.server";
import { readPattern } from "./dxf.server";
import { pdfFonts } from "./fonts.server";
import { WORKER_HEAP_MB } from "./limits";
import { buildPrintPdf, type PrintOptions } from "./pdf.server";
import { PatternPool } from "./pool.server";
import { stampPdf } from "./stamp.server";
import type { Pattern } from "./types";

const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts") + path.sep;

function read(dxf: string | Uint8Array): Pattern {
  const result = readPattern(dxf);
  if (!result.ok) throw new Error(result.message);
  return result.pattern;
}

/** A Chinese CAD export: `$DWGCODEPAGE ANSI_936`, its piece named 前片 (front piece) in GBK bytes. */
function gbkDxf(): Uint8Array {
  const text = makePlainDxf({ units: "mm" })
    .replace("$ACADVER\n1\nAC1015", "$ACADVER\n1\nAC1015\n9\n$DWGCODEPAGE\n3\nANSI_936")
    .replace("0\nENDSEC\n0\nEOF", "0\nTEXT\n8\n0\n10\n60\n20\n60\n40\n5\n1\nPiece Name: \u0001\u0002\u0003\u0004\n0\nENDSEC\n0\nEOF");
  const bytes = Buffer.from(text, "latin1");
  bytes.set([0xc7, 0xb0, 0xc6, 0xac], bytes.indexOf(1));
  return new Uint8Array(bytes);
}

/** Each page's text as pdfjs reads it, the runs of one line joined as they are drawn (no space between fonts). */
async function pagesText(bytes: Uint8Array): Promise<string[]> {
  const doc = await pdfjs.getDocument({ data: bytes.slice(), standardFontDataUrl, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((it) => ("str" in it ? it.str + (it.hasEOL ? "\n" : "") : "")).join(""));
  }
  return pages;
}

type FontFacts = { baseFont: string; subtype: string; file: string | null };

/** Every font dictionary of the file: its BaseFont, Subtype and embedded font file (FontFile2, FontFile3). */
async function fontsOf(bytes: Uint8Array): Promise<FontFacts[]> {
  const doc = await PDFDocument.load(bytes);
  const out: FontFacts[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    const dict = obj instanceof PDFDict ? obj : null;
    if (!dict || dict.get(PDFName.of("Type"))?.toString() !== "/Font") continue;
    const subtype = dict.get(PDFName.of("Subtype"))!.toString();
    if (subtype === "/CIDFontType0" || subtype === "/CIDFontType2") continue; // the descendant of a Type0 font
    let file: string | null = null;
    const descendants = dict.lookupMaybe(PDFName.of("DescendantFonts"), PDFArray);
    const cid = descendants?.lookup(0, PDFDict);
    const descriptor = cid?.lookupMaybe(PDFName.of("FontDescriptor"), PDFDict);
    for (const key of ["FontFile", "FontFile2", "FontFile3"]) if (descriptor?.has(PDFName.of(key))) file = key;
    out.push({ baseFont: dict.get(PDFName.of("BaseFont"))!.toString().slice(1), subtype: subtype.slice(1), file });
  }
  return out.sort((a, b) => a.baseFont.localeCompare(b.baseFont));
}

const PANEL: FixturePiece[] = [{ name: "PANEL", width: 300, height: 200, shape: "rect" }];

describe("PDFs in any script", () => {
  it("prints a GBK-coded Chinese piece name from the DXF, in an embedded subset of Noto Sans SC", async () => {
    const pattern = read(gbkDxf());
    expect(pattern.pieces[0].name).toBe("前片");
    const bytes = await buildPrintPdf(pattern, { format: "A4", sizes: [], stamp: "Order #8 · 王芳@example.cn", title: "连衣裙 前片" });
    const pages = await pagesText(bytes);
    expect(pages.join("\n")).not.toContain("?");
    expect(pages[0]).toContain("连衣裙 前片");
    expect(pages[0]).toContain("Order #8 · 王芳@example.cn");
    // The label on the sheet (drawn in the raw content stream, shown on the overview's page map and the tiles).
    expect(pages.slice(1).some((page) => page.includes("前片"))).toBe(true);
    const fonts = await fontsOf(bytes);
    const noto = fonts.filter((font) => font.file);
    expect(noto.length).toBeGreaterThanOrEqual(1);
    for (const font of noto) {
      expect(font.subtype).toBe("Type0");
      expect(font.baseFont).toMatch(/^[A-Z]{6}\+NotoSansHans-(Regular|Bold)$/);
      expect(font.file).toBe("FontFile3");
    }
    // The subset is small: the file stays far below the 8 MB of the whole font.
    expect(bytes.length).toBeLessThan(200_000);
  });

  it("keeps Latin-only files on the standard Helvetica: no font embedded", async () => {
    const pattern = read(makeAstmDxf({ pieces: PANEL, sizes: ["S", "M"] }));
    const bytes = await buildPrintPdf(pattern, { format: "A4", sizes: [], stamp: "Order #7 · zoë@example.com", title: "Robe – été" });
    expect(await fontsOf(bytes)).toEqual([
      { baseFont: "Helvetica", subtype: "Type1", file: null },
      { baseFont: "Helvetica-Bold", subtype: "Type1", file: null },
    ]);
    expect((await pagesText(bytes))[0]).toContain("Order #7 · zoë@example.com");
  });

  it("prints Cyrillic, Greek, Korean, Japanese and Latin Extended labels, each in its own font", async () => {
    const pieces: FixturePiece[] = [
      { name: "Перед", width: 300, height: 200, shape: "rect" },
      { name: "Μανίκι", width: 240, height: 200, shape: "rect" },
      { name: "앞판", width: 200, height: 200, shape: "rect" },
      { name: "袖ぐり", width: 200, height: 180, shape: "rect" },
      { name: "Przód łączony", width: 300, height: 220, shape: "rect" },
    ];
    const pattern = read(makeAstmDxf({ pieces, sizes: ["M"] }));
    const bytes = await buildPrintPdf(pattern, { format: "A0", sizes: [], stamp: null, title: "Платье" });
    const all = (await pagesText(bytes)).join("\n");
    for (const name of ["Платье", "Перед", "Μανίκι", "앞판", "袖ぐり", "Przód łączony"]) expect(all).toContain(name);
    expect(all).not.toContain("?");
    const embedded = (await fontsOf(bytes)).filter((font) => font.file).map((font) => font.baseFont.replace(/^[A-Z]{6}\+/, ""));
    expect(embedded).toEqual(expect.arrayContaining(["NotoSans-Bold", "NotoSans-Regular", "NotoSansHans-Bold", "NotoSansKR-Bold"]));
  });

  it("draws a label of several fonts as one line, as wide as it was measured when it was fitted", async () => {
    const pattern = read(makeAstmDxf({ pieces: [{ name: "前片 MID Перед", width: 300, height: 200, shape: "rect" }], sizes: ["M"] }));
    const { texts } = await pdfDrawing(await buildPrintPdf(pattern, { format: "projector", sizes: [], stamp: null, title: "T" }));
    const at = texts.findIndex((t) => t.str.startsWith("前片"));
    const line = texts.slice(at, at + 3);
    expect(line.map((t) => t.str.trim())).toEqual(["前片", "MID", "Перед"]);
    // On one baseline, left to right (pdf.js leaves the spaces between the runs out of its items).
    for (let i = 1; i < line.length; i++) {
      expect(line[i].box[0][1]).toBeCloseTo(line[0].box[0][1], 2);
      expect(line[i].box[0][0]).toBeGreaterThan(line[i - 1].box[1][0]);
    }
    // (No kerning pair in the Latin word: pdf-lib measures Helvetica with kerning but draws it without.)
    const doc = await PDFDocument.create();
    const fonts = await pdfFonts(doc, { regular: [], bold: ["前片 MID Перед"] });
    const drawn = Math.hypot(line[2].box[1][0] - line[0].box[0][0], line[2].box[1][1] - line[0].box[0][1]);
    expect(drawn).toBeCloseTo(fonts.width("前片 MID Перед", line[0].fontSize, true), 1);
  });

  it("shows Arabic and Hebrew names (shaped by the font) and prints '?' only for what no font has", async () => {
    const doc = await PDFDocument.create();
    const fonts = await pdfFonts(doc, { regular: ["قميص أمامي", "שרוול", "ผ้า", "前片"], bold: [] });
    const arabic = fonts.runs("قميص أمامي");
    expect(arabic).toHaveLength(1);
    // Resources in FALLBACKS order: Helvetica F1, F2; Noto Sans SC F3, Arabic F4, Hebrew F5.
    expect(arabic[0].name).toBe("F4");
    expect(fonts.runs("שרוול")[0].name).toBe("F5");
    // Thai: none of the fonts has it.
    expect(fonts.runs("Size ผ้า")).toEqual([expect.objectContaining({ text: "Size ???", name: "F1" })]);
    // A space or a digit stays in the run it follows; a Latin letter goes back to Helvetica.
    expect(fonts.runs("前片 2 x").map((run) => [run.text, run.name])).toEqual([["前片 2 ", "F3"], ["x", "F1"]]);
  });

  it("stamps a buyer's Cyrillic name and CJK email on an existing PDF", async () => {
    const own = await buildPrintPdf(read(makeAstmDxf({ pieces: PANEL, sizes: ["S"] })), { format: "A4", sizes: [], stamp: null, title: "Panel" });
    const stamp = "Order #42 · Анна Петрова · 花子@例え.jp";
    const stamped = await stampPdf(own, stamp);
    const pages = await pagesText(stamped);
    for (const page of pages) expect(page).toContain(stamp);
    expect((await fontsOf(stamped)).filter((font) => font.file).map((font) => font.baseFont.replace(/^[A-Z]{6}\+/, "")).sort()).toEqual([
      "NotoSans-Regular",
      "NotoSansHans-Regular",
    ]);
  });

  it("prints a file in every script in a pattern worker, within its memory limit", { timeout: 120_000 }, async () => {
    const pieces: FixturePiece[] = ["Перед", "前片", "앞판", "قميص", "שרוול", "Przód"].map((name, i) => ({ name, width: 200 + 10 * i, height: 200, shape: "rect" }));
    const pattern = read(makeAstmDxf({ pieces, sizes: ["S", "M", "L"] }));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fonts-"));
    const pool = new PatternPool({ threads: 1, heapMb: WORKER_HEAP_MB });
    try {
      const target = path.join(dir, "print.pdf");
      const options: PrintOptions = { format: "A4", sizes: [], stamp: "Order #9 · Анна@例え.jp", title: "Платье 连衣裙" };
      const result = await pool.run({ kind: "print", data: JSON.stringify(pattern), options, target });
      expect(result.ok).toBe(true);
      const all = (await pagesText(new Uint8Array(fs.readFileSync(target)))).join("\n");
      for (const name of ["Платье 连衣裙", "Order #9 · Анна@例え.jp", "Перед", "前片", "앞판", "Przód"]) expect(all).toContain(name);
      expect(all).not.toContain("?");
    } finally {
      await pool.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
