/**
 * Issue 19, item 16: 'Rows per page' of every admin table (orders, stores, a store's products, users, financial)
 * applies as soon as it changes when JavaScript runs: the table shows that many rows and the URL carries the size,
 * without pressing a button. Without JavaScript the Search or Apply button submits it.
 */
import crypto from "node:crypto";

import { addDesign, addPaidOrder, backdateOrders, createSeller, DEMO, expect, test, uniqueDay, whenHydrated } from "./fixtures";

/**
 * 21 users, each with a store (registered and opened with the app's models); the first store has 21 designs, bought
 * once each by a different user on one day: every table has 21 rows.
 */
async function tablesOf21() {
  const tag = `rows${crypto.randomBytes(4).toString("hex")}`;
  const day = uniqueDay();
  const sellers = await Promise.all(
    Array.from({ length: 21 }, (_, i) =>
      createSeller({ email: `${tag}-${i + 1}@example.test`, firstName: "Row", lastName: `Counter ${i + 1}`, storeName: () => `Store ${tag} ${i + 1}` }),
    ),
  );
  const first = { userId: sellers[0]!.id, storeId: sellers[0]!.storeId };
  const products: number[] = [];
  for (let i = 1; i <= 21; i++) {
    products.push(await addDesign(first, { name: `Design ${tag} ${i}`, price: ((1000 + i) / 100).toFixed(2), type: "Made", parcel_size: "Small" }));
  }
  // Each design bought by another of the 21 (the second buys the last one too): a seller does not buy their own.
  const orders: number[] = [];
  for (const [i, productId] of products.entries()) orders.push(await addPaidOrder({ buyerId: sellers[(i % 20) + 1]!.id, productId }));
  backdateOrders(orders, day);
  return { tag, day, storeId: first.storeId };
}

type Tables = Awaited<ReturnType<typeof tablesOf21>>;

const TABLES = [
  { name: "orders", caption: "Orders", path: (t: Tables) => `/admin?q=${t.tag}`, button: "Search" },
  { name: "stores", caption: "Stores", path: (t: Tables) => `/admin/stores?q=${t.tag}`, button: "Search" },
  { name: "a store's products", caption: "Products", path: (t: Tables) => `/admin/store/${t.storeId}`, button: "Search" },
  { name: "users", caption: "Users", path: (t: Tables) => `/admin/users?q=${t.tag}`, button: "Search" },
  {
    name: "financial",
    caption: "Financial",
    path: (t: Tables) => `/admin/financial?start_date=${t.day}&end_date=${t.day}`,
    button: "Apply",
  },
];

test("'Rows per page' applies on change with JavaScript, and with the button without it, on every admin table", { tag: "@long" }, async ({ page, loginAs }, testInfo) => {
  test.setTimeout(90_000);
  const tables = await tablesOf21();
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
