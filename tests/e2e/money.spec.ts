/**
 * Issue 19, items 6, 7 and 20 on the HTML face (with and without JavaScript): a downloadable pattern is one
 * licence per buyer; an approval nets what the store owes; a refund takes the sale out of the sold count and the
 * administrator's sales figures.
 */

// Each test walks several pages (and a payment) on a machine shared by several servers.
test.describe.configure({ timeout: 90_000 });
import { adminAuth, type APIRequestContext, backdateOrders, balanceOf, buy, cents, checkoutFromCart, DEMO, expect, login, newAccount, newShop, type Page, pattern, pendingTransfer, readDb, test, uniqueDay, uniqueEmail, waitForMail } from "./fixtures";
import { formatCents } from "~/utils/money";

type Pattern = ReturnType<typeof pattern>;

/** Posts the product page's Add to Cart form as the page would (its Origin), without following the redirect. */
async function postAdd(page: Page, product: Pattern, form: Record<string, string> = {}) {
  const variant: Record<string, string> = product.variant_id ? { variantId: String(product.variant_id) } : {};
  return page.request.post("/cart", {
    headers: { Origin: new URL(page.url()).origin },
    form: { intent: "add", productId: String(product.id), ...variant, ...form },
    maxRedirects: 0,
  });
}

/** Clicks Add to Cart on the product page, choosing the first size when the pattern has sizes. */
async function clickAdd(page: Page, product: Pattern) {
  await page.goto(`/product/${product.id}`);
  if (product.value) await page.getByLabel(new RegExp(`^${product.value.replace(/[.*+?^${}()|[\]\\"]/g, "\\$&")}( \\(|$)`)).check();
  await page.getByRole("button", { name: "Add to Cart" }).click();
}

/** A new buyer with a complete profile who bought `product` through the JSON checkout and the local payment page. */
async function ownerOf(request: APIRequestContext, product: Pattern) {
  const email = uniqueEmail("licence");
  const password = "licence-pass-1";
  const { token } = await (await request.post("/api/auth/register", { data: { email, password, firstname: "Lee", lastname: "Licence" } })).json();
  const auth = { Authorization: token as string };
  expect((await request.post("/api/user/update-profile", { headers: auth, data: ADDRESS })).status()).toBe(200);
  const checkout = await request.post("/api/user/checkout", { headers: auth, data: { digital_consent: true, items: [{ productId: product.id, variantId: product.variant_id }] } });
  expect(checkout.status()).toBe(200);
  const pay = await request.post(new URL((await checkout.json()).url).pathname, { headers: auth, form: { intent: "pay" }, maxRedirects: 0 });
  expect(pay.status()).toBe(302);
  const { id: userId } = readDb<{ id: number }>("SELECT id FROM users WHERE email = ?", email)[0]!;
  const { id: orderId } = readDb<{ id: number }>("SELECT id FROM orders WHERE buyer_id = ? AND product_id = ?", userId, product.id)[0]!;
  return { email, password, auth, userId, orderId };
}

const ADDRESS = { first_name: "Lee", last_name: "Licence", street: "3 Grain St", street2: "", city: "Austin", state: "TX", zip: "73301", country: "US", phone: "+1 512 555 0111" };

test("a downloadable pattern added twice stays one line of quantity 1, charged once", { tag: "@long" }, async ({ page }, testInfo) => {
  const digital = pattern("Digital", testInfo.project.name === "no-js" ? 6 : 5);
  await page.goto(`/product/${digital.id}`);
  // One licence per buyer: no quantity to choose.
  await expect(page.getByLabel("Quantity")).toHaveCount(0);
  await clickAdd(page, digital);
  await expect(page.getByRole("dialog", { name: "Item added to cart" })).toBeVisible();

  await clickAdd(page, digital);
  await expect(page).toHaveURL("/cart");
  await expect(page.getByText("This pattern is already in your cart. A downloadable pattern is one licence per buyer")).toBeVisible();
  await expect(page.getByTestId("cart-row")).toHaveCount(1);
  await expect(page.getByTestId("cart-row")).not.toContainText("Quantity");
  await expect(page.getByTestId("subtotal")).toHaveText(formatCents(digital.price_cents));
  await expect(page.getByTestId("total")).toHaveText(formatCents(digital.price_cents));
  await expect(page.getByTestId("cart-badge")).toHaveText("1");

  // A forged quantity is refused on the server.
  await page.goto(`/product/${digital.id}`);
  const forged = await postAdd(page, digital, { quantity: "2" });
  expect(forged.status()).toBe(302);
  await page.goto(forged.headers()["location"]!);
  await expect(page.getByText("A downloadable pattern is one licence per buyer: its quantity is always 1.")).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByTestId("subtotal")).toHaveText(formatCents(digital.price_cents));
});

