/**
 * Phones and keyboards (issue 8, item 7), in the js and no-js projects: the phone menu reaches
 * every header link, the added-to-cart dialog, the profile menu's name, galleries, headings, the
 * purchases table and the catalogue's head.
 */

import { addFromProductPage, DEMO, expect, login, newCustomer, type Page, pattern, queryOne, test, whenHydrated } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

const VISITOR_LINKS: [string, RegExp][] = [
  ["Shop Now", /\/$/],
  ["Popular Patterns", /\/popular$/],
  ["Best Selling Designs", /\/best-sellers$/],
  ["Become a Seller", /\/become-seller$/],
  ["Help", /\/help$/],
  ["Cart", /\/cart$/],
  ["Log in", /\/login$/],
  ["Register", /\/register$/],
  ["Terms", /\/terms$/],
  ["Privacy", /\/privacy$/],
];

const USER_LINKS: [string, RegExp][] = [
  ["Profile", /\/settings$/],
  ["My Purchases", /\/purchases$/],
  ["My Store", /\/store-settings$/],
  ["Messages", /\/messages$/],
];

async function openMenu(page: Page) {
  // With JavaScript, a tap before the page has hydrated is undone by hydration: tap once it has.
  if (test.info().project.name === "js") await whenHydrated(page);
  await page.getByLabel("Menu", { exact: true }).click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu).toBeVisible();
  return menu;
}

/** The menu covers the whole screen (not a strip clipped to the header). */
async function expectFullScreen(page: Page) {
  const box = await page.getByRole("navigation", { name: "Mobile" }).boundingBox();
  expect(box).not.toBeNull();
  expect(box!.height).toBeGreaterThanOrEqual(800);
  expect(box!.width).toBeGreaterThanOrEqual(390);
}

test("on a 390 px phone every header link of a visitor is reachable from the open menu and can be followed", { tag: "@long" }, async ({ page }) => {
  test.slow(); // a page load, the menu and a click per header link: many navigations on a shared machine
  await page.goto("/popular");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await openMenu(page);
  await expectFullScreen(page);
  for (const [name, url] of VISITOR_LINKS) {
    await page.goto("/popular");
    const menu = await openMenu(page);
    const link = menu.getByRole("link", { name, exact: true });
    await expect(link).toBeInViewport();
    await link.click();
    await expect(page, name).toHaveURL(url);
  }
});

test("on a 390 px phone a logged-in user reaches the profile links and Logout from the menu", { tag: "@long" }, async ({ page }) => {
  test.slow(); // a page load, the menu and a click per header link: many navigations on a shared machine
  await login(page, DEMO.buyer);
  await expect(page).toHaveURL("/");
  for (const [name, url] of USER_LINKS) {
    await page.goto("/terms");
    const menu = await openMenu(page);
    await expectFullScreen(page);
    const link = menu.getByRole("link", { name, exact: true });
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport();
    await link.click();
    await expect(page, name).toHaveURL(url);
  }
  await page.goto("/terms");
  const menu = await openMenu(page);
  await menu.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/");
  await (await openMenu(page)).getByRole("link", { name: "Log in" }).isVisible();
});

test("the profile menu's accessible name contains its visible text on every logged-in page", { tag: "@long" }, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, DEMO.buyer);
  await expect(page).toHaveURL("/");
  const firstName = queryOne<{ first_name: string }>("SELECT first_name FROM users WHERE email = ?", DEMO.buyer.email).first_name;
  for (const path of ["/", "/settings", "/purchases", "/cart", "/popular", "/terms"]) {
    await page.goto(path);
    const summary = page.getByRole("banner").locator("summary").filter({ hasText: firstName });
    await expect(summary).toHaveText(`${firstName}▾`);
    await expect(summary, path).toHaveAccessibleName(new RegExp(`^${firstName}\\b`));
    await expect(summary).toHaveAccessibleName(/Profile menu/);
  }
});

test("a cart without printed patterns has no printing-and-shipping line", { tag: "@long" }, async ({ page }) => {
  await addFromProductPage(page, pattern("Digital", 5));
  await page.goto("/cart");
  await expect(page.getByTestId("cart-row")).toHaveCount(1);
  await expect(page.getByText("Printing and shipping")).toHaveCount(0);
  await expect(page.getByTestId("shipping")).toHaveCount(0);
  await addFromProductPage(page, pattern("Print", 5));
  await page.goto("/cart");
  await expect(page.getByText("Printing and shipping")).toBeVisible();
});

