import { expect, test, uniqueEmail } from "./fixtures";

test("the profile screen saves the address and changes the password", { tag: "@long" }, async ({ page, createUser, loginAs }) => {
  const password = "settings-pass-1";
  const user = await createUser({ email: uniqueEmail("settings"), password });
  await loginAs(user.id, page);
  await page.goto("/settings");
  await expect(page.getByLabel("First name")).toHaveValue("Robin");

  // Required fields are checked on the server too (the browser's own checks are skipped here).
  await page.locator("form#profile").evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Street is required")).toBeVisible();

  await page.getByLabel("Street", { exact: true }).fill("5 Elm St");
  await page.getByLabel("Street 2 (optional)").fill("Unit 2");
  await page.getByLabel("City").fill("Portland");
  await page.getByLabel("State").fill("OR");
  await page.getByLabel("Zip").fill("97201");
  await page.getByLabel("Country").selectOption("CA");
  await page.getByLabel("Phone").fill("+1 503 555 0101");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByLabel("City")).toHaveValue("Portland");
  await expect(page.getByLabel("Country")).toHaveValue("CA");
  expect(await page.getByLabel("Country").locator("option").count()).toBeGreaterThan(70);

  await page.getByLabel("Current password").fill(password);
  await page.getByLabel("New password", { exact: true }).fill("settings-pass-2");
  await page.getByLabel("Repeat new password").fill("settings-pass-3");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("New passwords do not match")).toBeVisible();

  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password", { exact: true }).fill("settings-pass-2");
  await page.getByLabel("Repeat new password").fill("settings-pass-2");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("The current password you entered is not correct.")).toBeVisible();

  await page.getByLabel("Current password").fill(password);
  await page.getByLabel("New password", { exact: true }).fill("settings-pass-2");
  await page.getByLabel("Repeat new password").fill("settings-pass-2");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Password changed successfully!")).toBeVisible();
});

test("visitors are sent to log in", async ({ page }) => {
  await page.goto("/settings");
  await expect(page).toHaveURL("/login?redirectTo=%2Fsettings");
  await page.goto("/purchases");
  await expect(page).toHaveURL("/login?redirectTo=%2Fpurchases");
});
