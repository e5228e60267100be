/**
 * Patterns for the pattern specs: a Digital pattern design created by a logged-in seller through the /create-design
 * form itself, as a seller does, or through update-product, as a client does.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

import type { APIRequestContext, Page } from "@playwright/test";

import { expect } from "./fixtures";
import { png } from "./seller-fixtures";
import { makeAstmDxf } from "~/models/patterns/demo.server";

/** The real graded tank export of ../shared/cad-dxf (WM_LOOSE_SHAPE_TANK, sizes 26 to 52). */
export const TANK_DXF = zlib.gunzipSync(fs.readFileSync(path.join(process.cwd(), "tests/fixtures/cad-dxf/WM_LOOSE_SHAPE_TANK.DXF.gz")));

/**
 * A Digital pattern (women, tops; an image and a size chart image) created through update-product as a client does,
 * from `dxf`; answers its id.
 */
export async function patternThroughApi(
  request: APIRequestContext,
  token: string,
  design: { name: string; desc: string; price: number; dxf: Buffer | string; fileName: string; colour: string },
): Promise<number> {
  const fd = new FormData();
  fd.append("product", JSON.stringify({ name: design.name, desc: design.desc, price: design.price, type: "Pattern", category1: "women", category2: "tops" }));
  fd.append("delivery", "Digital");
  const bytes = typeof design.dxf === "string" ? design.dxf : new Uint8Array(design.dxf);
  fd.append("pattern", new Blob([bytes], { type: "application/dxf" }), design.fileName);
  fd.append("sizeChart", new Blob([new Uint8Array(await png("#ffffff"))], { type: "image/png" }), "chart.png");
  fd.append("images", new Blob([new Uint8Array(await png(design.colour))], { type: "image/png" }), "front.png");
  const response = await request.post("/api/user/update-product", { headers: { Authorization: token }, multipart: fd });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).product.id as number;
}

/** The real tank as a seller's Digital pattern. */
export const tankPattern = (request: APIRequestContext, token: string, name = "Layout Tank") =>
  patternThroughApi(request, token, { name, desc: "A relaxed tank, graded 26 to 52.", price: 9, dxf: TANK_DXF, fileName: "relaxed-tank.dxf", colour: "#0e7490" });

/** A generated graded bodice in sizes S, M, L as a seller's Digital pattern. */
export const gradedPattern = (request: APIRequestContext, token: string, name: string) =>
  patternThroughApi(request, token, { name, desc: "A graded bodice.", price: 12, dxf: makeAstmDxf({ sizes: ["S", "M", "L"] }), fileName: "bodice.dxf", colour: "#be185d" });

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
