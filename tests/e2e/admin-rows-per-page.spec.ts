/**
 * Issue 19, item 16: 'Rows per page' of every admin table (orders, stores, a store's products, users, financial)
 * applies as soon as it changes when JavaScript runs: the table shows that many rows and the URL carries the size,
 * without pressing a button. Without JavaScript the Search or Apply button submits it.
 */
import crypto from "node:crypto";

import { backdate, uniqueDay } from "./admin-fixtures";
import { addPaidOrder, openTestDb } from "./db";
import { expect, test } from "./fixtures";
import { DEMO, whenHydrated } from "./utils";

/** 21 users, each with a store; the first store has 21 products, bought once each on one day: every table has 21 rows. */
function tablesOf21() {
  const tag = `rows${crypto.randomBytes(4).toString("hex")}`;
  const day = uniqueDay();
  const db = openTestDb();
  const users: number[] = [];
  const stores: number[] = [];
  const products: number[] = [];
  try {
    db.transaction(() => {
      for (let i = 1; i <= 21; i++) {
        const { id } = db
          .prepare("INSERT INTO users (email, password_hash, first_name, last_name) VALUES (?, 'not-a-password-hash', 'Row', ?) RETURNING id")
          .get(`${tag}-${i}@example.test`, `Counter ${i}`) as { id: number };
        users.push(id);
        const store = db.prepare("INSERT INTO stores (user_id, name, bio) VALUES (?, ?, 'Rows') RETURNING id").get(id, `Store ${tag} ${i}`) as { id: number };
        stores.push(store.id);
      }
      for (let i = 1; i <= 21; i++) {
        const { id } = db
          .prepare(
            `INSERT INTO products (store_id, name, description, price_cents, type, delivery, category1, category2, parcel_size, created_at, updated_at)
             VALUES (?, ?, 'A design', ?, 'Made', NULL, 'women', 'tops', 'Small', ?, ?) RETURNING id`,
          )
          .get(stores[0], `Design ${tag} ${i}`, 1000 + i, Date.UTC(2020, 0, 1), Date.UTC(2020, 0, 1)) as { id: number };
        products.push(id);
      }
    })();
  } finally {
    db.close();
  }
  const orders = products.map((productId, i) => addPaidOrder({ buyerId: users[i]!, productId }));
  backdate(orders, day);
  return { tag, day, storeId: stores[0]! };
}

const TABLES = [
  { name: "orders", caption: "Orders", path: (t: ReturnType<typeof tablesOf21>) => `/admin?q=${t.tag}`, button: "Search" },
  { name: "stores", caption: "Stores", path: (t: ReturnType<typeof tablesOf21>) => `/admin/stores?q=${t.tag}`, button: "Search" },
  { name: "a store's products", caption: "Products", path: (t: ReturnType<typeof tablesOf21>) => `/admin/store/${t.storeId}`, button: "Search" },
  { name: "users", caption: "Users", path: (t: ReturnType<typeof tablesOf21>) => `/admin/users?q=${t.tag}`, button: "Search" },
  {
    name: "financial",
    caption: "Financial",
    path: (t: ReturnType<typeof tablesOf21>) => `/admin/financial?start_date=${t.day}&end_date=${t.day}`,
    button: "Apply",
  },
];

test("'Rows per page' applies on change with JavaScript, and with the button without it, on every admin table", async ({ page, loginAs }, testInfo) => {
  test.setTimeout(90_000);
  const tables = tablesOf21();
  await loginAs(DEMO.admin.email);
  const js = testInfo.project.name !== "no-js";
  for (const table of TABLES) {
    await test.step(table.name, async () => {
      await page.goto(table.path(tables));
      if (js) await whenHydrated(page);
      const rows = page.getByRole("table", { name: table.caption }).locator("tbody tr");
      await expect(rows).toHaveCount(10);
      const before = new URL(page.url());

      await page.getByLabel("Rows per page").selectOption("20");
      if (js) {
        // No button: the choice itself applies, and the Apply button (page size only) is not even shown.
        if (table.button === "Apply") await expect(page.getByRole("button", { name: "Apply" })).toHaveCount(0);
      } else {
        await page.getByRole("button", { name: table.button, exact: true }).click();
      }
      await expect(page).toHaveURL(/[?&]size=20(&|$)/);
      await expect(rows).toHaveCount(20);
      await expect(page.getByText("Showing 1–20 of 21")).toBeVisible();
      await expect(page.getByLabel("Rows per page")).toHaveValue("20");
      // The rest of the table's state is kept (search, dates).
      const after = new URL(page.url());
      expect(after.pathname).toBe(before.pathname);
      for (const [key, value] of before.searchParams) expect(after.searchParams.get(key), key).toBe(value);

      if (js) {
        await page.getByLabel("Rows per page").selectOption("30");
        await expect(page).toHaveURL(/[?&]size=30(&|$)/);
        await expect(rows).toHaveCount(21);
        // Back to 20 rows: the select follows the URL.
        await page.goBack();
        await expect(rows).toHaveCount(20);
        await expect(page.getByLabel("Rows per page")).toHaveValue("20");
      }
    });
  }
});