test("a buyer who owns a pattern is sent to its download: product page, add to cart, a cart joined at login, checkout", { tag: "@long" }, async ({ page, request }, testInfo) => {
  const owned = pattern("Digital", testInfo.project.name === "no-js" ? 8 : 7);
  const customer = await ownerOf(request, owned);

  // As a visitor, before logging in, the pattern goes into the visitor cart.
  await clickAdd(page, owned);
  await expect(page.getByRole("dialog", { name: "Item added to cart" })).toBeVisible();
  await login(page, customer);
  await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toHaveCount(0);

  // The joined cart shows the line as owned, with the way to the download; checkout refuses it, naming it.
  await page.goto("/cart");
  await expect(page.getByTestId("cart-row")).toHaveCount(1);
  const note = page.getByTestId("owned-note");
  await expect(note).toContainText("You already own this pattern");
  await expect(note.getByRole("link", { name: "download it from your purchase" })).toHaveAttribute("href", `/purchase/${customer.orderId}`);
  await checkoutFromCart(page);
  await expect(page.getByRole("alert").filter({ hasText: "You already own a downloadable pattern in your cart." })).toContainText(owned.name);
  expect(readDb("SELECT id FROM checkouts WHERE user_id = ?", customer.userId)).toHaveLength(1); // only the paid one

  // The product page offers the download instead of Add to Cart.
  await page.goto(`/product/${owned.id}`);
  await expect(page.getByText("You already own this pattern.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to your download" })).toHaveAttribute("href", `/purchase/${customer.orderId}`);
  await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);

  // Adding it anyway (a page opened before the purchase) leads to the purchase, with the reason.
  const again = await postAdd(page, owned);
  expect(again.status()).toBe(302);
  expect(again.headers()["location"]).toBe(`/purchase/${customer.orderId}`);
  await page.goto(again.headers()["location"]!);
  await expect(page.getByText("You already own this pattern, so it was not added to your cart.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Download pattern" })).toBeVisible();
  expect(readDb<{ n: number }>("SELECT count(*) AS n FROM orders WHERE buyer_id = ? AND product_id = ?", customer.userId, owned.id)[0]!.n).toBe(1);
});

test("approving a transfer while the store owes: the screen shows what approving pays, a stale screen is refused, the debt is netted", { tag: "@long" }, async ({ page, request }) => {
  const admin = await adminAuth(request);
  const shop = await newShop(request, "netting");
  const buyer = await newAccount(request, "netting-buyer", "Nat", "Netting");
  const bought = await buy(request, buyer, [{ productId: shop.dress, variantId: shop.dressM }, { productId: shop.tote }]);
  const tote = bought.find((o) => o.product_id === shop.tote)!;
  const requested = balanceOf(shop.storeId);
  const transferId = await pendingTransfer(shop.storeId, requested);
  const debt = tote.amount_cents - tote.fee_cents;

  await login(page, DEMO.admin);
  await expect(page).toHaveURL("/");
  await page.goto(`/admin/store/${shop.storeId}`);
  await expect(page.getByTestId(`approval-plan-${transferId}`)).toHaveText(cents(requested));

  // Meanwhile another administrator refunds an order: the store now owes what that sale credited.
  expect((await request.post(`/api/admin/refund-order/${tote.id}`, { headers: admin })).status()).toBe(200);
  expect(balanceOf(shop.storeId)).toBe(-debt);

  // The screen still showed the full amount: approving from it pays nothing and says why.
  await page.getByRole("button", { name: `Approve transfer #${transferId}` }).click();
  await expect(page.getByRole("alert").filter({ hasText: "What approving pays has changed since this page was loaded" })).toBeVisible();
  expect(readDb("SELECT status, amount_cents FROM transactions WHERE id = ?", transferId)).toEqual([{ status: "Pending", amount_cents: -requested }]);

  // Looked at again: the debt, and what approving does.
  await page.goto(`/admin/store/${shop.storeId}`);
  await expect(page.getByText(`The store owes the platform ${cents(debt)}`)).toBeVisible();
  const plan = page.getByTestId(`approval-plan-${transferId}`);
  await expect(plan).toContainText(cents(requested - debt));
  await expect(plan).toContainText(`${cents(requested)} requested minus the ${cents(debt)} the store owes; the balance goes back to $0.00`);
  await page.getByRole("button", { name: `Approve transfer #${transferId}: pay ${cents(requested - debt)}` }).click();
  await expect(
    page.getByText(`Transfer #${transferId} approved: ${cents(requested - debt)} paid out. ${cents(debt)} of the ${cents(requested)} requested repaid what the store owed.`),
  ).toBeVisible();

  // Stored: the transfer pays the rest, the balance is zero and still the sum of the ledger.
  expect(readDb("SELECT status, amount_cents, reason FROM transactions WHERE id = ?", transferId)).toEqual([
    {
      status: "Completed",
      amount_cents: -(requested - debt),
      reason: `${cents(debt)} of the ${cents(requested)} requested repaid what the store owed the platform; ${cents(requested - debt)} was paid out.`,
    },
  ]);
  expect(balanceOf(shop.storeId)).toBe(0);
  expect(readDb<{ sum: number }>("SELECT sum(amount_cents) AS sum FROM transactions WHERE store_id = ? AND status <> 'Rejected'", shop.storeId)[0]!.sum).toBe(0);
  expect((await waitForMail(shop.seller.email)).text).toContain(`${cents(debt)} of the ${cents(requested)} requested repaid what the store owed the platform`);
});

