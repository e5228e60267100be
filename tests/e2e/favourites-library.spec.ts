// Favourites and the pattern library (issue 23, items 3 and 4), with JavaScript on (a fetcher, no reload) and off
// (a plain form post that comes back to the same page).

import { addDesigns, addPaidOrder, expect, newSeller, pattern, queryOne, test, uniqueEmail, whenHydrated } from "./fixtures";

const withJs = () => test.info().project.name === "js";

test("a visitor's heart sends them to log in and back to the page", async ({ page }) => {
  const product = pattern("Digital", 8);
  await page.goto(`/product/${product.id}`);
  await page.getByRole("main").getByRole("link", { name: "Add to favourites" }).first().click();
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`/product/${product.id}`)}`);
});

test("a buyer favours a design on its page and on a card, sees both on /favorites and removes one there", { tag: "@long" }, async ({ page, createUser, loginAs }) => {
  const user = await createUser({ email: uniqueEmail("fav") });
  await loginAs(user.id, page);
  const first = pattern("Digital", 9);
  const second = pattern("Print", 9);

  await page.goto(`/product/${first.id}`);
  if (withJs()) await whenHydrated(page);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Add to favourites" }).click();
  const remove = main.getByRole("button", { name: "Remove from favourites" });
  await expect(remove).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(`/product/${first.id}`);
  await expect.poll(() => queryOne<{ n: number }>("SELECT count(*) AS n FROM favorites WHERE user_id = ?", user.id).n).toBe(1);

  // A card's heart on the store page of the second design.
  const owner = queryOne<{ owner: number }>("SELECT s.user_id AS owner FROM products p JOIN stores s ON s.id = p.store_id WHERE p.id = ?", second.id).owner;
  await page.goto(`/store/${owner}`);
  if (withJs()) await whenHydrated(page);
  const card = page.locator("main ul.grid > li").filter({ has: page.getByRole("link", { name: second.name, exact: true }) });
  await expect(card.getByRole("button", { name: "Add to favourites" })).toHaveAttribute("aria-pressed", "false");
  await card.getByRole("button", { name: "Add to favourites" }).click();
  await expect(card.getByRole("button", { name: "Remove from favourites" })).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(`/store/${owner}`);
  await expect.poll(() => queryOne<{ n: number }>("SELECT count(*) AS n FROM favorites WHERE user_id = ?", user.id).n).toBe(2);

  // From the profile menu.
  await page.getByLabel("Profile menu").click();
  await page.getByRole("banner").getByRole("link", { name: "My Favourites" }).first().click();
  await expect(page).toHaveURL("/favorites");
  await expect(page.getByRole("heading", { level: 1, name: "My favourites" })).toBeVisible();
  const cards = page.locator("main ul.grid > li");
  await expect(cards).toHaveCount(2);
  await expect(cards.first().getByRole("link", { name: second.name, exact: true })).toBeVisible();
  if (withJs()) await whenHydrated(page);
  await cards.filter({ has: page.getByRole("link", { name: second.name, exact: true }) }).getByRole("button", { name: "Remove from favourites" }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByRole("link", { name: first.name, exact: true })).toBeVisible();
  await expect(page).toHaveURL("/favorites");
});

test("the seller sees how many buyers favour each design on /my-designs", async ({ page, request, createUser, loginAs }) => {
  const seller = await newSeller(request);
  const { digital } = await addDesigns(seller);
  const fan = await createUser({ email: uniqueEmail("fan") });
  await loginAs(fan.id, page);
  await page.goto(`/product/${digital.id}`);
  if (withJs()) await whenHydrated(page);
  await page.getByRole("main").getByRole("button", { name: "Add to favourites" }).click();
  await expect(page.getByRole("main").getByRole("button", { name: "Remove from favourites" })).toBeVisible();
  // With JavaScript the button turns at once while its request is still on the way: the favourite is stored first.
  await expect
    .poll(() => queryOne<{ n: number }>("SELECT COUNT(*) AS n FROM favorites WHERE user_id = ? AND product_id = ?", fan.id, digital.id).n)
    .toBe(1);

  await page.context().clearCookies();
  await loginAs(seller.userId, page);
  await page.goto("/my-designs");
  const card = page.locator("main ul.grid > li").filter({ has: page.getByRole("link", { name: digital.name, exact: true }) });
  await expect(card.getByTestId("favorites-count")).toHaveText("1 favourite");
  // No heart on one's own designs.
  await expect(card.getByRole("button", { name: /favourites/ })).toHaveCount(0);
});

test("the library lists an owned pattern with its formats and finds it by name and store", async ({ page, createUser, loginAs }) => {
  const user = await createUser({ email: uniqueEmail("lib") });
  await loginAs(user.id, page);
  const product = pattern("Digital", 10);
  const orderId = await addPaidOrder({ buyerId: user.id, productId: product.id });
  const store = queryOne<{ name: string }>("SELECT s.name FROM products p JOIN stores s ON s.id = p.store_id WHERE p.id = ?", product.id).name;

  await page.goto("/");
  await page.getByLabel("Profile menu").click();
  await page.getByRole("banner").getByRole("link", { name: "My Library" }).first().click();
  await expect(page).toHaveURL("/library");
  await expect(page.getByRole("heading", { level: 2, name: product.name })).toBeVisible();
  const downloads = page.getByRole("list", { name: `Downloads of ${product.name}` });
  await expect(downloads.getByRole("link", { name: "DXF (original)" })).toHaveAttribute("href", `/download/${orderId}?format=dxf`);
  await expect(downloads.getByRole("link", { name: "A4 PDF" })).toHaveAttribute("href", `/download/${orderId}?format=A4`);
  await expect(downloads.getByRole("link")).toHaveCount(7);

  const search = page.getByRole("searchbox", { name: "Search your library" });
  await search.fill(store.slice(0, 6));
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/library\?q=/);
  await expect(page.getByRole("heading", { level: 2, name: product.name })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search your library" }).fill("no pattern is called this");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No patterns match your search.")).toBeVisible();
});
