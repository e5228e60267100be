import { addDesigns, type APIRequestContext, buyAndPay, expect, newSeller, onboard, readDb, refundAsAdmin, type Seller, test, uniqueEmail } from "./fixtures";

const auth = (token: string) => ({ headers: { Authorization: token } });

async function buyer(request: APIRequestContext) {
  const email = uniqueEmail("api-buyer");
  const response = await request.post("/api/auth/register", { data: { email, password: "api-buyer-pass-1", firstname: "Pat", lastname: "Buyer" } });
  const { token } = await response.json();
  const [row] = readDb<{ id: number }>("SELECT id FROM users WHERE email = ?", email);
  return { token: token as string, id: row!.id };
}

async function sellerWithOrders(request: APIRequestContext, options?: { onboarded?: boolean }) {
  const seller = await newSeller(request, options);
  const designs = await addDesigns(seller);
  const b = await buyer(request);
  // Bought and paid through the app's models: the platform's fee on each line, the seller's Sale rows.
  const [ready, digital] = await buyAndPay(b.id, [{ productId: designs.ready.id, variantId: designs.ready.variantId }, { productId: designs.digital.id }]);
  return { seller, designs, buyer: b, readyOrder: ready!.id, digitalOrder: digital!.id, orders: { ready: ready!, digital: digital! } };
}

