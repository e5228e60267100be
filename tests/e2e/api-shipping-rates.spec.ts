/** GET/POST /api/user/shipping-rates and a design's shipping_override (decision 108): every bad input a 4xx `{error}`. */

import { addDesigns, expect, newSeller, readDb, test } from "./fixtures";

test("a seller sets, reads and removes the store's rates; bad amounts are 400 naming the field", async ({ request }) => {
  const seller = await newSeller(request);
  const auth = { Authorization: seller.token };
  expect((await request.get("/api/user/shipping-rates")).status()).toBe(401);
  expect(await (await request.get("/api/user/shipping-rates", { headers: auth })).json()).toBeNull();

  const good = { domestic_first: 4.5, domestic_additional: "1.25", international_first: 12, international_additional: 6, free_above: 150 };
  const saved = await request.post("/api/user/shipping-rates", { headers: auth, data: good });
  expect(saved.status()).toBe(200);
  expect((await saved.json()).rates).toEqual({ ...good, domestic_additional: 1.25 });
  expect(readDb("SELECT domestic_first_cents, domestic_additional_cents, free_above_cents FROM shipping_rates WHERE store_id = ?", seller.storeId)).toEqual([
    { domestic_first_cents: 450, domestic_additional_cents: 125, free_above_cents: 15000 },
  ]);

  for (const [bad, field] of [
    [{ ...good, domestic_first: -1 }, "domestic_first"],
    [{ ...good, international_first: "ten" }, "international_first"],
    [{ ...good, domestic_additional: 1.005 }, "domestic_additional"],
    [{ ...good, international_additional: 5000 }, "international_additional"],
    [{ ...good, free_above: [1] }, "free_above"],
    [{ free_above: 10 }, "domestic_first"],
  ] as const) {
    const res = await request.post("/api/user/shipping-rates", { headers: auth, data: bad });
    expect(res.status()).toBe(400);
    expect((await res.json()).error).toMatch(new RegExp(`^${field}: `));
  }
  expect((await request.post("/api/user/shipping-rates", { headers: { ...auth, "Content-Type": "text/plain" }, data: "x" })).status()).toBe(415);
  // Nothing of the refused posts was kept.
  expect((await (await request.get("/api/user/shipping-rates", { headers: auth })).json()).domestic_first).toBe(4.5);

  const cleared = await request.post("/api/user/shipping-rates", { headers: auth, data: { rates: null } });
  expect(await cleared.json()).toMatchObject({ success: true, rates: null });
  expect(await (await request.get("/api/user/shipping-rates", { headers: auth })).json()).toBeNull();
});

test("a design's shipping_override is read, set, refused when bad (nothing saved) and cleared", async ({ request }) => {
  const seller = await newSeller(request);
  const { ready } = await addDesigns(seller);
  const auth = { Authorization: seller.token };
  const product = async () => (await (await request.get(`/api/user/get-product/${ready.id}`, { headers: auth })).json()) as { name: string; shipping_override: unknown };
  expect((await product()).shipping_override).toBeNull();
  const base = { name: ready.name, desc: "Made for the selling tests", price: 45, type: "Ready", category1: "women", category2: "tops", parcel_size: "Small" };
  const update = (part: Record<string, unknown>) =>
    request.post("/api/user/update-product", { headers: auth, multipart: { id: String(ready.id), product: JSON.stringify({ ...base, ...part }) } });

  const override = { domestic_first: 9, domestic_additional: 3, international_first: 20, international_additional: 10, free_above: null };
  const set = await update({ shipping_override: override });
  expect(set.status()).toBe(200);
  expect((await set.json()).product.shipping_override).toEqual(override);

  const bad = await update({ name: "Renamed", shipping_override: { ...override, domestic_first: -2 } });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ field: "shipping_override.domestic_first" });
  expect(await (await update({ shipping_override: "cheap" })).json()).toMatchObject({ field: "shipping_override" });
  expect((await product()).name).toBe(ready.name);
  expect((await product()).shipping_override).toEqual(override);

  expect((await update({ shipping_override: null })).status()).toBe(200);
  expect((await product()).shipping_override).toBeNull();
});
