/** Store names are unique, whatever their case and surrounding spaces (docs/decisions/092-unique-store-names.md). */

import { createSeller, createTokenUser, expect, readDb, test } from "./fixtures";

const TAKEN = "This store name is already taken. Please choose another one.";

const storeOf = (userId: number) => readDb<{ name: string }>("SELECT name FROM stores WHERE user_id = ?", userId);

test("a name another store has is refused at the Store name field, when opening a store and when renaming one", { tag: "@long" }, async ({ page }) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Stitch & Seam Atelier ${tag}`;
  // Opened under that name with the store model (as its owner's Store Settings form would).
  await createSeller({ storeName: () => name });

  // A new seller opening a store under the same name, typed in another case with spaces around it.
  const newcomer = await createTokenUser();
  await page.context().setExtraHTTPHeaders({ Authorization: newcomer.token });
  await page.goto("/store-settings");
  await page.getByLabel("Store name").fill(`  ${name.toUpperCase()} `);
  await page.getByLabel("Bio").fill("Another atelier.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(TAKEN, { exact: true })).toBeVisible();
  await expect(page.getByLabel("Store name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Store name")).toHaveValue(`  ${name.toUpperCase()} `);
  expect(storeOf(newcomer.id)).toEqual([]);
  // Another name goes through.
  await page.getByLabel("Store name").fill(`Seam Allowance ${tag}`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Store settings updated successfully!")).toBeVisible();
  expect(storeOf(newcomer.id)).toEqual([{ name: `Seam Allowance ${tag}` }]);

  // An existing store renaming itself to the taken name.
  await page.getByLabel("Store name").fill(name.toLowerCase());
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(TAKEN, { exact: true })).toBeVisible();
  expect(storeOf(newcomer.id)).toEqual([{ name: `Seam Allowance ${tag}` }]);
  // Its own name in another case is still its own.
  await page.getByLabel("Store name").fill(`SEAM ALLOWANCE ${tag.toUpperCase()}`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Store settings updated successfully!")).toBeVisible();
  expect(storeOf(newcomer.id)).toEqual([{ name: `SEAM ALLOWANCE ${tag.toUpperCase()}` }]);
});

test("two sellers saving one new name at the same time: one gets it, the other the field error, never a 500", async ({ playwright, baseURL }) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Race Atelier ${tag}`;
  const sellers = await Promise.all([createSeller(), createTokenUser()]);
  const contexts = await Promise.all(sellers.map((s) => playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: s.token } })));
  try {
    const answers = await Promise.all(
      contexts.map((request, i) =>
        request.post("/store-settings", { multipart: { name: i === 0 ? name : ` ${name.toLowerCase()}`, bio: "Racing." }, maxRedirects: 0 }),
      ),
    );
    const statuses = answers.map((a) => a.status()).sort();
    expect(statuses).toEqual([302, 400]);
    const refused = answers.find((a) => a.status() === 400)!;
    expect(await refused.text()).toContain(TAKEN);
    expect(readDb("SELECT id FROM stores WHERE lower(trim(name)) = lower(?)", name)).toHaveLength(1);
  } finally {
    await Promise.all(contexts.map((c) => c.dispose()));
  }
});

test("a taken name is said together with the other errors of the form", async ({ playwright, baseURL }) => {
  const name = `Taken Together ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await createSeller({ storeName: () => name });
  const newcomer = await createTokenUser();
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: newcomer.token } });
  try {
    const answer = await request.post("/store-settings", { multipart: { name: name.toUpperCase(), bio: "" }, maxRedirects: 0 });
    expect(answer.status()).toBe(400);
    const html = await answer.text();
    expect(html).toContain("Bio is required");
    expect(html).toContain(TAKEN);
    expect(storeOf(newcomer.id)).toEqual([]);
  } finally {
    await request.dispose();
  }
});
