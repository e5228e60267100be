/**
 * Issue 19, item 1: a site opened by its IP address (here 127.0.0.1, with PUBLIC_URL not set, so emails would say
 * localhost) keeps the buyer on that address through checkout: the app's own pages and redirects use paths.
 */
import { ANY_ADDRESS_DATA_DIR, ANY_ADDRESS_PORT } from "../../playwright.config";
import { checkoutFromCart, expect, readDbIn, test, uniqueEmail } from "./fixtures";

/** The config's server with PUBLIC_URL unset, shared by both browser projects. */
const own = { base: `http://127.0.0.1:${ANY_ADDRESS_PORT}`, dataDir: ANY_ADDRESS_DATA_DIR };

test("checkout on the local provider stays on the address the buyer came by", { tag: "@long" }, async ({ page, request }) => {
  const email = uniqueEmail("by-ip");
  const password = "by-ip-password-1";
  const registered = await request.post(`${own.base}/api/auth/register`, { data: { email, password, firstname: "Ip", lastname: "Buyer" } });
  const { token } = (await registered.json()) as { token: string };
  const address = { first_name: "Ip", last_name: "Buyer", street: "1 Loop Rd", city: "Austin", state: "TX", phone: "+1 512 555 0100", zip: "73301", country: "US" };
  expect((await request.post(`${own.base}/api/user/update-profile`, { headers: { Authorization: token }, data: address })).status()).toBe(200);
  const [product] = readDbIn<{ id: number }>(own.dataDir, "SELECT id FROM products WHERE type = 'Pattern' AND delivery = 'Digital' AND removed_at IS NULL ORDER BY id LIMIT 1");

  // The JSON face: the payment page's URL is on the address the client called.
  const checkout = await request.post(`${own.base}/api/user/checkout`, { headers: { Authorization: token }, data: { digital_consent: true, items: [{ productId: product!.id }] } });
  expect(checkout.status()).toBe(200);
  expect((await checkout.json()).url).toMatch(new RegExp(`^${own.base.replaceAll(".", "\\.")}/pay/\\d+$`));

  // The HTML face: log in, add to the cart, check out, proceed to payment: still on 127.0.0.1.
  await page.goto(`${own.base}/login`);
  await page.getByLabel("Username or Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(`${own.base}/`);
  await page.goto(`${own.base}/cart`);
  await checkoutFromCart(page);
  await expect(page).toHaveURL(new RegExp(`^${own.base.replaceAll(".", "\\.")}/checkout/\\d+$`));
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await expect(page).toHaveURL(new RegExp(`^${own.base.replaceAll(".", "\\.")}/pay/\\d+$`));
  await expect(page.getByRole("button", { name: "Pay", exact: true })).toBeVisible();
});
