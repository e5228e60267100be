import { addDesign, type APIRequestContext, expect, expectedFee, newSeller, pattern, readDb, settings, test, uniqueEmail } from "./fixtures";

const ADDRESS = {
  first_name: "Ada",
  last_name: "Api",
  street: "1 Loop Rd",
  street2: "",
  city: "Austin",
  state: "TX",
  zip: "73301",
  country: "US",
  phone: "+1 512 555 0100",
};

async function newBuyer(request: APIRequestContext, { profile = true } = {}) {
  const res = await request.post("/api/auth/register", {
    data: { email: uniqueEmail("api-buyer"), password: "api-buyer-pass-1", firstname: "Ada", lastname: "Api" },
  });
  const { token } = (await res.json()) as { token: string };
  if (profile) expect((await request.post("/api/user/update-profile", { headers: { Authorization: token }, data: ADDRESS })).status()).toBe(200);
  return { Authorization: token };
}

/** Checks out one digital pattern and pays on the local provider's page with the token. */
async function buyDigital(request: APIRequestContext, auth: { Authorization: string }, offset: number) {
  const product = pattern("Digital", offset);
  const checkout = await request.post("/api/user/checkout", {
    headers: auth,
    data: { digital_consent: true, items: [{ productId: product.id, variantId: product.variant_id }] },
  });
  expect(checkout.status()).toBe(200);
  const session = await checkout.json();
  expect(session).toMatchObject({ amount_subtotal: product.price_cents, amount_total: product.price_cents, url: expect.stringMatching(/\/pay\/\d+$/) });
  const pay = await request.post(new URL(session.url).pathname, { headers: auth, form: { intent: "pay" }, maxRedirects: 0 });
  expect(pay.status()).toBe(302);
  expect(pay.headers()["location"]).toBe("/purchases/success");
  return product;
}

