/**
 * Size rows of the design form (/create-design, /edit-product/{id}): with JavaScript they are added and removed in
 * the page, so the files a seller chose stay chosen; without it the server adds the row and says to choose the
 * files again (a browser cannot refill a file input).
 */

import { createSeller, DXF, expect, jpeg, type Locator, type Page, png, readDb, test, whenHydrated } from "./fixtures";

const upload = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

/** The names of the files a file input holds right now. */
function chosen(input: Locator): Promise<string[]> {
  return input.evaluate((el: HTMLInputElement) => Array.from(el.files ?? []).map((f) => f.name));
}

async function fillDetails(page: Page, name: string) {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Description").fill("A boxy shirt in washed linen.");
  await page.getByLabel("Price ($)").fill("48");
  await page.getByLabel("Category", { exact: true }).selectOption("men");
  await page.getByLabel("Subcategory").selectOption("tops");
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "sizes are edited in the page only with JavaScript");

  test("/create-design: adding and removing sizes keeps the chosen files, and saving stores them", { tag: "@long" }, async ({ page }) => {
    const seller = await createSeller();
    await page.context().setExtraHTTPHeaders({ Authorization: seller.token });
    await page.goto("/create-design");
    await whenHydrated(page);
    await fillDetails(page, "Camp Shirt Keeps Files");
    // Before an availability is chosen every section is there, the pattern file too.
    const images = page.getByLabel("Images or videos");
    const sizeChart = page.getByLabel("Size chart image");
    const pattern = page.getByLabel("Pattern file (DXF)");
    await images.setInputFiles([upload("front.png", "image/png", await png("#be123c")), upload("back.jpg", "image/jpeg", await jpeg("#881337"))]);
    await sizeChart.setInputFiles(upload("chart.png", "image/png", await png("#ffffff", 120, 80)));
    await pattern.setInputFiles(upload("shirt.dxf", "application/dxf", DXF));

    await page.getByLabel("Size 1", { exact: true }).fill("S");
    await page.getByLabel("Quantity 1").fill("2");
    await page.getByRole("button", { name: "Add size" }).click();
    await page.getByLabel("Size 2", { exact: true }).fill("M");
    await page.getByLabel("SKU 2").fill("CAMP-M");
    await page.getByRole("button", { name: "Add size" }).click();
    await page.getByLabel("Size 3", { exact: true }).fill("L");
    await page.getByLabel("Quantity 3").fill("5");
    await page.getByRole("button", { name: "Remove size 2" }).click();

    // The rows closed up, what was typed stayed with its row, and no round trip emptied the file inputs.
    await expect(page.getByLabel("Size 3", { exact: true })).toHaveCount(0);
    await expect(page.getByLabel("Size 1", { exact: true })).toHaveValue("S");
    await expect(page.getByLabel("Size 2", { exact: true })).toHaveValue("L");
    await expect(page.getByLabel("Quantity 2")).toHaveValue("5");
    await expect(page.getByText("A size row was added.")).toHaveCount(0);
    expect(await chosen(images)).toEqual(["front.png", "back.jpg"]);
    expect(await chosen(sizeChart)).toEqual(["chart.png"]);
    expect(await chosen(pattern)).toEqual(["shirt.dxf"]);

    await page.getByLabel("Availability").selectOption("Ready");
    await page.getByLabel(/^Small: up to 1 lb/).check();
    await page.getByRole("button", { name: "Create Design" }).click();
    await expect(page.getByText("Product created successfully!")).toBeVisible();
    const id = Number(/\/edit-product\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    const product = readDb<{ size_chart: string | null }>("SELECT size_chart FROM products WHERE id = ? AND store_id = ?", id, seller.storeId)[0]!;
    expect(product.size_chart).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(readDb<{ original_name: string }>("SELECT original_name FROM files WHERE name = ?", product.size_chart)).toEqual([{ original_name: "chart.png" }]);
    expect(
      readDb<{ original_name: string }>(
        "SELECT f.original_name FROM product_media m JOIN files f ON f.name = m.media WHERE m.product_id = ? ORDER BY m.position",
        id,
      ),
    ).toEqual([{ original_name: "front.png" }, { original_name: "back.jpg" }]);
    expect(readDb("SELECT value, sku, inventory FROM variants WHERE product_id = ? ORDER BY position", id)).toEqual([
      { value: "S", sku: "", inventory: 2 },
      { value: "L", sku: "", inventory: 5 },
    ]);
  });

  test("/edit-product/{id}: a new size chart and image survive adding and removing sizes", { tag: "@long" }, async ({ page, request }) => {
    const seller = await createSeller();
    const form = new FormData();
    form.append("product", JSON.stringify({ name: "Chore Coat Edit", desc: "Canvas chore coat.", price: 90, type: "Made", category1: "men", category2: "jackets", parcel_size: "Large" }));
    form.append("variants", JSON.stringify([{ name: "Size", value: "S", inventory: 1 }, { name: "Size", value: "M", inventory: 2 }]));
    form.append("sizeChart", new Blob([new Uint8Array(await png("#eeeeee"))], { type: "image/png" }), "old-chart.png");
    form.append("images", new Blob([new Uint8Array(await png("#334155"))], { type: "image/png" }), "coat.png");
    const created = await request.post("/api/user/update-product", { headers: { Authorization: seller.token }, multipart: form });
    expect(created.status()).toBe(201);
    const id = (await created.json()).product.id as number;

    await page.context().setExtraHTTPHeaders({ Authorization: seller.token });
    await page.goto(`/edit-product/${id}`);
    await whenHydrated(page);
    const newChart = page.getByLabel("Replace size chart image");
    const newImages = page.getByLabel("Add images or videos");
    await newChart.setInputFiles(upload("new-chart.png", "image/png", await png("#fafafa", 120, 80)));
    await newImages.setInputFiles(upload("detail.jpg", "image/jpeg", await jpeg("#0f172a")));
    await page.getByRole("button", { name: "Add size" }).click();
    await page.getByLabel("Size 3", { exact: true }).fill("XL");
    await page.getByLabel("Quantity 3").fill("4");
    await page.getByRole("button", { name: "Remove size 1" }).click();
    await expect(page.getByLabel("Size 1", { exact: true })).toHaveValue("M");
    await expect(page.getByLabel("Size 2", { exact: true })).toHaveValue("XL");
    expect(await chosen(newChart)).toEqual(["new-chart.png"]);
    expect(await chosen(newImages)).toEqual(["detail.jpg"]);

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Product updated successfully!")).toBeVisible();
    const chart = readDb<{ original_name: string }>(
      "SELECT f.original_name FROM products p JOIN files f ON f.name = p.size_chart WHERE p.id = ?",
      id,
    );
    expect(chart).toEqual([{ original_name: "new-chart.png" }]);
    expect(
      readDb<{ original_name: string }>(
        "SELECT f.original_name FROM product_media m JOIN files f ON f.name = m.media WHERE m.product_id = ? ORDER BY m.position",
        id,
      ),
    ).toEqual([{ original_name: "coat.png" }, { original_name: "detail.jpg" }]);
    expect(readDb("SELECT value, inventory FROM variants WHERE product_id = ? ORDER BY position", id)).toEqual([
      { value: "M", inventory: 2 },
      { value: "XL", inventory: 4 },
    ]);
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the round trip is the no-JavaScript way to add a size");

  test("Add size reloads the form and keeps the chosen files for the save (issue 34, item 16)", async ({ page }) => {
    const seller = await createSeller();
    await page.context().setExtraHTTPHeaders({ Authorization: seller.token });
    await page.goto("/create-design");
    await fillDetails(page, "Camp Shirt No Script");
    await page.getByLabel("Images or videos").setInputFiles(upload("front.png", "image/png", await png("#be123c")));
    await page.getByLabel("Size chart image").setInputFiles(upload("chart.png", "image/png", await png("#ffffff", 120, 80)));
    await page.getByLabel("Size 1", { exact: true }).fill("S");
    await page.getByRole("button", { name: "Add size" }).click();

    await expect(page.getByRole("status")).toHaveText("A size row was added. Nothing is saved until you press Save.");
    await expect(page.getByLabel("Size 1", { exact: true })).toHaveValue("S");
    await expect(page.getByLabel("Size 2", { exact: true })).toHaveValue("");
    // A browser cannot refill a file input: the files are held on the server and listed at their fields instead.
    expect(await chosen(page.getByLabel("Size chart image"))).toEqual([]);
    await expect(page.getByTestId("held-media")).toContainText("front.png");
    await expect(page.getByTestId("held-sizeChart")).toContainText("chart.png");

    // Another round trip keeps them too.
    await page.getByRole("button", { name: "Remove size 2" }).click();
    await expect(page.getByRole("status")).toHaveText("The size row was removed. Nothing is saved until you press Save.");
    await expect(page.getByTestId("held-sizeChart")).toContainText("chart.png");
    expect(readDb("SELECT id FROM products WHERE store_id = ?", seller.storeId)).toEqual([]);
  });
});