/** A cookie session for the HTML face, through the login form. */
async function htmlLogin(request: APIRequestContext, seller: Seller) {
  const response = await request.post("/login", { form: { email: seller.email, password: seller.password, redirectTo: "/" }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
}

test("the seller's orders in the seller view; shipping validates, updates and refuses refunded orders", async ({ request }) => {
  const { seller, readyOrder, digitalOrder, buyer: b, orders: paid } = await sellerWithOrders(request);
  const list = await request.get("/api/user/get-own-orders", auth(seller.token));
  expect(list.status()).toBe(200);
  const orders = (await list.json()) as { orderId: number }[];
  expect(orders.map((o) => o.orderId)).toEqual([digitalOrder, readyOrder].sort((x, y) => y - x));

  const one = await (await request.get(`/api/user/get-own-order/${readyOrder}`, auth(seller.token))).json();
  expect(one).toMatchObject({ orderId: readyOrder, amount: 45, fee: paid.ready.feeCents / 100, productType: "Ready", status: "Pending", label_url: null });
  expect(one.shippingInfo).toEqual({
    shipping_name: "Pat Buyer",
    first_name: "Pat",
    last_name: "Buyer",
    street: "1 Main St",
    street2: "",
    city: "Springfield",
    state: "IL",
    postal_code: "62701",
    country: "US",
  });
  const digital = await (await request.get(`/api/user/get-own-order/${digitalOrder}`, auth(seller.token))).json();
  expect(digital).toMatchObject({ productType: "Pattern", delivery: "Digital", items: [{ pattern_url: expect.stringMatching(/\.dxf$/) }] });

  // Tracking and carrier are required.
  const missingTracking = await request.post("/api/user/ship-order", { data: { id: readyOrder, carrier: "UPS" }, ...auth(seller.token) });
  expect(missingTracking.status()).toBe(400);
  expect((await missingTracking.json()).error).toMatch(/^tracking: /);
  const missingCarrier = await request.post("/api/user/ship-order", { data: { id: readyOrder, tracking: "1Z999AA10123456784" }, ...auth(seller.token) });
  expect(missingCarrier.status()).toBe(400);
  expect((await missingCarrier.json()).error).toBe("carrier: Carrier is required");
  const badCarrier = await request.post("/api/user/ship-order", { data: { id: readyOrder, tracking: "1Z9", carrier: "Pigeon" }, ...auth(seller.token) });
  expect(badCarrier.status()).toBe(400);

  const shipped = await request.post("/api/user/ship-order", { data: { id: readyOrder, tracking: "1Z999AA10123456784", carrier: "UPS" }, ...auth(seller.token) });
  expect(shipped.status()).toBe(200);
  expect((await shipped.json()).order).toMatchObject({ status: "Shipped", tracking: "1Z999AA10123456784", carrier: "UPS", tracking_url: "https://www.ups.com/track?tracknum=1Z999AA10123456784" });
  const again = await request.post("/api/user/ship-order", { data: { id: readyOrder, tracking: "782345678901", carrier: "FedEx" }, ...auth(seller.token) });
  expect((await again.json()).order).toMatchObject({ status: "Shipped", tracking: "782345678901", tracking_url: "https://www.fedex.com/fedextrack/?trknbr=782345678901" });
  // The buyer's own view shows it.
  expect(await (await request.get(`/api/user/get-order/${readyOrder}`, auth(b.token))).json()).toMatchObject({ status: "Shipped", carrier: "FedEx" });
  expect((await request.post("/api/user/ship-order", { data: { id: digitalOrder, tracking: "X1", carrier: "USPS" }, ...auth(seller.token) })).status()).toBe(409);

  // The administrator refunds it (the admin refund model).
  await refundAsAdmin(readyOrder);
  const refunded = await request.post("/api/user/ship-order", { data: { id: readyOrder, tracking: "X2", carrier: "USPS" }, ...auth(seller.token) });
  expect(refunded.status()).toBe(409);
  expect(await refunded.json()).toEqual({ error: "This order was refunded and cannot be shipped." });
});

test("another seller's order, sale, label and transactions are 404; visitors get 401 or /login; buyers without a store 404", async ({ request, playwright }) => {
  const a = await sellerWithOrders(request);
  const b = await sellerWithOrders(request);
  const other = await request.get(`/api/user/get-own-order/${a.readyOrder}`, auth(b.seller.token));
  expect(other.status()).toBe(404);
  expect(await other.json()).toEqual({ error: "Order not found" });
  const ship = await request.post("/api/user/ship-order", { data: { id: a.readyOrder, tracking: "X1", carrier: "USPS" }, ...auth(b.seller.token) });
  expect(ship.status()).toBe(404);
  const bTxs = await (await request.get("/api/user/get-txs", auth(b.seller.token))).json();
  const aTxIds = readDb<{ id: number }>("SELECT id FROM transactions WHERE store_id = ?", a.seller.storeId).map((t) => t.id);
  expect(bTxs.txs.map((t: { id: number }) => t.id).some((id: number) => aTxIds.includes(id))).toBe(false);
  expect(bTxs.txs.map((t: { order_id: number }) => t.order_id).sort()).toEqual([b.readyOrder, b.digitalOrder].sort());

  // The HTML face, with B's cookie session.
  const html = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: { Origin: test.info().project.use.baseURL! } });
  await htmlLogin(html, b.seller);
  expect((await html.get(`/sale/${b.readyOrder}`)).status()).toBe(200);
  expect((await html.get(`/sale/${a.readyOrder}`)).status()).toBe(404);
  expect((await html.get(`/sale/${a.readyOrder}/label`)).status()).toBe(404);
  expect((await html.post(`/sale/${a.readyOrder}`, { form: { intent: "label" } })).status()).toBe(404);
  expect((await html.post(`/sale/${a.readyOrder}`, { form: { intent: "ship", tracking: "X1", carrier: "USPS" } })).status()).toBe(404);
  expect(readDb<{ status: string; label_url: string | null }>("SELECT status, label_url FROM orders WHERE id = ?", a.readyOrder)[0]).toEqual({ status: "Pending", label_url: null });
  const csv = await (await html.get("/my-finance/transactions.csv")).text();
  expect(csv.trim().split("\r\n")).toHaveLength(3);
  await html.dispose();

  // Visitors.
  for (const path of ["/api/user/get-own-orders", `/api/user/get-own-order/${a.readyOrder}`, "/api/user/get-txs", "/api/user/stripe-onboarded", "/api/user/get-stripe-account-link", "/api/user/stripe-onboarding"]) {
    expect((await request.get(path)).status(), path).toBe(401);
  }
  for (const path of ["/api/user/ship-order", "/api/user/withdraw-balance"]) {
    expect((await request.post(path, { data: {} })).status(), path).toBe(401);
  }
  const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: { Origin: test.info().project.use.baseURL! } });
  for (const path of ["/my-orders", `/sale/${a.readyOrder}`, "/my-finance", "/my-finance-stripe", "/my-finance/transactions.csv"]) {
    const response = await visitor.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"], path).toMatch(/^\/login\?redirectTo=/);
  }
  await visitor.dispose();

  // A user without a store.
  const plain = await buyer(request);
  const noStore = await request.get("/api/user/get-own-orders", auth(plain.token));
  expect(noStore.status()).toBe(404);
  expect(await noStore.json()).toEqual({ error: "Please setup your store first" });
  expect(await (await request.get("/api/user/stripe-onboarded", auth(plain.token))).json()).toEqual({ onboarded: false });
});

