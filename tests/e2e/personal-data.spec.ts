// People's data on the HTML face (decision 103): /settings "Your data" and /admin/user/{id}, with and without JavaScript.
import fs from "node:fs/promises";

import { buy, credit, DEMO, expect, newAccount, newShop, readDb, test } from "./fixtures";

test("a user downloads their data, is refused while an order is in flight, then deletes the account and is logged out", { tag: "@long" }, async ({ page, request, loginAs }) => {
  const shop = await newShop(request, "settings-data");
  const buyer = await newAccount(request, "settings-data-buyer", "Jamie", "Jones");
  const password = "settings-data-buyer-pass-123";
  const [order] = await buy(request, buyer, [{ productId: shop.tote }]);
  await loginAs(buyer.id, page);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Your data" })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download your data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^patternhouse-data-\d+-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await fs.readFile((await download.path())!, "utf8"));
  expect(data).toMatchObject({ schema_version: 1, profile: { email: buyer.email, first_name: "Jamie", city: "Denver" } });
  expect(data.orders_bought.map((o: { id: number }) => o.id)).toEqual([order!.id]);

  // The typed confirmation and the password are checked (on the server too, without JavaScript).
  const form = page.locator("form#delete-account");
  await form.getByLabel("Your password").fill(password);
  await form.getByLabel("Type DELETE to confirm").fill("delete");
  await form.getByRole("button", { name: "Delete account" }).click();
  await expect(form.getByText("Type DELETE (in capitals) to confirm")).toBeVisible();
  await form.getByLabel("Your password").fill("not-my-password");
  await form.getByLabel("Type DELETE to confirm").fill("DELETE");
  await form.getByRole("button", { name: "Delete account" }).click();
  await expect(form.getByText("The password you entered is not correct.")).toBeVisible();
  // The tote has not shipped: refused with the reason.
  await form.getByLabel("Your password").fill(password);
  await form.getByLabel("Type DELETE to confirm").fill("DELETE");
  await form.getByRole("button", { name: "Delete account" }).click();
  await expect(form.getByText("This account has orders that have not been shipped yet.", { exact: false })).toBeVisible();
  expect(readDb<{ email: string }>("SELECT email FROM users WHERE id = ?", buyer.id)[0]!.email).toBe(buyer.email);

  const ship = await request.post("/api/user/ship-order", { headers: shop.seller.auth, data: { id: order!.id, tracking: "1Z999AA10123456784", carrier: "UPS" } });
  expect(ship.status()).toBe(200);
  const amount = readDb<{ a: number }>("SELECT amount_cents AS a FROM orders WHERE id = ?", order!.id)[0]!.a;

  await form.getByLabel("Your password").fill(password);
  await form.getByLabel("Type DELETE to confirm").fill("DELETE");
  await form.getByRole("button", { name: "Delete account" }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole("heading", { name: "Your account has been deleted" })).toBeVisible();
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login/);

  const row = readDb<Record<string, unknown>>("SELECT email, first_name, last_name, street, city, phone, password_hash FROM users WHERE id = ?", buyer.id)[0]!;
  expect(row).toEqual({ email: `deleted-${buyer.id}@invalid`, first_name: "Deleted", last_name: "user", street: "", city: "", phone: "", password_hash: "" });
  expect(readDb<{ a: number }>("SELECT amount_cents AS a FROM orders WHERE id = ?", order!.id)[0]!.a).toBe(amount);
  expect(readDb("SELECT 1 FROM sessions WHERE user_id = ?", buyer.id)).toEqual([]);
  // The seller still sees the sale, with the buyer shown as "Deleted user".
  const sale = await request.get(`/api/user/get-own-order/${order!.id}`, { headers: shop.seller.auth });
  expect(sale.status()).toBe(200);
  expect((await sale.json()).shippingInfo).toMatchObject({ first_name: "Deleted", last_name: "user", street: "" });
});

test("an administrator exports a user's data and deletes the account with a reason; both are in the audit log", { tag: "@long" }, async ({ page, request, loginAs }) => {
  const shop = await newShop(request, "admin-data");
  const seller = shop.seller;
  await loginAs(DEMO.admin.email, page);
  await page.goto(`/admin/user/${seller.id}`);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export data" }).click();
  const data = JSON.parse(await fs.readFile((await (await downloading).path())!, "utf8"));
  expect(data.store).toMatchObject({ id: shop.storeId, name: shop.storeName });
  expect(data.products).toHaveLength(3);
  await page.goto(`/admin/user/${seller.id}`);
  await expect(page.getByText("Exported the user's data")).toBeVisible();

  const form = page.locator("form#delete-account");
  // A balance not paid out holds the account.
  await credit(shop.storeId, 500);
  await form.getByLabel("Reason (the user's request)").fill("Asked by email on 26 Nov");
  await form.getByLabel("Type DELETE to confirm").fill("DELETE");
  await form.getByRole("button", { name: "Delete account" }).click();
  await expect(form.getByText("The store's balance is not zero", { exact: false })).toBeVisible();
  await credit(shop.storeId, -500);

  await form.getByLabel("Reason (the user's request)").fill("Asked by email on 26 Nov");
  await form.getByLabel("Type DELETE to confirm").fill("DELETE");
  await form.getByRole("button", { name: "Delete account" }).click();
  await expect(page.getByText("The account was deleted: personal data replaced, orders and ledger kept.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Deleted user" })).toBeVisible();
  await expect(page.getByText("Deleted the account")).toBeVisible();
  await expect(page.getByText("reason: Asked by email on 26 Nov")).toBeVisible();

  // The store is closed: products unlisted (kept for orders), bank details and bio gone.
  expect(readDb<{ n: number }>("SELECT count(*) AS n FROM products WHERE store_id = ? AND removed_at IS NULL", shop.storeId)[0]!.n).toBe(0);
  expect(readDb<{ n: number }>("SELECT count(*) AS n FROM products WHERE store_id = ?", shop.storeId)[0]!.n).toBe(3);
  expect(readDb("SELECT bio, account_number, avatar FROM stores WHERE id = ?", shop.storeId)[0]).toEqual({ bio: "", account_number: "", avatar: null });
  expect((await request.get(`/api/user/get-external-product/${shop.tote}`)).status()).toBe(404);
  const audit = readDb<{ action: string; details: string }>("SELECT action, details FROM audit_log WHERE target_type = 'user' AND target_id = ? ORDER BY id", seller.id);
  expect(audit.map((a) => a.action)).toEqual(["export-data", "delete-account"]);
  expect(JSON.parse(audit[1]!.details)).toEqual({ by: "admin", reason: "Asked by email on 26 Nov" });
  // The seller's token ended with the account.
  expect((await request.get("/api/user/get-profile", { headers: seller.auth })).status()).toBe(401);
});