test("galleries are labelled, focusable regions with a '1 of N' mark; the first image is fetched first", async ({ page }) => {
  const product = queryOne<{ id: number; name: string; n: number }>(
    `SELECT p.id, p.name, count(m.id) AS n FROM products p JOIN product_media m ON m.product_id = p.id
      WHERE p.removed_at IS NULL GROUP BY p.id HAVING n > 1 ORDER BY p.id LIMIT 1`,
  );
  await page.goto(`/product/${product.id}`);
  const region = page.getByRole("region", { name: product.name, exact: true });
  await expect(region).toBeVisible();
  await region.focus();
  await expect(region).toBeFocused();
  await expect(region.getByText(`1 of ${product.n}`, { exact: true })).toBeVisible();
  await expect(region.locator("img").first()).toHaveAttribute("fetchpriority", "high");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S/);
});

test("catalogue pages: a description, card titles under an h2, the first card image fetched first", async ({ page }) => {
  for (const path of ["/", "/popular", "/best-sellers"]) {
    await page.goto(path);
    await expect(page.locator('meta[name="description"]'), path).toHaveAttribute("content", /.{20,}/);
    const levels = await page.locator("main h1, main h2, main h3").evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1], path).toBeLessThanOrEqual(1);
    expect(levels).toContain(3);
    await expect(page.locator("main ul img").first()).toHaveAttribute("fetchpriority", "high");
    expect(await page.locator('main img[fetchpriority="high"]').count()).toBe(1);
  }
});

test("the category bar shows that it scrolls on a phone", async ({ page }) => {
  await page.goto("/");
  const bar = page.getByRole("navigation", { name: "Categories" }).locator("ul");
  const { scrollWidth, clientWidth, overflowX } = await bar.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
    overflowX: getComputedStyle(el).overflowX,
  }));
  expect(overflowX).toBe("auto");
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  // The fading edge over the last visible category.
  const fade = await page.getByRole("navigation", { name: "Categories" }).evaluate((el) => getComputedStyle(el, "::after").backgroundImage);
  expect(fade).toContain("linear-gradient");
});

test("the purchases table has a header for its actions column", async ({ page, playwright, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const api = await playwright.request.newContext({ baseURL });
  const customer = await newCustomer(api, { offset: 6 });
  await api.dispose();
  await login(page, customer);
  await expect(page).toHaveURL("/");
  await page.goto("/purchases");
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("columnheader").last()).toHaveText("Actions");
  expect(await table.getByRole("columnheader").count()).toBe(await table.getByRole("row").last().getByRole("cell").count());
});

test("the phone menu: with JavaScript Escape closes it and Tab stays inside; without, the summary toggles it", async ({ page }, testInfo) => {
  await page.goto("/");
  const toggle = page.getByLabel("Menu", { exact: true });
  const menu = page.getByRole("navigation", { name: "Mobile" });
  if (testInfo.project.name === "no-js") {
    await toggle.click();
    await expect(menu).toBeVisible();
    await toggle.click();
    await expect(menu).toBeHidden();
    return;
  }
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  // Tab through everything and beyond: focus never leaves the open menu.
  const count = await page.locator("details:has(nav[aria-label=Mobile])").locator("summary, a[href], button").count();
  for (let i = 0; i < count + 3; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("details:has(nav[aria-label=Mobile])")))).toBe(true);
  }
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("details:has(nav[aria-label=Mobile])")))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
  // Following a link closes it too.
  await toggle.click();
  await menu.getByRole("link", { name: "Popular Patterns" }).click();
  await expect(page).toHaveURL(/\/popular$/);
  await expect(menu).toBeHidden();
});

test("the added-to-cart dialog: a real modal with JavaScript, the on-page panel without", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const product = pattern("Digital", 7);
  await addFromProductPage(page, product);
  const dialog = page.getByRole("dialog", { name: "Item added to cart" });
  await expect(dialog.getByText(product.name)).toBeVisible();
  if (testInfo.project.name === "no-js") {
    await expect(page.locator("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/product/${product.id}\\?added=${product.id}$`));
    await dialog.getByRole("link", { name: "View Cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(dialog).toHaveCount(0);
    return;
  }
  // Focus is inside, the page behind is inert (a modal <dialog>), Escape closes it and focus returns.
  await expect(dialog.getByRole("link", { name: "View Cart" })).toBeFocused();
  expect(await page.locator("dialog").evaluate((d: HTMLDialogElement) => d.open && d.matches(":modal"))).toBe(true);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")) || document.activeElement === document.body)).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // The dialog opens on the product's own page (issue 34, item 21), and focus goes back to the button that added.
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}\\?added=${product.id}$`));
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeFocused();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await page.goto("/cart");
  await expect(page.getByTestId("cart-row").filter({ hasText: product.name })).toHaveCount(1);
});
