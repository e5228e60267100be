/**
 * Made-to-measure orders (issue 24 items 4 and 5, decision 115), with JavaScript on and off: a buyer with saved
 * measurements adds their own size from the product page, sees it in the cart, pays on the local provider, and
 * finds the label, their measurements and the "Your size" files on the purchase and in the order JSON. The size chart
 * and the measurements are saved with the size chart and measurement forms' models.
 */

import { chartRow, chartSizes, expect, pattern, saveChart, saveMeasurementsOf, test } from "./fixtures";

const ADDRESS = { first_name: "Mia", last_name: "Measure", street: "1 Tape Rd", street2: "", city: "Austin", state: "TX", zip: "73301", country: "US", phone: "+1 512 555 0115" };

/**
 * Saves the design's size chart with the size chart form's model, made to measure allowed or not: the pattern's own
 * sizes (as the form requires), bust 860 to 960 mm and hip 900 to 1000 mm. It replaces the design's chart (the demo
 * seed gives its patterns one), as the form saves a whole chart.
 */
async function allowMadeToMeasure(productId: number, allowed: boolean) {
  const sizes = await chartSizes(productId);
  const step = (i: number) => Math.round((100 * i) / (sizes.length - 1));
  await saveChart(productId, sizes.map((size, i) => chartRow(size, { bust: 860 + step(i), hip: 900 + step(i) })), { madeToMeasure: allowed });
}

test("a buyer orders their own size: cart, payment, purchase page and JSON", { tag: "@long" }, async ({ page, request, createUser, loginAs }, testInfo) => {
  test.setTimeout(90_000);
  const offset = testInfo.project.name === "no-js" ? 11 : 12;
  const product = pattern("Digital", offset);
  await allowMadeToMeasure(product.id, true);
  const user = await createUser();
  const { token } = await (await request.post("/api/auth/login", { data: { email: user.email, password: user.password } })).json();
  const auth = { Authorization: token as string };
  expect((await request.post("/api/user/update-profile", { headers: auth, data: ADDRESS })).status()).toBe(200);
  await loginAs(user.id, page);

  // No measurements yet: the offer says why, with the link to them; the JSON checkout refuses with a 400.
  await page.goto(`/product/${product.id}`);
  const offer = page.getByTestId("made-to-measure-offer");
  await expect(offer).toContainText("please add your measurements in your settings first");
  await expect(offer.getByRole("link", { name: "Your measurements" })).toHaveAttribute("href", "/settings#measurements");
  const refused = await request.post("/api/user/checkout", { headers: auth, data: { digital_consent: true, items: [{ productId: product.id, made_to_measure: true }] } });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error).toContain("add your measurements");

  // Outside the chart: refused with the zone named.
  await saveMeasurementsOf(user.id, { bust: 1100, hip: 950 });
  const outside = await request.post("/api/user/checkout", { headers: auth, data: { digital_consent: true, items: [{ productId: product.id, made_to_measure: true }] } });
  expect(outside.status()).toBe(400);
  expect(await outside.json()).toMatchObject({ zones: ["Bust / chest"] });

  // Within: added from the product page, its own line in the cart.
  await saveMeasurementsOf(user.id, { bust: 930, hip: 950 });
  await page.goto(`/product/${product.id}`);
  await page.getByRole("button", { name: "Add your size to cart (made to measure)" }).click();
  await expect(page).toHaveURL(/\/product\/\d+\?added=\d+$/);
  await expect(page.getByRole("dialog", { name: "Item added to cart" })).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByTestId("made-to-measure-line")).toHaveText("Your size (made to measure)");
  await page.getByRole("checkbox", { name: /I want the download now/ }).check();
  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await expect(page.getByText(/Your size \(made to measure\)/)).toBeVisible();
  // The profile changes while paying: the order keeps the measurements of the checkout.
  await saveMeasurementsOf(user.id, { bust: 880, hip: 920 });
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).not.toHaveURL(/\/pay\//);

  const orders = (await (await request.get("/api/user/get-orders", { headers: auth })).json()) as { orderId: number; made_to_measure: boolean; measurements: Record<string, unknown> | null }[];
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ made_to_measure: true, measurements: { unit: "cm", bust: 930, hip: 950 } });
  const orderId = orders[0]!.orderId;
  await page.goto(`/purchase/${orderId}`);
  const line = page.getByTestId("made-to-measure-line");
  await expect(line).toContainText("Your size (made to measure)");
  await expect(page.getByTestId("order-measurements")).toContainText("93 cm");
  await expect(page.getByTestId("custom-size-files").getByRole("link").first()).toHaveAttribute("href", /size=custom/);
  // The buyer's list marks the order (issue 34, item 14).
  await page.goto("/purchases");
  await expect(page.getByTestId("purchase-row").filter({ hasText: `#${orderId}` }).getByTestId("made-to-measure-flag")).toHaveText("Your size (made to measure)");
  // Owning the pattern, the buyer is told that their own size is a purchase of its own, at the full price.
  await page.goto(`/product/${product.id}`);
  await expect(page.getByText("You already own this pattern.")).toBeVisible();
  await expect(page.getByTestId("made-to-measure-owned")).toContainText("You own its graded sizes already: your own size is a purchase of its own");
  await allowMadeToMeasure(product.id, false);
});

