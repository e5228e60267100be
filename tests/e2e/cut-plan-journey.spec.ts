/**
 * Issue 48's journey with JavaScript off: a buyer who owns a Digital pattern opens "Cut plan for production" on the
 * purchase page, sends a bad width (refused at the field, with the error summary), then a good size run, waits for
 * the plan (the page refreshes itself; here it is reloaded) and downloads every file in one zip.
 */
import { addPaidOrder, createSeller, expect, gradedPattern, test, uniqueEmail } from "./fixtures";

test("a buyer makes a cut plan with the plain form, waits for it and downloads the files", async ({ page, request, createUser, loginAs, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the journey is the no-JavaScript one");
  test.setTimeout(120_000);
  const seller = await createSeller();
  const productId = await gradedPattern(request, seller.token, `Cut Plan Bodice ${Date.now()}`);
  const buyer = await createUser({ email: uniqueEmail("cutter") });
  const orderId = await addPaidOrder({ buyerId: buyer.id, productId });
  await loginAs(buyer.id, page);

  await page.goto(`/purchase/${orderId}`);
  await page.getByRole("link", { name: "Cut plan for production" }).click();
  await expect(page).toHaveURL(`/purchase/${orderId}/cut-plan`);
  await page.getByLabel("Size S").fill("2");
  await page.getByLabel("Size M").fill("1");
  await page.getByLabel("Fabric width").fill("90");
  await page.getByRole("button", { name: "Make the cut plan" }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary.getByRole("link", { name: "Fabric width" })).toBeVisible();
  await expect(page.getByText("Enter a fabric width from 500 to 3200 mm")).toBeVisible();
  await expect(page.getByLabel("Size S")).toHaveValue("2");

  await page.getByLabel("Fabric width").fill("1500");
  await page.getByRole("button", { name: "Make the cut plan" }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase/${orderId}/cut-plan\\?plan=\\d+$`));
  const plan = page.getByTestId("cut-plan");
  await expect(async () => {
    await page.reload();
    await expect(plan.getByRole("link", { name: "Download all files (zip)" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ intervals: [1_000], timeout: 60_000 });
  await expect(plan.getByRole("cell", { name: /\bS\b/ }).first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), plan.getByRole("link", { name: "Download all files (zip)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^cut-plan-\d+\.zip$/);
  const bytes = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
  expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
  expect(bytes.toString("latin1")).toContain("marker-1.plt");
});
