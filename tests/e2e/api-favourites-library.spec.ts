// The JSON face of favourites and the pattern library (issue 23, items 3, 4 and 8).

import { addDesigns, addPaidOrder, type APIRequestContext, createUser, expect, newSeller, pattern, queryOne, refundAsAdmin, removeDesign, test, uniqueEmail } from "./fixtures";

const LIST_ITEM_FIELDS = ["id", "media", "myself", "name", "price", "store_avatar", "store_name", "store_owner", "type"];

async function tokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  return (await (await request.post("/api/auth/login", { data: account })).json()).token as string;
}

async function newBuyer(request: APIRequestContext) {
  const user = await createUser({ email: uniqueEmail("api-fav") });
  return { user, headers: { Authorization: `Bearer ${await tokenOf(request, user)}` } };
}

test("favourites: 401 without a token, idempotent add and remove, the product list's items, 404s and 405s", async ({ request }) => {
  const product = pattern("Digital", 11);
  for (const [method, path] of [
    ["get", "/api/user/favorites"],
    ["post", `/api/user/favorite/${product.id}`],
    ["post", `/api/user/unfavorite/${product.id}`],
    ["get", "/api/user/library"],
  ] as const) {
    const res = await request[method](path);
    expect(res.status(), path).toBe(401);
    expect(await res.json()).toEqual({ error: "Authentication required" });
  }

  const { headers } = await newBuyer(request);
  expect(await (await request.get("/api/user/favorites", { headers })).json()).toEqual([]);
  for (let i = 0; i < 2; i++) {
    const res = await request.post(`/api/user/favorite/${product.id}`, { headers });
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ success: true, favorite: true });
  }
  const list = await (await request.get("/api/user/favorites", { headers })).json();
  expect(list).toHaveLength(1);
  expect(Object.keys(list[0]).sort()).toEqual(LIST_ITEM_FIELDS);
  expect(list[0]).toMatchObject({ id: product.id, name: product.name, price: product.price_cents / 100, myself: false, type: "Pattern" });
  for (let i = 0; i < 2; i++) {
    const res = await request.post(`/api/user/unfavorite/${product.id}`, { headers });
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ success: true, favorite: false });
  }
  expect(await (await request.get("/api/user/favorites", { headers })).json()).toEqual([]);

  for (const id of ["999999999", "abc", "0", "-1", "1.5"]) {
    for (const kind of ["favorite", "unfavorite"]) {
      const res = await request.post(`/api/user/${kind}/${id}`, { headers });
      expect(res.status(), `${kind}/${id}`).toBe(404);
      expect(await res.json()).toEqual({ error: "Product not found" });
    }
  }
  expect((await request.get(`/api/user/favorite/${product.id}`, { headers })).status()).toBe(405);
  expect((await request.post("/api/user/favorites", { headers })).status()).toBe(405);
  expect((await request.post("/api/user/library", { headers })).status()).toBe(405);
});

test("favourites: an unlisted product is not found and leaves the list; a seller cannot favour their own design", async ({ request }) => {
  const seller = await newSeller(request);
  const { ready } = await addDesigns(seller);
  const { headers } = await newBuyer(request);
  expect((await request.post(`/api/user/favorite/${ready.id}`, { headers })).status()).toBe(200);
  const own = await request.post(`/api/user/favorite/${ready.id}`, { headers: { Authorization: `Bearer ${seller.token}` } });
  expect(own.status()).toBe(400);
  expect(await own.json()).toEqual({ error: "You cannot favourite your own design" });

  // The seller takes it off sale (the Remove button's model).
  await removeDesign(ready.id);
  const res = await request.post(`/api/user/favorite/${ready.id}`, { headers });
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual({ error: "Product not found" });
  expect(await (await request.get("/api/user/favorites", { headers })).json()).toEqual([]);
});

test("library: the owned Digital pattern with its version and a download per format; refunded orders leave it", async ({ request, baseURL }) => {
  const { user, headers } = await newBuyer(request);
  const product = pattern("Digital", 12);
  const orderId = await addPaidOrder({ buyerId: user.id, productId: product.id });
  const store = queryOne<{ name: string }>("SELECT s.name FROM products p JOIN stores s ON s.id = p.store_id WHERE p.id = ?", product.id).name;
  const version = queryOne<{ v: number | null }>("SELECT max(version) AS v FROM pattern_versions WHERE product_id = ?", product.id).v;

  const res = await request.get("/api/user/library", { headers });
  expect(res.status()).toBe(200);
  const library = await res.json();
  expect(library).toEqual([
    {
      productId: product.id,
      name: product.name,
      store_name: store,
      version,
      updated: false,
      downloads: ["dxf", "A4", "Letter", "A0", "roll36", "24x36", "projector"].map((format) => ({
        format,
        url: `${new URL(baseURL!).origin}/download/${orderId}?format=${format}`,
      })),
    },
  ]);
  const dxf = await request.get(library[0].downloads[0].url, { headers });
  expect(dxf.status()).toBe(200);
  expect(dxf.headers()["content-disposition"]).toContain("attachment");

  expect(await (await request.get(`/api/user/library?q=${encodeURIComponent(product.name.toUpperCase())}`, { headers })).json()).toHaveLength(1);
  expect(await (await request.get(`/api/user/library?q=${encodeURIComponent(store)}`, { headers })).json()).toHaveLength(1);
  expect(await (await request.get("/api/user/library?q=nothing-called-this", { headers })).json()).toEqual([]);

  // Refunded by the administrator (the admin refund model).
  await refundAsAdmin(orderId);
  expect(await (await request.get("/api/user/library", { headers })).json()).toEqual([]);
});
