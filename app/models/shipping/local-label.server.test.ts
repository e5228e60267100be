import { fileURLToPath } from "node:url";

import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";

import { BUYER_ADDRESS, SELLER_ADDRESS } from "./fixtures";
import type { LabelInput } from "./label-provider";
import { code39Bars, createLocalLabelProvider, renderLocalLabel, toWinAnsi } from "./local-label.server";

const NOW = new Date("2026-11-23T10:00:00Z");

const input: LabelInput = {
  orderId: 1042,
  from: SELLER_ADDRESS,
  to: BUYER_ADDRESS,
  parcelSize: "Small",
};

type TextItem = { str: string; transform: number[]; width: number; height: number };
const standardFontDataUrl = `${fileURLToPath(new URL("../../../node_modules/pdfjs-dist/standard_fonts/", import.meta.url))}`;

async function readPdf(bytes: Uint8Array) {
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const doc = await pdfjs.getDocument({ data: bytes.slice(), standardFontDataUrl, isEvalSupported: false }).promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [x0, y0, x1, y1] = page.view as number[];
    const items = (await page.getTextContent()).items
      .flatMap((i) => ("str" in i ? [i as TextItem] : []))
      .filter((i) => i.str.trim() !== "");
    pages.push({ width: x1! - x0!, height: y1! - y0!, items, text: items.map((i) => i.str).join("\n") });
  }
  await doc.destroy();
  return pages;
}

/** No two texts overlap (boxes from the baseline up to the cap height). */
function expectNoOverlap(items: TextItem[]) {
  const boxes = items.map((i) => ({ s: i.str, x0: i.transform[4]!, x1: i.transform[4]! + i.width, y0: i.transform[5]!, y1: i.transform[5]! + i.height * 0.72 }));
  for (const [n, a] of boxes.entries()) {
    for (const b of boxes.slice(n + 1)) {
      const overlap = a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
      expect(overlap, `"${a.s}" overlaps "${b.s}"`).toBe(false);
    }
  }
}

