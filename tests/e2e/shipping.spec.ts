/**
 * Shipping rates for apparel (decision 108), with JavaScript on and off: a seller sets the store's rates on
 * /store-settings (a bad amount is a field error), a buyer sees the shipping in the cart and the order summary,
 * pays on the local provider, and the order, the seller's Sale and the seller's JSON ledger agree to the cent.
 */
import { addDesigns, addFromProductPage, createUser, expect, newSeller, readDb, saveProfile, test } from "./fixtures";
import { formatCents } from "~/utils/money";

test("a seller sets shipping rates; the buyer pays them and the seller's ledger carries them", { tag: "@long" }, async ({ page, context, request, loginAs }) => {
  test.setTimeout(120_000);
  const seller = await newSeller(request);
  const { ready } = await addDesigns(seller);

  await loginAs(seller.userId);
  await page.goto("/store-settings");
  const shipping = page.locator("form", { has: page.getByRole("heading", { name: "Shipping" }) });
  await shipping.getByLabel("Domestic, first item").fill("-1");
  await shipping.getByLabel("Domestic, each additional item").fill("2");
  await shipping.getByLabel("International, first item").fill("15");
  await shipping.getByLabel("International, each additional item").fill("7");
  await shipping.getByRole("button", { name: "Save shipping rates" }).click();
  await expect(page.getByText("An amount cannot be negative")).toBeVisible();
  expect(readDb("SELECT * FROM shipping_rates WHERE store_id = ?", seller.storeId)).toHaveLength(0);
  await shipping.getByLabel("Domestic, first item").fill("6.50");
  await shipping.getByRole("button", { name: "Save shipping rates" }).click();
  await expect(page.getByText("Shipping rates saved")).toBeVisible();
  await expect(shipping.getByLabel("Domestic, first item")).toHaveValue("6.50");
  expect(readDb("SELECT domestic_first_cents, free_above_cents FROM shipping_rates WHERE store_id = ?", seller.storeId)).toEqual([
    { domestic_first_cents: 650, free_above_cents: null },
  ]);

  // A buyer in the seller's country: domestic rates, one unit = the first-item rate.
  const buyer = await createUser();
  await saveProfile(buyer.id, { first_name: "Bea", last_name: "Buyer", street: "5 Hem St", street2: "", city: "Boston", state: "MA", zip: "02101", country: "US", phone: "+1 617 555 0100" });
  await context.clearCookies();
  await loginAs(buyer.id);
  await addFromProductPage(page, ready);
  await page.goto("/cart");
  await expect(page.getByTestId("store-shipping")).toHaveText(`Shipping from ${seller.storeName}${formatCents(650)}`);
  await expect(page.getByTestId("total")).toHaveText(formatCents(ready.priceCents + 650));

  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await expect(page.getByTestId("summary-store-shipping")).toHaveText(`Shipping from ${seller.storeName}${formatCents(650)}`);
  await expect(page.getByTestId("summary-total")).toHaveText(formatCents(ready.priceCents + 650));
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL("/purchases/success");

  const [order] = readDb<{ id: number; amount_cents: number; shipping_cents: number; fee_cents: number }>(
    "SELECT id, amount_cents, shipping_cents, fee_cents FROM orders WHERE buyer_id = ? AND product_id = ?",
    buyer.id,
    ready.id,
  );
  expect(order).toMatchObject({ amount_cents: ready.priceCents, shipping_cents: 650 });
  await page.goto(`/purchase/${order!.id}`);
  await expect(page.getByText(`Shipping ${formatCents(650)}`)).toBeVisible();

  // The Sale credits price minus fee plus the shipping (no fee on shipping), and the seller's JSON ledger says so.
  const credit = order!.amount_cents - order!.fee_cents + 650;
  const txs = await (await request.get("/api/user/get-txs", { headers: { Authorization: seller.token } })).json();
  const sale = (txs.txs as { tx_type: string; order_id: number; amount: number; shipping: number; fee: number }[]).find((t) => t.order_id === order!.id);
  expect(sale).toMatchObject({ tx_type: "Sale", amount: credit / 100, shipping: 6.5, fee: order!.fee_cents / 100 });
  expect(Math.round(txs.balance * 100)).toBe(credit);

  // The JSON face answers the same rates.
  expect(await (await request.get("/api/user/shipping-rates", { headers: { Authorization: seller.token } })).json()).toEqual({
    domestic_first: 6.5,
    domestic_additional: 2,
    international_first: 15,
    international_additional: 7,
    free_above: null,
  });
});
