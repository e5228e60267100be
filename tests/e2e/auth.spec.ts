import { expect, login, logout, register, test, uniqueEmail, waitForMail, whenHydrated } from "./fixtures";

test.describe("accounts", () => {
  test("register, log out, log in, recover the password and log in with the new one", { tag: "@long" }, async ({ page }) => {
    // Four password hashes (argon2) and two checks, a mail and a dozen page loads: slow on a busy machine.
    test.slow();
    const email = uniqueEmail("recover");
    await register(page, { email, password: "first-password-1", firstName: "Robin" });
    const banner = page.getByRole("banner");
    await expect(banner.getByLabel("Profile menu")).toContainText("Robin");

    await logout(page);
    await login(page, { email, password: "first-password-1" });
    await expect(page).toHaveURL("/");
    await expect(banner.getByLabel("Profile menu")).toContainText("Robin");
    await logout(page);

    await page.goto("/recover");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Request new password" }).click();
    await expect(page.getByText("Recovery email sent, please check your email for instructions.")).toBeVisible();

    const mail = await waitForMail(email);
    expect(mail.subject).toContain("Reset your Patternhouse password");
    const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await page.getByLabel("New password", { exact: true }).fill("second-password-2");
    await page.getByLabel("Confirm new password").fill("second-password-2");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Your password has been changed.")).toBeVisible();

    // The old password no longer works; the new one does.
    await login(page, { email, password: "first-password-1" });
    await expect(page.getByText("The password you entered does not match.")).toBeVisible();
    await login(page, { email, password: "second-password-2" });
    await expect(page).toHaveURL("/");
    await expect(banner.getByLabel("Profile menu")).toContainText("Robin");

    // The link works once.
    await page.goto(link!);
    await expect(page.getByText("This password reset link is invalid or has expired.")).toBeVisible();
  });

  test("login errors: unknown email and wrong password", { tag: "@long" }, async ({ page }) => {
    await login(page, { email: uniqueEmail("nobody"), password: "whatever-123" });
    await expect(page.getByText("The e-mail address you entered does not belong to any user.")).toBeVisible();

    const email = uniqueEmail("wrongpw");
    await register(page, { email, password: "right-password-1" });
    await logout(page);
    await login(page, { email, password: "wrong-password-1" });
    await expect(
      page.getByText(
        "The password you entered does not match. Please try again or click on the forgot password link to reset your password.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/recover");
  });

  test("register errors: one message per error, and the login link stays", { tag: "@long" }, async ({ page, javaScriptEnabled }) => {
    // Two registrations (argon2) and several page loads: more than the default on a busy machine.
    test.slow();
    const main = page.getByRole("main");
    const loginLink = main.getByRole("link", { name: "Log in" });
    await page.goto("/register");
    // The browser's check is the app's script: a click before hydration is the plain post, the server's message.
    if (javaScriptEnabled) await whenHydrated(page);
    await page.getByLabel("Email").fill(uniqueEmail("mismatch"));
    await page.getByLabel("First name").fill("Sam");
    await page.getByLabel("Last name").fill("Stitch");
    await page.getByLabel("Password", { exact: true }).fill("one-password-1");
    await page.getByLabel("Confirm password").fill("another-password-2");
    await page.getByRole("button", { name: "Register" }).click();
    // The browser's check says it with JavaScript (spec 5); the server's answer without (spec 8): one message either way.
    const mismatch = javaScriptEnabled ? "Passwords do not match" : "The passwords you entered do not match. Please try again.";
    await expect(main.getByText(mismatch, { exact: true })).toBeVisible();
    await expect(main.getByText(/do not match/)).toHaveCount(1);
    await expect(page.getByLabel("Confirm password")).toHaveAttribute("aria-invalid", "true");
    await expect(loginLink).toHaveAttribute("href", "/login");

    const email = uniqueEmail("dup");
    await register(page, { email, password: "dup-password-1" });
    await logout(page);
    await page.goto("/register");
    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.getByLabel("First name").fill("Sam");
    await page.getByLabel("Last name").fill("Stitch");
    await page.getByLabel("Password", { exact: true }).fill("dup-password-1");
    await page.getByLabel("Confirm password").fill("dup-password-1");
    await page.getByRole("button", { name: "Register" }).click();
    const duplicate = "An account with this email address already exists, please login or use a different email address.";
    await expect(main.getByText(duplicate, { exact: true })).toBeVisible();
    await expect(main.getByText(duplicate, { exact: true })).toHaveCount(1);
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    // Not the generic failure as well, and the link the message asks for is right there.
    await expect(main.getByText("An error occurred while registering. Please try again.")).toHaveCount(0);
    await expect(loginLink).toHaveAttribute("href", "/login");
    await loginLink.click();
    await expect(page).toHaveURL("/login");
  });

  test("a logged-in user visiting /login goes to /", async ({ page }) => {
    await register(page, { email: uniqueEmail("already"), password: "already-in-1" });
    await page.goto("/login");
    await expect(page).toHaveURL("/");
  });

  test("a recovery request for an unknown address looks the same", async ({ page }) => {
    await page.goto("/recover");
    await page.getByLabel("Email").fill(uniqueEmail("ghost"));
    await page.getByRole("button", { name: "Request new password" }).click();
    await expect(page.getByText("Recovery email sent, please check your email for instructions.")).toBeVisible();
  });

  test("repeated failed logins are refused with a clear message", { tag: "@long" }, async ({ page }) => {
    // A registration and seven password checks (argon2): slow on a busy machine.
    test.slow();
    const email = uniqueEmail("brute");
    await register(page, { email, password: "brute-password-1" });
    await logout(page);
    for (let i = 0; i < 5; i++) {
      await login(page, { email, password: `nope-${i}-password` });
      await expect(page.getByText("The password you entered does not match.")).toBeVisible();
    }
    await login(page, { email, password: "brute-password-1" });
    await expect(page.getByText("Too many failed login attempts. Please wait 15 minutes and try again.")).toBeVisible();
  });
});
