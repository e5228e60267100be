/**
 * Issue 24's acceptance journey, with JavaScript on and off: a seller's Digital pattern from a real graded CAD export
 * (WM_LOOSE_SHAPE_TANK, sizes 26 to 52 as the reader finds them); the seller fills its size chart on the edit screen
 * and allows made to measure; a buyer enters measurements on /settings halfway between sizes 34 and 36, sees the
 * advice, adds "your size" to the cart and pays on the local provider; the purchase's "Your size" DXF reads back (with
 * the project's reader) as pieces of size "custom" halfway between the two sizes, and its A4 PDF has the layer
 * "Your size" whose outlines have those pieces' widths and heights, with the order's stamp on every page.
 */
import path from "node:path";
import zlib from "node:zlib";
import { createRequire } from "node:module";

import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFRef, PDFString } from "@cantoo/pdf-lib";

import { checkoutFromCart, createSeller, expect, readDb, saveProfile, TANK_DXF, tankPattern, test, whenHydrated } from "./fixtures";
import { readPattern } from "~/models/patterns/dxf.server";
import { piecesOfSize } from "~/models/patterns/pieces";
import type { PatternPiece } from "~/models/patterns/types";

/** 1 mm in PDF points. */
const K = 72 / 25.4;
/** The chart, in cm: size k (in the file's order) has bust 80 + 4k, waist 60 + 4k, hip 90 + 4k. */
const chartCm = (k: number) => ({ bust: 80 + 4 * k, waist: 60 + 4 * k, hip: 90 + 4 * k });

function gradedTank() {
  const read = readPattern(TANK_DXF);
  if (!read.ok) throw new Error(read.message);
  return read.pattern;
}

type Box = { minX: number; minY: number; maxX: number; maxY: number };
const widthOf = (b: Box) => b.maxX - b.minX;
const heightOf = (b: Box) => b.maxY - b.minY;

/**
 * The outlines of one optional content group of a print PDF, in pt: the PDF's sheet (a Form XObject, Flate) is
 * parsed for the group's `/OC /ocN BDC … EMC` run; each piece there starts with its cut line width and dash (`w … d`);
 * its outline is every path stroked at that width (the cut line, drawn as runs beside a fold, and the notches, which
 * point inwards). Answers each piece's outline box.
 */
async function layerOutlines(bytes: Buffer, layerName: string): Promise<{ box: Box }[]> {
  const doc = await PDFDocument.load(bytes);
  const ocProperties = doc.catalog.lookup(PDFName.of("OCProperties"), PDFDict);
  expect(ocProperties).toBeTruthy();
  const sheets = doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((o): o is PDFRawStream => o instanceof PDFRawStream && o.dict.get(PDFName.of("Subtype")) === PDFName.of("Form"));
  const outlines: { box: Box }[] = [];
  let found = false;
  for (const sheet of sheets) {
    const properties = sheet.dict.lookupMaybe(PDFName.of("Resources"), PDFDict)?.lookupMaybe(PDFName.of("Properties"), PDFDict);
    if (!properties) continue;
    const key = properties.keys().find((k) => {
      const name = doc.context.lookup(properties.get(k) as PDFRef, PDFDict).get(PDFName.of("Name"));
      return (name instanceof PDFHexString || name instanceof PDFString) && name.decodeText() === layerName;
    });
    if (!key) continue;
    found = true;
    const filter = sheet.dict.get(PDFName.of("Filter"));
    const content = (filter === PDFName.of("FlateDecode") ? zlib.inflateSync(sheet.contents) : Buffer.from(sheet.contents)).toString("latin1");
    const start = content.indexOf(`/OC ${key.toString()} BDC`);
    expect(start).toBeGreaterThanOrEqual(0);
    const run = content.slice(start, content.indexOf("EMC", start)).replace(/BT[\s\S]*?ET/g, " ");
    const tokens = run.split(/\s+/).filter(Boolean);
    let cutWidth: number | null = null;
    let width = 0;
    let current: { box: Box } | null = null;
    let pathPts: [number, number][] = [];
    const stack: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (/^-?[\d.]+$/.test(t) || t.startsWith("[") || t.endsWith("]") || t.startsWith("/")) {
        stack.push(t);
        continue;
      }
      if (t === "w") {
        width = Number(stack[stack.length - 1]);
        cutWidth ??= width;
        // A piece begins where its cut line's width and dash are set together.
        if (width === cutWidth && tokens.slice(i + 1).find((x) => /^[a-zA-Z]+$/.test(x)) === "d") {
          current = { box: { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity } };
          outlines.push(current);
        }
      } else if (t === "m" || t === "l") {
        pathPts.push([Number(stack[stack.length - 2]), Number(stack[stack.length - 1])]);
      } else if (t === "s" || t === "S") {
        if (current && width === cutWidth) {
          for (const [x, y] of pathPts) {
            current.box = { minX: Math.min(current.box.minX, x), minY: Math.min(current.box.minY, y), maxX: Math.max(current.box.maxX, x), maxY: Math.max(current.box.maxY, y) };
          }
        }
        pathPts = [];
      }
      stack.length = 0;
    }
  }
  expect(found, `a layer named "${layerName}"`).toBe(true);
  return outlines;
}

