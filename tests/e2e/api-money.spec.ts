/**
 * Issue 19, items 6, 7 and 20 on the JSON face: a downloadable pattern is one licence per buyer; an approval nets
 * what the store owes; a refund takes the sale out of the sold count and the administrator's sales figures.
 */

import { type Account, adminAuth, type APIRequestContext, backdateOrders, balanceOf, buy, expect, newAccount, newShop, pattern, pendingTransfer, readDb, test, uniqueDay } from "./fixtures";

/** Checks out `items` with the token and pays on the local provider's page; answers the checkout's JSON. */
async function checkoutAndPay(request: APIRequestContext, buyer: Account, items: unknown[]) {
  const checkout = await request.post("/api/user/checkout", { headers: buyer.auth, data: { digital_consent: true, items } });
  const session = await checkout.json();
  expect(checkout.status(), JSON.stringify(session)).toBe(200);
  const pay = await request.post(new URL(session.url).pathname, { headers: buyer.auth, form: { intent: "pay" }, maxRedirects: 0 });
  expect(pay.status()).toBe(302);
  return session as { amount_subtotal: number; amount_total: number };
}

test("JSON checkout: a downloadable pattern is one licence, and a buyer who owns it gets a 409 naming it", async ({ request }) => {
  const digital = pattern("Digital", 9);
  const line = { productId: digital.id, ...(digital.variant_id ? { variantId: digital.variant_id } : {}) };
  const buyer = await newAccount(request, "api-licence");

  const twice = await request.post("/api/user/checkout", { headers: buyer.auth, data: { digital_consent: true, items: [{ ...line, quantity: 2 }] } });
  expect(twice.status()).toBe(400);
  expect(await twice.json()).toMatchObject({ error: "A downloadable pattern is one licence per buyer: its quantity is always 1.", productId: digital.id });

  // Listed twice, it is one line of quantity 1: charged once.
  const session = await checkoutAndPay(request, buyer, [line, line]);
  expect(session).toMatchObject({ amount_subtotal: digital.price_cents, amount_total: digital.price_cents });
  const bought = readDb<{ id: number; quantity: number; amount_cents: number }>("SELECT id, quantity, amount_cents FROM orders WHERE buyer_id = ?", buyer.id);
  expect(bought).toEqual([{ id: expect.any(Number), quantity: 1, amount_cents: digital.price_cents }]);

  // Owned now: refused with the product named and the order to download it from; nothing new is created.
  const again = await request.post("/api/user/checkout", { headers: buyer.auth, data: { digital_consent: true, items: [line] } });
  expect(again.status()).toBe(409);
  const body = await again.json();
  expect(body).toEqual({
    error: `You already own this pattern: download it from your purchase instead of buying it again. (${digital.name})`,
    productId: digital.id,
    orderId: bought[0]!.id,
    purchase_url: `/purchase/${bought[0]!.id}`,
  });
  expect(readDb("SELECT id FROM checkouts WHERE user_id = ?", buyer.id)).toHaveLength(1);
  const order = await (await request.get(`/api/user/get-order/${bought[0]!.id}`, { headers: buyer.auth })).json();
  expect(order.items[0].download_url).toBe(`/download/${bought[0]!.id}`);
});

