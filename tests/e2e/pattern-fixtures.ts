/**
 * Patterns for the pattern specs: a Digital pattern design created by a logged-in seller through the /create-design
 * form itself, as a seller does.
 */
import type { Page } from "@playwright/test";

import { expect } from "./fixtures";
import { png } from "./seller-fixtures";

export type UploadFile = { name: string; mimeType: string; buffer: Buffer };

/**
 * Fills and sends /create-design for a Digital pattern (women, dresses; an image and a size chart) with the given
 * pattern file, waits for the success note and answers the new product's id (the edit screen it lands on).
 */
export async function createDigitalPattern(page: Page, design: { name: string; description: string; price: string; dxf: UploadFile }): Promise<number> {
  await page.goto("/create-design");
  await page.getByLabel("Name", { exact: true }).fill(design.name);
  await page.getByLabel("Description").fill(design.description);
  await page.getByLabel("Price ($)").fill(design.price);
  await page.getByLabel("Availability").selectOption("Pattern");
  await page.getByLabel("Category", { exact: true }).selectOption("women");
  await page.getByLabel("Subcategory").selectOption("dresses");
  await page.getByLabel("Digital (DXF download)").check();
  await page.getByLabel("Images or videos").setInputFiles([{ name: "front.png", mimeType: "image/png", buffer: await png("#be123c") }]);
  await page.getByLabel("Size chart image").setInputFiles({ name: "sizes.png", mimeType: "image/png", buffer: await png("#ffffff", 120, 80) });
  await page.getByLabel("Pattern file (DXF)").setInputFiles(design.dxf);
  await page.getByRole("button", { name: "Create Design" }).click();
  await expect(page.getByText("Product created successfully!")).toBeVisible();
  return Number(/\/edit-product\/(\d+)/.exec(page.url())![1]);
}
