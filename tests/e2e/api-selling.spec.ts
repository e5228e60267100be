/** The seller's JSON face (spec 7.3) with the raw token in Authorization: store, designs, uploads, rules. */
import fs from "node:fs";
import path from "node:path";

import { type APIRequestContext, countRows, createSeller, createTokenUser, DATA_DIR, DXF, expect, jpeg, png, readDb, test } from "./fixtures";

type Part = string | { name: string; type: string; bytes: Buffer };

function form(parts: [string, Part][]) {
  const fd = new FormData();
  for (const [key, value] of parts) {
    if (typeof value === "string") fd.append(key, value);
    else fd.append(key, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
  }
  return fd;
}

async function post(request: APIRequestContext, url: string, token: string, parts: [string, Part][]) {
  const response = await request.post(url, { headers: { Authorization: token }, multipart: form(parts) });
  return { status: response.status(), body: await response.json() };
}

async function get(request: APIRequestContext, url: string, token: string) {
  const response = await request.get(url, { headers: { Authorization: token } });
  return { status: response.status(), body: await response.json() };
}

const file = (name: string, type: string, bytes: Buffer) => ({ name, type, bytes });

test("a new seller opens a store and lists a pattern and a ready design through the JSON face", async ({ request }) => {
  const email = `api-seller-${Date.now()}@example.test`;
  const registered = await request.post("/api/auth/register", {
    data: { email, password: "a-strong-password-1", firstname: "Jo", lastname: "Maker" },
  });
  expect(registered.status()).toBeLessThan(300);
  const { token } = await registered.json();
  const auth = { Authorization: token };
  const profile = await request.post("/api/user/update-profile", {
    headers: auth,
    data: { first_name: "Jo", last_name: "Maker", street: "2 Loom Rd", city: "Portland", state: "OR", phone: "+1 503 555 0101", zip: "97201", country: "US" },
  });
  expect(profile.status()).toBe(200);

  expect((await get(request, "/api/auth/setup", token)).body).toEqual({ hasStoreSetup: false });
  expect(await get(request, "/api/user/get-own-store", token)).toEqual({ status: 404, body: { error: "Please setup your store first" } });

  const created = await post(request, "/api/user/update-store", token, [
    ["store", JSON.stringify({ name: "Loom & Line", bio: "Zero-waste patterns from Portland." })],
    ["pdetails", JSON.stringify({ accountname: "Jo Maker", accountnumber: "987650004321", accountrouting: "110000000", accounttype: "savings" })],
    ["avatar", file("logo.png", "image/png", await png("#1d4ed8"))],
    ["images", file("one.jpg", "image/jpeg", await jpeg("#111827"))],
    ["images", file("two.png", "image/png", await png("#65a30d"))],
  ]);
  expect(created.status).toBe(201);
  expect(created.body.message).toBe("Store settings updated successfully!");
  expect((await get(request, "/api/auth/setup", token)).body).toEqual({ hasStoreSetup: true });

  const own = await get(request, "/api/user/get-own-store", token);
  expect(own.status).toBe(200);
  expect(own.body.store).toMatchObject({ name: "Loom & Line", bio: "Zero-waste patterns from Portland." });
  expect(own.body.store.avatar).toMatch(/^[a-f0-9]{32}\.png$/);
  expect(own.body.media).toHaveLength(2);
  expect(own.body.pdetails).toEqual({ accountname: "Jo Maker", accountnumber: "****4321", accountrouting: "110000000", accounttype: "savings" });
  expect(JSON.stringify(own.body)).not.toContain("987650004321");

  // Reorder and drop a store image; the masked number sent back keeps the stored one.
  const [first, second] = own.body.media as { id: number; media: string }[];
  const reordered = await post(request, "/api/user/update-store", token, [
    ["store", JSON.stringify({ name: "Loom & Line", bio: "Zero-waste patterns." })],
    ["pdetails", JSON.stringify({ ...own.body.pdetails })],
    ["media", JSON.stringify([{ id: second!.id }])],
  ]);
  expect(reordered.status).toBe(200);
  expect(reordered.body.media).toEqual([{ id: second!.id, media: second!.media }]);
  expect(reordered.body.pdetails.accountnumber).toBe("****4321");
  expect(fs.existsSync(path.join(DATA_DIR, "uploads", first!.media))).toBe(false);

  const pattern = await post(request, "/api/user/update-product", token, [
    ["product", JSON.stringify({ name: "Zero-waste wrap top", desc: "A wrap top cut from one rectangle.", price: 14.5, type: "Pattern", category1: "women", category2: "tops", terms: "Personal and small-batch use." })],
    ["delivery", "Digital"],
    ["pattern", file("wrap-top.dxf", "application/dxf", DXF)],
    ["sizeChart", file("chart.png", "image/png", await png("#ffffff"))],
    ["images", file("front.png", "image/png", await png("#be185d"))],
    ["images", file("back.jpg", "image/jpeg", await jpeg("#9d174d"))],
  ]);
  expect(pattern.status).toBe(201);
  expect(pattern.body.message).toBe("Product created successfully!");
  const patternId = pattern.body.product.id as number;
  const versions = readDb<{ version: number; data: string }>("SELECT version, data FROM pattern_versions WHERE product_id = ?", patternId);
  expect(versions.map((v) => v.version)).toEqual([1]);
  // The DXF is read at upload (decision 061): the version holds its pieces (this plain file is one piece, units assumed).
  expect(JSON.parse(versions[0]!.data)).toMatchObject({ units: "mm", unitsAssumed: true, sizes: ["One size"], pieces: [{ name: "Piece 1", area: 59200 }] });

  const ready = await post(request, "/api/user/update-product", token, [
    ["product", JSON.stringify({ name: "Linen apron", desc: "Cross-back apron in washed linen.", price: 42, type: "Ready", category1: "Home", category2: "kitchen", parcel_size: "Small" })],
    ["variants", JSON.stringify([{ name: "Size", value: "S", sku: "AP-S", inventory: 3 }, { value: "M", sku: "AP-M", inventory: 5 }, { value: "L", inventory: 0 }])],
    ["sizeChart", file("chart.png", "image/png", await png("#f5f5f4"))],
    ["images", file("apron.png", "image/png", await png("#a16207"))],
  ]);
  expect(ready.status).toBe(201);
  const readyId = ready.body.product.id as number;

  const detail = await get(request, `/api/user/get-product/${readyId}`, token);
  expect(detail.status).toBe(200);
  expect(detail.body).toMatchObject({
    name: "Linen apron",
    desc: "Cross-back apron in washed linen.",
    price: 42,
    type: "Ready",
    category1: "Home",
    category2: "kitchen",
    terms: "",
    pattern_url: null,
    delivery: null,
    parcel_size: "Small",
  });
  expect(detail.body.size_chart).toMatch(/^[a-f0-9]{32}\.png$/);
  expect(detail.body.media).toEqual([{ id: expect.any(Number), media: expect.stringMatching(/^[a-f0-9]{32}\.png$/) }]);
  expect(detail.body.variants.map((v: { name: string; value: string; sku: string; inventory: number }) => [v.name, v.value, v.sku, v.inventory])).toEqual([
    ["Size", "S", "AP-S", 3],
    ["Size", "M", "AP-M", 5],
    ["Size", "L", "", 0],
  ]);
  const patternDetail = await get(request, `/api/user/get-product/${patternId}`, token);
  expect(patternDetail.body).toMatchObject({ type: "Pattern", delivery: "Digital", parcel_size: null, variants: [] });
  expect(patternDetail.body.pattern_url).toMatch(/^[a-f0-9]{32}\.dxf$/);
  // What the reader found (decision 100), the same in the seller's and the buyers' JSON.
  const read = patternDetail.body.pattern;
  expect(Object.keys(read).sort()).toEqual(["fabric", "piece_list", "pieces", "preview_url", "sample_size", "sizes", "units", "units_source", "updated", "version"]);
  expect(read).toMatchObject({ sizes: ["One size"], pieces: 1, units: "mm", units_source: "inferred", version: 1, preview_url: `/product/${patternId}/preview.svg?v=1` });
  expect(read.piece_list).toEqual([
    { name: "Piece 1", quantity: 1, on_fold: false, material: "fabric", sizes: { "One size": { width_mm: expect.any(Number), height_mm: expect.any(Number), area_mm2: 59200, notches: 0 } } },
  ]);
  const { width_mm: w, height_mm: h } = read.piece_list[0].sizes["One size"];
  expect([w, h].sort((a: number, b: number) => a - b)).toEqual([200, 300]);
  expect(read.fabric.map((f: { material: string; size: string; width_mm: number }) => [f.material, f.size, f.width_mm])).toEqual([
    ["fabric", "One size", 1120],
    ["fabric", "One size", 1400],
    ["fabric", "One size", 1500],
  ]);
  for (const f of read.fabric) expect(f.length_mm).toBeGreaterThan(200);
  expect((await (await request.get(`/api/user/get-external-product/${patternId}`)).json()).pattern).toEqual(read);

  // Edit the price and one size's stock.
  const variants = detail.body.variants.map((v: { id: number; value: string; sku: string; inventory: number }) => ({ ...v, inventory: v.value === "M" ? 9 : v.inventory }));
  const updated = await post(request, "/api/user/update-product", token, [
    ["id", String(readyId)],
    ["product", JSON.stringify({ ...detail.body, price: 39.99 })],
    ["variants", JSON.stringify(variants)],
  ]);
  expect(updated.status).toBe(200);
  expect(updated.body.message).toBe("Product updated successfully!");
  expect(updated.body.product.price).toBe(39.99);
  expect(readDb<{ value: string; inventory: number }>("SELECT value, inventory FROM variants WHERE product_id = ? ORDER BY position", readyId)).toEqual([
    { value: "S", inventory: 3 },
    { value: "M", inventory: 9 },
    { value: "L", inventory: 0 },
  ]);

  const list = await get(request, "/api/user/get-own-products", token);
  expect(list.body.map((p: { id: number }) => p.id).sort()).toEqual([patternId, readyId].sort());
  expect(list.body.every((p: { myself: boolean }) => p.myself)).toBe(true);

  const catalogue = await request.get("/api/user/products?category1=Home&category2=kitchen&category3=ready_to_ship&sort=newest");
  expect(JSON.stringify(await catalogue.json())).toContain("Linen apron");

  const removed = await request.post("/api/user/remove-product", { headers: auth, data: { id: patternId } });
  expect(removed.status()).toBe(200);
  expect((await get(request, `/api/user/get-product/${patternId}`, token)).status).toBe(404);
  expect((await request.get(`/api/user/get-external-product/${patternId}`)).status()).toBe(404);
  expect((await get(request, "/api/user/get-own-products", token)).body.map((p: { id: number }) => p.id)).toEqual([readyId]);
});

test("bad input gets 400 {error} and nothing is stored", async ({ request }) => {
  const seller = await createSeller();
  const productsBefore = () => countRows("SELECT count(*) AS n FROM products WHERE store_id = ?", seller.storeId);
  const filesBefore = () => countRows("SELECT count(*) AS n FROM files WHERE owner_id = ?", seller.id);
  const chart = file("chart.png", "image/png", await png("#fafafa"));
  const image = file("a.png", "image/png", await png());
  const base = { name: "Box tote", desc: "A tote with a boxed base.", price: 12, type: "Made", category1: "women", category2: "accessories", parcel_size: "Medium" };
  const cases: { label: string; parts: [string, Part][]; error: RegExp | string }[] = [
    {
      label: "25 MiB + 1 byte",
      parts: [["product", JSON.stringify(base)], ["sizeChart", chart], ["images", file("huge.png", "image/png", Buffer.alloc(26214400 + 1))]],
      error: "huge.png is too large. Maximum file size is 25MB.",
    },
    {
      label: "11 media",
      parts: [["product", JSON.stringify(base)], ["sizeChart", chart], ...Array.from({ length: 11 }, (_, i) => ["images", file(`m${i}.png`, "image/png", image.bytes)] as [string, Part])],
      error: "A design can have at most 10 images or videos",
    },
    {
      label: "PNG renamed .dxf",
      parts: [["product", JSON.stringify({ ...base, type: "Pattern" })], ["delivery", "Digital"], ["sizeChart", chart], ["images", image], ["pattern", file("pattern.dxf", "application/dxf", image.bytes)]],
      error: "pattern.dxf is not a DXF pattern file with at least one entity.",
    },
    { label: "price 4.99", parts: [["product", JSON.stringify({ ...base, price: 4.99 })], ["sizeChart", chart], ["images", image]], error: "Price must be at least 5" },
    { label: "price -1", parts: [["product", JSON.stringify({ ...base, price: -1 })], ["sizeChart", chart], ["images", image]], error: "Price must be at least 5" },
    { label: "price 1e9", parts: [["product", JSON.stringify({ ...base, price: 1e9 })], ["sizeChart", chart], ["images", image]], error: "Price can be at most 100,000" },
    { label: "price abc", parts: [["product", JSON.stringify({ ...base, price: "abc" })], ["sizeChart", chart], ["images", image]], error: "price must be a JSON number, not a string" },
    { label: "price true", parts: [["product", JSON.stringify({ ...base, price: true })], ["sizeChart", chart], ["images", image]], error: "price must be a number" },
    { label: "51-character name", parts: [["product", JSON.stringify({ ...base, name: "x".repeat(51) })], ["sizeChart", chart], ["images", image]], error: "Name can be at most 50 characters" },
    {
      label: "pattern without a file",
      parts: [["product", JSON.stringify({ ...base, type: "Pattern", delivery: "Print" })], ["sizeChart", chart], ["images", image]],
      error: "Pattern file (DXF) is required for a pattern",
    },
    {
      label: "ready without parcel size",
      parts: [["product", JSON.stringify({ ...base, type: "Ready", parcel_size: undefined })], ["sizeChart", chart], ["images", image]],
      error: "Parcel size is required for made and ready apparel",
    },
    {
      label: "quantity 1.5",
      parts: [["product", JSON.stringify(base)], ["variants", JSON.stringify([{ value: "One size", inventory: 1.5 }])], ["sizeChart", chart], ["images", image]],
      error: "Quantity must be a whole number",
    },
    { label: "text renamed .png", parts: [["product", JSON.stringify(base)], ["sizeChart", chart], ["images", file("photo.png", "image/png", Buffer.from("hello, not an image"))]], error: /photo\.png is not an image/ },
    { label: "no size chart", parts: [["product", JSON.stringify(base)], ["images", image]], error: "Size chart image is required" },
    { label: "no media", parts: [["product", JSON.stringify(base)], ["sizeChart", chart]], error: "Add at least one image or video" },
  ];
  for (const c of cases) {
    const before = [productsBefore(), filesBefore()];
    const answer = await post(request, "/api/user/update-product", seller.token, c.parts);
    expect(answer.status, c.label).toBe(400);
    if (typeof c.error === "string") expect(answer.body.error, c.label).toBe(c.error);
    else expect(answer.body.error, c.label).toMatch(c.error);
    expect([productsBefore(), filesBefore()], c.label).toEqual(before);
  }
  // The store: name and bio required, a bad account number, an image that is not one.
  const store = await post(request, "/api/user/update-store", seller.token, [["store", JSON.stringify({ name: "", bio: "x" })]]);
  expect(store).toMatchObject({ status: 400, body: { error: "Store name is required", field: "name" } });
  const account = await post(request, "/api/user/update-store", seller.token, [
    ["store", JSON.stringify({ name: "A", bio: "B" })],
    ["pdetails", JSON.stringify({ accountname: "A", accountnumber: "12ab", accountrouting: "110000000", accounttype: "checking" })],
  ]);
  expect(account).toMatchObject({ status: 400, body: { error: "Account number must be 4 to 17 digits" } });
  const tooMany = await post(request, "/api/user/update-store", seller.token, [
    ["store", JSON.stringify({ name: "A", bio: "B" })],
    ...Array.from({ length: 11 }, (_, i) => ["images", file(`s${i}.png`, "image/png", image.bytes)] as [string, Part]),
  ]);
  expect(tooMany).toMatchObject({ status: 400, body: { error: "A store can have at most 10 images or videos" } });
  expect(readDb<{ name: string }>("SELECT name FROM stores WHERE id = ?", seller.storeId)[0]!.name).toBe(`Atelier ${seller.id}`);
  expect(filesBefore()).toBe(0);
  // No temp file is left behind by any refused request. The folder is the server's: another test's upload in flight
  // has its own there for a moment, a leaked one stays.
  await expect.poll(() => fs.readdirSync(path.join(DATA_DIR, "tmp")).filter((n) => n.endsWith(".part")), { timeout: 15_000 }).toEqual([]);
});

test("seller B gets 404 on seller A's product; store calls only ever reach one's own store", async ({ request }) => {
  const a = await createSeller();
  const b = await createSeller();
  const created = await post(request, "/api/user/update-product", a.token, [
    ["product", JSON.stringify({ name: "A's skirt", desc: "Bias skirt.", price: 30, type: "Made", category1: "women", category2: "skirts", parcel_size: "Small" })],
    ["sizeChart", file("c.png", "image/png", await png("#eeeeee"))],
    ["images", file("s.png", "image/png", await png("#7c3aed"))],
  ]);
  expect(created.status).toBe(201);
  const id = created.body.product.id as number;
  expect(await get(request, `/api/user/get-product/${id}`, b.token)).toEqual({ status: 404, body: { error: "Product not found" } });
  const edit = await post(request, "/api/user/update-product", b.token, [
    ["id", String(id)],
    ["product", JSON.stringify({ name: "Mine now", desc: "x", price: 30, type: "Made", category1: "women", category2: "skirts", parcel_size: "Small" })],
  ]);
  expect(edit).toEqual({ status: 404, body: { error: "Product not found" } });
  const remove = await request.post("/api/user/remove-product", { headers: { Authorization: b.token }, data: { id } });
  expect(remove.status()).toBe(404);
  expect(readDb<{ name: string; removed_at: number | null }>("SELECT name, removed_at FROM products WHERE id = ?", id)[0]).toEqual({
    name: "A's skirt",
    removed_at: null,
  });
  expect((await get(request, "/api/user/get-own-store", b.token)).body.store.id).toBe(b.storeId);
  expect((await get(request, "/api/user/get-own-products", b.token)).body).toEqual([]);
  // Visitors and users without a store.
  expect((await request.get("/api/user/get-own-store")).status()).toBe(401);
  const buyer = await createTokenUser({ prefix: "buyer" });
  expect(await get(request, `/api/user/get-product/${id}`, buyer.token)).toEqual({ status: 404, body: { error: "Please setup your store first" } });
});

test("the database file holds no plain bank account number", async ({ request }) => {
  const seller = await createSeller();
  const number = `4${Date.now()}`.slice(0, 13);
  const saved = await post(request, "/api/user/update-store", seller.token, [
    ["store", JSON.stringify({ name: "Vault Patterns", bio: "Safe." })],
    ["pdetails", JSON.stringify({ accountname: "V", accountnumber: number, accountrouting: "110000000", accounttype: "checking" })],
  ]);
  expect(saved.status).toBe(200);
  const row = readDb<{ account_number: string; account_last4: string }>("SELECT account_number, account_last4 FROM stores WHERE id = ?", seller.storeId)[0]!;
  expect(row.account_last4).toBe(number.slice(-4));
  expect(row.account_number).not.toContain(number);
  const raw = Buffer.concat(
    ["marketplace.db", "marketplace.db-wal"].map((f) => (fs.existsSync(path.join(DATA_DIR, f)) ? fs.readFileSync(path.join(DATA_DIR, f)) : Buffer.alloc(0))),
  );
  expect(raw.includes(Buffer.from(number))).toBe(false);
  expect(raw.includes(Buffer.from("000123456789"))).toBe(false);
});

test("the HTML design form answers each bad input with a 400 and the error at its field, storing nothing", async ({ request }) => {
  const seller = await createSeller();
  const image = await png();
  const chart = await png("#ffffff");
  const fields = { name: "Pleated skirt", desc: "Box pleats, side zip.", price: "30", type: "Made", category1: "women", category2: "skirts", parcel_size: "Small" };
  const cases: { label: string; values?: Record<string, string>; files?: [string, string, Buffer][]; error: string; at: string }[] = [
    { label: "4.99", values: { price: "4.99" }, error: "Price must be at least 5", at: "price" },
    { label: "-1", values: { price: "-1" }, error: "Price must be at least 5", at: "price" },
    { label: "1e9", values: { price: "1e9" }, error: "Price can be at most 100,000", at: "price" },
    { label: "abc", values: { price: "abc" }, error: "Price must be a number", at: "price" },
    { label: "51 characters", values: { name: "n".repeat(51) }, error: "Name can be at most 50 characters", at: "name" },
    { label: "no parcel size", values: { type: "Ready", parcel_size: "" }, error: "Parcel size is required for made and ready apparel", at: "parcel_size" },
    { label: "quantity 1.5", values: { "variants[0].value": "M", "variants[0].inventory": "1.5" }, error: "Quantity must be a whole number", at: "variants[0].inventory" },
    { label: "pattern without file", values: { type: "Pattern", delivery: "Digital" }, error: "Pattern file (DXF) is required for a pattern", at: "pattern" },
    { label: "PNG renamed .dxf", values: { type: "Pattern", delivery: "Digital" }, files: [["pattern", "fake.dxf", image]], error: "fake.dxf is not a DXF pattern file with at least one entity.", at: "pattern" },
    { label: "11 media", files: Array.from({ length: 11 }, (_, i) => ["media", `p${i}.png`, image] as [string, string, Buffer]), error: "A design can have at most 10 images or videos", at: "media" },
  ];
  for (const c of cases) {
    const fd = new FormData();
    for (const [k, v] of Object.entries({ ...fields, ...c.values })) fd.append(k, v);
    fd.append("intent", "save");
    const files = c.files ?? [];
    if (!files.some(([f]) => f === "media")) files.push(["media", "front.png", image]);
    files.push(["sizeChart", "chart.png", chart]);
    for (const [field, name, bytes] of files) fd.append(field, new Blob([new Uint8Array(bytes)], { type: "application/octet-stream" }), name);
    const response = await request.post("/create-design", { headers: { Authorization: seller.token }, multipart: fd });
    expect(response.status(), c.label).toBe(400);
    const html = await response.text();
    // The message sits in the error list tied to its field (aria-describedby) and the field keeps its value.
    expect(html, c.label).toContain(c.error.replace(/&/g, "&amp;"));
    expect(html, c.label).toMatch(new RegExp(`name="${c.at.replace(/[[\].]/g, "\\$&")}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="${c.at.replace(/[[\].]/g, "\\$&")}"`));
    expect(html, c.label).toContain(`value="${(c.values?.name ?? fields.name)}"`);
    expect(countRows("SELECT count(*) AS n FROM products WHERE store_id = ?", seller.storeId), c.label).toBe(0);
    expect(countRows("SELECT count(*) AS n FROM files WHERE owner_id = ?", seller.id), c.label).toBe(0);
  }
});
