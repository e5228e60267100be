/**
 * Issue 19, items 2 and 3: /store-settings hydrates without errors and says how many media a store may have, and
 * the seller's bank account number never reaches the browser (only ****6789), also after a save or a refused save.
 */

import { createSeller, expect, type Page, readDb, test } from "./fixtures";

test("the account number is never in the page; the masked one keeps the stored number", { tag: "@long" }, async ({ page, request, javaScriptEnabled }) => {
  const seller = await createSeller();
  const errors: string[] = [];
  // Hydration errors and warnings; a refused save's 400 is the browser's own note, not an error of the page.
  page.on("console", (m) => m.type() === "error" && !m.text().startsWith("Failed to load resource") && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  await page.context().setExtraHTTPHeaders({ Authorization: seller.token });
  await page.goto("/store-settings");
  await expect(page.getByText("Up to 10 images or videos for your store page.")).toBeVisible();
  await page.getByLabel("Account name").fill("Ada Stitch");
  await page.getByLabel("Account number").fill("000123456789");
  await page.getByLabel("Routing number").fill("110000000");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Store settings updated successfully!")).toBeVisible();
  await expect(page.getByLabel("Account number")).toHaveValue("****6789");
  expect(await page.content()).not.toContain("000123456789");
  const raw = await request.get("/store-settings", { headers: { Authorization: seller.token } });
  expect(await raw.text()).not.toContain("000123456789");

  // Saving again with the masked number keeps the stored one.
  const before = readDb<{ account_number: string; account_last4: string }>("SELECT account_number, account_last4 FROM stores WHERE id = ?", seller.storeId)[0]!;
  await page.getByLabel("Bio").fill("Still here, same bank.");
  // The first save's message is still on the page: wait for this save's own answer, or the next fill races it.
  await saveAndWait(page);
  await expect(page.getByText("Store settings updated successfully!")).toBeVisible();
  await expect(page.getByLabel("Bio")).toHaveValue("Still here, same bank.");
  expect(readDb("SELECT account_number, account_last4 FROM stores WHERE id = ?", seller.storeId)[0]).toEqual(before);

  // A refused save does not echo a newly typed number either.
  await page.getByLabel("Account number").fill("999988887777");
  await page.getByLabel("Routing number").fill("123");
  await saveAndWait(page);
  await expect(page.getByText("Please correct the fields marked below. Nothing was saved.")).toBeVisible();
  expect(await page.content()).not.toContain("999988887777");
  if (javaScriptEnabled) expect(errors).toEqual([]);
});

/** Clicks Save and resolves once the post's answer arrived (a fetch with JavaScript, a document without). */
async function saveAndWait(page: Page): Promise<void> {
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/store-settings"));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await answered;
  // With JavaScript the loaders revalidate after the post; a fill before that lands may be re-rendered away.
  await page.waitForLoadState("networkidle");
}