test("a refund takes the sale out of the sold count and of the administrator's sales figures", { tag: "@long" }, async ({ page, request }) => {
  const admin = await adminAuth(request);
  const shop = await newShop(request, "refund-sold");
  const buyer = await newAccount(request, "refund-sold-buyer", "Ria", "Refund");
  const bought = await buy(request, buyer, [{ productId: shop.dress, variantId: shop.dressM }, { productId: shop.tote, quantity: 2 }]);
  const dress = bought.find((o) => o.product_id === shop.dress)!;
  const tote = bought.find((o) => o.product_id === shop.tote)!;
  const day = uniqueDay();
  backdateOrders([dress.id, tote.id], day);
  await page.goto(`/product/${shop.tote}`);
  await expect(page.getByText("2 sold")).toBeVisible();

  expect((await request.post(`/api/admin/refund-order/${tote.id}`, { headers: admin })).status()).toBe(200);
  // A visitor may be served the page rendered up to HTML_CACHE_SECONDS ago (decision 003); another URL is rendered now.
  await page.goto(`/product/${shop.tote}?after=refund`);
  await expect(page.getByText("0 sold")).toBeVisible();

  await login(page, DEMO.admin);
  await expect(page).toHaveURL("/");
  await page.goto(`/admin/financial?start_date=${day}&end_date=${day}`);
  await expect(page.getByTestId("overview-sales")).toHaveText("1");
  await expect(page.getByTestId("overview-revenue")).toHaveText((dress.amount_cents / 100).toFixed(2));
  await expect(page.getByTestId("overview-gp")).toHaveText((dress.fee_cents / 100).toFixed(2));
  await expect(page.getByTestId("overview-refunded")).toHaveText(`Refunded and not counted above: 1 order of this range, ${cents(tote.amount_cents)}.`);
  const table = page.getByRole("table", { name: "Financial" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("row", { name: new RegExp(`^${dress.id} `) })).toBeVisible();

  await page.goto(`/admin/store/${shop.storeId}`);
  await expect(page.getByTestId("figure-sales")).toHaveText(cents(dress.amount_cents));
  await expect(page.getByTestId("figure-refunded")).toHaveText(cents(tote.amount_cents));
  await expect(page.getByTestId("figure-orders")).toHaveText("1");
  const toteRow = page.getByRole("table", { name: "Products" }).getByRole("row", { name: new RegExp(`^${shop.tote} `) });
  await expect(toteRow.getByRole("cell").nth(4)).toHaveText("0"); // Sold
  await page.goto(`/admin/stores?q=${encodeURIComponent(shop.storeName)}`);
  await expect(page.getByRole("table", { name: "Stores" })).toContainText(cents(dress.amount_cents));
});
