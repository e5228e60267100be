/**
 * Consent for downloads (issue 23 item 7, decision 107), with JavaScript on and off: the box shows only with a
 * Digital pattern in the cart; unticked, the checkout is refused with the error at the box; ticked, the paid order
 * shows the consent.
 */

import { addFromProductPage, apparelWithStock, expect, pattern, test } from "./fixtures";

const ADDRESS = { first_name: "Cora", last_name: "Consent", street: "1 Box Rd", street2: "", city: "Austin", state: "TX", zip: "73301", country: "US", phone: "+1 512 555 0107" };

test("a cart with a Digital pattern needs the consent box; ticked, the order states it", { tag: "@long" }, async ({ page, request, createUser, loginAs }, testInfo) => {
  test.setTimeout(90_000);
  const offset = testInfo.project.name === "no-js" ? 5 : 6;
  const user = await createUser();
  const { token } = await (await request.post("/api/auth/login", { data: { email: user.email, password: user.password } })).json();
  expect((await request.post("/api/user/update-profile", { headers: { Authorization: token }, data: ADDRESS })).status()).toBe(200);
  await loginAs(user.id, page);
  const box = page.getByRole("checkbox", { name: "I want the download now and understand I lose my right of withdrawal once it starts" });

  // Apparel only: no box.
  const dress = apparelWithStock(offset);
  await addFromProductPage(page, dress);
  await page.goto("/cart");
  await expect(page.getByRole("button", { name: "Checkout" })).toBeVisible();
  await expect(box).toHaveCount(0);

  // With a Digital pattern: the box, unticked; refused at the box.
  const digital = pattern("Digital", offset);
  await addFromProductPage(page, digital);
  await page.goto("/cart");
  await expect(box).not.toBeChecked();
  await page.getByRole("button", { name: "Checkout" }).click();
  const error = page.getByText("Your cart holds a digital pattern: please confirm");
  await expect(error).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await expect(box).toHaveAttribute("aria-describedby", (await error.locator("xpath=ancestor-or-self::ul").getAttribute("id"))!);

  // Ticked: paid on the local page, the digital order states the consent.
  await box.check();
  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  const orders = await (await request.get("/api/user/get-orders", { headers: { Authorization: token } })).json();
  expect(orders).toHaveLength(0);
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).not.toHaveURL(/\/pay\//);
  const paid = (await (await request.get("/api/user/get-orders", { headers: { Authorization: token } })).json()) as { orderId: number; delivery: string | null; digital_consent_at: string | null }[];
  expect(paid).toHaveLength(2);
  const digitalOrder = paid.find((o) => o.delivery === "Digital")!;
  expect(digitalOrder.digital_consent_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  expect(paid.find((o) => o.delivery !== "Digital")!.digital_consent_at).toBeNull();
  await page.goto(`/purchase/${digitalOrder.orderId}`);
  await expect(page.getByTestId("digital-consent")).toHaveText(
    /^You asked for the download to start at once and acknowledged that you lose your right of withdrawal once it starts, on \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
  );
});
