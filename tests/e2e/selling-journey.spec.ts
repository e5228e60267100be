/**
 * Issue 23's journey, with JavaScript on and off: a seller sets shipping rates and a 20 % code; a buyer favours the
 * design, applies the code in any case, checks out and pays on the local provider; the order shows the discount and
 * the shipping; the seller's ledger and the administrator's financial report agree to the cent; the buyer asks for
 * a refund and the seller accepts it, once. (The Stripe session's discounted lines and shipping lines are checked
 * in checkout.server.test.ts and discounts.server.test.ts against the same cart.)
 */
import crypto from "node:crypto";

import { addDesigns, addFromProductPage, backdateOrders, checkoutFromCart, createUser, DEMO, expect, newSeller, readDb, saveProfile, test, uniqueDay } from "./fixtures";
import { formatCents } from "~/utils/money";

test("rates and a 20 % code; the buyer favours, applies it and pays; ledger and report agree; a refund request is accepted", { tag: "@long" }, async (
  { page, context, browser, request, loginAs },
  testInfo,
) => {
  test.setTimeout(180_000);
  const js = testInfo.project.name !== "no-js";
  const seller = await newSeller(request);
  const { ready } = await addDesigns(seller);
  const code = `LAUNCH${crypto.randomBytes(3).toString("hex").toUpperCase()}`;

  // The seller: rates on /store-settings, a code on /my-discounts.
  await loginAs(seller.userId);
  await page.goto("/store-settings");
  const shipping = page.locator("form", { has: page.getByRole("heading", { name: "Shipping" }) });
  await shipping.getByLabel("Domestic, first item").fill("6.50");
  await shipping.getByLabel("Domestic, each additional item").fill("2");
  await shipping.getByLabel("International, first item").fill("15");
  await shipping.getByLabel("International, each additional item").fill("7");
  await shipping.getByRole("button", { name: "Save shipping rates" }).click();
  await expect(page.getByText("Shipping rates saved")).toBeVisible();
  await page.goto("/my-discounts");
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByLabel("Percent off").fill("20");
  // Issue 46 item 24: a code that has already ended is refused at its field.
  await page.getByLabel("Ends (UTC, inclusive)").fill("2020-01-31");
  await page.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByText("The end date has already passed: buyers could not use this code")).toBeVisible();
  await expect(page.getByLabel("Ends (UTC, inclusive)")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Ends (UTC, inclusive)").fill("");
  await page.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByText(`Discount code ${code} created`)).toBeVisible();
  await expect(page.getByTestId(`uses-${code}`)).toHaveText("0");

  // The buyer, in the seller's country: domestic rates.
  const buyer = await createUser();
  await saveProfile(buyer.id, { first_name: "Jo", last_name: "Journey", street: "9 Seam Rd", street2: "", city: "Austin", state: "TX", zip: "73301", country: "US", phone: "+1 512 555 0100" });
  await context.clearCookies();
  await loginAs(buyer.id);
  await page.goto(`/product/${ready.id}`);
  await page.getByRole("button", { name: "Add to favourites" }).click();
  await expect(page.getByRole("button", { name: "Remove from favourites" })).toBeVisible();
  // With JavaScript the button turns at once while its request is still on the way.
  await expect.poll(() => readDb("SELECT product_id FROM favorites WHERE user_id = ?", buyer.id)).toEqual([{ product_id: ready.id }]);
  await addFromProductPage(page, ready);

  const discount = Math.floor((ready.priceCents * 2000 + 5000) / 10000); // 20 % of the line, rounded half up
  await page.goto("/cart");
  await page.getByLabel("Discount code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page.getByTestId("discount")).toHaveText(`−${formatCents(discount)}`);
  await expect(page.getByTestId("store-shipping")).toHaveText(`Shipping from ${seller.storeName}${formatCents(650)}`);
  await expect(page.getByTestId("total")).toHaveText(formatCents(ready.priceCents + 650 - discount));

  await checkoutFromCart(page);
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await expect(page.getByTestId("summary-discount")).toHaveText(`−${formatCents(discount)}`);
  await expect(page.getByTestId("summary-total")).toHaveText(formatCents(ready.priceCents + 650 - discount));
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL("/purchases/success");

  const [order] = readDb<{ id: number; amount_cents: number; shipping_cents: number; discount_cents: number; fee_cents: number }>(
    "SELECT id, amount_cents, shipping_cents, discount_cents, fee_cents FROM orders WHERE buyer_id = ?",
    buyer.id,
  );
  expect(order).toMatchObject({ amount_cents: ready.priceCents - discount, shipping_cents: 650, discount_cents: discount });
  await page.goto(`/purchase/${order!.id}`);
  await expect(page.getByText(`Discount code: ${formatCents(discount)} off`)).toBeVisible();
  await expect(page.getByText(`Shipping ${formatCents(650)}`)).toBeVisible();

  // The seller's ledger: the Sale credits the discounted price less the fee, plus the shipping.
  const credit = order!.amount_cents - order!.fee_cents + 650;
  const txsOf = async () => (await request.get("/api/user/get-txs", { headers: { Authorization: seller.token } })).json();
  const before = await txsOf();
  const sale = (before.txs as { tx_type: string; order_id: number; amount: number }[]).find((t) => t.order_id === order!.id);
  expect(Math.round(sale!.amount * 100)).toBe(credit);
  expect(Math.round(before.balance * 100)).toBe(credit);
  expect(readDb("SELECT uses FROM discount_codes WHERE code = ?", code)).toEqual([{ uses: 1 }]);

  // The administrator's financial report over the order's day: revenue and fee are the order's, to the cent.
  const day = uniqueDay();
  backdateOrders([order!.id], day);
  const admin = await browser.newContext({ javaScriptEnabled: js, baseURL: testInfo.project.use.baseURL });
  const adminPage = await admin.newPage();
  await loginAs(DEMO.admin.email, admin);
  await adminPage.goto(`/admin/financial?start_date=${day}&end_date=${day}`);
  await expect(adminPage.getByTestId("overview-sales")).toHaveText("1");
  await expect(adminPage.getByTestId("overview-revenue")).toHaveText((order!.amount_cents / 100).toFixed(2));
  await expect(adminPage.getByTestId("overview-gp")).toHaveText((order!.fee_cents / 100).toFixed(2));
  // The administrator sees the store's code, as its seller does, with its paid use.
  await adminPage.goto(`/admin/store/${seller.storeId}`);
  await expect(adminPage.getByRole("row", { name: new RegExp(`^${code} `) })).toHaveText(`${code}20 %Whole storeAlways1Live`);
  // The order's admin page names the discount and its code (issue 34, item 19).
  await adminPage.goto(`/admin/order/${order!.id}`);
  await expect(adminPage.getByTestId("admin-order-discount")).toHaveText(`${formatCents(discount)} off with the code ${code}: the amount above is after the discount`);
  await admin.close();

  // A refund request, accepted by the seller: refunded once, the ledger back to nothing.
  await page.getByLabel("Reason").fill("It arrived in the wrong colour.");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByTestId("refund-request-status")).toHaveText("Waiting for the seller's answer");
  const sellerContext = await browser.newContext({ javaScriptEnabled: js, baseURL: testInfo.project.use.baseURL });
  const sellerPage = await sellerContext.newPage();
  await loginAs(seller.userId, sellerContext);
  await sellerPage.goto(`/sale/${order!.id}`);
  await sellerPage.getByRole("button", { name: "Accept and refund" }).click();
  await expect(sellerPage.getByText("The order was refunded.")).toBeVisible();
  await sellerContext.close();
  expect(readDb("SELECT count(*) AS n FROM transactions WHERE order_id = ? AND tx_type = 'Refund'", order!.id)).toEqual([{ n: 1 }]);
  expect(Math.round((await txsOf()).balance * 100)).toBe(0);
  await page.goto(`/purchase/${order!.id}`);
  await expect(page.getByTestId("order-status")).toHaveText("Refunded");
});
