/**
 * Issue 19, item 8: the JSON face takes money and ids as JSON numbers only (README, decision 037). A string is a
 * 400 whose error names the field, in every call that reads numbers or ids from a JSON body or a JSON part, and
 * nothing changes; handle-transfer settles only a transfer of the store its `storeid` names (404 otherwise).
 */

import { adminAuth, type APIRequestContext, balanceOf, createSeller, credit, expect, newAccount, newShop, pendingTransfer, png, readDb, test } from "./fixtures";

type Refusal = { path: string; data: Record<string, unknown>; field: string };

async function expectRefused(request: APIRequestContext, headers: Record<string, string>, { path, data, field }: Refusal) {
  const response = await request.post(path, { headers, data });
  const label = `${path} ${JSON.stringify(data)}`;
  expect(response.status(), label).toBe(400);
  const { error } = (await response.json()) as { error: string };
  expect(error.startsWith(`${field}: `), `${label}: ${error}`).toBe(true);
  expect(error.endsWith(" must be a JSON number, not a string"), `${label}: ${error}`).toBe(true);
}

test("admin calls refuse money and ids sent as strings, naming the field, and change nothing", async ({ request }) => {
  const admin = await adminAuth(request);
  const shop = await newShop(request, "json-types");
  await credit(shop.storeId, 4000);
  const transfer = await pendingTransfer(shop.storeId, 4000);
  await credit(shop.storeId, 1000);
  const balance = balanceOf(shop.storeId);
  const settings = await (await request.get("/api/admin/get-settings", { headers: admin })).json();
  const save = {
    pss: settings.pss,
    flat_fee: settings.flat_fee,
    margin: settings.margin,
    min_fee: settings.min_fee,
    auto_approve_transfers: settings.auto_approve_transfers,
    margin_pattern: settings.margin_paper_pattern,
    min_fee_pattern: settings.min_fee_paper_pattern,
    shipping_name: settings.shipping_name,
    shipping_street: settings.street,
    shipping_street2: settings.street2,
    shipping_city: settings.city,
    shipping_zip: settings.postal_code,
    shipping_state: settings.state,
    shipping_phone: settings.phone,
    shipping_email: settings.email,
    shipping_country: settings.country,
  };
  const user = { id: shop.seller.id, first_name: "Sela", last_name: "Seller", email: shop.seller.email, phone: "", street: "", street2: "", city: "", state: "", status: "Active" };
  const settingsBefore = readDb("SELECT * FROM platform_settings");
  const refusals: Refusal[] = [
    { path: "/api/admin/handle-transfer", data: { status: "Completed", id: String(transfer), storeid: shop.storeId }, field: "id" },
    { path: "/api/admin/handle-transfer", data: { status: "Completed", id: transfer, storeid: String(shop.storeId) }, field: "storeid" },
    { path: "/api/admin/handle-transfer", data: { status: "Rejected", id: transfer, storeid: `${shop.storeId}` }, field: "storeid" },
    { path: "/api/admin/update-user", data: { ...user, balance: "100", reason: "Promotion" }, field: "balance" },
    { path: "/api/admin/update-user", data: { ...user, id: String(shop.seller.id) }, field: "id" },
    { path: "/api/admin/remove-product", data: { id: String(shop.tote), owner: shop.seller.id }, field: "id" },
    { path: "/api/admin/remove-product", data: { id: shop.tote, owner: String(shop.seller.id) }, field: "owner" },
    { path: "/api/admin/save-settings", data: { ...save, pss: String(save.pss) }, field: "pss" },
    { path: "/api/admin/save-settings", data: { ...save, min_fee: "1.00" }, field: "min_fee" },
    { path: "/api/admin/save-settings", data: { ...save, margin: String(save.margin) }, field: "margin" },
    { path: "/api/admin/ship-order", data: { id: "1", tracking: "1Z999", carrier: "UPS" }, field: "id" },
  ];
  for (const refusal of refusals) await expectRefused(request, admin, refusal);

  expect(readDb("SELECT status FROM transactions WHERE id = ?", transfer)).toEqual([{ status: "Pending" }]);
  expect(balanceOf(shop.storeId)).toBe(balance);
  // The fixture's two credits only.
  expect(readDb("SELECT count(*) AS n FROM transactions WHERE store_id = ? AND tx_type = 'Adjustment'", shop.storeId)).toEqual([{ n: 2 }]);
  expect(readDb("SELECT removed_at FROM products WHERE id = ?", shop.tote)).toEqual([{ removed_at: null }]);
  expect(readDb("SELECT * FROM platform_settings")).toEqual(settingsBefore);

  // The same calls with JSON numbers go through.
  const adjusted = await request.post("/api/admin/update-user", { headers: admin, data: { ...user, balance: 100, reason: "Promotion" } });
  expect(adjusted.status()).toBe(200);
  expect(balanceOf(shop.storeId)).toBe(10000);
});

