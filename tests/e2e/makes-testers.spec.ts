/**
 * Makes (issue 37), with JavaScript on and off: a buyer of a pattern posts a make with three photos and fit notes
 * (a file that is not an image is refused at its field, nothing stored); someone who did not buy is refused; another
 * user reports it (the seller and the platform are emailed); the seller hides it (still shown to its maker only) and
 * shows it again. Sizes from makes appear beside the chart's advice only from three similar makers, without names or
 * measurements.
 */
import { buyAndPay, chartRow, chartSizes, countRows, createUser, expect, jpeg, makePhoto, newShop, png, postMake, saveChart, saveMeasurementsOf, test, waitForMail, whenHydrated } from "./fixtures";

const upload = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

test("a buyer posts a make; others report it; the seller hides it; sizes from makes from three makers", { tag: "@long" }, async ({ page, request, loginAs, browser, baseURL }) => {
  test.slow(); // four users, uploads and a dozen navigations
  const js = test.info().project.use.javaScriptEnabled !== false;
  const shop = await newShop(request, `makes-${Date.now().toString(36)}`);
  const productId = shop.printed;
  const sizes = await chartSizes(productId);
  expect(sizes.length).toBeGreaterThan(0);
  // A chart whose every size is 40 mm apart at the bust, waist and hip.
  await saveChart(productId, sizes.map((size, i) => chartRow(size, { bust: 840 + 40 * i, waist: 660 + 40 * i, hip: 900 + 40 * i })));
  const size = sizes[Math.min(1, sizes.length - 1)]!;
  const buyer = await createUser({ firstName: "Maren", lastName: "Maker" });
  const stranger = await createUser({ firstName: "Stan", lastName: "Stranger" });

  // Someone who did not buy the pattern is refused the form.
  await loginAs(stranger.id);
  const refused = await page.goto(`/my-makes/new/${productId}`);
  expect(refused?.status()).toBe(403);
  await expect(page.getByText("You do not have access to this page.")).toBeVisible();
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole("link", { name: "Post your make of this pattern" })).toHaveCount(0);

  // The buyer pays, then posts a make from /my-makes.
  await buyAndPay(buyer.id, [{ productId }]);
  await page.context().clearCookies();
  await loginAs(buyer.id);
  await page.goto("/my-makes");
  await page.getByRole("link", { name: /^A make of / }).first().click();
  await expect(page).toHaveURL(`/my-makes/new/${productId}`);
  if (js) await whenHydrated(page);
  await page.getByLabel("Size you made").selectOption(size);
  await page.getByLabel("Fabric").fill("Washed linen, 160 g/m²");
  await page.getByRole("group", { name: "Bust" }).getByLabel("Right").check();
  await page.getByRole("group", { name: "Waist" }).getByLabel("Too loose").check();
  await page.getByRole("group", { name: "Length" }).getByLabel("Too tight").check();
  await page.getByLabel("Notes").fill("Took 2 cm out of the back waist.");
  const files = [upload("front.jpg", "image/jpeg", await makePhoto()), upload("back.png", "image/png", await png("#0f766e")), upload("notes.jpg", "image/jpeg", Buffer.from("not an image"))];
  await page.getByLabel("Photos").setInputFiles(files);
  await page.getByRole("button", { name: "Post my make" }).click();
  // The bad file is named at the photos field; nothing is stored; what was typed stays.
  await expect(page.getByText("notes.jpg is not an image (JPEG, PNG, GIF, WebP or BMP).")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel("Photos")).toHaveAttribute("aria-invalid", "true");
  expect(countRows("SELECT count(*) AS n FROM makes WHERE user_id = ?", buyer.id)).toBe(0);
  await expect(page.getByLabel("Fabric")).toHaveValue("Washed linen, 160 g/m²");
  await page.getByLabel("Photos").setInputFiles([files[0]!, files[1]!, upload("side.jpg", "image/jpeg", await jpeg("#c2410c"))]);
  await page.getByRole("button", { name: "Post my make" }).click();
  await expect(page.getByText("Your make is posted.")).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/product/${productId}`));
  const makeId = countRows("SELECT max(id) AS n FROM makes WHERE user_id = ?", buyer.id);
  const card = page.locator(`#make-${makeId}`);
  await expect(card.getByRole("heading", { name: `Size ${size}` })).toBeVisible();
  await expect(card.getByText("By Maren M.")).toBeVisible();
  await expect(card.getByRole("img")).toHaveCount(3);
  await expect(card.getByText("Too loose")).toBeVisible();

  // Another signed-in user reports it: the seller and the platform are emailed.
  await page.context().clearCookies();
  await loginAs(stranger.id);
  await page.goto(`/product/${productId}#makes`);
  await page.locator(`#make-${makeId}`).getByRole("link", { name: "Report this make" }).click();
  await page.getByLabel("What is wrong with this make?").fill("These photos are of another pattern.");
  await page.getByRole("button", { name: "Report" }).click();
  await expect(page.getByText("Thank you: the make is reported.")).toBeVisible();
  expect((await waitForMail(shop.seller.email)).subject).toMatch(/was reported/);

  // The seller hides it: visitors no longer see it, its maker still does.
  await page.context().clearCookies();
  await loginAs(shop.seller.id);
  await page.goto("/my-makes");
  await page.locator(`#make-${makeId}`).getByRole("button", { name: /^Hide the make/ }).click();
  await expect(page.getByText("The make is hidden: only its maker sees it now.")).toBeVisible();
  const visitor = await browser.newContext({ baseURL, javaScriptEnabled: js });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/product/${productId}`);
  await expect(visitorPage.locator(`#make-${makeId}`)).toHaveCount(0);
  await page.context().clearCookies();
  await loginAs(buyer.id);
  await page.goto(`/product/${productId}`);
  await expect(page.locator(`#make-${makeId}`).getByText("Hidden by the seller")).toBeVisible();
  await page.context().clearCookies();
  await loginAs(shop.seller.id);
  await page.goto("/my-makes");
  await page.locator(`#make-${makeId}`).getByRole("button", { name: /^Show the make/ }).click();
  await visitorPage.goto(`/product/${productId}`);
  await expect(visitorPage.locator(`#make-${makeId}`)).toBeVisible();
  await visitor.close();

  // Sizes from makes: the buyer's measurements; two similar makers who share theirs are not enough, three are.
  await saveMeasurementsOf(stranger.id, { bust: 885, waist: 705, hip: 945 });
  const similar = async (i: number) => {
    const maker = await createUser({ firstName: `Similar${i}`, lastName: "Sewist" });
    await buyAndPay(maker.id, [{ productId }]);
    await saveMeasurementsOf(maker.id, { bust: 880 + i, waist: 700 + i, hip: 940 + i });
    await postMake({ userId: maker.id, productId, input: { size, shareMeasurements: true, fit: { bust: "right", waist: "right", hip: "loose", length: null } } });
    return maker;
  };
  const makers = [await similar(1), await similar(2)];
  await page.context().clearCookies();
  await loginAs(stranger.id);
  await page.goto(`/product/${productId}`);
  await expect(page.getByTestId("sizes-from-makes")).toHaveCount(0);
  makers.push(await similar(3));
  await page.goto(`/product/${productId}`);
  const fromMakes = page.getByTestId("sizes-from-makes");
  await expect(fromMakes.getByText("3 makers with measurements close to yours")).toBeVisible();
  await expect(fromMakes.getByText(`Size ${size}: 3 makes`)).toBeVisible();
  for (const maker of makers) await expect(fromMakes).not.toContainText(maker.firstName);
  await expect(fromMakes).not.toContainText("881");
});
