/**
 * Issue 19, items 10-12: the administrator's lists carry spec 3's views. A get-orders row is the admin order view,
 * exactly as get-order answers it (one view function); items carry their mediaUrls like the buyer view's, also in
 * the orders that ship-order and refund-order answer; get-users rows carry the address (spec 3, Admin user).
 */

import { adminAuth, buy, expect, newAccount, newShop, readDb, test } from "./fixtures";

const ADMIN_VIEW_FIELDS = [
  // The buyer view (spec 3).
  "orderId",
  "orderDate",
  "amount",
  "shipping",
  "tax",
  "status",
  "type",
  "delivery",
  "items",
  "variants",
  "tracking",
  "carrier",
  "tracking_url",
  "reviewed",
  // The seller view's additions.
  "fee",
  "productType",
  "shippingInfo",
  "label_url",
  // The admin view's additions.
  "buyerFirstName",
  "BuyerLastname",
  "SellerFirstName",
  "SellerLastName",
  "Selleremail",
  "productId",
  "productName",
  "orderType",
  "pattern_url",
];

test("get-orders rows are the admin order view, as get-order answers each, with the items' mediaUrls", async ({ request }) => {
  const admin = await adminAuth(request);
  const shop = await newShop(request, "api-views");
  const buyer = await newAccount(request, "api-views-buyer", "Vi", "Ewer");
  const bought = await buy(request, buyer, [{ productId: shop.printed }, { productId: shop.dress, variantId: shop.dressM }]);
  const media = (productId: number) => readDb<{ media: string }>("SELECT media FROM product_media WHERE product_id = ? ORDER BY position, id", productId).map((m) => m.media);

  const response = await request.get(`/api/admin/get-orders?q=${encodeURIComponent(buyer.email)}&sort=id&dir=asc`, { headers: admin });
  expect(response.status()).toBe(200);
  expect(response.headers()["x-total-count"]).toBe("2");
  const rows = (await response.json()) as Record<string, unknown>[];
  expect(rows.map((r) => r.orderId)).toEqual(bought.map((o) => o.id));
  for (const row of rows) {
    const one = await (await request.get(`/api/admin/get-order/${row.orderId}`, { headers: admin })).json();
    expect(row).toEqual(one);
    for (const field of ADMIN_VIEW_FIELDS) expect(row, `${row.orderId} ${field}`).toHaveProperty(field);
  }
  const [printed, dress] = rows as { productId: number; items: { mediaUrls: string[]; pattern_url: unknown }[] }[];
  expect(printed).toMatchObject({
    productId: shop.printed,
    productName: `Printed Blouse ${shop.seller.id} Pattern`,
    orderType: "Pattern (Print)",
    buyerFirstName: "Vi",
    BuyerLastname: "Ewer",
    SellerFirstName: "Sela",
    SellerLastName: "Seller",
    Selleremail: shop.seller.email,
    tax: 0,
    reviewed: false,
    tracking: null,
    carrier: null,
    tracking_url: null,
  });
  expect(printed!.items).toHaveLength(1);
  expect(printed!.items[0]!.mediaUrls).toEqual(media(shop.printed));
  expect(dress!.items[0]!.mediaUrls).toEqual(media(shop.dress));
  expect(media(shop.dress).length).toBeGreaterThan(0);
  expect(typeof (dress as unknown as { variants: unknown }).variants).toBe("string");
});

test("get-order, ship-order and refund-order answer items with their mediaUrls", async ({ request }) => {
  const admin = await adminAuth(request);
  const shop = await newShop(request, "api-views-one");
  const buyer = await newAccount(request, "api-views-one-buyer", "Mo", "Media");
  const [order] = await buy(request, buyer, [{ productId: shop.dress, variantId: shop.dressM }]);
  const mediaUrls = readDb<{ media: string }>("SELECT media FROM product_media WHERE product_id = ? ORDER BY position, id", shop.dress).map((m) => m.media);
  expect(mediaUrls.length).toBeGreaterThan(0);

  const one = await (await request.get(`/api/admin/get-order/${order!.id}`, { headers: admin })).json();
  expect(one.items).toEqual([expect.objectContaining({ name: `Linen Dress ${shop.seller.id}`, mediaUrls })]);
  // The buyer sees the same pictures.
  const bought = await (await request.get(`/api/user/get-order/${order!.id}`, { headers: buyer.auth })).json();
  expect(bought.items[0].mediaUrls).toEqual(mediaUrls);

  const shipped = await request.post("/api/admin/ship-order", { headers: admin, data: { id: order!.id, tracking: "1Z777", carrier: "UPS" } });
  expect(shipped.status()).toBe(200);
  expect((await shipped.json()).order.items).toEqual([expect.objectContaining({ mediaUrls, tracking: "1Z777" })]);
  const refunded = await request.post(`/api/admin/refund-order/${order!.id}`, { headers: admin });
  expect(refunded.status()).toBe(200);
  expect((await refunded.json()).order).toMatchObject({ status: "Refunded", items: [expect.objectContaining({ mediaUrls })] });
});

test("get-users rows carry the address of spec 3's admin user", async ({ request }) => {
  const admin = await adminAuth(request);
  const person = await newAccount(request, "api-views-user", "Ada", "Dress");
  const rows = await (await request.get(`/api/admin/get-users?q=${encodeURIComponent(person.email)}`, { headers: admin })).json();
  expect(rows).toEqual([
    expect.objectContaining({ user_id: person.id, first_name: "Ada", last_name: "Dress", email: person.email, phone: "+1 303 555 0100", street: "7 Admin Way", street2: "", city: "Denver", state: "CO", status: "Active", balance: 0 }),
  ]);
  // The same values as the one-user view.
  const one = await (await request.get(`/api/admin/get-user/${person.id}`, { headers: admin })).json();
  for (const field of ["user_id", "first_name", "last_name", "email", "phone", "street", "street2", "city", "state", "status", "balance"]) {
    expect(rows[0][field], field).toEqual(one[field]);
  }
});