/** Every page's text, read by pdf.js as a PDF reader does. */
async function pageTexts(bytes: Buffer): Promise<string[]> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts") + path.sep;
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, isEvalSupported: false }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    texts.push(content.items.map((it) => ("str" in it ? it.str : "")).join(" "));
  }
  return texts;
}

const halfway = (a: PatternPiece, b: PatternPiece) => ({ width: (a.bbox.width + b.bbox.width) / 2, height: (a.bbox.height + b.bbox.height) / 2 });

test("a real graded tank: the seller's chart, the buyer's measurements, advice, purchase, and the 'Your size' DXF and PDF", { tag: "@long" }, async ({ page, request, createUser, loginAs, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  const graded = gradedTank();
  expect(graded.sizes).toEqual(["26", "28", "30", "32", "34", "36", "38", "40", "42", "44", "46", "48", "50", "52"]);
  const lower = graded.sizes.indexOf("34");

  // The seller: the pattern, then its chart on the edit screen, through the form.
  const seller = await createSeller();
  const productId = await tankPattern(request, seller.token, `Relaxed Tank ${Date.now()}`);
  await page.context().setExtraHTTPHeaders({ Authorization: seller.token });
  await page.goto(`/edit-product/${productId}`);
  if (javaScriptEnabled) await whenHydrated(page);
  const table = page.getByRole("region", { name: "Size chart measurements" });
  await expect(table.getByRole("rowheader")).toHaveText(graded.sizes);
  await page.getByLabel("Unit", { exact: true }).selectOption("cm");
  for (const [k, size] of graded.sizes.entries()) {
    const row = chartCm(k);
    await page.getByLabel(`Size ${size}, Bust / chest`, { exact: true }).fill(String(row.bust));
    await page.getByLabel(`Size ${size}, Waist`, { exact: true }).fill(String(row.waist));
    await page.getByLabel(`Size ${size}, Hip`, { exact: true }).fill(String(row.hip));
  }
  await page.getByLabel("Let buyers order their own size (made to measure)").check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Product updated successfully!")).toBeVisible();
  expect(readDb("SELECT made_to_measure FROM products WHERE id = ?", productId)).toEqual([{ made_to_measure: 1 }]);
  expect(readDb("SELECT count(*) AS n FROM size_chart_rows WHERE product_id = ?", productId)).toEqual([{ n: graded.sizes.length }]);
  await page.context().setExtraHTTPHeaders({});

  // The buyer: measurements halfway between sizes 34 and 36 on /settings.
  const buyer = await createUser();
  await saveProfile(buyer.id, { first_name: "Tia", last_name: "Tank", street: "4 Hem St", street2: "", city: "Austin", state: "TX", zip: "73301", country: "US", phone: "+1 512 555 0124" });
  await loginAs(buyer.id, page);
  const [a, b] = [chartCm(lower), chartCm(lower + 1)];
  await page.goto("/settings#measurements");
  if (javaScriptEnabled) await whenHydrated(page);
  const section = page.locator("section#measurements");
  await section.getByLabel("Bust / chest").fill(String((a.bust + b.bust) / 2));
  await section.getByLabel("Waist").fill(String((a.waist + b.waist) / 2));
  await section.getByLabel("Hip").fill(String((a.hip + b.hip) / 2));
  await section.getByRole("button", { name: "Save measurements" }).click();
  await expect(page.getByText("Measurements saved.")).toBeVisible();

  // The advice, then "your size" into the cart, checked out and paid.
  await page.goto(`/product/${productId}`);
  const advice = page.getByTestId("size-advice");
  await expect(advice.getByRole("heading", { name: "Your size" })).toBeVisible();
  await expect(advice.getByText(/^size (34|36) by bust, size (34|36) by waist, size (34|36) by hip$/)).toBeVisible();
  await expect(advice.getByText(/We recommend size (34|36)/)).toBeVisible();
  await page.getByRole("button", { name: "Add your size to cart (made to measure)" }).click();
  await expect(page).toHaveURL(/\/product\/\d+\?added=\d+$/);
  await expect(page.getByRole("dialog", { name: "Item added to cart" })).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByTestId("made-to-measure-line")).toHaveText("Your size (made to measure)");
  await checkoutFromCart(page);
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL("/purchases/success");
  const orders = readDb<{ id: number; measurements: string | null }>("SELECT id, measurements FROM orders WHERE buyer_id = ?", buyer.id);
  expect(orders).toHaveLength(1);
  const order = orders[0]!;
  expect(JSON.parse(order.measurements ?? "null")).toMatchObject({ unit: "cm", bust: (a.bust + b.bust) * 5, waist: (a.waist + b.waist) * 5, hip: (a.hip + b.hip) * 5 });

  // The purchase's "Your size" links.
  await page.goto(`/purchase/${order.id}`);
  const files = page.getByTestId("custom-size-files");
  const hrefOf = async (format: string) => {
    const link = files.locator(`a[href*="format=${format}&"]`);
    await expect(link).toHaveCount(1);
    const href = (await link.getAttribute("href"))!;
    expect(href).toMatch(/size=custom/);
    return href;
  };
  const download = async (href: string) => {
    const response = await page.request.get(href);
    expect(response.status()).toBe(200);
    return Buffer.from(await response.body());
  };
  const lowerPieces = piecesOfSize(graded, "34");
  const upperPieces = piecesOfSize(graded, "36");

  // The DXF, read back with the project's reader: size "custom", each piece halfway (within 1 mm).
  const dxf = await download(await hrefOf("dxf"));
  expect(dxf.toString("latin1")).toContain(`Order #${order.id}`);
  const back = readPattern(dxf);
  if (!back.ok) throw new Error(back.message);
  expect(back.pattern.sizes).toEqual(["custom"]);
  expect(back.pattern.pieces.map((p) => p.name)).toEqual(lowerPieces.map((p) => p.name));
  const expected = back.pattern.pieces.map((piece, i) => {
    expect(piece.size).toBe("custom");
    const want = halfway(lowerPieces[i]!, upperPieces[i]!);
    expect(Math.abs(piece.bbox.width - want.width), `${piece.name} width`).toBeLessThanOrEqual(1);
    expect(Math.abs(piece.bbox.height - want.height), `${piece.name} height`).toBeLessThanOrEqual(1);
    return { name: piece.name, ...want };
  });

  // The A4 PDF: the layer "Your size" holds each custom piece's outline at 1:1 (within 1 mm); the stamp on every page.
  const pdf = await download(await hrefOf("A4"));
  const outlines = await layerOutlines(pdf, "Your size");
  expect(outlines).toHaveLength(expected.length);
  for (const piece of expected) {
    const match = outlines.find(
      (o) => Math.abs(widthOf(o.box) / K - piece.width) <= 1 && Math.abs(heightOf(o.box) / K - piece.height) <= 1,
    );
    expect(match, `${piece.name}: an outline of ${piece.width.toFixed(1)} x ${piece.height.toFixed(1)} mm in "Your size"`).toBeTruthy();
  }
  const texts = await pageTexts(pdf);
  expect(texts.length).toBeGreaterThan(1);
  for (const [n, text] of texts.entries()) expect(text, `page ${n + 1}`).toContain(`Order #${order.id}`);
});
