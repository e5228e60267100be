/** The JSON face of unique store names (docs/decisions/092-unique-store-names.md): POST /api/user/update-store. */

import { type APIRequestContext, createSeller, createTokenUser, expect, readDb, test } from "./fixtures";

const TAKEN = "This store name is already taken. Please choose another one.";

async function saveStore(request: APIRequestContext, token: string, name: string) {
  const fd = new FormData();
  fd.append("store", JSON.stringify({ name, bio: "Patterns." }));
  const response = await request.post("/api/user/update-store", { headers: { Authorization: token }, multipart: fd });
  return { status: response.status(), body: await response.json() };
}

const storeOf = (userId: number) => readDb<{ name: string }>("SELECT name FROM stores WHERE user_id = ?", userId);

test("a name another store has is refused with 400 { error, field: name }, when opening a store and when renaming one", async ({ request }) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Stitch & Seam Atelier ${tag}`;
  const first = await createTokenUser();
  expect(await saveStore(request, first.token, name)).toMatchObject({ status: 201 });

  const newcomer = await createTokenUser();
  expect(await saveStore(request, newcomer.token, `  ${name.toUpperCase()}  `)).toMatchObject({ status: 400, body: { error: TAKEN, field: "name" } });
  expect(storeOf(newcomer.id)).toEqual([]);
  expect((await request.get("/api/auth/setup", { headers: { Authorization: newcomer.token } }).then((r) => r.json()))).toEqual({ hasStoreSetup: false });

  const seller = await createSeller();
  const before = storeOf(seller.id);
  expect(await saveStore(request, seller.token, name.toLowerCase())).toMatchObject({ status: 400, body: { error: TAKEN, field: "name" } });
  expect(storeOf(seller.id)).toEqual(before);

  // The owner may change the case of its own name.
  expect(await saveStore(request, first.token, name.toUpperCase())).toMatchObject({ status: 200, body: { store: { name: name.toUpperCase() } } });
});

test("two stores saving one new name at the same time: one 2xx, one 400 field error, never a 500", async ({ request }) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Race Studio ${tag}`;
  const [a, b, c] = await Promise.all([createTokenUser(), createSeller(), createTokenUser()]);
  const answers = await Promise.all([saveStore(request, a.token, name), saveStore(request, b.token, name.toUpperCase()), saveStore(request, c.token, ` ${name} `)]);
  const statuses = answers.map((x) => x.status);
  expect(statuses.filter((s) => s === 200 || s === 201)).toHaveLength(1);
  expect(answers.filter((x) => x.status === 400).map((x) => x.body)).toEqual([
    expect.objectContaining({ error: TAKEN, field: "name" }),
    expect.objectContaining({ error: TAKEN, field: "name" }),
  ]);
  expect(readDb("SELECT id FROM stores WHERE lower(trim(name)) = lower(?)", name)).toHaveLength(1);
});