test("handle-transfer nets what the store owes, refuses when the debt is the whole transfer, and a race pays once", async ({ request }) => {
  const admin = await adminAuth(request);
  const shop = await newShop(request, "api-netting");
  const buyer = await newAccount(request, "api-netting-buyer", "Net", "Buyer");
  const bought = await buy(request, buyer, [{ productId: shop.dress, variantId: shop.dressM }, { productId: shop.tote }]);
  const dress = bought.find((o) => o.product_id === shop.dress)!;
  const tote = bought.find((o) => o.product_id === shop.tote)!;
  const ledgerSum = () => readDb<{ sum: number }>("SELECT coalesce(sum(amount_cents), 0) AS sum FROM transactions WHERE store_id = ? AND status <> 'Rejected'", shop.storeId)[0]!.sum;

  // A small transfer, then the rest; a refund of the dress leaves the store owing more than the small one.
  const small = await pendingTransfer(shop.storeId, 500);
  const rest = balanceOf(shop.storeId);
  const big = await pendingTransfer(shop.storeId, rest);
  expect((await request.post(`/api/admin/refund-order/${dress.id}`, { headers: admin })).status()).toBe(200);
  const debt = dress.amount_cents - dress.fee_cents;
  expect(balanceOf(shop.storeId)).toBe(-debt);

  const refused = await request.post("/api/admin/handle-transfer", { headers: admin, data: { status: "Completed", id: small, storeid: shop.storeId } });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error).toMatch(/^The store owes the platform as much as this transfer or more/);
  expect(readDb("SELECT status, amount_cents, processed_at FROM transactions WHERE id = ?", small)).toEqual([{ status: "Pending", amount_cents: -500, processed_at: null }]);

  // Approving the big one twice at once while the tote is being refunded: one payout, the ledger is the balance.
  const [a, b, refund] = await Promise.all([
    request.post("/api/admin/handle-transfer", { headers: admin, data: { status: "Completed", id: big, storeid: shop.storeId } }),
    request.post("/api/admin/handle-transfer", { headers: admin, data: { status: "Completed", id: big, storeid: shop.storeId } }),
    request.post(`/api/admin/refund-order/${tote.id}`, { headers: admin }),
  ]);
  expect(refund.status()).toBe(200);
  expect([a.status(), b.status()].sort()).toEqual([200, 409]);
  const approved = await (a.status() === 200 ? a : b).json();
  const [row] = readDb<{ status: string; amount_cents: number }>("SELECT status, amount_cents FROM transactions WHERE id = ?", big);
  expect(row!.status).toBe("Completed");
  expect(approved).toMatchObject({ success: true, transfer: { id: big, status: "Completed", amount: row!.amount_cents / 100 } });
  // The dress's debt was netted out of it; the tote's refund came before the approval (netted too) or after the payout (owed).
  const toteDebt = tote.amount_cents - tote.fee_cents;
  expect([-(rest - debt), -(rest - debt - toteDebt)]).toContain(row!.amount_cents);
  expect(approved.transfer.reason).toMatch(/requested repaid what the store owed the platform/);
  expect(balanceOf(shop.storeId)).toBe(row!.amount_cents === -(rest - debt) ? -toteDebt : 0);
  expect(ledgerSum()).toBe(balanceOf(shop.storeId));
});

test("a refund takes the sale out of the JSON sold counts, get-financial and the admin's store figures", async ({ request }) => {
  const admin = await adminAuth(request);
  const shop = await newShop(request, "api-refund-sold");
  const buyer = await newAccount(request, "api-refund-sold-buyer", "Rae", "Refund");
  const bought = await buy(request, buyer, [{ productId: shop.dress, variantId: shop.dressM }, { productId: shop.tote, quantity: 2 }]);
  const dress = bought.find((o) => o.product_id === shop.dress)!;
  const tote = bought.find((o) => o.product_id === shop.tote)!;
  const day = uniqueDay();
  backdateOrders([dress.id, tote.id], day);
  const sold = async () => (await (await request.get(`/api/user/get-external-product/${shop.tote}`)).json()).product.sold;
  expect(await sold()).toBe(2);

  expect((await request.post(`/api/admin/refund-order/${tote.id}`, { headers: admin })).status()).toBe(200);
  expect(await sold()).toBe(0);
  const products = await (await request.get(`/api/admin/get-products?owner=${shop.seller.id}`, { headers: admin })).json();
  expect(products.find((p: { id: number }) => p.id === shop.tote)).toMatchObject({ sold: 0 });
  const own = await (await request.get("/api/user/get-own-products", { headers: shop.seller.auth })).json();
  expect(own.find((p: { id: number }) => p.id === shop.tote)).toMatchObject({ sold: 0 });

  const rows = await (await request.get(`/api/admin/get-financial?start_date=${day}&end_date=${day}`, { headers: admin })).json();
  expect(rows).toEqual([{ order_id: dress.id, amount: dress.amount_cents / 100, fee: dress.fee_cents / 100, status: "Pending" }]);
  const store = await (await request.get(`/api/admin/get-store/${shop.storeId}`, { headers: admin })).json();
  expect(store).toMatchObject({ sales: dress.amount_cents / 100, refunds: tote.amount_cents / 100, revenue: dress.amount_cents / 100, orders: 1, refunded_orders: 1 });
  const stores = await (await request.get(`/api/admin/get-stores?q=${encodeURIComponent(shop.storeName)}`, { headers: admin })).json();
  expect(stores).toEqual([expect.objectContaining({ id: shop.storeId, sales: dress.amount_cents / 100 })]);
});
