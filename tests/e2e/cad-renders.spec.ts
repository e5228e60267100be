/**
 * Pictures for a person to look at (issue 21): the preview and a page of each print format of one AAMA, one ASTM and
 * one CLO export of tests/fixtures/cad-dxf, rendered to PNG in real Chromium and kept under
 * `test-results/cad-renders/` (CI keeps test-results/ as artefacts). The PDFs are rendered by pdf.js inside the page,
 * as a PDF reader would draw them; each picture is checked to hold a drawing (not blank, not one colour).
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

import { cadFixtures } from "../unit/cad-fixtures";
import { expect, type Page, test } from "./fixtures";
import { readPattern } from "~/models/patterns/dxf.server";
import { DOWNLOAD_FORMATS } from "~/models/layout/downloads.server";
import { buildPrintPdf, type PrintFormat } from "~/models/patterns/pdf.server";
import { previewSvg } from "~/models/patterns/preview.server";

const FILES = ["GMH1006F18_AAMA.DXF", "GMH1006F18_ASTM.DXF", "clo-pattern.dxf"];
const OUT = path.resolve("test-results", "cad-renders");
const ORIGIN = "http://renders.test";
const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
/** Longest side of a rendered page, px: big enough to read a label, small enough to keep as an artefact. */
const MAX_PX = 1600;

const PAGE = `<!doctype html><html><body style="margin:0;background:#fff">
<canvas id="c"></canvas>
<script type="module">
import * as pdfjs from "/pdfjs/build/pdf.mjs";
pdfjs.GlobalWorkerOptions.workerSrc = "/pdfjs/build/pdf.worker.mjs";
// One pdf.js worker for every document (started once, not once a page).
const worker = new pdfjs.PDFWorker();
window.renderPdf = async (base64, pageNo, maxPx) => {
  const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const doc = await pdfjs.getDocument({ data, worker, standardFontDataUrl: "/pdfjs/standard_fonts/", cMapUrl: "/pdfjs/cmaps/", cMapPacked: true }).promise;
  const page = await doc.getPage(pageNo);
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: maxPx / Math.max(base.width, base.height) });
  const canvas = document.getElementById("c");
  canvas.width = Math.round(viewport.width);
  canvas.height = Math.round(viewport.height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: context, viewport }).promise;
  const result = { pages: doc.numPages, inked: inked(context, canvas) };
  await doc.destroy();
  return result;
};
window.renderSvg = async (svg, maxPx) => {
  const img = new Image();
  img.src = "data:image/svg+xml;base64," + btoa(unescape(encodeURIComponent(svg)));
  await img.decode();
  const scale = Math.min(1.5, maxPx / Math.max(img.naturalWidth, img.naturalHeight));
  const canvas = document.getElementById("c");
  canvas.width = Math.round(img.naturalWidth * scale);
  canvas.height = Math.round(img.naturalHeight * scale);
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(img, 0, 0, canvas.width, canvas.height);
  return { pages: 1, inked: inked(context, canvas) };
};
/** Share of pixels that are not near-white: a drawing has some, a blank page none. */
function inked(context, canvas) {
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  let n = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200) n++;
  return n / (data.length / 4);
}
window.ready = true;
</script></body></html>`;

async function openRenderer(page: Page) {
  await page.route(`${ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === "/") return route.fulfill({ contentType: "text/html", body: PAGE });
    const file = path.join(pdfjsRoot, decodeURIComponent(url.pathname.replace(/^\/pdfjs\//, "")));
    if (!url.pathname.startsWith("/pdfjs/") || !file.startsWith(pdfjsRoot) || !fs.existsSync(file)) return route.fulfill({ status: 404 });
    const type = file.endsWith(".mjs") ? "text/javascript" : "application/octet-stream";
    return route.fulfill({ contentType: type, body: fs.readFileSync(file) });
  });
  await page.goto(`${ORIGIN}/`);
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(OUT, { recursive: true });
  await page.locator("#c").screenshot({ path: path.join(OUT, `${name}.png`) });
}

type Rendered = { pages: number; inked: number };

test.describe("real CAD files rendered for a person to look at", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "pdf.js renders with JavaScript; one project is enough");

  for (const file of FILES) {
    test(`${file}: the preview and a page of each print format`, { tag: "@long" }, async ({ page }) => {
      test.slow();
      const fixture = cadFixtures().find((f) => f.name === file);
      if (!fixture) throw new Error(`${file} is not in tests/fixtures/cad-dxf`);
      const result = readPattern(fixture.bytes);
      if (!result.ok) throw new Error(result.message);
      const pattern = result.pattern;
      const stem = file.replace(/\.dxf$/i, "");
      await openRenderer(page);

      const svg = previewSvg(pattern, pattern.sampleSize ?? pattern.sizes[0], { title: file });
      const shown = (await page.evaluate(([s, px]) => (window as unknown as { renderSvg: (s: string, px: number) => Promise<Rendered> }).renderSvg(s, px), [svg, MAX_PX] as const)) as Rendered;
      await shoot(page, `${stem}-preview`);
      expect(shown.inked, "the preview draws the pieces").toBeGreaterThan(0.002);

      const formats = DOWNLOAD_FORMATS.filter((f) => f !== "dxf") as PrintFormat[];
      for (const format of formats) {
        const pdf = await buildPrintPdf(pattern, { format, sizes: [], stamp: "Order #1001 · buyer@example.com", title: stem });
        const base64 = Buffer.from(pdf).toString("base64");
        const render = (n: number) =>
          page.evaluate(([b, no, px]) => (window as unknown as { renderPdf: (b: string, n: number, px: number) => Promise<Rendered> }).renderPdf(b, no, px), [base64, n, MAX_PX] as const) as Promise<Rendered>;
        const first = await render(1);
        await shoot(page, `${stem}-${format}-page1`);
        expect(first.inked, `${format} page 1 has a drawing`).toBeGreaterThan(0.002);
        if (first.pages > 1) {
          const second = await render(2);
          await shoot(page, `${stem}-${format}-page2`);
          expect(second.inked, `${format} page 2 has a drawing`).toBeGreaterThan(0.002);
        }
      }
    });
  }
});
