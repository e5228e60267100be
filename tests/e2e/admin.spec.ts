/**
 * The administrator's screens in a real browser, with JavaScript on and off (the no-js project is the acceptance
 * run): find and ship an order, the label notice, refund with a confirmation, transfers, product removal, users,
 * the financial report and its CSV, settings validation, access and the navigation.
 */
import fs from "node:fs/promises";

import { backdateOrders, balanceOf, buy, cents, credit, DEMO, expect, expectedFee, FIXTURE_CREDIT, login, newAccount, newShop, type Page, pendingTransfer, PRICES, readDb, sameKindOfContext, settings, test, uniqueDay, waitForMail } from "./fixtures";

async function asAdmin(page: Page) {
  await login(page, DEMO.admin);
  await expect(page).toHaveURL("/");
}

const LABEL_MISSING = "Shipping label is not available yet. Please try again later or contact support.";

test("visitors are sent to /login and non-administrators get 403", async ({ page }) => {
  await page.goto("/admin/users?q=x");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fusers%3Fq%3Dx$/);
  await page.getByLabel("Username or Email").fill(DEMO.buyer.email);
  await page.getByLabel("Password").fill(DEMO.buyer.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL("/admin/users?q=x");
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  expect((await page.goto("/admin/financial.csv"))?.status()).toBe(403);
});

