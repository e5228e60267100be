// Measurements and size advice (issue 24, items 1 and 3), with JavaScript on and off: a buyer adds measurements on
// /settings (errors per field, nothing saved), then sees "Your size" on a design with a size chart.

import { addDesigns, addDressChart, DRESS_DXF, expect, newSeller, queryOne, test, uniqueEmail, whenHydrated } from "./fixtures";

const withJs = () => test.info().project.name === "js";

test("a buyer adds measurements on /settings and sees their size on a design with a size chart", { tag: "@long" }, async ({ page, request, createUser, loginAs, browser }) => {
  const seller = await newSeller(request);
  const { ready, digital } = await addDesigns(seller, { patternDxf: DRESS_DXF });
  await addDressChart(digital.id);
  const buyer = await createUser({ email: uniqueEmail("measure") });
  await loginAs(buyer.id, page);

  // Without measurements: a link to add them.
  await page.goto(`/product/${digital.id}`);
  const add = page.getByRole("link", { name: "Add your measurements to see your size" });
  await expect(add).toHaveAttribute("href", "/settings#measurements");
  await add.click();
  await expect(page).toHaveURL(/\/settings#measurements$/);
  if (withJs()) await whenHydrated(page);
  const section = page.locator("section#measurements");
  await expect(section.getByRole("heading", { name: "Measurements" })).toBeVisible();
  await expect(section.getByText(/Private: only you see them/)).toBeVisible();

  // Bad values: an error at each field, nothing saved.
  await section.getByLabel("Bust / chest").fill("abc");
  await section.getByLabel("Height").fill("3000");
  await section.getByRole("button", { name: "Save measurements" }).click();
  await expect(section.getByText("Enter a number, e.g. 96.5")).toBeVisible();
  await expect(section.getByText("Height must be between 50 and 250 cm")).toBeVisible();
  await expect(section.getByLabel("Bust / chest")).toHaveAttribute("aria-invalid", "true");
  if (!withJs()) {
    // The answer loads at the top of the page: a summary there links to each field (issue 34, item 15).
    const summary = page.getByTestId("error-summary");
    await expect(summary).toBeInViewport();
    await expect(summary.getByRole("link", { name: "Height", exact: true })).toHaveAttribute("href", "#measurements-form-height");
    await summary.getByRole("link", { name: "Bust / chest", exact: true }).click();
    await expect(section.getByLabel("Bust / chest")).toBeInViewport();
  }
  expect(queryOne<{ n: number }>("SELECT count(*) AS n FROM user_measurements WHERE user_id = ?", buyer.id).n).toBe(0);

  await section.getByLabel("Height").fill("");
  await section.getByLabel("Bust / chest").fill("88");
  await section.getByLabel("Waist").fill("73");
  await section.getByLabel("Hip").fill("96,0");
  await section.getByRole("button", { name: "Save measurements" }).click();
  await expect(page.getByText("Measurements saved.")).toBeVisible();
  await expect(page.locator("section#measurements").getByLabel("Hip")).toHaveValue("96");
  await expect.poll(() => queryOne<{ bust: number; waist: number; hip: number; unit: string }>(
    "SELECT bust_mm AS bust, waist_mm AS waist, hip_mm AS hip, unit FROM user_measurements WHERE user_id = ?",
    buyer.id,
  )).toEqual({ bust: 880, waist: 730, hip: 960, unit: "cm" });

  // The advice: per zone with the ease in the buyer's unit, and the recommendation.
  await page.goto(`/product/${digital.id}`);
  const advice = page.getByTestId("size-advice");
  await expect(advice.getByRole("heading", { name: "Your size" })).toBeVisible();
  await expect(advice.getByText("size 38 by bust, size 40 by waist, size 40 by hip", { exact: true })).toBeVisible();
  await expect(advice.getByText("Bust: size 38 (+6.0 cm ease)")).toBeVisible();
  await expect(advice.getByText("Waist: size 40 (+5.0 cm ease)")).toBeVisible();
  await expect(advice.getByText(/We recommend size 40/)).toBeVisible();

  // In inches, the ease reads in inches.
  await page.goto("/settings#measurements");
  if (withJs()) await whenHydrated(page);
  const again = page.locator("section#measurements");
  await again.getByLabel("Inches (in)").check();
  await again.getByLabel("Bust / chest").fill("34.75");
  await again.getByLabel("Waist").fill("28.7");
  await again.getByLabel("Hip").fill("");
  await again.getByRole("button", { name: "Save measurements" }).click();
  await expect(page.getByText("Measurements saved.")).toBeVisible();
  await expect(page.locator("section#measurements").getByLabel("Bust / chest")).toHaveValue("34.75");
  await expect(page.locator("section#measurements").getByLabel("Waist")).toHaveValue("28.7");
  await page.goto(`/product/${digital.id}`);
  // 34.75 in = 883 mm: size 40 (finished 980 mm, +3.8 in); 28.7 in = 729 mm: size 40 (finished 780, +2.0 in).
  await expect(page.getByTestId("size-advice").getByText("size 40 by bust, size 40 by waist", { exact: true })).toBeVisible();
  await expect(page.getByTestId("size-advice").getByText("Bust: size 40 (+3.8 in ease)")).toBeVisible();

  // No chart: nothing. A visitor: the link.
  await page.goto(`/product/${ready.id}`);
  await expect(page.getByRole("heading", { level: 1, name: ready.name })).toBeVisible();
  await expect(page.getByTestId("size-advice")).toHaveCount(0);
  const visitor = await browser.newContext({ javaScriptEnabled: withJs() });
  try {
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/product/${digital.id}`);
    await expect(visitorPage.getByRole("link", { name: "Add your measurements to see your size" })).toHaveAttribute("href", "/settings#measurements");
  } finally {
    await visitor.close();
  }
});
