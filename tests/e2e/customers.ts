/** A buyer with a paid order, made through the JSON API and the local payment page (no browser). */
import { expect, type APIRequestContext, type Page } from "@playwright/test";

import { pattern } from "./db";
import { queryOne } from "./db";
import { uniqueEmail } from "./utils";

export type Customer = { email: string; password: string; token: string; orderId: number };

const ADDRESS = { first_name: "Ally", last_name: "Axe", street: "1 Ramp Rd", street2: "", city: "Austin", state: "TX", zip: "73301", country: "US", phone: "+1 512 555 0100" };

export async function newCustomer(request: APIRequestContext, { offset = 4 } = {}): Promise<Customer> {
  const email = uniqueEmail("customer");
  const password = "customer-pass-1";
  const { token } = await (await request.post("/api/auth/register", { data: { email, password, firstname: "Ally", lastname: "Axe" } })).json();
  const auth = { Authorization: token as string };
  expect((await request.post("/api/user/update-profile", { headers: auth, data: ADDRESS })).status()).toBe(200);
  const product = pattern("Digital", offset);
  const checkout = await request.post("/api/user/checkout", { headers: auth, data: { digital_consent: true, items: [{ productId: product.id }] } });
  expect(checkout.status()).toBe(200);
  const pay = await request.post(new URL((await checkout.json()).url).pathname, { headers: auth, form: { intent: "pay" }, maxRedirects: 0 });
  expect(pay.status()).toBe(302);
  const { id } = queryOne<{ id: number }>(
    "SELECT o.id FROM orders o JOIN users u ON u.id = o.buyer_id WHERE u.email = ? ORDER BY o.id DESC LIMIT 1",
    email,
  );
  return { email, password, token, orderId: id };
}

/** Adds a product to the cart from its page, choosing its first variant when it has one. */
export async function addFromProductPage(page: Page, product: { id: number; value: string | null }) {
  await page.goto(`/product/${product.id}`);
  if (product.value) await page.getByLabel(new RegExp(`^${product.value.replace(/[.*+?^${}()|[\]\\"]/g, "\\$&")}( \\(|$)`)).check();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("dialog", { name: "Item added to cart" })).toBeVisible();
}

/**
 * Checks out the cart from /cart: ticks the download consent box when the cart shows it (a Digital pattern in the
 * cart, decision 107), then presses Checkout.
 */
export async function checkoutFromCart(page: Page) {
  const consent = page.getByRole("checkbox", { name: /I want the download now/ });
  if (await consent.count()) await consent.check();
  await page.getByRole("button", { name: "Checkout" }).click();
}