describe("the local label", () => {
  it("is one 4x6 in page with both addresses, the parcel size and limits, the order number, the date and the mark", async () => {
    const result = await createLocalLabelProvider({ now: () => NOW }).buyLabel(input);
    expect(result).toMatchObject({ ok: true, contentType: "application/pdf", trackingNumber: null, carrier: null, costCents: 0 });
    if (!result.ok) throw new Error(result.message);
    expect(result.labelUrl).toBeUndefined();
    expect(Buffer.from(result.pdf!.subarray(0, 5)).toString()).toBe("%PDF-");

    const pages = await readPdf(result.pdf!);
    expect(pages).toHaveLength(1);
    const [page] = pages;
    expect(page!.width).toBe(288);
    expect(page!.height).toBe(432);
    for (const line of [
      "NOT A CARRIER LABEL",
      "Print postage separately. This label carries no postage.",
      "FROM",
      "Ada Lovelace",
      "12 Seam Street",
      "Studio 4",
      "Portland, OR 97201",
      "SHIP TO",
      "Grace Hopper",
      "400 Bobbin Avenue",
      "Los Angeles, CA 90001",
      "Tel. 213 555 0199",
      "Small: up to 1 lb, 10x10x10 in",
      "#1042",
      "Date: 2026-11-23",
    ]) {
      expect(page!.text.split("\n")).toContain(line);
    }
    // The sender comes before the recipient, the recipient before the parcel and the order number.
    const at = (s: string) => page!.items.find((i) => i.str === s)!.transform[5]!;
    expect(at("Ada Lovelace")).toBeGreaterThan(at("Grace Hopper"));
    expect(at("Grace Hopper")).toBeGreaterThan(at("Small: up to 1 lb, 10x10x10 in"));
    expect(at("Small: up to 1 lb, 10x10x10 in")).toBeGreaterThan(at("#1042"));
    expectNoOverlap(page!.items);
    // Every text is on the page.
    for (const item of page!.items) {
      const [, , , , x, y] = item.transform as [number, number, number, number, number, number];
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x + item.width).toBeLessThanOrEqual(288);
      expect(y + item.height).toBeLessThanOrEqual(432);
    }
  });

  it("prints each parcel size with its limits of spec 9", async () => {
    for (const [parcelSize, limits] of [
      ["Medium", "Medium: up to 2.5 lb, 15x15x15 in"],
      ["Large", "Large: up to 5 lb, 20x20x20 in"],
    ] as const) {
      const [page] = await readPdf(await renderLocalLabel({ ...input, parcelSize }, NOW));
      expect(page!.text.split("\n")).toContain(limits);
    }
  });

  it("is the same bytes for the same order and date, and differs only by the date otherwise", async () => {
    const a = await renderLocalLabel(input, NOW);
    const b = await renderLocalLabel(input, new Date(NOW));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const later = await renderLocalLabel(input, new Date("2026-12-01T08:00:00Z"));
    expect(Buffer.from(a).equals(Buffer.from(later))).toBe(false);
    const [page] = await readPdf(later);
    expect(page!.text).toContain("Date: 2026-12-01");
  });

  it("prints names and streets outside WinAnsi without failing, and wraps a long street on the page", async () => {
    const to = {
      ...input.to,
      first_name: "Zoë",
      last_name: "Wołodźko 王",
      street: "4000 Very Long Boulevard Name That Keeps Going Past The Edge Of A Four Inch Label, Unit 12",
    };
    const [page] = await readPdf(await renderLocalLabel({ ...input, to }, NOW));
    const lines = page!.text.split("\n");
    expect(lines).toContain("Zoë Wolodzko ?");
    expect(lines.some((l) => l.startsWith("4000 Very Long Boulevard"))).toBe(true);
    expect(page!.text.replace(/\n/g, " ")).toContain("Edge Of A Four Inch Label, Unit 12");
    for (const item of page!.items) expect(item.transform[4]! + item.width).toBeLessThanOrEqual(288);
  });

  it("fits the longest addresses the profile form accepts on the one page, smaller but whole", async () => {
    const long = (word: string) => `${word} `.repeat(40).slice(0, 100).trim();
    const huge = {
      first_name: long("Wilhelmina").slice(0, 60),
      last_name: long("Montgomery").slice(0, 60),
      street: long("Wide"),
      street2: long("Wing"),
      city: long("Watertown"),
      state: long("Wyoming"),
      postal_code: "WWWWWWWWWWWWWWWWWWWW",
      country: "US",
      phone: "+1 (000) 000-0000 000 000 0000",
    };
    const pages = await readPdf(await renderLocalLabel({ ...input, from: huge, to: huge, parcelSize: "Large" }, NOW));
    expect(pages).toHaveLength(1);
    const [page] = pages;
    const flat = page!.text.replace(/\n/g, " ");
    expect(flat).toContain(huge.street);
    expect(flat).toContain(huge.street2);
    expect(flat).toContain("Large: up to 5 lb, 20x20x20 in");
    expect(flat).toContain("#1042");
    expect(flat).toContain("Date: 2026-11-23");
    expectNoOverlap(page!.items);
    for (const item of page!.items) {
      expect(item.transform[5]!).toBeGreaterThanOrEqual(0);
      expect(item.transform[4]! + item.width).toBeLessThanOrEqual(288);
    }
  });

  it("names the missing part of an incomplete address instead of printing a label", async () => {
    const provider = createLocalLabelProvider({ now: () => NOW });
    expect(await provider.buyLabel({ ...input, from: { ...input.from, street: " ", postal_code: "" } })).toEqual({
      ok: false,
      error: "incomplete-from-address",
      message: "The sender's address is missing: street, postal code.",
    });
    expect(await provider.buyLabel({ ...input, to: { ...input.to, first_name: "", last_name: "" } })).toEqual({
      ok: false,
      error: "incomplete-to-address",
      message: "The shipping address is missing: name.",
    });
  });
});

describe("label helpers", () => {
  it("reduces text to what a standard font draws", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(toWinAnsi("Café\nNo. 5 — “quoted”", font)).toBe("Café No. 5 — “quoted”");
    expect(toWinAnsi("Łódź Straße 東京", font)).toBe("Lódz Straße ??");
    expect(toWinAnsi("a\u0000b\tc", font)).toBe("a b c");
  });

  it("encodes the order number as Code 39 between start and stop characters", () => {
    const { bars, width } = code39Bars("1", 1);
    // 3 characters (*, 1, *) of 5 bars each; each character is 6 narrow + 3 wide (2.5) = 13.5, plus 2 gaps.
    expect(bars).toHaveLength(15);
    expect(width).toBe(3 * 13.5 + 2);
    // "*" starts with a narrow bar, a wide space, a narrow bar.
    expect(bars[0]).toEqual([0, 1]);
    expect(bars[1]).toEqual([1 + 2.5, 1]);
    expect(() => code39Bars("12A", 1)).toThrow(/digits only/);
  });
});