test.describe("JSON face of buying", () => {
  test("profile: read, update (zip) and change the password", async ({ request }) => {
    const auth = await newBuyer(request, { profile: false });
    expect((await (await request.get("/api/user/get-profile", { headers: auth })).json()).street).toBe("");
    const bad = await request.post("/api/user/update-profile", { headers: auth, data: { ...ADDRESS, city: "" } });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error).toMatch(/^city: /);
    await request.post("/api/user/update-profile", { headers: auth, data: ADDRESS });
    expect(await (await request.get("/api/user/get-profile", { headers: auth })).json()).toEqual({
      first_name: "Ada",
      last_name: "Api",
      street: "1 Loop Rd",
      street2: "",
      city: "Austin",
      state: "TX",
      phone: "+1 512 555 0100",
      postal_code: "73301",
      country: "US",
      company_name: "",
      measurements: { unit: "cm", height: null, high_bust: null, bust: null, waist: null, hip: null, inseam: null, arm: null },
    });
    const wrong = await request.post("/api/user/change-password", { headers: auth, data: { old_password: "nope-nope", new_password: "another-pass-1" } });
    expect(wrong.status()).toBe(400);
    expect((await wrong.json()).error).toBe("The current password you entered is not correct.");
    const ok = await request.post("/api/user/change-password", { headers: auth, data: { old_password: "api-buyer-pass-1", new_password: "another-pass-1" } });
    expect(await ok.json()).toMatchObject({ success: true });
    // The token that changed it keeps working.
    expect((await request.get("/api/user/get-profile", { headers: auth })).status()).toBe(200);
  });

  test("checkout refusals: visitors, incomplete profiles, empty carts, missing variants", async ({ request }) => {
    expect((await request.post("/api/user/checkout", { data: {} })).status()).toBe(401);
    const incomplete = await newBuyer(request, { profile: false });
    const product = pattern("Digital", 0);
    const refused = await request.post("/api/user/checkout", {
      headers: incomplete,
      data: { items: [{ productId: product.id, variantId: product.variant_id }] },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error).toMatch(/complete your profile/);
    const auth = await newBuyer(request);
    const empty = await request.post("/api/user/checkout", { headers: auth, data: { items: [] } });
    expect(empty.status()).toBe(400);
    expect((await empty.json()).error).toBe("Your cart is empty. Start shopping!");
    const [withSizes] = readDb<{ id: number }>("SELECT product_id AS id FROM variants v JOIN products p ON p.id = v.product_id WHERE p.type = 'Ready' LIMIT 1");
    const noVariant = await request.post("/api/user/checkout", { headers: auth, data: { items: [{ productId: withSizes!.id }] } });
    expect(noVariant.status()).toBe(400);
    expect((await noVariant.json()).error).toBe("Please select a variant for each option.");

    // Issue 46 item 4: printed patterns ship to US addresses only; the refusal names the line.
    const irish = await newBuyer(request);
    const cork = { ...ADDRESS, street: "1 Grand Parade", city: "Cork", state: "Co. Cork", zip: "T12 X2Y3", country: "IE", phone: "+353 21 555 0100" };
    expect((await request.post("/api/user/update-profile", { headers: irish, data: cork })).status()).toBe(200);
    const printed = pattern("Print", 0);
    const abroad = await request.post("/api/user/checkout", { headers: irish, data: { items: [{ productId: printed.id, variantId: printed.variant_id }] } });
    expect([abroad.status(), await abroad.json()]).toEqual([
      400,
      {
        error: `Printed patterns ship to addresses in the United States only: remove this printed pattern, or change your address in your settings. (${printed.name})`,
        item: printed.name,
      },
    ]);
  });

  test("orders: the buyer view, downloads with the token, one rating; another user sees nothing", async ({ request }) => {
    const auth = await newBuyer(request);
    const product = await buyDigital(request, auth, 4);
    const orders = await (await request.get("/api/user/get-orders", { headers: auth })).json();
    expect(orders).toHaveLength(1);
    const order = orders[0];
    const s = settings();
    expect(order).toMatchObject({
      amount: product.price_cents / 100,
      shipping: 0,
      tax: 0,
      status: "Pending",
      type: "Pattern",
      delivery: "Digital",
      variants: "[]",
      tracking: null,
      carrier: null,
      tracking_url: null,
      reviewed: false,
      items: [{ name: product.name, type: "Pattern", delivery: "Digital", tracking: null }],
    });
    expect(Object.keys(order)).toEqual(
      expect.arrayContaining(["orderId", "orderDate", "amount", "shipping", "tax", "status", "type", "delivery", "items", "variants", "tracking", "carrier", "tracking_url", "reviewed"]),
    );
    expect(Object.keys(order.items[0])).toEqual(expect.arrayContaining(["name", "type", "delivery", "mediaUrls", "pattern_url", "tracking"]));
    const one = await (await request.get(`/api/user/get-order/${order.orderId}`, { headers: auth })).json();
    expect(one).toEqual(order);
    const [row] = readDb<{ fee_cents: number }>("SELECT fee_cents FROM orders WHERE id = ?", order.orderId);
    expect(row!.fee_cents).toBe(expectedFee(s, product.price_cents, "Pattern", "Digital"));

    const file = order.items[0].pattern_url as string;
    const download = await request.get(`/api/files/${file}`, { headers: auth });
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toMatch(/^attachment;/);
    expect(readDb("SELECT * FROM downloads WHERE order_id = ?", order.orderId)).toHaveLength(1);

    // A second user: 404 for the order, 403 for the file, 404 for the rating, nothing logged.
    const other = await newBuyer(request);
    const otherOrder = await request.get(`/api/user/get-order/${order.orderId}`, { headers: other });
    expect(otherOrder.status()).toBe(404);
    expect(await otherOrder.json()).toEqual({ error: "Order not found" });
    expect(await (await request.get("/api/user/get-orders", { headers: other })).json()).toEqual([]);
    expect((await request.get(`/api/files/${file}`, { headers: other })).status()).toBe(403);
    expect((await request.get(`/download/${order.orderId}`, { headers: other })).status()).toBe(404);
    expect((await request.post("/api/user/rate-product", { headers: other, data: { id: order.orderId, rating: 1, comment: "x" } })).status()).toBe(404);
    expect(readDb("SELECT * FROM downloads WHERE order_id = ?", order.orderId)).toHaveLength(1);

    const bad = await request.post("/api/user/rate-product", { headers: auth, data: { id: order.orderId, rating: 6, comment: "" } });
    expect(bad.status()).toBe(400);
    const rate = await request.post("/api/user/rate-product", {
      headers: auth,
      data: { id: order.orderId, rating: 4, comment: "Good pattern", products: [product.id] },
    });
    expect(await rate.json()).toEqual({ success: true });
    expect((await request.post("/api/user/rate-product", { headers: auth, data: { id: order.orderId, rating: 4, comment: "" } })).status()).toBe(409);
    expect((await (await request.get(`/api/user/get-order/${order.orderId}`, { headers: auth })).json()).reviewed).toBe(true);
  });

  test("the Stripe webhook answers 404 while Stripe is not configured", async ({ request }) => {
    const res = await request.post("/api/stripe/webhook", { data: "{}", headers: { "Stripe-Signature": "t=1,v1=x" } });
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ error: "Stripe is not configured" });
  });
});

test("two buyers racing for the last unit: one checkout reserves it, the other is refused", async ({ request }) => {
  // A seller's Ready design with one unit left of its only size, made with the app's design model.
  const seller = await newSeller(request);
  const productId = await addDesign({ userId: seller.userId, storeId: seller.storeId }, { name: `Last Unit Dress ${seller.userId}`, price: "30.00", type: "Ready", parcel_size: "Small", variants: [{ value: "M", inventory: "1" }] });
  const [variant] = readDb<{ id: number; product_id: number }>("SELECT id, product_id FROM variants WHERE product_id = ?", productId);
  const buyers = await Promise.all([newBuyer(request), newBuyer(request)]);
  const items = [{ productId: variant!.product_id, variantId: variant!.id }];
  const results = await Promise.all(buyers.map((auth) => request.post("/api/user/checkout", { headers: auth, data: { digital_consent: true, items } })));
  expect(results.map((r) => r.status()).sort()).toEqual([200, 409]);
  expect((await results.find((r) => r.status() === 409)!.json()).error).toMatch(/out of stock/);
  expect(readDb<{ inventory: number }>("SELECT inventory FROM variants WHERE id = ?", variant!.id)[0]!.inventory).toBe(0);
});
