/** Refund and cancel requests (issue 23 item 6, decision 110): the buyer asks on /purchase/{id}, the seller answers. */

import { expect, newCustomer, queryOne, test, waitForMail } from "./fixtures";

function storeOwnerOf(orderId: number): number {
  return queryOne<{ user_id: number }>("SELECT s.user_id FROM orders o JOIN stores s ON s.id = o.store_id WHERE o.id = ?", orderId).user_id;
}

test("a buyer asks for a refund, the seller sees it on /my-orders and accepts it, the buyer sees the order refunded", { tag: "@long" }, async ({ page, browser, request, loginAs }, testInfo) => {
  const js = testInfo.project.name !== "no-js";
  const customer = await newCustomer(request, { offset: 5 });
  await loginAs(customer.email, page);
  await page.goto(`/purchase/${customer.orderId}`);
  await expect(page.getByRole("link", { name: "Request a refund" })).toHaveAttribute("href", /^mailto:/);
  if (js) {
    // Without JavaScript the browser's own check of the required reason stops an empty post.
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByText("Please tell the seller why")).toBeVisible();
  }
  await page.getByLabel("Reason").fill("The file does not open in my software.");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("Your request was sent to the seller.")).toBeVisible();
  await expect(page.getByTestId("refund-request-status")).toHaveText("Waiting for the seller's answer");
  await expect(page.getByRole("button", { name: "Send request" })).toHaveCount(0);

  const sellerContext = await browser.newContext({ javaScriptEnabled: js });
  const sellerPage = await sellerContext.newPage();
  await loginAs(storeOwnerOf(customer.orderId), sellerContext);
  await sellerPage.goto("/my-orders");
  await expect(sellerPage.getByTestId("open-requests")).not.toHaveText("0");
  await sellerPage.getByRole("link", { name: `Order #${customer.orderId}`, exact: true }).click();
  await expect(sellerPage).toHaveURL(`/sale/${customer.orderId}`);
  await expect(sellerPage.getByText("The file does not open in my software.")).toBeVisible();
  await sellerPage.getByRole("button", { name: "Accept and refund" }).click();
  await expect(sellerPage.getByText("The order was refunded.")).toBeVisible();
  await expect(sellerPage.getByTestId("sale-status")).toHaveText("Refunded");
  await expect(sellerPage.getByTestId("refund-request-status")).toHaveText("Accepted");
  const refunds = queryOne<{ n: number }>("SELECT count(*) AS n FROM transactions WHERE order_id = ? AND tx_type = 'Refund'", customer.orderId);
  expect(refunds.n).toBe(1);
  await sellerContext.close();

  await page.goto(`/purchase/${customer.orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("Refunded");
  await expect(page.getByTestId("refund-request-status")).toHaveText("Accepted");
  // No PAID badge and no refund mailto on a refunded order; the amount that went back is said (issue 34, item 18).
  const order = queryOne<{ total: number }>("SELECT amount_cents + shipping_cents + tax_cents AS total FROM orders WHERE id = ?", customer.orderId);
  await expect(page.getByTestId("order-refunded")).toContainText(`Refunded $${(order.total / 100).toFixed(2)} on `);
  await expect(page.getByText("PAID", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Request a refund" })).toHaveCount(0);
  expect((await waitForMail(customer.email)).subject).toMatch(/refund/i);
});

test("a seller declines with an answer (required), which the buyer is mailed and sees", { tag: "@long" }, async ({ page, browser, request, loginAs }, testInfo) => {
  const js = testInfo.project.name !== "no-js";
  const customer = await newCustomer(request, { offset: 6 });
  await loginAs(customer.email, page);
  await page.goto(`/purchase/${customer.orderId}`);
  await page.getByLabel("Reason").fill("Bought it by mistake.");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByTestId("refund-request-status")).toHaveText("Waiting for the seller's answer");

  const sellerContext = await browser.newContext({ javaScriptEnabled: js });
  const sellerPage = await sellerContext.newPage();
  await loginAs(storeOwnerOf(customer.orderId), sellerContext);
  await sellerPage.goto(`/sale/${customer.orderId}`);
  await sellerPage.getByRole("button", { name: "Decline" }).click();
  await expect(sellerPage.getByText("Please tell the buyer why you decline.")).toBeVisible();
  await sellerPage.getByLabel(/Answer to the buyer/).fill("Downloads cannot be returned once opened.");
  await sellerPage.getByRole("button", { name: "Decline" }).click();
  await expect(sellerPage.getByText("Your answer was sent to the buyer.")).toBeVisible();
  await expect(sellerPage.getByTestId("refund-request-status")).toHaveText("Declined");
  await sellerContext.close();

  const mail = await waitForMail(customer.email);
  expect(mail.subject).toBe(`Your refund request for order #${customer.orderId} was declined`);
  await page.goto(`/purchase/${customer.orderId}`);
  await expect(page.getByTestId("refund-request-answer")).toHaveText("Downloads cannot be returned once opened.");
  await expect(page.getByTestId("order-status")).not.toHaveText("Refunded");
});
