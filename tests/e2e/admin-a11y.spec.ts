/**
 * axe-core over the administrator's screens (serious and critical violations fail), with JavaScript on (js) and as
 * the server renders them (no-js: a context whose app scripts are blocked, since axe itself is a script). The same
 * screens belong in the accessibility spec of issue 8 once both are merged.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";

import { buy, credit, newAccount, newShop, pendingTransfer } from "./admin-fixtures";
import { DEMO } from "./utils";

async function pageFor(projectName: string, page: Page, browser: Browser, baseURL: string) {
  if (projectName !== "no-js") return { page, close: async () => {} };
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  await context.route(/\/build\/.*\.js$/, (route) => route.abort());
  return { page: await context.newPage(), close: () => context.close() };
}

type Fixture = { orderId: number; storeId: number; sellerId: number };

const GROUPS: { name: string; screens: (f: Fixture) => string[] }[] = [
  {
    name: "orders",
    screens: (f) => ["/admin", "/admin?q=admin-a11y&sort=amount&dir=asc&size=20", `/admin/order/${f.orderId}`, `/admin/order/${f.orderId}?refund=confirm`, `/admin/order/${f.orderId}?label=missing`],
  },
  { name: "stores and users", screens: (f) => ["/admin/stores", `/admin/store/${f.storeId}`, "/admin/users?q=admin", `/admin/user/${f.sellerId}`] },
  { name: "financial and settings", screens: () => ["/admin/financial", "/admin/financial?start_date=2026-13-01&end_date=2026-01-01", "/admin/settings"] },
];

for (const group of GROUPS) {
  test(`axe: the admin ${group.name} screens have no serious or critical violations`, async ({ page: projectPage, browser, request, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const shop = await newShop(request, "a11y");
    const buyer = await newAccount(request, "admin-a11y", "Al", "Ly");
    const [order] = await buy(request, buyer, [{ productId: shop.printed }]);
    credit(shop.storeId, 2000);
    pendingTransfer(shop.storeId, 1500);
    const { page, close } = await pageFor(testInfo.project.name, projectPage, browser, baseURL!);
    const login = await page.context().request.post("/login", { headers: { Origin: baseURL! }, form: DEMO.admin, maxRedirects: 0 });
    expect(login.status()).toBe(302);
    const failures: string[] = [];
    for (const path of group.screens({ orderId: order!.id, storeId: shop.storeId, sellerId: shop.seller.id })) {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
      for (const v of results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")) {
        failures.push(`${path}: ${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.slice(0, 5).map((n) => n.target.join(" ")).join("\n    ")}`);
      }
    }
    await close();
    expect(failures, failures.join("\n")).toEqual([]);
  });
}