test("finds a buyer's order by its number, shows every field, the label notice, and ships a printed pattern", { tag: "@long" }, async ({ page, request }) => {
  const shop = await newShop(request, "ship");
  const buyer = await newAccount(request, "admin-buyer", "Bea", "Buyer");
  const [order] = await buy(request, buyer, [{ productId: shop.printed }]);
  await asAdmin(page);

  await page.goto("/admin");
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Orders" })).toHaveAttribute("aria-current", "page");
  await page.getByLabel("Search orders").fill(String(order!.id));
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${order!.id}`));
  await expect(page.getByText("Showing 1–1 of 1 orders")).toBeVisible();
  await page.getByRole("link", { name: `#${order!.id}` }).click();

  await expect(page).toHaveURL(`/admin/order/${order!.id}`);
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Orders" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: `Order #${order!.id}` })).toBeVisible();
  for (const text of [buyer.email, shop.seller.email, "Bea Buyer", "Sela Seller", shop.storeName, "Printed Pattern", cents(PRICES.printed), cents(order!.fee_cents), cents(order!.shipping_cents), "7 Admin Way", "Denver, CO 80202"]) {
    await expect(page.getByRole("main").getByText(text, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByTestId("order-status")).toHaveText("Pending");

  await page.getByRole("link", { name: "Shipping label" }).click();
  await expect(page.getByRole("alert")).toHaveText(LABEL_MISSING);

  await page.getByRole("button", { name: "Ship" }).click();
  await expect(page.getByText("Tracking number is required")).toBeVisible();
  await expect(page.getByText("Carrier is required")).toBeVisible();
  await page.getByLabel("Tracking number").fill("9400 1000 0000 0000 0001");
  await page.getByLabel("Carrier").selectOption("USPS");
  await page.getByRole("button", { name: "Ship" }).click();
  await expect(page.getByText(`Order #${order!.id} is marked as shipped.`)).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("Shipped");
  await expect(page.getByText("Shipped by admin@patternhouse.test")).toBeVisible();
  expect(readDb("SELECT status, tracking, carrier FROM orders WHERE id = ?", order!.id)).toEqual([
    { status: "Shipped", tracking: "9400 1000 0000 0000 0001", carrier: "USPS" },
  ]);
  expect((await waitForMail(buyer.email)).subject).toBe(`Your order #${order!.id} has shipped`);
  // A second ship updates the tracking (the seller side's rule), the order stays Shipped once.
  await page.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await page.getByLabel("Carrier").selectOption("UPS");
  await page.getByRole("button", { name: "Update tracking" }).click();
  await expect(page.getByText(`The tracking of order #${order!.id} is updated.`)).toBeVisible();
  expect(readDb("SELECT status, tracking, carrier FROM orders WHERE id = ?", order!.id)).toEqual([
    { status: "Shipped", tracking: "1Z999AA10123456784", carrier: "UPS" },
  ]);
});

test("refunds an order after a confirmation: emails, the seller's ledger and balance to the cent; never twice", { tag: "@long" }, async ({ page, request }) => {
  const shop = await newShop(request, "refund");
  const buyer = await newAccount(request, "admin-buyer", "Rae", "Refund");
  const bought = await buy(request, buyer, [{ productId: shop.dress, variantId: shop.dressM }, { productId: shop.tote }]);
  const dress = bought.find((o) => o.product_id === shop.dress)!;
  const s = settings();
  expect(dress.fee_cents).toBe(expectedFee(s, PRICES.dress, "Ready", null));
  const credited = PRICES.dress - dress.fee_cents;
  const before = balanceOf(shop.storeId);

  await asAdmin(page);
  await page.goto(`/admin/order/${dress.id}`);
  await page.getByRole("link", { name: "Refund", exact: true }).click();
  await expect(page.getByText(`Refund order #${dress.id}? The buyer gets ${cents(PRICES.dress)} back`)).toBeVisible();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Pending");
  await page.getByRole("link", { name: "Refund", exact: true }).click();
  await page.getByRole("button", { name: "Yes, refund" }).click();
  await expect(page.getByText(`Order #${dress.id} was refunded: ${cents(PRICES.dress)} back to the buyer.`)).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("Refunded");
  await expect(page.getByText("Refunded by admin@patternhouse.test")).toBeVisible();
  // The audit line's amounts are money, not cents (issue 34, item 19).
  await expect(page.getByRole("region", { name: "Audit log" })).toContainText(`refunded: ${cents(PRICES.dress)}; taken from the store: ${cents(credited)}`);

  expect(readDb("SELECT tx_type, amount_cents, status FROM transactions WHERE order_id = ? ORDER BY id", dress.id)).toEqual([
    { tx_type: "Sale", amount_cents: credited, status: "Completed" },
    { tx_type: "Refund", amount_cents: -credited, status: "Completed" },
  ]);
  expect(balanceOf(shop.storeId)).toBe(before - credited);
  const buyerMail = await waitForMail(buyer.email);
  expect(buyerMail.subject).toBe(`Your order #${dress.id} has been refunded`);
  expect(buyerMail.text).toContain(cents(PRICES.dress));
  const sellerMail = await waitForMail(shop.seller.email);
  expect(sellerMail.subject).toBe(`Order #${dress.id} was refunded`);
  expect(sellerMail.text).toContain(`${cents(credited)} (what the sale credited you) was debited from your balance, which is now ${cents(before - credited)}`);

  // The confirmation cannot come back, and a replayed post is refused without a second effect.
  await page.goto(`/admin/order/${dress.id}?refund=confirm`);
  await expect(page.getByRole("button", { name: "Yes, refund" })).toHaveCount(0);
  const replay = await page.request.post(`/admin/order/${dress.id}`, { form: { intent: "refund" }, headers: { Origin: new URL(page.url()).origin } });
  expect(replay.status()).toBe(409);
  expect(readDb("SELECT id FROM transactions WHERE order_id = ? AND tx_type = 'Refund'", dress.id)).toHaveLength(1);
  expect(balanceOf(shop.storeId)).toBe(before - credited);
});

test("approves one pending transfer, rejects another, removes a product; the store's audit log shows it", { tag: "@long" }, async ({ page, request }) => {
  const shop = await newShop(request, "transfers");
  // 100 dollars credited in parts, each withdrawal taking the whole balance as the seller's request does.
  await credit(shop.storeId, 3000);
  const first = await pendingTransfer(shop.storeId, 3000);
  await credit(shop.storeId, 2000);
  const second = await pendingTransfer(shop.storeId, 2000);
  await credit(shop.storeId, 5000);
  expect(balanceOf(shop.storeId)).toBe(5000);
  await asAdmin(page);
  await page.goto("/admin/stores");
  await page.getByLabel("Search stores").fill(shop.storeName);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("Showing 1–1 of 1 stores")).toBeVisible();
  await page.getByRole("link", { name: shop.storeName }).click();
  await expect(page).toHaveURL(`/admin/store/${shop.storeId}`);
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Stores" })).toHaveAttribute("aria-current", "page");

  const transfers = page.getByRole("table", { name: "Pending transfers" });
  await expect(transfers.getByRole("row")).toHaveCount(3);
  await page.getByRole("button", { name: `Approve transfer #${first}` }).click();
  await expect(page.getByText(`Transfer #${first} of $30.00 approved and paid out.`)).toBeVisible();
  await page.getByLabel("Reason (optional)").fill("Account name does not match");
  await page.getByRole("button", { name: `Reject transfer #${second}` }).click();
  await expect(page.getByText(`Transfer #${second} of $20.00 rejected; the money is back in the balance.`)).toBeVisible();
  await expect(page.getByText("No pending transfers.")).toBeVisible();
  expect(readDb("SELECT id, status, reason FROM transactions WHERE id IN (?, ?) ORDER BY id", first, second)).toEqual([
    { id: first, status: "Completed", reason: null },
    { id: second, status: "Rejected", reason: "Account name does not match" },
  ]);
  expect(balanceOf(shop.storeId)).toBe(7000);

  const products = page.getByRole("table", { name: "Products" });
  await expect(products.getByRole("row")).toHaveCount(4);
  await page.getByRole("button", { name: `Remove Market Tote ${shop.seller.id}` }).click();
  await expect(page.getByText(`Product #${shop.tote} was removed from the catalogue.`)).toBeVisible();
  await expect(products.getByRole("row", { name: new RegExp(`Market Tote ${shop.seller.id}`) })).toContainText("Removed");
  expect((await page.request.get(`/product/${shop.tote}`)).status()).toBe(404);

  const audit = page.getByRole("region", { name: "Audit log" });
  await expect(audit.getByText("Approved a transfer by admin@patternhouse.test")).toBeVisible();
  await expect(audit.getByText("Rejected a transfer by admin@patternhouse.test")).toBeVisible();
  await expect(audit.getByText("Removed a product by admin@patternhouse.test")).toBeVisible();
});

test("suspends a user: their open session stops working and they cannot log in; a taken email is refused", { tag: "@long" }, async ({ page, request, browser }, testInfo) => {
  const user = await newAccount(request, "admin-suspend", "Sue", "Spended");
  const other = await sameKindOfContext(browser, testInfo);
  const theirs = await other.newPage();
  await login(theirs, { email: user.email, password: "admin-suspend-pass-123" });
  await expect(theirs).toHaveURL("/");
  await expect(theirs.getByLabel("Profile menu")).toBeVisible();
  // Two sessions are open: the registration's API token and this browser.

  await asAdmin(page);
  await page.goto("/admin/users");
  await page.getByLabel("Search users").fill(user.email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("Showing 1–1 of 1 users")).toBeVisible();
  await page.getByRole("link", { name: "Sue Spended" }).click();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");

  await page.getByLabel("Email").fill(DEMO.buyer.email);
  await page.getByRole("button", { name: "Save User" }).click();
  await expect(page.getByText("An account with this email address already exists, please login or use a different email address.")).toBeVisible();
  expect(readDb("SELECT email FROM users WHERE id = ?", user.id)).toEqual([{ email: user.email }]);

  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Status").selectOption("Suspended");
  await page.getByRole("button", { name: "Save User" }).click();
  await expect(page.getByText(`User ${user.email} saved. 2 open sessions ended.`)).toBeVisible();
  expect(readDb("SELECT count(*) AS n FROM sessions WHERE user_id = ?", user.id)).toEqual([{ n: 0 }]);
  await expect(page.getByText('status: "Active" → "Suspended"')).toBeVisible();

  await theirs.reload();
  await expect(theirs.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
  await login(theirs, { email: user.email, password: "admin-suspend-pass-123" });
  await expect(theirs.getByText("Your account is inactive. Please contact the administrator.")).toBeVisible();
  await other.close();
});

test("a balance change needs a reason and becomes an Adjustment by the administrator", { tag: "@long" }, async ({ page, request }) => {
  const shop = await newShop(request, "adjust");
  await credit(shop.storeId, 1234);
  await asAdmin(page);
  await page.goto(`/admin/user/${shop.seller.id}`);
  await expect(page.getByLabel("Balance ($)")).toHaveValue("12.34");
  await page.getByLabel("Balance ($)").fill("-5.66");
  await page.getByRole("button", { name: "Save User" }).click();
  await expect(page.getByText("Give a reason for the balance change")).toBeVisible();
  expect(balanceOf(shop.storeId)).toBe(1234);
  await page.getByLabel("Balance ($)").fill("-5.66");
  await page.getByLabel("Reason for a balance change").fill("Chargeback on order 12");
  await page.getByRole("button", { name: "Save User" }).click();
  await expect(page.getByText("The balance change was recorded as an adjustment.")).toBeVisible();
  expect(balanceOf(shop.storeId)).toBe(-566);
  const admin = readDb<{ id: number }>("SELECT id FROM users WHERE email = ?", DEMO.admin.email)[0]!;
  // The administrator's own adjustments (not the fixture's credit, FIXTURE_CREDIT).
  expect(readDb("SELECT amount_cents, reason, admin_id FROM transactions WHERE store_id = ? AND tx_type = 'Adjustment' AND admin_id IS NOT NULL AND reason <> ?", shop.storeId, FIXTURE_CREDIT)).toEqual([
    { amount_cents: -1800, reason: "Chargeback on order 12", admin_id: admin.id },
  ]);
  await expect(page.getByRole("region", { name: "Audit log" }).getByText("Adjusted the balance by admin@patternhouse.test")).toBeVisible();
});

test("reads the financial overview for a date range to the cent and downloads its CSV", { tag: "@long" }, async ({ page, request }) => {
  const shop = await newShop(request, "financial");
  const buyer = await newAccount(request, "admin-fin", "Fin", "Buyer");
  const bought = await buy(request, buyer, [{ productId: shop.dress, variantId: shop.dressM }, { productId: shop.printed }, { productId: shop.tote, quantity: 2 }]);
  const day = uniqueDay();
  backdateOrders(bought.map((o) => o.id), day);
  const revenue = bought.reduce((sum, o) => sum + o.amount_cents, 0);
  const gp = bought.reduce((sum, o) => sum + o.fee_cents, 0);
  const two = (c: number) => (c / 100).toFixed(2);

  await asAdmin(page);
  await page.goto("/admin/financial");
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Financial" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("End Date")).toHaveValue(new Date().toISOString().slice(0, 10));
  await page.getByLabel("Start Date").fill(day);
  await page.getByLabel("End Date").fill(day);
  await page.getByRole("button", { name: "Fetch Data" }).click();
  await expect(page).toHaveURL(new RegExp(`start_date=${day}&end_date=${day}`));
  await expect(page.getByLabel("Start Date")).toHaveValue(day);
  await expect(page.getByLabel("End Date")).toHaveValue(day);
  await expect(page.getByTestId("overview-sales")).toHaveText("3");
  await expect(page.getByTestId("overview-revenue")).toHaveText(two(revenue));
  await expect(page.getByTestId("overview-gp")).toHaveText(two(gp));
  await expect(page.getByTestId("overview-cost")).toHaveText(two(revenue - gp));
  const table = page.getByRole("table", { name: "Financial" });
  await expect(table.getByRole("row")).toHaveCount(4);
  const dress = bought.find((o) => o.product_id === shop.dress)!;
  await expect(table.getByRole("row", { name: new RegExp(`^${dress.id} `) })).toContainText(`$${two(dress.amount_cents)}$${two(dress.fee_cents)}${((dress.fee_cents / dress.amount_cents) * 100).toFixed(2)}%Pending`);
  await page.getByRole("link", { name: "Margin" }).click();
  await expect(page).toHaveURL(/sort=margin&dir=asc/);
  await expect(page.getByLabel("Start Date")).toHaveValue(day);
  await expect(page.getByRole("img", { name: "Revenue per day" })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  const csv = await fs.readFile((await download.path())!, "utf8");
  const lines = csv.trim().split("\r\n");
  expect(lines[0]).toBe("order_id,order_date,revenue,gp,margin,status");
  expect(lines.slice(1).map((l) => l.split(",")[0]).sort()).toEqual(bought.map((o) => String(o.id)).sort());
  expect(lines.slice(1).reduce((sum, l) => sum + Math.round(Number(l.split(",")[2]) * 100), 0)).toBe(revenue);

  await page.goto("/admin/financial?start_date=1990-01-01&end_date=1990-01-02");
  await expect(page.getByText("No financial data to show.")).toBeVisible();
  await expect(page.getByTestId("overview-sales")).toHaveText("0");
});

test("settings load on open and each bad value is refused at its field without saving anything", { tag: "@long" }, async ({ page }, testInfo) => {
  const before = settings();
  await asAdmin(page);
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Platform Settings" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pattern Shipping Settings" })).toBeVisible();
  await expect(page.getByLabel("Margin (%)", { exact: true })).toHaveValue(String(before.margin_bp / 100));
  await expect(page.getByLabel("Shipping Fee for Buyers, printed and shipped by the platform ($)")).toHaveValue((before.pss_cents / 100).toFixed(2));
  await page.getByLabel("Margin (%)", { exact: true }).fill("150");
  await page.getByLabel("Min Fee ($) For Pattern").fill("-1");
  await page.getByLabel("Email", { exact: true }).fill("not an email");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Margin must be a number from 0 to 100")).toBeVisible();
  await expect(page.getByText("Min Fee for patterns must be an amount of 0 or more, like 5 or 5.00")).toBeVisible();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  await expect(page.getByLabel("Margin (%)", { exact: true })).toHaveAttribute("aria-invalid", "true");
  if (testInfo.project.name === "no-js") {
    // Issue 46 item 21: the answer loads at the top; the summary there links to each field, screens down.
    const summary = page.getByTestId("error-summary");
    await expect(summary).toBeInViewport();
    await expect(summary.getByRole("link")).toHaveText(["Margin (%)", "Min Fee ($) For Pattern", "Email"]);
    await expect(summary.getByRole("link", { name: "Email" })).toHaveAttribute("href", "#settings-shipping_email");
  }
  expect(settings()).toEqual(before);
});
