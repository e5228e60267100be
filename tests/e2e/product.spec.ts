import { expect, queryOne, test } from "./fixtures";

test("a product page shows media, seller, type label, sold count, price, stock labels and the Add to Cart form", async ({ page }) => {
  const p = queryOne<{ id: number; name: string; sold: number; owner: number; store: string }>(
    `SELECT p.id, p.name, p.sold, s.user_id AS owner, s.name AS store FROM products p JOIN stores s ON s.id = p.store_id
     WHERE p.type = 'Ready' AND EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.inventory = 0)
       AND EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.inventory > 0) ORDER BY p.id LIMIT 1`,
  );
  const outOfStock = queryOne<{ value: string }>("SELECT value FROM variants WHERE product_id = ? AND inventory = 0 LIMIT 1", p.id);
  const inStock = queryOne<{ value: string; inventory: number }>(
    "SELECT value, inventory FROM variants WHERE product_id = ? AND inventory > 0 LIMIT 1",
    p.id,
  );
  await page.goto(`/product/${p.id}`);
  await expect(page.getByRole("heading", { level: 1, name: p.name })).toBeVisible();
  await expect(page.getByRole("list", { name: p.name }).locator("img").first()).toHaveAttribute("srcset", /\?w=400 400w/);
  await expect(page.getByRole("link", { name: p.store }).first()).toHaveAttribute("href", `/store/${p.owner}`);
  await expect(page.getByText("Ready to Ship Apparel")).toBeVisible();
  await expect(page.getByText(`${p.sold} sold`)).toBeVisible();
  await expect(page.getByRole("radio", { name: `${outOfStock.value} (Out of Stock)` })).toBeDisabled();
  await expect(page.getByRole("radio", { name: `${inStock.value} (${inStock.inventory} in stock)` })).toBeEnabled();
  await expect(page.getByRole("img", { name: `Size chart of ${p.name}` })).toBeAttached();

  const form = page.locator('form[action="/cart"][method="post"]');
  await expect(form.locator('input[name="intent"]')).toHaveValue("add");
  await expect(form.locator('input[name="productId"]')).toHaveValue(String(p.id));
  await expect(form.locator('input[name="quantity"]')).toHaveValue("1");
  await expect(form.getByRole("button", { name: "Add to Cart" })).toBeVisible();

  for (const name of ["Design details", "Reviews", "Terms & Conditions"]) {
    await page.getByRole("navigation", { name: "Product sections" }).getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 2, name })).toBeInViewport();
  }
  await expect(page.getByRole("navigation", { name: "Product sections" }).getByRole("link", { name: "Visit Store" })).toHaveAttribute(
    "href",
    `/store/${p.owner}`,
  );
});

test("patterns never show out-of-stock options; printed patterns show the printing and shipping price", async ({ page }) => {
  const p = queryOne<{ id: number; price: number }>(
    `SELECT p.id, p.price_cents AS price FROM products p WHERE p.type = 'Pattern' AND p.delivery = 'Print'
     AND EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id) ORDER BY p.id LIMIT 1`,
  );
  await page.goto(`/product/${p.id}`);
  await expect(page.getByText("Printed Pattern", { exact: true })).toBeVisible();
  await expect(page.getByText(/US only/)).toBeVisible();
  await expect(page.getByText("(Out of Stock)")).toHaveCount(0);
  const radios = page.getByRole("radio");
  expect(await radios.count()).toBeGreaterThan(0);
  // eslint-disable-next-line no-restricted-syntax -- Playwright's Locator.all(), not a database call
  for (const radio of await radios.all()) await expect(radio).toBeEnabled();
  const total = `$${((p.price + 1000) / 100).toFixed(2)}`;
  await expect(page.getByText(total)).toBeVisible();
});

test("reviews show stars, name, comment, date and the average", async ({ page }) => {
  const p = queryOne<{ id: number; avg: number; n: number }>(
    "SELECT product_id AS id, avg(star) AS avg, count(*) AS n FROM reviews GROUP BY product_id HAVING n > 1 ORDER BY product_id LIMIT 1",
  );
  const r = queryOne<{ name: string; comment: string; star: number }>("SELECT name, comment, star FROM reviews WHERE product_id = ? LIMIT 1", p.id);
  await page.goto(`/product/${p.id}`);
  const average = (Math.round(p.avg * 10) / 10).toFixed(1);
  await expect(page.getByTestId("review-average")).toContainText(`Average ${average} out of 5 (${p.n} reviews)`);
  const reviews = page.locator("#reviews");
  await expect(reviews.getByText(r.name).first()).toBeVisible();
  await expect(reviews.getByText(r.comment).first()).toBeVisible();
  await expect(reviews.getByRole("img", { name: `${r.star} out of 5 stars` }).first()).toBeVisible();
  await expect(reviews.locator("time").first()).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
});

test("an unknown or malformed product id is the 404 page", async ({ page }) => {
  for (const id of ["999999", "abc"]) {
    const res = await page.goto(`/product/${id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  }
});
