import { formatCents } from "../../app/utils/money";
import { addDesigns, checkoutFromCart, DEMO, type Design, expect, expectedFee, login, newSeller, type Page, readDb, settings, test, uniqueEmail, waitForMail } from "./fixtures";

async function addToCart(page: Page, design: Design) {
  await page.goto(`/product/${design.id}`);
  if (design.value) await page.getByLabel(new RegExp(`^${design.value}( \\(|$)`)).check();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("dialog", { name: "Item added to cart" })).toBeVisible();
}

test("a new seller sells, ships, onboards for payouts and withdraws; the buyer sees the tracking", { tag: "@long" }, async ({ page, browser, request, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const js = testInfo.project.name !== "no-js";
  const seller = await newSeller(request);
  const designs = await addDesigns(seller);

  // The buyer: the demo buyer without JavaScript; a fresh buyer with a complete profile with it (no shared cart).
  let buyer: { email: string; password: string } = DEMO.buyer;
  if (js) {
    buyer = { email: uniqueEmail("buyer"), password: "buying-password-1" };
    const { token } = await (await request.post("/api/auth/register", { data: { ...buyer, firstname: "Bea", lastname: "Buyer" } })).json();
    const profile = { first_name: "Bea", last_name: "Buyer", street: "5 Elm St", city: "Austin", state: "TX", zip: "73301", country: "US", phone: "+1 512 555 0100" };
    expect((await request.post("/api/user/update-profile", { data: profile, headers: { Authorization: token } })).ok()).toBe(true);
  }
  await login(page, buyer);
  await expect(page).toHaveURL("/");
  await addToCart(page, designs.ready);
  await addToCart(page, designs.digital);
  await page.goto("/cart");
  await checkoutFromCart(page);
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL("/purchases/success");
  const orders = readDb<{ id: number; product_id: number; amount_cents: number; fee_cents: number; product_type: string; delivery: string | null }>(
    "SELECT * FROM orders WHERE store_id = ? ORDER BY id",
    seller.storeId,
  );
  expect(orders.map((o) => o.product_id)).toEqual([designs.ready.id, designs.digital.id]);
  const [readyOrder, digitalOrder] = orders as [(typeof orders)[0], (typeof orders)[0]];

  // The seller sees both orders and opens the sale.
  const sellerContext = await browser.newContext({ javaScriptEnabled: js });
  const sellerPage = await sellerContext.newPage();
  await login(sellerPage, seller);
  await expect(sellerPage).toHaveURL("/");
  await expect(sellerPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Become a Seller" })).toBeVisible();
  await sellerPage.goto("/my-orders");
  await expect(sellerPage.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "Orders" })).toHaveAttribute("aria-current", "page");
  await expect(sellerPage.getByTestId("sale-row")).toHaveCount(2);
  await sellerPage.getByRole("link", { name: "Pending" }).click();
  await expect(sellerPage).toHaveURL("/my-orders?status=pending");
  await expect(sellerPage.getByTestId("sale-row")).toHaveCount(2);

  // The digital sale shows the file the buyer receives; nothing to ship.
  await sellerPage.getByRole("link", { name: `Order ${digitalOrder.id}` }).click();
  await expect(sellerPage.getByRole("heading", { name: "Pattern file" })).toBeVisible();
  await expect(sellerPage.getByRole("link", { name: "Download shirt.dxf" })).toBeVisible();
  await expect(sellerPage.getByRole("heading", { name: /Ship order/ })).toHaveCount(0);

  await sellerPage.goto(`/sale/${readyOrder.id}`);
  await expect(sellerPage.getByTestId("sale-amount")).toHaveText(formatCents(readyOrder.amount_cents));
  await expect(sellerPage.getByTestId("sale-fee")).toHaveText(formatCents(readyOrder.fee_cents));
  await expect(sellerPage.getByTestId("sale-revenue")).toHaveText(formatCents(readyOrder.amount_cents - readyOrder.fee_cents));
  await expect(sellerPage.getByTestId("sale-address")).toContainText(js ? "5 Elm St" : "742 Valencia St");

  // A PDF label (the local provider), kept on the order and served to the seller only.
  await sellerPage.getByRole("button", { name: "Get shipping label" }).click();
  await expect(sellerPage.getByText("Your shipping label is ready.")).toBeVisible();
  await expect(sellerPage.getByRole("link", { name: "Download shipping label" })).toHaveAttribute("href", `/sale/${readyOrder.id}/label`);
  const label = await sellerPage.request.get(`/sale/${readyOrder.id}/label`);
  expect(label.status()).toBe(200);
  expect(label.headers()["content-type"]).toBe("application/pdf");
  expect((await label.body()).subarray(0, 5).toString()).toBe("%PDF-");
  const [labelRow] = readDb<{ label_url: string }>("SELECT label_url FROM orders WHERE id = ?", readyOrder.id);
  expect(labelRow!.label_url).toMatch(/^\/api\/files\/[a-f0-9]{32}\.pdf$/);
  expect(readDb("SELECT * FROM files WHERE name = ? AND kind = 'label'", labelRow!.label_url.slice(11))).toHaveLength(1);
  expect((await page.request.get(labelRow!.label_url)).status()).toBe(403); // the buyer cannot read the label file

  // Shipping without tracking or carrier gets the field errors (the server's, also for a forged post).
  const forged = await sellerPage.request.post(`/sale/${readyOrder.id}`, { headers: { Origin: baseURL! }, form: { tracking: "", carrier: "" } });
  expect(forged.status()).toBe(400);
  const forgedHtml = await forged.text();
  expect(forgedHtml).toContain("Tracking number is required");
  expect(forgedHtml).toContain("Carrier is required");
  if (js) {
    await sellerPage.getByRole("button", { name: "Ship order" }).click();
    const dialog = sellerPage.getByRole("dialog", { name: "Ship order" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Mark as Shipped" }).click();
    await expect(dialog.getByText("Tracking number is required")).toBeVisible();
    await expect(dialog.getByText("Carrier is required")).toBeVisible();
  } else {
    await expect(sellerPage.getByRole("heading", { name: "Ship order" })).toBeVisible();
  }
  const form = js ? sellerPage.getByRole("dialog", { name: "Ship order" }) : sellerPage.locator("#ship-order");
  await form.getByLabel("Tracking number").fill("9400111899223100001234");
  await form.getByLabel("Carrier").selectOption("USPS");
  await form.getByRole("button", { name: "Mark as Shipped" }).click();
  await expect(sellerPage.getByText("Order shipped successfully!")).toBeVisible();
  await expect(sellerPage.getByTestId("sale-status")).toHaveText("Shipped");
  await expect(sellerPage.getByTestId("sale-carrier")).toHaveText("USPS");
  const usps = "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223100001234";
  await expect(sellerPage.getByRole("link", { name: "Track on the carrier's site" })).toHaveAttribute("href", usps);

  // The buyer sees Shipped and the tracking link, and has the email.
  await page.goto(`/purchase/${readyOrder.id}`);
  await expect(page.getByText("Shipped", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Track parcel" })).toHaveAttribute("href", usps);
  const mail = await waitForMail(buyer.email);
  expect(mail.subject).toBe(`Your order #${readyOrder.id} has shipped`);
  expect(mail.text).toContain(usps);

  // Finance: no withdrawal before payout onboarding.
  await sellerPage.goto("/my-finance");
  const s = settings();
  const expectedBalance = orders.reduce((sum, o) => {
    const price = o.product_id === designs.ready.id ? designs.ready.priceCents : designs.digital.priceCents;
    expect(o.fee_cents).toBe(expectedFee(s, price, o.product_type, o.delivery));
    return sum + price - o.fee_cents;
  }, 0);
  expect(readDb<{ balance_cents: number }>("SELECT balance_cents FROM stores WHERE id = ?", seller.storeId)[0]!.balance_cents).toBe(expectedBalance);
  await expect(sellerPage.getByTestId("balance")).toHaveText(formatCents(expectedBalance));
  await expect(sellerPage.getByTestId("last-transfer")).toHaveText("No transfers yet");
  await expect(sellerPage.getByTestId("tx-row")).toHaveCount(2);
  await expect(sellerPage.getByRole("table", { name: "Days with sales" })).toContainText(formatCents(designs.ready.priceCents + designs.digital.priceCents));
  await sellerPage.getByRole("button", { name: "Transfer to Bank Account" }).click();
  await expect(sellerPage.getByText("Please finish setting up your payouts before withdrawing.")).toBeVisible();

  // Local payout onboarding.
  await sellerPage.getByRole("button", { name: "Set up payouts" }).click();
  await expect(sellerPage).toHaveURL(/\/my-finance-stripe\/test-onboarding$/);
  await expect(sellerPage.getByRole("heading", { name: "Test payout onboarding" })).toBeVisible();
  await expect(sellerPage.getByText("Test mode")).toBeVisible();
  await sellerPage.getByRole("button", { name: "Complete onboarding" }).click();
  await expect(sellerPage).toHaveURL("/my-finance-stripe");
  await expect(sellerPage.getByText("Your payouts are set up.")).toBeVisible();
  await expect(sellerPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Become a Seller" })).toHaveCount(0);
  expect(readDb<{ stripe_onboarded: number }>("SELECT stripe_onboarded FROM stores WHERE id = ?", seller.storeId)[0]!.stripe_onboarded).toBe(1);

  // The withdrawal: one Pending transfer of the whole balance, and a zero balance.
  await sellerPage.getByRole("link", { name: "Go to Finance" }).click();
  await sellerPage.getByRole("button", { name: "Transfer to Bank Account" }).click();
  await expect(sellerPage.getByText(`Your transfer of ${formatCents(expectedBalance)} is pending approval.`)).toBeVisible();
  await expect(sellerPage.getByTestId("balance")).toHaveText("$0.00");
  await expect(sellerPage.getByTestId("tx-row").first()).toContainText("Transfer");
  await expect(sellerPage.getByTestId("tx-row").first()).toContainText("Pending");
  await expect(sellerPage.getByTestId("last-transfer")).toHaveText(new Date().toISOString().slice(0, 10));
  const transfers = readDb<{ amount_cents: number; status: string }>("SELECT * FROM transactions WHERE store_id = ? AND tx_type = 'Transfer'", seller.storeId);
  expect(transfers).toEqual([expect.objectContaining({ amount_cents: -expectedBalance, status: "Pending" })]);
  expect(readDb<{ balance_cents: number }>("SELECT balance_cents FROM stores WHERE id = ?", seller.storeId)[0]!.balance_cents).toBe(0);
  await sellerPage.getByRole("button", { name: "Transfer to Bank Account" }).click();
  await expect(sellerPage.getByText("You don't have enough balance to withdraw")).toBeVisible();

  // The CSV holds the same rows.
  const csv = await sellerPage.request.get("/my-finance/transactions.csv");
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe("id,tx_type,order_id,amount,tax,fee,shipping,status,tx_dt,reason");
  expect(lines).toHaveLength(4);
  await sellerContext.close();
});
