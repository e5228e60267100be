/**
 * The edit screen shows what the reader found (decision 100): the pieces by size, the fabric per material and width
 * and every warning of the reading; "Read as" reads the file again in the seller's units. With JavaScript on and off,
 * and on a phone the tables scroll inside their own box.
 */
import { makePlainDxf } from "../fixtures/dxf";
import { createDigitalPattern, createSeller, expect, readDb, test } from "./fixtures";

test("the edit screen shows the pieces, the fabric and the warnings of the reading, and reads the file again in the units chosen", { tag: "@long" }, async ({ page, loginAs }, testInfo) => {
  const seller = await createSeller();
  await loginAs(seller.id, page);
  // The header says millimetres; the numbers are centimetres (a 25.6 x 70.3 "mm" bodice).
  const dxf = makePlainDxf({ units: "mm", width: 25.6, height: 70.3 });
  const productId = await createDigitalPattern(page, {
    name: `Bodice ${testInfo.project.name} ${seller.id}`,
    description: "A bodice drawn in centimetres, exported with a millimetre header.",
    price: "9",
    dxf: { name: "bodice.dxf", mimeType: "application/dxf", buffer: Buffer.from(dxf) },
  });

  const panel = page.getByRole("region", { name: "What we read from the pattern file" });
  await expect(panel.getByTestId("pattern-units")).toHaveText("Read in centimetres, worked out from the size of the pieces.");
  await expect(panel.getByRole("list", { name: "Warnings about the reading" })).toContainText(
    "Read as centimetres: the header says millimetres but the pieces would be 2.6 cm wide.",
  );
  const pieces = panel.getByRole("region", { name: "Pieces by size" });
  await expect(pieces.getByRole("columnheader")).toHaveText(["Piece", "Cut", "On fold", "Material", "One size"]);
  await expect(pieces.getByRole("row").nth(1)).toContainText("256.0 × 703.0");
  await expect(pieces.getByRole("row").nth(1)).toContainText("Cut 1");
  const fabric = panel.getByRole("region", { name: "Fabric needed by size" });
  await expect(fabric.getByRole("row")).toHaveCount(4); // the header and fabric at 112, 140 and 150 cm
  await expect(fabric.getByRole("row").nth(1)).toContainText(/fabric\s*112 cm\s*\d+\.\d m/);
  await expect(panel.getByLabel("Read as")).toHaveValue("file");

  // Read as inches: the pieces are 2.54 times larger, and the choice is the seller's.
  await panel.getByLabel("Read as").selectOption("in");
  await panel.getByRole("button", { name: "Read the file again" }).click();
  await expect(page.getByText("The pattern file was read again. Check the pieces and the fabric below.")).toBeVisible();
  await expect(panel.getByTestId("pattern-units")).toHaveText("Read in inches, as you chose.");
  await expect(pieces.getByRole("row").nth(1)).toContainText("650.2 × 1785.6");
  await expect(panel.getByLabel("Read as")).toHaveValue("in");
  const [row] = readDb<{ data: string; reading: number }>("SELECT data, reading FROM pattern_versions WHERE product_id = ?", productId);
  expect(row!.reading).toBe(1);
  expect(JSON.parse(row!.data)).toMatchObject({ units: "in", unitsSource: "seller" });

  // Back to what the file says.
  await panel.getByLabel("Read as").selectOption("file");
  await panel.getByRole("button", { name: "Read the file again" }).click();
  await expect(panel.getByTestId("pattern-units")).toHaveText("Read in centimetres, worked out from the size of the pieces.");
  await expect(pieces.getByRole("row").nth(1)).toContainText("256.0 × 703.0");

  // A choice that is not one is the field's error (400), never a 500; nothing changes.
  const bad = await page.request.post(`/edit-product/${productId}`, { multipart: { intent: "units", units: "furlongs" }, headers: { Origin: new URL(page.url()).origin } });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain("Choose how to read the pattern file.");
  expect(readDb<{ reading: number }>("SELECT reading FROM pattern_versions WHERE product_id = ?", productId)).toEqual([{ reading: 2 }]);

  // On a phone the page does not scroll sideways: the tables scroll inside their own box.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(pieces).toBeVisible();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
});
