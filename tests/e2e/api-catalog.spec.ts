import { type APIRequestContext, DEMO, expect, queryOne, test, uniqueEmail } from "./fixtures";

const sorted = (o: object) => Object.keys(o).sort();

async function tokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  return (await (await request.post("/api/auth/login", { data: account })).json()).token as string;
}

const LIST_ITEM_FIELDS = ["id", "media", "myself", "name", "price", "store_avatar", "store_name", "store_owner", "type"];

test.describe("JSON face of the catalogue", () => {
  test("GET /api/user/products: list items with the spec's fields, dollars, filters, search, sort and pages", async ({ request }) => {
    const res = await request.get("/api/user/products");
    expect(res.status()).toBe(200);
    const list = await res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(24);
    expect(Number(res.headers()["x-total-count"])).toBeGreaterThanOrEqual(96);
    expect(res.headers()["x-page"]).toBe("1");
    const item = list[0];
    expect(sorted(item)).toEqual(LIST_ITEM_FIELDS);
    const row = queryOne<{ price_cents: number; owner: number; store: string; avatar: string; type: string; name: string }>(
      `SELECT p.price_cents, p.name, p.type, s.user_id AS owner, s.name AS store, s.avatar FROM products p JOIN stores s ON s.id = p.store_id WHERE p.id = ?`,
      item.id,
    );
    expect(item).toMatchObject({
      name: row.name,
      price: row.price_cents / 100,
      store_owner: row.owner,
      store_name: row.store,
      store_avatar: row.avatar,
      myself: false,
      type: row.type,
    });
    expect(item.media.length).toBeGreaterThan(0);
    expect(typeof item.media[0]).toBe("string");

    // category1 + level-2 lists (repeated or comma-separated) + availability list.
    const pets = await (await request.get("/api/user/products?category1=Pets&category2=clothing&category3=Made,ready_to_ship&limit=100")).json();
    const expected = queryOne<{ n: number }>(
      "SELECT count(*) AS n FROM products WHERE category1 = 'Pets' AND category2 = 'clothing' AND type IN ('Made', 'Ready') AND removed_at IS NULL",
    ).n;
    expect(pets).toHaveLength(expected);
    for (const p of pets) expect(["Made", "Ready"]).toContain(p.type);

    const search = await (await request.get("/api/user/products?q=raincoat&sort=price_asc&limit=100")).json();
    expect(search.length).toBeGreaterThan(0);
    for (const p of search) expect(p.name).toMatch(/Raincoat/);
    const prices = search.map((p: { price: number }) => p.price);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));

    // Store names are searchable too.
    const byStore = await (await request.get("/api/user/products?q=pawsome&limit=100")).json();
    expect(byStore.length).toBeGreaterThan(0);
    for (const p of byStore) expect(p.store_name).toBe("Pawsome Stitches");

    const page2 = await request.get("/api/user/products?page=2");
    expect(page2.headers()["x-page"]).toBe("2");
    expect((await page2.json())[0].id).not.toBe(item.id);
  });

  test("myself is true for the viewer's own products", async ({ request }) => {
    const token = await tokenOf(request, DEMO.seller);
    const own = await (await request.get("/api/user/products?q=thimble&limit=100", { headers: { Authorization: token } })).json();
    expect(own.length).toBeGreaterThan(0);
    for (const p of own) expect(p.myself).toBe(true);
  });

  test("GET /api/user/get-external-product/{id}: every field of the external product", async ({ request }) => {
    const { id } = queryOne<{ id: number }>(
      "SELECT r.product_id AS id FROM reviews r JOIN variants v ON v.product_id = r.product_id JOIN products p ON p.id = r.product_id WHERE p.type <> 'Pattern' LIMIT 1",
    );
    const res = await request.get(`/api/user/get-external-product/${id}`);
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(sorted(body)).toEqual(["made_to_measure", "media", "product", "reviews", "size_chart_table", "size_chart_unit", "store_avatar", "store_name", "store_owner_id", "store_profile", "variants"]);
    expect(sorted(body.product)).toEqual(["delivery", "desc", "name", "price", "size_chart", "sold", "terms", "type"]);
    const p = queryOne<{ name: string; price_cents: number; sold: number; type: string; description: string; terms: string; size_chart: string; owner: number; city: string; country: string }>(
      `SELECT p.*, s.user_id AS owner, u.city, u.country FROM products p JOIN stores s ON s.id = p.store_id JOIN users u ON u.id = s.user_id WHERE p.id = ?`,
      id,
    );
    expect(body.product).toEqual({
      name: p.name,
      price: p.price_cents / 100,
      sold: p.sold,
      type: p.type,
      delivery: null,
      desc: p.description,
      terms: p.terms,
      size_chart: p.size_chart,
    });
    expect(body.store_owner_id).toBe(p.owner);
    expect(body.store_profile).toEqual({ city: p.city, country: p.country });
    expect(body.media.length).toBeGreaterThan(0);
    expect(sorted(body.media[0])).toEqual(["media"]);
    expect(sorted(body.variants[0])).toEqual(["id", "inventory", "name", "value"]);
    expect(sorted(body.reviews[0])).toEqual(["comment", "dt", "name", "star", "tester"]);
    // A buyer's review; a tester's (a free copy) is marked true and left out of the rating (decision 153).
    expect(body.reviews[0].tester).toBe(false);
    expect(body.reviews[0].star).toBeGreaterThanOrEqual(1);
    expect(new Date(body.reviews[0].dt).toISOString()).toBe(body.reviews[0].dt);

    expect((await request.get("/api/user/get-external-product/999999")).status()).toBe(404);
    const bad = await request.get("/api/user/get-external-product/abc");
    expect(bad.status()).toBe(404);
    expect(await bad.json()).toEqual({ error: "Product not found" });
  });

  test("GET /api/user/get-store/{id} and follow / unfollow", async ({ request }) => {
    const s = queryOne<{ id: number; owner: number; name: string; bio: string; avatar: string }>(
      "SELECT s.id, s.user_id AS owner, s.name, s.bio, s.avatar FROM stores s JOIN users u ON u.id = s.user_id WHERE u.email = ?",
      DEMO.seller.email,
    );
    const visitor = await (await request.get(`/api/user/get-store/${s.owner}`)).json();
    expect(sorted(visitor)).toEqual(["designs", "followersCount", "isFollowing", "media", "store"]);
    expect(visitor.store).toEqual({ id: s.id, name: s.name, avatar: s.avatar, bio: s.bio, userid: s.owner });
    expect(sorted(visitor.media[0])).toEqual(["id", "media"]);
    expect(sorted(visitor.designs[0])).toEqual(LIST_ITEM_FIELDS);
    expect(visitor.isFollowing).toEqual({ count: 0 });
    const before = visitor.followersCount.count as number;

    expect((await request.post(`/api/user/follow-store/${s.owner}`)).status()).toBe(401);
    const email = uniqueEmail("apifollow");
    const { token } = await (await request.post("/api/auth/register", { data: { email, password: "follow-api-1", firstname: "F", lastname: "Api" } })).json();
    const auth = { headers: { Authorization: token } };
    const followed = await request.post(`/api/user/follow-store/${s.owner}`, auth);
    expect(followed.status()).toBe(200);
    expect(await followed.json()).toEqual({ success: true, followersCount: { count: before + 1 }, isFollowing: { count: 1 } });
    // Following twice changes nothing.
    expect((await (await request.post(`/api/user/follow-store/${s.owner}`, auth)).json()).followersCount).toEqual({ count: before + 1 });
    const seen = await (await request.get(`/api/user/get-store/${s.owner}`, auth)).json();
    expect(seen.isFollowing).toEqual({ count: 1 });
    const unfollowed = await (await request.post(`/api/user/unfollow-store/${s.owner}`, auth)).json();
    expect(unfollowed).toEqual({ success: true, followersCount: { count: before }, isFollowing: { count: 0 } });

    const own = await request.post(`/api/user/follow-store/${s.owner}`, { headers: { Authorization: await tokenOf(request, DEMO.seller) } });
    expect(own.status()).toBe(400);
    expect((await request.post("/api/user/follow-store/999999", auth)).status()).toBe(404);
    expect((await request.get("/api/user/get-store/999999")).status()).toBe(404);
  });

  test("GET /api/user/get-platform-settings: pss in dollars and where printed patterns ship from", async ({ request }) => {
    const body = await (await request.get("/api/user/get-platform-settings")).json();
    expect(body).toEqual({ pss: 10, city: "Los Angeles", state: "CA", country: "US" });
  });
});
