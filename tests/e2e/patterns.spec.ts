import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import zlib from "node:zlib";

import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";

import { addPaidOrder, createDigitalPattern, createSeller, createUser as createUserFixture, expect, type Page, queryOne, readDb, sessionCookieFor, test, type TestInfo, waitForMail } from "./fixtures";
import { makeAstmDxf } from "~/models/patterns/demo.server";
import { makeOpenOutlineDxf } from "../fixtures/dxf";

type StoredPattern = { sizes: string[]; pieces: { name: string; size: string }[] };

/** A listed Digital pattern with a read version (the demo seed reads every demo pattern). */
function digitalPattern(offset: number) {
  const p = queryOne<{ id: number; name: string; data: string }>(
    `SELECT p.id, p.name, v.data FROM products p JOIN pattern_versions v ON v.product_id = p.id
      WHERE p.type = 'Pattern' AND p.delivery = 'Digital' AND p.removed_at IS NULL AND v.data <> '{}'
        AND v.version = (SELECT max(version) FROM pattern_versions WHERE product_id = p.id)
      ORDER BY p.id LIMIT 1 OFFSET ?`,
    offset,
  );
  return { id: p.id, name: p.name, pattern: JSON.parse(p.data) as StoredPattern };
}

/** A new buyer with a paid order of a read Digital pattern (one per project), logged in on the order's purchase page. */
async function buyerOnPurchase(
  { page, createUser, loginAs }: { page: Page; createUser: typeof createUserFixture; loginAs: (user: number, target: Page) => Promise<void> },
  testInfo: TestInfo,
) {
  const p = digitalPattern(testInfo.project.name === "js" ? 2 : 3);
  const buyer = await createUser();
  const orderId = await addPaidOrder({ buyerId: buyer.id, productId: p.id });
  await loginAs(buyer.id, page);
  await page.goto(`/purchase/${orderId}`);
  const files = page.getByRole("region", { name: "Pattern files" });
  return { p, buyer, orderId, files };
}

const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts") + path.sep;

async function readPdf(file: string) {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(fs.readFileSync(file)), standardFontDataUrl, isEvalSupported: false }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    texts.push(content.items.map((it) => ("str" in it ? it.str : "")).join(" "));
  }
  const first = await doc.getPage(1);
  const config = await doc.getOptionalContentConfig();
  const layers = Object.values((config.getGroups() ?? {}) as Record<string, { name: string }>).map((g) => g.name);
  return { pages: doc.numPages, texts, firstPageMm: first.view.slice(2).map((pt) => Math.round((pt / 72) * 25.4)), layers };
}