test("the product page previews a buyer's own size over the graded sizes; a visitor sees the graded preview", { tag: "@long" }, async ({ page, browser, createUser, loginAs }, testInfo) => {
  test.setTimeout(60_000);
  // Not the first test's designs (11, 12): the tests of a file run side by side, and its clean-up turns made to measure off.
  const product = pattern("Digital", testInfo.project.name === "no-js" ? 13 : 14);
  await allowMadeToMeasure(product.id, true);
  // The chart of the pattern's own sizes (as the size chart form requires), so the engine can draw the buyer's size.
  const sizes = ((await (await page.request.get(`/api/user/get-external-product/${product.id}`)).json()) as { pattern: { sizes: string[] } }).pattern.sizes;
  await saveChart(product.id, sizes.map((size, i) => chartRow(size, { bust: 880 + 40 * i, hip: 920 + 40 * i })), { madeToMeasure: true });
  const user = await createUser();
  await saveMeasurementsOf(user.id, { bust: 930, hip: 950 });
  await loginAs(user.id, page);
  try {
    await page.goto(`/product/${product.id}`);
    const preview = page.locator("#pattern figure img");
    await expect(preview).toHaveAttribute("src", /[?&]size=custom(&|$)/);
    await expect(page.locator("#pattern figcaption")).toContainText("Your size (made to measure from your measurements) over the graded sizes");
    await expect(page.getByRole("navigation", { name: "Preview size" }).getByRole("link", { name: "Your size" })).toHaveAttribute("aria-current", "true");
    const mine = await page.request.get((await preview.getAttribute("src"))!);
    expect(mine.status()).toBe(200);
    expect(mine.headers()["content-type"]).toContain("image/svg+xml");
    expect(mine.headers()["cache-control"]).toBe("private, no-store");
    expect(await mine.text()).toContain("Your size (made to measure)");

    const visitor = await browser.newContext({ javaScriptEnabled: testInfo.project.name !== "no-js" });
    try {
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`/product/${product.id}`);
      await expect(visitorPage.locator("#pattern figure img")).not.toHaveAttribute("src", /size=custom/);
      await expect(visitorPage.getByRole("navigation", { name: "Preview size" }).getByRole("link", { name: "Your size" })).toHaveCount(0);
      // The buyer's preview is not there for anyone else.
      const theirs = await visitorPage.request.get(`/product/${product.id}/preview.svg?size=custom`);
      expect(theirs.status()).toBe(404);
      expect(theirs.headers()["cache-control"]).toBe("private, no-store");
    } finally {
      await visitor.close();
    }
  } finally {
    await allowMadeToMeasure(product.id, false);
  }
});
