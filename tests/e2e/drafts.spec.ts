/**
 * Drafts (issue 23 item 5, decision 106), with JavaScript on and off: a seller saves a design as a draft, sees its
 * badge and its preview; a buyer gets 404 on its page and does not find it in search; the seller publishes it and the
 * buyer finds it.
 */

import { createSeller, expect, jpeg, png, test, whenHydrated } from "./fixtures";

const upload = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

test("a seller saves a draft, previews it, publishes it; buyers see it only once published", { tag: "@long" }, async ({ page, context, loginAs, createUser }) => {
  test.slow(); // two users, a dozen navigations and an upload
  const seller = await createSeller();
  const buyer = await createUser();
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Draft Smock ${tag}`;

  // The seller fills the design form and presses "Save as draft" (a second submit button: no JavaScript needed).
  await loginAs(seller.id);
  await page.goto("/create-design");
  if (test.info().project.use.javaScriptEnabled !== false) await whenHydrated(page);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Description").fill("A gathered smock dress, not ready for buyers yet.");
  await page.getByLabel("Price ($)").fill("72");
  await page.getByLabel("Availability").selectOption("Ready");
  await page.getByLabel("Category", { exact: true }).selectOption("women");
  await page.getByLabel("Subcategory").selectOption("dresses");
  await page.getByLabel(/^Medium: up to 2.5 lb/).check();
  await page.getByLabel("Size 1", { exact: true }).fill("M");
  await page.getByLabel("Quantity 1").fill("3");
  await page.getByLabel("Images or videos").setInputFiles(upload("smock.png", "image/png", await png("#7c3aed")));
  await page.getByLabel("Size chart image").setInputFiles(upload("chart.jpg", "image/jpeg", await jpeg("#fafafa", 120, 80)));
  await page.getByRole("button", { name: "Save as draft" }).click();
  // An upload on a busy machine: the save may take longer than the default 5 s.
  await expect(page.getByText("Draft saved. Buyers cannot see it until you publish it.")).toBeVisible({ timeout: 20_000 });
  const match = /\/edit-product\/(\d+)$/.exec(new URL(page.url()).pathname);
  expect(match).not.toBeNull();
  const id = Number(match![1]);
  // The edit screen says it is a draft and offers to publish it.
  await expect(page.getByText("Draft", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Save and publish" })).toBeVisible();
  await expect(page.getByRole("button", { name: `Publish ${name}` })).toBeVisible();
  // Its "Save draft" says the draft was saved, not that a product was updated (issue 34, item 21).
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(`/edit-product/${id}`));
  await page.getByRole("button", { name: "Save draft" }).click();
  await saved;
  await page.waitForLoadState();
  await expect(page.getByText("Draft saved. Buyers cannot see it until you publish it.")).toBeVisible();
  await expect(page.getByText("Product updated successfully!")).toHaveCount(0);

  // /my-designs lists it with its badge, a Publish button and a Preview link.
  await page.goto("/my-designs");
  const card = page.getByRole("listitem").filter({ hasText: name });
  await expect(card.getByText("Draft", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: `Publish ${name}` })).toBeVisible();
  await card.getByRole("link", { name: "Preview" }).click();
  await expect(page).toHaveURL(`/product/${id}`);
  await expect(page.getByText("Preview: this is how buyers will see it.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // A buyer: the page is 404 and search does not find it.
  await context.clearCookies();
  await loginAs(buyer.id);
  const hidden = await page.goto(`/product/${id}`);
  expect(hidden?.status()).toBe(404);
  await page.goto(`/?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("link", { name })).toHaveCount(0);
  await expect(page.getByText("No products found").first()).toBeVisible();

  // The seller publishes it from /my-designs.
  await context.clearCookies();
  await loginAs(seller.id);
  await page.goto("/my-designs");
  await page.getByRole("listitem").filter({ hasText: name }).getByRole("button", { name: `Publish ${name}` }).click();
  await expect(page.getByText("Design published: buyers can find it now.")).toBeVisible();
  const published = page.getByRole("listitem").filter({ hasText: name });
  await expect(published.getByText("Draft", { exact: true })).toHaveCount(0);
  await expect(published.getByRole("button", { name: `Unpublish ${name}` })).toBeVisible();

  // The buyer finds it and can open it, without the preview banner.
  await context.clearCookies();
  await loginAs(buyer.id);
  await page.goto(`/?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name }).first().click();
  await expect(page).toHaveURL(`/product/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Preview: this is how buyers will see it.")).toHaveCount(0);
});