test("the product page shows the piece preview, the facts and the fabric estimate, and switches size with links", async ({ page, request }, testInfo) => {
  const p = digitalPattern(testInfo.project.name === "js" ? 0 : 1);
  await page.goto(`/product/${p.id}`);
  const section = page.getByRole("region", { name: "Pattern pieces" });
  await expect(section.getByText(/^Version 1, updated \d{4}-\d\d-\d\d$/)).toBeVisible();
  await expect(section).toContainText(`Sizes ${p.pattern.sizes.join(", ")}`);
  const nav = section.getByRole("navigation", { name: "Preview size" });
  await expect(nav.getByRole("link")).toHaveText(p.pattern.sizes);
  const current = await nav.locator('[aria-current="true"]').innerText();
  const names = (size: string) => p.pattern.pieces.filter((piece) => piece.size === size).map((piece) => piece.name);

  const img = section.getByRole("img", { name: /^Preview of the pattern pieces/ });
  await expect(img).toHaveAttribute("loading", "lazy");
  await expect(img).toHaveAttribute("alt", `Preview of the pattern pieces of ${p.name}, size ${current}: ${names(current).join(", ")}`);
  await expect(section.getByText("Preview", { exact: true })).toBeVisible();
  const src = (await img.getAttribute("src"))!;
  const svg = await request.get(src);
  expect(svg.status()).toBe(200);
  expect(svg.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  expect(svg.headers()["cache-control"]).toContain("immutable");
  const body = await svg.text();
  expect(body).toContain(">Preview<");
  for (const name of names(current)) expect(body).toContain(name);
  const again = await request.get(src, { headers: { "If-None-Match": svg.headers()["etag"]! } });
  expect(again.status()).toBe(304);

  // The fabric to buy (issue 25): one row per size, the seller's widths (the standard ones here), from the cutting
  // layouts where they are ready, else the estimate, labelled as one (a layout is prepared in the background).
  const table = section.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText(["Size", "112 cm (44 in) wide", "140 cm (55 in) wide", "150 cm (59 in) wide"]);
  await expect(table.locator("tbody tr")).toHaveCount(p.pattern.sizes.length);
  await expect(table.locator("tbody tr").first()).toContainText(/\d+\.\d m \/ \d+\.\d yd/);
  await expect(section.getByText(/^From the cutting layouts, with a 10 % margin for shrinkage and grain\./)).toBeVisible();
  const estimates = await table.locator("abbr").count();
  if (estimates) await expect(section.getByText(/^\* An estimate measured from the pattern pieces/)).toBeVisible();

  const other = p.pattern.sizes.find((s) => s !== current)!;
  await nav.getByRole("link", { name: other, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]size=${encodeURIComponent(other)}`));
  await expect(nav.getByRole("link", { name: other, exact: true })).toHaveAttribute("aria-current", "true");
  await expect(img).toHaveAttribute("src", new RegExp(`[?&]size=${encodeURIComponent(other)}`));
  await expect(section.locator("figcaption")).toContainText(`Size ${other}: ${names(other).length} pieces (${names(other).join(", ")})`);
  const otherSvg = await request.get((await img.getAttribute("src"))!);
  expect(otherSvg.headers()["etag"]).not.toBe(svg.headers()["etag"]);

  // The page stays within its first-visit HTML budget (14 KB gzipped).
  const html = await (await request.get(`/product/${p.id}`)).body();
  expect(zlib.gzipSync(html).length).toBeLessThan(14 * 1024);
});

test("a buyer downloads the stamped A4 PDF, chosen sizes and the stamped DXF; another user gets 404", { tag: "@long" }, async ({ page, browser, createUser, loginAs }, testInfo) => {
  const { p, buyer, orderId, files } = await buyerOnPurchase({ page, createUser, loginAs }, testInfo);
  await expect(files.getByText(/^Version 1, updated \d{4}-\d\d-\d\d/)).toBeVisible();

  const [a4] = await Promise.all([page.waitForEvent("download"), files.getByRole("link", { name: "A4 PDF" }).click()]);
  expect(a4.suggestedFilename()).toMatch(/-v1-a4-all-sizes\.pdf$/);
  const pdf = await readPdf((await a4.path())!);
  expect(pdf.firstPageMm).toEqual([210, 297]);
  expect(pdf.pages).toBeGreaterThan(1);
  expect(pdf.layers).toHaveLength(p.pattern.sizes.length);
  for (const text of pdf.texts) {
    expect(text).toContain(`Order #${orderId}`);
    expect(text).toContain(buyer.email);
  }
  // The fabric pages last (issue 25): the envelope table, then a cutting layout page per size.
  const fabricAt = pdf.texts.findIndex((t) => t.includes(": fabric to buy"));
  expect(fabricAt).toBeGreaterThan(0);
  for (const size of p.pattern.sizes) expect(pdf.texts.slice(fabricAt).some((t) => t.includes(`Cutting layout · Size ${size} ·`))).toBe(true);

  // Only some sizes: the GET form.
  const keep = p.pattern.sizes[0]!;
  for (const size of p.pattern.sizes.slice(1)) await files.getByRole("checkbox", { name: size, exact: true }).uncheck();
  await files.getByRole("combobox", { name: "Format" }).selectOption("A4");
  const [chosen] = await Promise.all([page.waitForEvent("download"), files.getByRole("button", { name: "Download selected sizes" }).click()]);
  const one = await readPdf((await chosen.path())!);
  expect(one.layers).toEqual([`Size ${keep}`]);
  const layoutPages = one.texts.filter((t) => t.includes("Cutting layout · Size "));
  expect(layoutPages.length).toBeGreaterThan(0);
  for (const t of layoutPages) expect(t).toContain(`Cutting layout · Size ${keep} ·`);

  const [dxf] = await Promise.all([page.waitForEvent("download"), files.getByRole("link", { name: "DXF (original)" }).click()]);
  expect(dxf.suggestedFilename()).toMatch(/-v1\.dxf$/);
  const text = fs.readFileSync((await dxf.path())!, "latin1");
  const stamp = `Order #${orderId} \\U+00B7 ${buyer.email}`;
  expect(text.startsWith(`999\n${stamp}\n`)).toBe(true);
  expect(text).toContain(`0\nTEXT\n8\n15\n`);
  expect(text).toContain(`\n1\n${stamp}\n`);

  expect(readDb("SELECT * FROM downloads WHERE order_id = ? AND user_id = ?", orderId, buyer.id)).toHaveLength(3);

  const stranger = await createUser();
  const context = await browser.newContext();
  await loginAs(stranger.id, context);
  for (const url of [`/download/${orderId}`, `/download/${orderId}?format=A4`, `/purchase/${orderId}`]) {
    expect((await context.request.get(url)).status()).toBe(404);
  }
  await context.close();
  expect(readDb("SELECT * FROM downloads WHERE order_id = ?", orderId)).toHaveLength(3);

  // The JSON face's file read gives the buyer the same stamped DXF (and logs it).
  const { token } = await sessionCookieFor(buyer.id);
  const file = queryOne<{ pattern_file: string }>("SELECT pattern_file FROM products WHERE id = ?", p.id).pattern_file;
  const api = await page.request.get(`/api/files/${file}`, { headers: { Authorization: token } });
  expect(api.status()).toBe(200);
  expect((await api.body()).toString("latin1").startsWith(`999\n${stamp}\n`)).toBe(true);
  expect(readDb("SELECT * FROM downloads WHERE order_id = ?", orderId)).toHaveLength(4);

});

test("the purchase page offers the copy-shop formats; a 24 x 36 in file is 24 x 36 in sheets, stamped", async ({ page, createUser, loginAs }, testInfo) => {
  const { p, orderId, files } = await buyerOnPurchase({ page, createUser, loginAs }, testInfo);
  for (const name of ["A0 copy-shop PDF", "36-inch roll PDF (US copy shop)", "24 x 36 in PDF (US copy shop)", "Projector PDF"]) {
    await expect(files.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(files.getByRole("combobox", { name: "Format" }).getByRole("option", { name, exact: true })).toHaveCount(1);
  }
  await expect(files.getByRole("link", { name: "36-inch roll PDF (US copy shop)" })).toHaveAttribute("href", `/download/${orderId}?format=roll36`);
  const sheetHref = (await files.getByRole("link", { name: "24 x 36 in PDF (US copy shop)" }).getAttribute("href"))!;
  expect(sheetHref).toBe(`/download/${orderId}?format=24x36`);
  const keep = p.pattern.sizes[0]!;
  const answer = await page.request.get(`${sheetHref}&size=${encodeURIComponent(keep)}`);
  expect(answer.status()).toBe(200);
  const sheetFile = testInfo.outputPath("sheets.pdf");
  fs.writeFileSync(sheetFile, await answer.body());
  const sheets = await readPdf(sheetFile);
  expect(sheets.firstPageMm).toEqual([610, 914]);
  expect(sheets.layers).toEqual([`Size ${keep}`]);
  for (const text of sheets.texts) expect(text).toContain(`Order #${orderId}`);
});

test("a seller's upload is read at once, a new version with a note reaches the buyer by email and on the purchase", { tag: "@long" }, async ({ page, browser, createUser, loginAs }, testInfo) => {
  const seller = await createSeller();
  await loginAs(seller.id, page);
  const name = `Graded Shirt ${testInfo.project.name} ${seller.id}`;
  const dxf = (sizes: string[]) => ({ name: "shirt.dxf", mimeType: "application/dxf", buffer: Buffer.from(makeAstmDxf({ pieces: 3, sizes })) });
  const productId = await createDigitalPattern(page, { name, description: "A graded shirt pattern.", price: "12", dxf: dxf(["38", "40"]) });
  // The edit screen shows what was read from the file, with its preview.
  await expect(page.getByText(/^Version 1, updated \d{4}-\d\d-\d\d: 3 pieces, sizes 38, 40$/)).toBeVisible();
  const preview = page.getByRole("img", { name: /^Preview of the pattern pieces as read from the file/ });
  expect((await page.request.get((await preview.getAttribute("src"))!)).status()).toBe(200);

  const buyer = await createUser();
  const orderId = await addPaidOrder({ buyerId: buyer.id, productId });

  // A file without a closed outline is refused at its field; nothing changes.
  await page.getByLabel("Upload a new version of the pattern (DXF)").setInputFiles({ name: "open.dxf", mimeType: "application/dxf", buffer: Buffer.from(makeOpenOutlineDxf()) });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("No closed piece outline (layer 1 boundary) was found in this DXF.")).toBeVisible();
  expect(readDb("SELECT version FROM pattern_versions WHERE product_id = ?", productId)).toEqual([{ version: 1 }]);

  // Version 2 with a change note.
  await page.goto(`/edit-product/${productId}`);
  await page.getByLabel("Upload a new version of the pattern (DXF)").setInputFiles(dxf(["38", "40", "42"]));
  await page.getByLabel("Change note for your buyers (with a new version)").fill("Added size 42");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Product updated successfully!")).toBeVisible();
  await expect(page.getByText(/^Version 2, updated .*: 3 pieces, sizes 38, 40, 42$/)).toBeVisible();
  const compare = page.getByRole("img", { name: "The new outline over version 1: previous dashed grey, new solid" });
  const svg = await page.request.get((await compare.getAttribute("src"))!);
  expect(svg.status()).toBe(200);
  expect(await svg.text()).toContain("Previous version");
  expect(readDb("SELECT version, note FROM pattern_versions WHERE product_id = ? ORDER BY version", productId)).toEqual([
    { version: 1, note: "" },
    { version: 2, note: "Added size 42" },
  ]);

  const mail = await waitForMail(buyer.email);
  expect(mail.subject).toBe(`Pattern updated: ${name}`);
  expect(mail.text).toContain("Added size 42");
  expect(mail.text).toContain(`/purchase/${orderId}`);

  const buyerContext = await browser.newContext({ javaScriptEnabled: testInfo.project.name === "js" });
  await loginAs(buyer.id, buyerContext);
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto(`/purchase/${orderId}`);
  const files = buyerPage.getByRole("region", { name: "Pattern files" });
  await expect(files.getByText(/^Version 2, updated .* · Added size 42$/)).toBeVisible();
  await expect(files.getByText(/^Version 1 \(/)).toBeVisible();
  const [download] = await Promise.all([buyerPage.waitForEvent("download"), files.getByRole("link", { name: "DXF (original)" }).first().click()]);
  expect(download.suggestedFilename()).toBe("shirt-v2.dxf");
  await buyerContext.close();
  // Another seller cannot see the comparison.
  const other = await createSeller();
  const otherContext = await browser.newContext();
  await loginAs(other.id, otherContext);
  expect((await otherContext.request.get(`/edit-product/${productId}/compare.svg`)).status()).toBe(404);
  await otherContext.close();
});