test("handle-transfer needs the transfer's own store: another store's id is 404, none is 400, and it stays Pending", async ({ request }) => {
  const admin = await adminAuth(request);
  const shop = await newShop(request, "json-transfer");
  const other = await newShop(request, "json-transfer-other");
  await credit(shop.storeId, 4000);
  const transfer = await pendingTransfer(shop.storeId, 4000);
  await credit(shop.storeId, 1000);
  const pending = () => readDb("SELECT status FROM transactions WHERE id = ?", transfer);

  for (const status of ["Completed", "Rejected"]) {
    const wrong = await request.post("/api/admin/handle-transfer", { headers: admin, data: { status, id: transfer, storeid: other.storeId } });
    expect(wrong.status(), status).toBe(404);
    expect(await wrong.json()).toEqual({ error: "Transfer not found" });
    const none = await request.post("/api/admin/handle-transfer", { headers: admin, data: { status, id: transfer } });
    expect(none.status(), status).toBe(400);
    expect((await none.json()).error).toMatch(/^storeid: storeid is required/);
    expect(pending()).toEqual([{ status: "Pending" }]);
  }
  const approved = await request.post("/api/admin/handle-transfer", { headers: admin, data: { status: "Completed", id: transfer, storeid: shop.storeId } });
  expect(approved.status()).toBe(200);
  expect(await approved.json()).toMatchObject({ success: true, transfer: { id: transfer, status: "Completed" } });
});

test("buyer and messaging calls refuse ids sent as strings", async ({ request }) => {
  const sender = await newAccount(request, "json-types-sender");
  const to = await newAccount(request, "json-types-to");
  const refusals: Refusal[] = [
    { path: "/api/user/send-message", data: { to: String(to.id), message: "hi" }, field: "to" },
    { path: "/api/user/send-message", data: { to: to.id, message: "hi", order_id: "3" }, field: "order_id" },
    { path: "/api/user/checkout", data: { items: [{ productId: "3" }] }, field: "items.0.productId" },
    { path: "/api/user/rate-product", data: { id: "3", rating: 5 }, field: "id" },
  ];
  for (const refusal of refusals) await expectRefused(request, sender.auth, refusal);
  expect(readDb("SELECT count(*) AS n FROM messages WHERE sender_id = ?", sender.id)).toEqual([{ n: 0 }]);
});

type Part = string | { name: string; type: string; bytes: Buffer };

