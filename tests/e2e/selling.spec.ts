/** Becoming a seller, the store, and designs: real browsers with and without JavaScript, real files. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { createSeller, DEMO, DXF, expect, jpeg, login, type Page, png, readDb, register, test, uniqueEmail, whenHydrated } from "./fixtures";

const upload = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

function idFromUrl(page: Page): number {
  const match = /\/edit-product\/(\d+)$/.exec(new URL(page.url()).pathname);
  if (!match) throw new Error(`not an edit page: ${page.url()}`);
  return Number(match[1]);
}

test("a new user becomes a seller, lists a pattern and a ready design, edits and removes one", { tag: "@long" }, async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("new-seller");
  const tag = Math.random().toString(36).slice(2, 7);
  const dress = `Wrap Dress ${tag}`;
  const shirt = `Linen Camp Shirt ${tag}`;
  await register(page, { email, password: "sell-my-patterns-1", firstName: "Ada", lastName: "Stitch" });

  // Before anything: no store yet.
  await page.goto("/my-designs");
  await expect(page.getByText("Please setup your store first", { exact: true })).toBeVisible();

  // Complete the profile.
  await page.goto("/settings");
  await page.getByLabel("Street", { exact: true }).fill("12 Bobbin Lane");
  await page.getByLabel("City").fill("Portland");
  await page.getByLabel("State").fill("OR");
  await page.getByLabel("Zip").fill("97201");
  await page.getByLabel("Country").selectOption("US");
  await page.getByLabel("Phone").fill("+1 503 555 0199");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();

  // Become a seller: the marketing page leads to the store settings.
  await page.goto("/become-seller");
  await expect(page.getByRole("heading", { name: "Sell your designs on Patternhouse" })).toBeVisible();
  await expect(page.getByText("Printed pattern", { exact: false }).first()).toBeVisible();
  await page.getByRole("link", { name: "Open your store" }).click();
  await expect(page).toHaveURL("/store-settings");
  await expect(page.getByRole("navigation", { name: "Seller" }).getByRole("link")).toHaveText(["My Designs", "Orders", "Store Settings", "Finance"]);

  const storeName = `Stitch Studio ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await page.getByLabel("Store name").fill(storeName);
  await page.getByLabel("Bio").fill("Modern dress patterns, graded in 8 sizes.");
  await page.getByLabel("Upload a logo").setInputFiles(upload("logo.png", "image/png", await png("#1e3a8a")));
  await page.getByLabel("Add images or videos").setInputFiles([
    upload("studio.jpg", "image/jpeg", await jpeg("#f59e0b")),
    upload("rack.png", "image/png", await png("#10b981")),
  ]);
  await page.getByLabel("Account name").fill("Ada Stitch");
  await page.getByLabel("Account number").fill("123456789012");
  await page.getByLabel("Routing number").fill("110000000");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Store settings updated successfully!")).toBeVisible();
  await expect(page.getByLabel("Store name")).toHaveValue(storeName);
  await expect(page.getByRole("link", { name: "Set up payment details" })).toHaveAttribute("href", "/my-finance-stripe");
  const store = readDb<{ id: number; avatar: string | null; account_number: string; account_last4: string }>(
    "SELECT s.id, s.avatar, s.account_number, s.account_last4 FROM stores s JOIN users u ON u.id = s.user_id WHERE u.email = ?",
    email,
  )[0]!;
  expect(store.avatar).toMatch(/^[a-f0-9]{32}\.png$/);
  expect(store.account_last4).toBe("9012");
  expect(store.account_number).not.toContain("123456789012");
  expect(readDb("SELECT id FROM store_media WHERE store_id = ?", store.id)).toHaveLength(2);

  // My Designs: empty, with the Upload Design button; the header highlights My Store.
  await page.goto("/my-designs");
  await expect(page.getByText("No designs found")).toBeVisible();
  await page.getByRole("link", { name: "Upload Design" }).click();
  await expect(page).toHaveURL("/create-design");

  // A downloadable pattern with a real DXF, a size chart and two images.
  await page.getByLabel("Name", { exact: true }).fill(dress);
  await page.getByLabel("Description").fill("A bias-cut wrap dress with a shawl collar.");
  await expect(page.getByText(`${250 - "A bias-cut wrap dress with a shawl collar.".length} characters left`).or(page.getByText("250 characters left"))).toBeVisible();
  await page.getByLabel("Price ($)").fill("18.50");
  await page.getByLabel("Availability").selectOption("Pattern");
  await page.getByLabel("Category", { exact: true }).selectOption("women");
  await page.getByLabel("Subcategory").selectOption("dresses");
  await page.getByLabel("Digital (DXF download)").check();
  await page.getByLabel("Images or videos").setInputFiles([
    upload("front.png", "image/png", await png("#be123c")),
    upload("back.jpg", "image/jpeg", await jpeg("#881337")),
  ]);
  await page.getByLabel("Size chart image").setInputFiles(upload("sizes.png", "image/png", await png("#ffffff", 120, 80)));
  await page.getByLabel("Pattern file (DXF)").setInputFiles(upload("wrap-dress.dxf", "application/dxf", DXF));
  await page.getByRole("button", { name: "Create Design" }).click();
  await expect(page.getByText("Product created successfully!")).toBeVisible();
  const patternId = idFromUrl(page);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(dress);
  expect(readDb<{ version: number }>("SELECT version FROM pattern_versions WHERE product_id = ?", patternId)).toEqual([{ version: 1 }]);

  // A ready-to-ship design with three sizes: rows are added with a submit button (no JavaScript needed).
  await page.goto("/create-design");
  await page.getByLabel("Name", { exact: true }).fill(shirt);
  await page.getByLabel("Description").fill("Boxy camp-collar shirt in washed linen.");
  await page.getByLabel("Price ($)").fill("64");
  await page.getByLabel("Availability").selectOption("Ready");
  await page.getByLabel("Category", { exact: true }).selectOption("men");
  await page.getByLabel("Subcategory").selectOption("tops");
  await page.getByLabel(/^Medium: up to 2.5 lb/).check();
  await page.getByLabel("Size 1", { exact: true }).fill("S");
  await page.getByLabel("Quantity 1").fill("2");
  // Without JavaScript the server adds the row (and says so); with it the row is added in the page.
  const withJs = test.info().project.use.javaScriptEnabled !== false;
  if (withJs) await whenHydrated(page);
  await page.getByRole("button", { name: "Add size" }).click();
  if (!withJs) await expect(page.getByText("A size row was added.")).toBeVisible();
  await expect(page.getByLabel("Size 1", { exact: true })).toHaveValue("S");
  await page.getByLabel("Size 2", { exact: true }).fill("M");
  await page.getByLabel("Quantity 2").fill("4");
  await page.getByRole("button", { name: "Add size" }).click();
  await page.getByLabel("Size 3", { exact: true }).fill("L");
  await page.getByLabel("SKU 3").fill("CAMP-L");
  await page.getByLabel("Quantity 3").fill("1");
  await page.getByLabel("Images or videos").setInputFiles(upload("shirt.png", "image/png", await png("#a3a3a3")));
  await page.getByLabel("Size chart image").setInputFiles(upload("chart.jpg", "image/jpeg", await jpeg("#fafafa", 120, 80)));
  await page.getByRole("button", { name: "Create Design" }).click();
  await expect(page.getByText("Product created successfully!")).toBeVisible();
  const readyId = idFromUrl(page);
  expect(readDb<{ value: string; sku: string; inventory: number }>("SELECT value, sku, inventory FROM variants WHERE product_id = ? ORDER BY position", readyId)).toEqual([
    { value: "S", sku: "", inventory: 2 },
    { value: "M", sku: "", inventory: 4 },
    { value: "L", sku: "CAMP-L", inventory: 1 },
  ]);

  // Both are in the catalogue under their categories, with their type labels.
  await page.goto("/?category1=women&category2=dresses&sort=newest");
  await expect(page.getByRole("link", { name: dress })).toBeVisible();
  await page.goto("/?category1=men&category2=tops&sort=newest");
  await expect(page.getByRole("link", { name: shirt })).toBeVisible();
  await page.goto(`/product/${patternId}`);
  await expect(page.getByText("Downloadable Pattern (DXF for commercial production)")).toBeVisible();
  await page.goto(`/product/${readyId}`);
  await expect(page.getByText("Ready to Ship Apparel")).toBeVisible();

  // Own cards link to the editor.
  await page.goto("/my-designs");
  await expect(page.getByRole("link", { name: shirt })).toHaveAttribute("href", `/edit-product/${readyId}`);

  // Edit the price and one size's stock.
  await page.goto(`/edit-product/${readyId}`);
  await page.getByLabel("Price ($)").fill("59.90");
  await page.getByLabel("Quantity 2").fill("7");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Product updated successfully!")).toBeVisible();
  await expect(page.getByLabel("Price ($)")).toHaveValue("59.90");
  expect(readDb<{ price_cents: number }>("SELECT price_cents FROM products WHERE id = ?", readyId)[0]!.price_cents).toBe(5990);
  expect(readDb<{ inventory: number }>("SELECT inventory FROM variants WHERE product_id = ? AND value = 'M'", readyId)[0]!.inventory).toBe(7);

  // Remove the pattern, with a confirmation step.
  await page.goto(`/edit-product/${patternId}`);
  await page.getByRole("link", { name: "Remove" }).click();
  await expect(page.getByRole("heading", { name: `Remove “${dress}”?` })).toBeVisible();
  await page.getByRole("button", { name: "Yes, remove design" }).click();
  await expect(page).toHaveURL("/my-designs");
  await expect(page.getByText("Product removed successfully!")).toBeVisible();
  await expect(page.getByRole("link", { name: dress })).toHaveCount(0);
  await expect(page.getByRole("link", { name: shirt })).toBeVisible();
  const gone = await page.goto(`/product/${patternId}`);
  expect(gone?.status()).toBe(404);
  expect(readDb<{ removed: number }>("SELECT removed_at IS NOT NULL AS removed FROM products WHERE id = ?", patternId)[0]!.removed).toBe(1);
});

test("visitors are asked to log in to become a seller and come back after logging in", async ({ page }) => {
  await page.goto("/become-seller");
  await expect(page.getByText("Please login to become a seller")).toBeVisible();
  await expect(page.getByRole("link", { name: "OK" })).toHaveAttribute("href", "/login?redirectTo=%2Fbecome-seller");
  const response = await page.goto("/become-seller/patterns");
  expect(response?.status()).toBe(200);
  expect((await page.goto("/become-seller/nonsense"))?.status()).toBe(404);
  await page.goto("/my-designs");
  await expect(page).toHaveURL("/login?redirectTo=%2Fmy-designs");
});

test("a refused design keeps what was typed and shows each error at its field", { tag: "@long" }, async ({ page, javaScriptEnabled }) => {
  test.slow(); // two 25 MB uploads
  const seller = await createSeller();
  await page.context().setExtraHTTPHeaders({ Authorization: seller.token });
  await page.goto("/create-design");
  await page.getByLabel("Name", { exact: true }).fill("Keep Me Dress");
  await page.getByLabel("Description").fill("Typed once, kept on error.");
  await page.getByLabel("Price ($)").fill("25");
  await page.getByLabel("Availability").selectOption("Pattern");
  await page.getByLabel("Category", { exact: true }).selectOption("women");
  await page.getByLabel("Subcategory").selectOption("dresses");
  await page.getByLabel("Print (printed and shipped").check();
  // 25 MiB + 1 byte, from disk (the browser reads it itself).
  const huge = path.join(os.tmpdir(), `huge-${process.pid}.png`);
  fs.writeFileSync(huge, Buffer.alloc(26214400 + 1));
  await page.getByLabel("Images or videos").setInputFiles(huge);
  if (javaScriptEnabled) {
    // With JavaScript the file is refused as soon as it is chosen, before any upload.
    await expect(page.getByText("File Too Large")).toBeVisible();
    await expect(page.getByText(`${path.basename(huge)} is too large. Maximum file size is 25MB.`)).toBeVisible();
    await page.getByRole("button", { name: "Create Design" }).click();
    await expect(page).toHaveURL("/create-design");
    expect(readDb("SELECT id FROM products WHERE store_id = ?", seller.storeId)).toEqual([]);
    // The server refuses it too, while reading, when the browser's check is bypassed.
    await page.getByLabel("Images or videos").evaluate((input: HTMLInputElement) => input.setCustomValidity(""));
  }
  await page.getByLabel("Size chart image").setInputFiles(upload("chart.png", "image/png", await png("#ffffff")));
  await page.getByRole("button", { name: "Create Design" }).click();
  // The browser sends the whole 25 MB before it reads the answer: slow on a busy machine. Wait for a message only
  // the server gives (with JavaScript the size message is already on the page from the browser's own check).
  await expect(page.getByText("Pattern file (DXF) is required for a pattern")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`${path.basename(huge)} is too large. Maximum file size is 25MB.`)).toBeVisible();
  await expect(page.getByLabel("Pattern file (DXF)")).toHaveAttribute("aria-invalid", "true");
  // The list at the top links to each field to correct (issue 34, item 15).
  const links = page.getByTestId("design-error-links");
  await expect(links.getByRole("link", { name: "Pattern file (DXF)" })).toHaveAttribute("href", "#design-pattern");
  await expect(links.getByRole("link", { name: "Images or videos" })).toHaveAttribute("href", "#design-media");
  await expect(page.locator("#design-pattern")).toHaveAttribute("type", "file");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Keep Me Dress");
  await expect(page.getByLabel("Description")).toHaveValue("Typed once, kept on error.");
  await expect(page.getByLabel("Print (printed and shipped", { exact: false })).toBeChecked();
  // The refused file is not kept; the good size chart is, for the next save (issue 34, item 16).
  await expect(page.getByText("Files that were refused were not kept")).toBeVisible();
  await expect(page.getByTestId("held-sizeChart")).toContainText("chart.png");
  expect(readDb("SELECT id FROM products WHERE store_id = ?", seller.storeId)).toEqual([]);
  expect(readDb("SELECT name FROM files WHERE owner_id = ?", seller.id)).toEqual([]);
  fs.rmSync(huge, { force: true });
});

test("without a complete profile the seller sees the red prompt linking to the settings", async ({ page }) => {
  const seller = await createSeller({ completeProfile: false });
  await page.context().setExtraHTTPHeaders({ Authorization: seller.token });
  await page.goto("/my-designs");
  await expect(page.getByText("Your profile is incomplete")).toBeVisible();
  await expect(page.getByRole("link", { name: "Complete your profile in Settings" })).toHaveAttribute("href", "/settings?redirectTo=%2Fmy-designs");
});

test("seller B gets 404 on seller A's design screen and cannot remove it", async ({ page, request }) => {
  const a = await createSeller();
  const b = await createSeller();
  const form = new FormData();
  form.append("product", JSON.stringify({ name: "A's coat", desc: "Wool coat.", price: 120, type: "Made", category1: "women", category2: "jackets", parcel_size: "Large" }));
  form.append("sizeChart", new Blob([new Uint8Array(await png("#ffffff"))], { type: "image/png" }), "c.png");
  form.append("images", new Blob([new Uint8Array(await png("#334155"))], { type: "image/png" }), "coat.png");
  const created = await request.post("/api/user/update-product", { headers: { Authorization: a.token }, multipart: form });
  expect(created.status()).toBe(201);
  const id = (await created.json()).product.id as number;

  await page.context().setExtraHTTPHeaders({ Authorization: b.token });
  const view = await page.goto(`/edit-product/${id}`);
  expect(view?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  expect((await page.goto(`/edit-product/${id}?remove=1`))?.status()).toBe(404);
  const remove = await page.request.post(`/edit-product/${id}`, { form: { intent: "remove" }, maxRedirects: 0 });
  expect(remove.status()).toBe(404);
  expect(readDb<{ removed_at: number | null }>("SELECT removed_at FROM products WHERE id = ?", id)[0]!.removed_at).toBeNull();
  // B's own store settings show B's store, never A's.
  await page.goto("/store-settings");
  await expect(page.getByLabel("Store name")).toHaveValue(`Atelier ${b.id}`);
});

test("the demo seller edits its seeded designs; the demo buyer has no store", { tag: "@long" }, async ({ page, request }) => {
  const patternDesign = readDb<{ id: number; name: string }>(
    `SELECT p.id, p.name FROM products p JOIN stores s ON s.id = p.store_id JOIN users u ON u.id = s.user_id
      WHERE u.email = ? AND p.type = 'Pattern' AND p.removed_at IS NULL ORDER BY p.id LIMIT 1`,
    DEMO.seller.email,
  )[0]!;
  await login(page, DEMO.seller);
  await expect(page).toHaveURL("/");
  await page.goto("/my-designs");
  await expect(page.getByRole("link", { name: patternDesign.name })).toHaveAttribute("href", `/edit-product/${patternDesign.id}`);
  await page.goto(`/edit-product/${patternDesign.id}`);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(patternDesign.name);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Product updated successfully!")).toBeVisible();

  // Through the JSON face every seeded design of the demo seller opens and passes the form's rules unchanged.
  const token = (await (await request.post("/api/auth/login", { data: DEMO.seller })).json()).token as string;
  const own = (await (await request.get("/api/user/get-own-products", { headers: { Authorization: token } })).json()) as { id: number }[];
  expect(own.length).toBeGreaterThan(5);
  for (const { id } of own.slice(0, 4)) {
    const product = await (await request.get(`/api/user/get-product/${id}`, { headers: { Authorization: token } })).json();
    const fd = new FormData();
    fd.append("id", String(id));
    fd.append("product", JSON.stringify(product));
    const saved = await request.post("/api/user/update-product", { headers: { Authorization: token }, multipart: fd });
    expect(saved.status(), `${id}`).toBe(200);
  }

  await page.context().clearCookies();
  await login(page, DEMO.buyer);
  await expect(page).toHaveURL("/");
  await page.goto("/my-designs");
  await expect(page.getByText("Please setup your store first", { exact: true })).toBeVisible();
});

test("store images are added, reordered and removed on the store settings form", { tag: "@long" }, async ({ page }) => {
  const seller = await createSeller();
  await page.context().setExtraHTTPHeaders({ Authorization: seller.token });
  await page.goto("/store-settings");
  await expect(page.getByRole("heading", { name: "Store Settings" })).toBeVisible();
  if (test.info().project.use.javaScriptEnabled !== false) await whenHydrated(page);
  await page.getByLabel("Add images or videos").setInputFiles([
    upload("one.png", "image/png", await png("#111111")),
    upload("two.png", "image/png", await png("#222222")),
    upload("three.png", "image/png", await png("#333333")),
  ]);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Store settings updated successfully!")).toBeVisible();
  const before = readDb<{ id: number; media: string }>("SELECT id, media FROM store_media WHERE store_id = ? ORDER BY position", seller.storeId);
  expect(before).toHaveLength(3);

  // Third first, first second, the second removed.
  const positions = page.getByRole("spinbutton", { name: "Position" });
  await positions.nth(0).fill("2");
  await positions.nth(2).fill("1");
  await page.getByRole("checkbox", { name: "Remove" }).nth(1).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(positions).toHaveCount(2);
  await expect(page.getByText("Store settings updated successfully!")).toBeVisible();
  const after = readDb<{ id: number }>("SELECT id FROM store_media WHERE store_id = ? ORDER BY position", seller.storeId).map((r) => r.id);
  expect(after).toEqual([before[2]!.id, before[0]!.id]);
  expect(readDb("SELECT name FROM files WHERE name = ?", before[1]!.media)).toEqual([]);
  // The public store page shows them in that order.
  await page.goto(`/store/${seller.id}`);
  await expect(page.getByRole("heading", { name: `Atelier ${seller.id}` })).toBeVisible();
});