test("both faces answer a refused shipment, label and withdrawal with the same status and text (issue 20, item 2)", async ({ request, playwright }) => {
  const { seller, digitalOrder } = await sellerWithOrders(request);
  const html = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: { Origin: test.info().project.use.baseURL! } });
  await htmlLogin(html, seller);

  // A digital pattern is downloaded, not shipped: 409 with one text, JSON and HTML alike.
  const shipJson = await request.post("/api/user/ship-order", { data: { id: digitalOrder, tracking: "X1", carrier: "USPS" }, ...auth(seller.token) });
  expect(shipJson.status()).toBe(409);
  expect(await shipJson.json()).toEqual({ error: "Digital patterns are downloaded, not shipped." });
  const shipHtml = await html.post(`/sale/${digitalOrder}`, { form: { intent: "ship", tracking: "X1", carrier: "USPS" } });
  expect(shipHtml.status()).toBe(409);
  expect(await shipHtml.text()).toContain("Digital patterns are downloaded, not shipped.");
  const labelHtml = await html.post(`/sale/${digitalOrder}`, { form: { intent: "label" } });
  expect(labelHtml.status()).toBe(409);
  expect(await labelHtml.text()).toContain("Digital patterns are downloaded, not shipped: no label.");

  // Payouts not set up: 409 with one text, JSON and HTML alike.
  const withdrawJson = await request.post("/api/user/withdraw-balance", auth(seller.token));
  expect(withdrawJson.status()).toBe(409);
  expect(await withdrawJson.json()).toEqual({ error: "Please finish setting up your payouts before withdrawing." });
  const withdrawHtml = await html.post("/my-finance", { form: { intent: "withdraw" } });
  expect(withdrawHtml.status()).toBe(409);
  expect(await withdrawHtml.text()).toContain("Please finish setting up your payouts before withdrawing.");
  expect(readDb<{ n: number }>("SELECT COUNT(*) AS n FROM transactions WHERE store_id = ? AND tx_type = 'Transfer'", seller.storeId)[0]).toEqual({ n: 0 });
  await html.dispose();
});

test("ten parallel withdrawals leave exactly one Pending transfer and a zero balance", async ({ request }) => {
  const { seller, orders } = await sellerWithOrders(request);
  const notOnboarded = await request.post("/api/user/withdraw-balance", auth(seller.token));
  expect(notOnboarded.status()).toBe(409);
  expect(await notOnboarded.json()).toEqual({ error: "Please finish setting up your payouts before withdrawing." });

  // Local onboarding through the JSON face: the account link is the app's test page.
  expect(await (await request.get("/api/user/stripe-onboarded", auth(seller.token))).json()).toEqual({ onboarded: false });
  const onboarding = await (await request.get("/api/user/stripe-onboarding", auth(seller.token))).json();
  expect(onboarding.account.accountLink.url).toMatch(/\/my-finance-stripe\/test-onboarding$/);
  expect(await (await request.get("/api/user/get-stripe-account-link", auth(seller.token))).json()).toEqual({ url: onboarding.account.accountLink.url });
  // The test page's model finishes the onboarding.
  await onboard(seller.storeId);
  expect(await (await request.get("/api/user/stripe-onboarded", auth(seller.token))).json()).toEqual({ onboarded: true });

  const before = await (await request.get("/api/user/get-txs", auth(seller.token))).json();
  // What the two Sales credited: price less the platform's fee (plus the seller's shipping of the shirt).
  const sales = readDb<{ order_id: number; amount_cents: number }>("SELECT order_id, amount_cents FROM transactions WHERE store_id = ? AND tx_type = 'Sale' ORDER BY id", seller.storeId);
  expect(sales.map((t) => t.order_id)).toEqual([orders.ready.id, orders.digital.id]);
  expect(sales[1]!.amount_cents).toBe(1500 - orders.digital.feeCents);
  const balanceCents = sales.reduce((sum, t) => sum + t.amount_cents, 0);
  expect(before.balance).toBe(balanceCents / 100);
  expect(before.txs[0]).toEqual({
    id: expect.any(Number),
    tx_type: "Sale",
    order_id: orders.digital.id,
    amount: (1500 - orders.digital.feeCents) / 100,
    tax: 0,
    fee: orders.digital.feeCents / 100,
    shipping: 0,
    status: "Completed",
    tx_dt: expect.any(String),
    reason: null,
  });
  const responses = await Promise.all(Array.from({ length: 10 }, () => request.post("/api/user/withdraw-balance", auth(seller.token))));
  const statuses = responses.map((r) => r.status());
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 400)).toHaveLength(9);
  const refused = responses.find((r) => r.status() === 400)!;
  expect(await refused.json()).toEqual({ error: "You don't have enough balance to withdraw" });
  const created = await responses.find((r) => r.status() === 201)!.json();
  expect(created.transfer).toMatchObject({ tx_type: "Transfer", amount: -balanceCents / 100, status: "Pending", order_id: null });

  const transfers = readDb<{ amount_cents: number; status: string }>("SELECT amount_cents, status FROM transactions WHERE store_id = ? AND tx_type = 'Transfer'", seller.storeId);
  expect(transfers).toEqual([{ amount_cents: -balanceCents, status: "Pending" }]);
  expect(readDb<{ balance_cents: number }>("SELECT balance_cents FROM stores WHERE id = ?", seller.storeId)[0]!.balance_cents).toBe(0);
  const after = await (await request.get("/api/user/get-txs", auth(seller.token))).json();
  expect(after.balance).toBe(0);
  expect(after.txs).toHaveLength(3);
});