function form(parts: [string, Part][]) {
  const fd = new FormData();
  for (const [key, value] of parts) {
    if (typeof value === "string") fd.append(key, value);
    else fd.append(key, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
  }
  return fd;
}

test("update-product and update-store refuse price, quantities and ids sent as strings in their JSON parts", async ({ request }) => {
  const seller = await createSeller();
  const auth = { Authorization: seller.token };
  const post = async (path: string, parts: [string, Part][]) => {
    const response = await request.post(path, { headers: auth, multipart: form(parts) });
    return { status: response.status(), body: await response.json() };
  };
  const image = { name: "a.png", type: "image/png", bytes: await png() };
  const chart = { name: "chart.png", type: "image/png", bytes: await png("#fafafa") };
  const base = { name: "Box tote", desc: "A tote with a boxed base.", price: 12, type: "Made", category1: "women", category2: "accessories", parcel_size: "Medium" };
  const created = await post("/api/user/update-product", [
    ["product", JSON.stringify(base)],
    ["variants", JSON.stringify([{ value: "One size", sku: "", inventory: 3 }])],
    ["sizeChart", chart],
    ["images", image],
  ]);
  expect(created.status).toBe(201);
  const id = created.body.product.id as number;
  const variant = created.body.product.variants[0] as { id: number };
  const mediaId = created.body.product.media[0].id as number;
  const stored = () => readDb("SELECT p.price_cents, v.id AS variant, v.inventory FROM products p JOIN variants v ON v.product_id = p.id WHERE p.id = ?", id);
  const before = stored();
  const products = () => readDb("SELECT count(*) AS n FROM products WHERE store_id = ?", seller.storeId);

  const cases: { parts: [string, Part][]; field: string; error: string }[] = [
    { parts: [["id", String(id)], ["product", JSON.stringify({ ...base, price: "12" })]], field: "price", error: "price must be a JSON number, not a string" },
    { parts: [["product", JSON.stringify({ ...base, price: "15.50" })], ["sizeChart", chart], ["images", image]], field: "price", error: "price must be a JSON number, not a string" },
    {
      parts: [["id", String(id)], ["product", JSON.stringify(base)], ["variants", JSON.stringify([{ id: variant.id, value: "One size", inventory: "7" }])]],
      field: "variants[0].inventory",
      error: "variants[0].inventory must be a JSON number, not a string",
    },
    {
      parts: [["id", String(id)], ["product", JSON.stringify(base)], ["variants", JSON.stringify([{ id: String(variant.id), value: "One size", inventory: 7 }])]],
      field: "variants[0].id",
      error: "variants[0].id must be a JSON number, not a string",
    },
    { parts: [["id", String(id)], ["product", JSON.stringify(base)], ["media", JSON.stringify([{ id: String(mediaId) }])]], field: "media", error: "media.0.id must be a JSON number, not a string" },
    { parts: [["id", String(id)], ["product", JSON.stringify(base)], ["media", JSON.stringify([String(mediaId)])]], field: "media", error: "media.0 must be a JSON number, not a string" },
  ];
  for (const c of cases) {
    const answer = await post("/api/user/update-product", c.parts);
    expect(answer, JSON.stringify(c.parts.filter(([, v]) => typeof v === "string"))).toMatchObject({ status: 400, body: { error: c.error, field: c.field } });
    expect(stored()).toEqual(before);
    expect(products()).toEqual([{ n: 1 }]);
  }
  expect(readDb("SELECT count(*) AS n FROM product_media WHERE product_id = ?", id)).toEqual([{ n: 1 }]);

  // A JSON body (no files): the id is a JSON number too.
  const asJson = await request.post("/api/user/update-product", { headers: auth, data: { id: String(id), product: { ...base, price: 20 } } });
  expect(asJson.status()).toBe(400);
  expect(await asJson.json()).toMatchObject({ error: "id must be a JSON number, not a string", field: "id" });
  const blank = await request.post("/api/user/update-product", { headers: auth, data: { id: "", product: { ...base, price: 20 } } });
  expect(blank.status()).toBe(400);
  expect(products()).toEqual([{ n: 1 }]);
  expect(stored()).toEqual(before);
  const typed = await request.post("/api/user/update-product", { headers: auth, data: { id, product: { ...base, price: 20 } } });
  expect(typed.status()).toBe(200);
  expect(readDb("SELECT price_cents FROM products WHERE id = ?", id)).toEqual([{ price_cents: 2000 }]);

  // The store's media list: ids as JSON numbers.
  const store = await post("/api/user/update-store", [["store", JSON.stringify({ name: "Atelier", bio: "Bags." })], ["images", image]]);
  expect(store.status).toBe(200);
  const storeMedia = store.body.media[0].id as number;
  const refused = await post("/api/user/update-store", [["store", JSON.stringify({ name: "Atelier", bio: "Bags." })], ["media", JSON.stringify([{ id: String(storeMedia) }])]]);
  expect(refused).toMatchObject({ status: 400, body: { error: "media.0.id must be a JSON number, not a string", field: "media" } });
  expect(readDb("SELECT count(*) AS n FROM store_media WHERE store_id = ?", seller.storeId)).toEqual([{ n: 1 }]);
});
