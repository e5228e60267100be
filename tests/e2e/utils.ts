import fs from "node:fs/promises";
import path from "node:path";

import { expect, type Page } from "@playwright/test";

export const DATA_DIR = process.env.E2E_DATA_DIR!;

export const DEMO = {
  buyer: { email: "buyer@patternhouse.test", password: "demo-buyer-pass" },
  seller: { email: "seller@patternhouse.test", password: "demo-seller-pass" },
  admin: { email: "admin@patternhouse.test", password: "demo-admin-pass" },
} as const;

let counter = 0;
/** A unique address per test, so tests can run in parallel against one server. */
export function uniqueEmail(prefix = "user") {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`;
}

type OutboxMail = { to: string; subject: string; text: string; html?: string; date: string };

/** Waits for the newest mail to an address in the app's outbox (DATA_DIR/outbox). */
export async function waitForMail(to: string, { timeoutMs = 10_000 } = {}): Promise<OutboxMail> {
  const dir = path.join(DATA_DIR, "outbox");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const mails = await Promise.all(
      names.filter((n) => n.endsWith(".json")).map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), "utf8")) as OutboxMail),
    );
    const found = mails.filter((m) => m.to === to).sort((a, b) => b.date.localeCompare(a.date))[0];
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

export async function register(page: Page, { email, password, firstName = "Robin", lastName = "Tester" }: { email: string; password: string; firstName?: string; lastName?: string }) {
  await page.goto("/register");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL("/");
}

export async function login(page: Page, { email, password }: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Username or Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

export async function logout(page: Page) {
  // Works with and without JavaScript: open the profile menu (a <details>) and submit Logout.
  await page.getByLabel("Profile menu").click();
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).first().click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
}

/** With JavaScript on, waits until React has hydrated the page (so it will not replace inputs being filled). */
export async function whenHydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
