// People's data on the JSON face (decision 103): POST /api/user/export (audited: a post, decision 161) and POST /api/user/delete.

import { adminAuth, buy, expect, newAccount, newShop, readDb, test } from "./fixtures";

test("a user downloads their data and deletes their account through the API; orders stay, personal data goes", async ({ request }) => {
  const shop = await newShop(request, "api-data");
  const buyer = await newAccount(request, "api-data-buyer", "Dana", "Doe");
  const [order] = await buy(request, buyer, [{ productId: shop.printed, variantId: undefined }]);

  expect((await request.post("/api/user/export")).status()).toBe(401);
  const exported = await request.post("/api/user/export", { headers: { Authorization: `Bearer ${buyer.auth.Authorization}` } });
  expect(exported.status()).toBe(200);
  expect(exported.headers()["content-disposition"]).toMatch(/^attachment; filename="patternhouse-data-\d+-\d{4}-\d{2}-\d{2}\.json"$/);
  expect(exported.headers()["cache-control"]).toContain("no-store");
  const data = await exported.json();
  expect(data).toMatchObject({ schema_version: 1, profile: { id: buyer.id, email: buyer.email, first_name: "Dana", street: "7 Admin Way" } });
  expect(typeof data.generated_at).toBe("string");
  expect(data.orders_bought.map((o: { id: number }) => o.id)).toEqual([order!.id]);
  expect(JSON.stringify(data)).not.toMatch(/argon2|password_hash|token_hash/);
  expect(readDb("SELECT id FROM audit_log WHERE action = 'export-data' AND target_id = ? AND admin_id = ?", buyer.id, buyer.id)).toHaveLength(1);

  // Hostile and wrong input: a clear 4xx, never a 500.
  expect((await request.get("/api/user/delete", { headers: buyer.auth })).status()).toBe(405);
  expect((await request.get("/api/user/export", { headers: buyer.auth })).status()).toBe(405);
  expect((await request.post("/api/user/delete", { data: { password: "x" } })).status()).toBe(401);
  const text = await request.post("/api/user/delete", { headers: { ...buyer.auth, "Content-Type": "text/plain" }, data: "password" });
  expect(text.status()).toBe(415);
  const missing = await request.post("/api/user/delete", { headers: buyer.auth, data: {} });
  expect(missing.status()).toBe(400);
  expect((await missing.json()).error).toMatch(/^password: /);
  const typed = await request.post("/api/user/delete", { headers: buyer.auth, data: { password: 12345678 } });
  expect(typed.status()).toBe(400);
  const wrong = await request.post("/api/user/delete", { headers: buyer.auth, data: { password: "not-the-password" } });
  expect(wrong.status()).toBe(400);
  expect(await wrong.json()).toEqual({ error: "The password you entered is not correct." });

  // The printed pattern has not shipped yet: refused with the reason.
  const password = "api-data-buyer-pass-123";
  const inFlight = await request.post("/api/user/delete", { headers: buyer.auth, data: { password } });
  expect(inFlight.status()).toBe(409);
  expect((await inFlight.json()).error).toContain("orders that have not been shipped yet");

  const admin = await adminAuth(request);
  expect((await request.post("/api/admin/ship-order", { headers: admin, data: { id: order!.id, tracking: "9400100000000000000001", carrier: "USPS" } })).status()).toBe(200);
  const before = readDb<{ amount_cents: number; fee_cents: number; shipping_cents: number }>("SELECT amount_cents, fee_cents, shipping_cents FROM orders WHERE id = ?", order!.id)[0]!;

  const deleted = await request.post("/api/user/delete", { headers: buyer.auth, data: { password } });
  expect(deleted.status()).toBe(200);
  expect(await deleted.json()).toEqual({ success: true, message: "Your account has been deleted." });

  // The token ended with the account; the address no longer logs in.
  expect((await request.post("/api/user/export", { headers: buyer.auth })).status()).toBe(401);
  expect((await request.post("/api/auth/login", { data: { email: buyer.email, password } })).status()).toBe(400);

  const row = readDb<Record<string, unknown>>("SELECT * FROM users WHERE id = ?", buyer.id)[0]!;
  expect(row).toMatchObject({ email: `deleted-${buyer.id}@invalid`, first_name: "Deleted", last_name: "user", password_hash: "", street: "", phone: "", status: "Inactive" });
  const kept = readDb<{ amount_cents: number; fee_cents: number; shipping_cents: number; shipping_info: string; buyer_id: number }>(
    "SELECT amount_cents, fee_cents, shipping_cents, shipping_info, buyer_id FROM orders WHERE id = ?",
    order!.id,
  )[0]!;
  expect(kept).toMatchObject({ ...before, buyer_id: buyer.id });
  expect(kept.shipping_info).not.toContain("7 Admin Way");
  expect(JSON.parse(kept.shipping_info)).toMatchObject({ first_name: "Deleted", city: "Denver", postal_code: "80202" });
  expect(readDb("SELECT 1 FROM sessions WHERE user_id = ?", buyer.id)).toEqual([]);
  expect(readDb("SELECT 1 FROM audit_log WHERE action = 'delete-account' AND target_id = ? AND admin_id = ?", buyer.id, buyer.id)).toHaveLength(1);
});
