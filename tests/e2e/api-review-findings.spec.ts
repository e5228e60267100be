/**
 * Issue 34 (what a new user and an attacker found), the items the JSON face answers: an update-store that sends
 * nothing it reads is a 400 and changes nothing (item 10); the old data protocol (`?_data`) is a quiet 400 that
 * never reaches the administrator's list of errors (item 8). The discount codes' strict JSON (item 6) is in
 * api-discount-codes.spec.ts.
 */

import { adminAuth, expect, newSeller, readDb, test } from "./fixtures";

test("update-store with no body, an empty object or a type it does not read: a 400 {error}, the store unchanged", async ({ request }) => {
  const seller = await newSeller(request);
  const auth = { Authorization: seller.token };
  const before = readDb("SELECT * FROM stores WHERE id = ?", seller.storeId);
  for (const [label, send] of [
    ["no body", () => request.post("/api/user/update-store", { headers: auth })],
    ["an empty JSON object", () => request.post("/api/user/update-store", { headers: auth, data: {} })],
    ["text/plain", () => request.post("/api/user/update-store", { headers: { ...auth, "Content-Type": "text/plain" }, data: "name=New name" })],
    ["a form of parts it does not read", () => request.post("/api/user/update-store", { headers: auth, multipart: { unknown: "x" } })],
  ] as const) {
    const res = await send();
    expect(res.status(), label).toBe(400);
    const body = (await res.json()) as { error?: string; success?: boolean };
    expect(body.error, label).toMatch(/^Nothing to update/);
    expect(body.success, label).toBeUndefined();
  }
  expect(readDb("SELECT * FROM stores WHERE id = ?", seller.storeId)).toEqual(before);
  // A real update still works.
  const ok = await request.post("/api/user/update-store", { headers: auth, multipart: { store: JSON.stringify({ bio: "Coats and patterns" }) } });
  expect(ok.status(), await ok.text()).toBe(200);
  expect(readDb<{ bio: string }>("SELECT bio FROM stores WHERE id = ?", seller.storeId)[0]!.bio).toBe("Coats and patterns");
});

test("?_data requests (Remix's old data protocol) are a quiet 400, kept off /admin/health's error list", async ({ request }) => {
  const ids: string[] = [];
  for (const path of ["/?_data=root", "/product/1?_data=routes%2F_catalog%2B%2Fproduct.%24id", "/cart?_data"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(400);
    expect(await res.json(), path).toEqual({ error: "This address does not answer ?_data requests" });
    ids.push(res.headers()["x-request-id"]!);
  }
  const health = await (await request.get("/admin/health", { headers: await adminAuth(request) })).text();
  expect(health).toContain("Recent errors");
  for (const id of ids) expect(health).not.toContain(id);
});
