/**
 * Hostile DXF files through the design form, with and without JavaScript (issue 18): each is refused at the
 * pattern field with its reason, what was typed is kept, and nothing is stored. Without JavaScript every file; with
 * it the three read at once (a bad POLYLINE, a number that cannot be drawn, a binary file): the page's part is the
 * same for every refusal, and reading the large ones again costs the suite half a minute (each reason is also held
 * by api-hostile.spec.ts and app/models/patterns/hostile.test.ts).
 */

import { bigDxf, binaryDxf, insertFanOut, polylineWithoutVertices, square, vertexOf } from "../fixtures/hostile-dxf";
import { createSeller, expect, png, readDb, test } from "./fixtures";

test.describe.configure({ timeout: 300_000 });

const FILES: { name: string; buffer: Buffer; error: string; quick?: true }[] = [
  { name: "hang.dxf", quick: true, buffer: Buffer.from(polylineWithoutVertices()), error: "This file is not a readable DXF file: a POLYLINE is followed by LINE on line 14 instead of its vertices." },
  { name: "fan-out.dxf", buffer: Buffer.from(insertFanOut()), error: "This DXF is too large or too complex to read: its blocks expand to more than 200,000 entities" },
  { name: "one-km.dxf", buffer: Buffer.from(square(1_000_000)), error: 'Piece "Piece 1" would be 1,000 m long, and a pattern piece can be at most 5 m.' },
  { name: "inf.dxf", quick: true, buffer: Buffer.from(vertexOf("inf")), error: 'This DXF has a number that cannot be drawn: "inf" on line 22.' },
  { name: "huge.dxf", buffer: Buffer.from(bigDxf(24)), error: "This DXF is too large or too complex to read: it has more than 150,000 entities" },
  { name: "binary.dxf", quick: true, buffer: binaryDxf(), error: "binary.dxf is a binary DXF. Export it again as an ASCII (text) DXF." },
];

test("hostile pattern files are refused at the pattern field; what was typed stays and nothing is stored", { tag: "@long" }, async ({ page, javaScriptEnabled }) => {
  const seller = await createSeller();
  await page.context().setExtraHTTPHeaders({ Authorization: seller.token });
  await page.goto("/create-design");
  await page.getByLabel("Name", { exact: true }).fill("Hostile Dress");
  await page.getByLabel("Description").fill("Refused, and still here.");
  await page.getByLabel("Price ($)").fill("25");
  await page.getByLabel("Availability").selectOption("Pattern");
  await page.getByLabel("Category", { exact: true }).selectOption("women");
  await page.getByLabel("Subcategory").selectOption("dresses");
  await page.getByLabel("Digital (DXF download)").check();
  for (const file of javaScriptEnabled ? FILES.filter((f) => f.quick) : FILES) {
    await page.getByLabel("Images or videos").setInputFiles({ name: "look.png", mimeType: "image/png", buffer: await png("#aa3333") });
    await page.getByLabel("Size chart image").setInputFiles({ name: "chart.png", mimeType: "image/png", buffer: await png("#ffffff", 120, 80) });
    await page.getByLabel("Pattern file (DXF)").setInputFiles({ name: file.name, mimeType: "application/dxf", buffer: file.buffer });
    await page.getByRole("button", { name: "Create Design" }).click();
    await expect(page.getByText(file.error, { exact: false }), file.name).toBeVisible({ timeout: 90_000 });
    await expect(page.getByLabel("Pattern file (DXF)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Hostile Dress");
    expect(readDb("SELECT id FROM products WHERE store_id = ?", seller.storeId), file.name).toEqual([]);
    expect(readDb("SELECT name FROM files WHERE owner_id = ?", seller.id), file.name).toEqual([]);
  }
});
