/**
 * The accessibility check (issue 8, item 7): axe-core over every screen, with JavaScript on (js
 * project) and off (no-js project). Serious and critical violations fail the test.
 *
 * With JavaScript on, a screen is checked once the app has hydrated; a screen whose shown markup the app's scripts
 * left exactly as the server sent it (compared in the page, before and after) is the no-js project's page and is
 * checked there (issue 32: the same proof once). Screens with an interaction, and screens the scripts change, are
 * checked in both projects.
 *
 * To hold a new screen to it, append one line to SCREENS: a name, a path (or a function that
 * prepares data and returns one), and who looks at it.
 */
import AxeBuilder from "@axe-core/playwright";

import { addFromProductPage, type APIRequestContext, credit, type Customer, DEMO, expect, newAccount, newCustomer, newShop, type Page, pattern, openTesterCallOn, pendingTransfer, postMake, queryOne, readDb, test, whenHydrated } from "./fixtures";

type Who = "visitor" | "buyer" | "seller" | "admin" | "customer";
type Screen = {
  name: string;
  /** A path, or a function that sets things up (with an API request context) and returns the path. */
  path: string | ((ctx: { customer: () => Promise<Customer>; api: APIRequestContext }) => string | Promise<string>);
  as: Who;
  /** Something to do on the page before checking (open a menu, a dialog...). */
  prepare?: (page: Page) => Promise<void>;
};

const sellerOwnerId = () => queryOne<{ id: number }>("SELECT id FROM users WHERE email = ?", DEMO.seller.email).id;
const anyProductId = () => queryOne<{ id: number }>("SELECT id FROM products WHERE removed_at IS NULL ORDER BY id LIMIT 1").id;

const SCREENS: Screen[] = [
  { name: "explore", path: "/", as: "visitor" },
  { name: "explore, searched", path: "/?q=dress&sort=price_asc", as: "visitor" },
  { name: "popular", path: "/popular", as: "visitor" },
  { name: "best sellers", path: "/best-sellers", as: "visitor" },
  { name: "product", path: () => `/product/${anyProductId()}`, as: "visitor" },
  { name: "store", path: () => `/store/${sellerOwnerId()}`, as: "visitor" },
  { name: "login", path: "/login", as: "visitor" },
  { name: "register", path: "/register", as: "visitor" },
  { name: "recover", path: "/recover", as: "visitor" },
  { name: "reset password", path: "/reset-password?token=not-a-real-token", as: "visitor" },
  { name: "terms", path: "/terms", as: "visitor" },
  { name: "privacy", path: "/privacy", as: "visitor" },
  { name: "not found", path: "/no-such-page", as: "visitor" },
  { name: "empty cart", path: "/cart", as: "visitor" },
  {
    name: "phone menu open",
    path: "/",
    as: "visitor",
    prepare: async (page) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByLabel("Menu", { exact: true }).click();
    },
  },
  { name: "profile", path: "/settings", as: "buyer" },
  { name: "purchases", path: "/purchases", as: "customer" },
  { name: "a purchase", path: async ({ customer }) => `/purchase/${(await customer()).orderId}`, as: "customer" },
  { name: "cart with an added item", path: "/cart", as: "customer", prepare: addToCart },
  // On a page without controls under the open menu (axe measures targets the menu covers as too small).
  { name: "profile menu open", path: "/terms", as: "seller", prepare: (page) => page.getByLabel("Profile menu").click() },
  { name: "become a seller", path: "/become-seller", as: "visitor" },
  { name: "help", path: "/help", as: "visitor" },
  { name: "messages", path: "/messages", as: "buyer" },
  // A link told apart from its sentence by colour only failed link-in-text-block here (issue 34, item 21).
  { name: "favourites", path: "/favorites", as: "buyer" },
  { name: "store settings", path: "/store-settings", as: "seller" },
  { name: "my designs", path: "/my-designs", as: "seller" },
  { name: "create design", path: "/create-design", as: "seller" },
  { name: "edit design", path: () => `/edit-product/${sellerProductId()}`, as: "seller" },
  { name: "admin orders", path: "/admin", as: "admin" },
  { name: "admin orders, searched and sorted", path: "/admin?q=dress&sort=amount&dir=asc&size=20", as: "admin" },
  { name: "admin order", path: async ({ customer }) => `/admin/order/${(await customer()).orderId}`, as: "admin" },
  { name: "admin order, refund confirmation", path: async ({ customer }) => `/admin/order/${(await customer()).orderId}?refund=confirm`, as: "admin" },
  { name: "admin order, label notice", path: async ({ customer }) => `/admin/order/${(await customer()).orderId}?label=missing`, as: "admin" },
  { name: "admin stores", path: "/admin/stores", as: "admin" },
  { name: "admin store with a pending transfer", path: ({ api }) => adminStoreWithTransfer(api), as: "admin" },
  { name: "admin users", path: "/admin/users?q=admin", as: "admin" },
  { name: "admin user", path: () => `/admin/user/${sellerOwnerId()}`, as: "admin" },
  { name: "admin financial", path: "/admin/financial", as: "admin" },
  { name: "admin financial, bad dates", path: "/admin/financial?start_date=2026-13-01&end_date=2026-01-01", as: "admin" },
  { name: "admin settings", path: "/admin/settings", as: "admin" },
  { name: "admin tax", path: "/admin/tax", as: "admin" },
  { name: "admin health", path: "/admin/health", as: "admin" },
  { name: "admin help requests", path: "/admin/help", as: "admin" },
  { name: "seller orders", path: "/my-orders", as: "seller" },
  { name: "a sale", path: async ({ api }) => `/sale/${await demoSellerSale(api)}`, as: "seller" },
  { name: "seller finance", path: "/my-finance", as: "seller" },
  { name: "a conversation", path: async ({ customer, api }) => newConversation(await customer(), api), as: "customer" },
  // Makes (issue 37): the customer's pattern order gives the make form, their make the lists and the report form.
  { name: "a new make", path: async ({ customer }) => `/my-makes/new/${customerPattern(await customer())}`, as: "customer" },
  { name: "my makes", path: async ({ customer }) => (await customerMake(await customer()), "/my-makes"), as: "customer" },
  { name: "edit a make", path: async ({ customer }) => `/my-makes/${await customerMake(await customer())}`, as: "customer" },
  { name: "report a make", path: async ({ customer }) => `/report-make/${await customerMake(await customer())}`, as: "buyer" },
  { name: "product with makes", path: async ({ customer }) => (await customerMake(await customer()), `/product/${customerPattern(await customer())}#makes`), as: "visitor" },
  { name: "makes of the seller's patterns", path: async ({ customer }) => (await customerMake(await customer()), "/my-pattern-makes"), as: "seller" },
  { name: "admin makes", path: "/admin/makes", as: "admin" },
  { name: "tester calls, a call open", path: async () => (await demoSellerCall(), "/my-tester-calls"), as: "seller" },
  { name: "a tester call, to apply", path: async () => `/tester-call/${await demoSellerCall()}`, as: "buyer" },
];

/** A tester call of the demo seller's (opened once). */
let demoCall: Promise<number> | undefined;
function demoSellerCall(): Promise<number> {
  const seller = queryOne<{ id: number; store_id: number }>("SELECT u.id, s.id AS store_id FROM users u JOIN stores s ON s.user_id = u.id WHERE u.email = ?", DEMO.seller.email);
  demoCall ??= openTesterCallOn({ sellerId: seller.id, storeId: seller.store_id }).then((c) => c.callId);
  return demoCall;
}

/** The pattern the customer bought. */
function customerPattern(customer: Customer): number {
  return queryOne<{ product_id: number }>("SELECT product_id FROM orders WHERE id = ?", customer.orderId).product_id;
}

/** The customer's make of the pattern they bought (posted once). */
async function customerMake(customer: Customer): Promise<number> {
  const buyerId = queryOne<{ id: number }>("SELECT id FROM users WHERE email = ?", customer.email).id;
  const found = readDb<{ id: number }>("SELECT id FROM makes WHERE user_id = ? ORDER BY id LIMIT 1", buyerId)[0]?.id;
  return found ?? postMake({ userId: buyerId, productId: customerPattern(customer), photos: 2, input: { notes: "Lengthened the hem by 3 cm." } });
}

/** The newest order of the demo seller's store (one is made by a new customer when there is none). */
async function demoSellerSale(api: APIRequestContext): Promise<number> {
  const newest = () =>
    readDb<{ id: number }>(
      "SELECT o.id FROM orders o JOIN stores s ON s.id = o.store_id JOIN users u ON u.id = s.user_id WHERE u.email = ? ORDER BY o.id DESC LIMIT 1",
      DEMO.seller.email,
    )[0]?.id;
  const found = newest();
  if (found) return found;
  await newCustomer(api);
  return newest()!;
}

/** The customer writes to a new user (not a demo account, whose unread count other specs read); the conversation's page is the screen. */
async function newConversation(customer: Customer, api: APIRequestContext) {
  const other = await newAccount(api, "a11y-recipient", "Rita", "Reply");
  const sent = await api.post("/api/user/send-message", {
    headers: { Authorization: customer.token },
    data: { to: other.id, message: "Is the pattern nested in one file?" },
  });
  expect(sent.status()).toBe(201);
  return `/message/${sent.headers()["x-conversation-id"]}`;
}

/** A new store with a sale's credit and a Pending withdrawal (the Approve and Reject controls show). */
async function adminStoreWithTransfer(api: APIRequestContext) {
  const shop = await newShop(api, "a11y");
  await credit(shop.storeId, 1500);
  await pendingTransfer(shop.storeId, 1500);
  await credit(shop.storeId, 500);
  return `/admin/store/${shop.storeId}`;
}

function sellerProductId() {
  return queryOne<{ id: number }>(
    "SELECT p.id FROM products p JOIN stores s ON s.id = p.store_id JOIN users u ON u.id = s.user_id WHERE u.email = ? AND p.removed_at IS NULL ORDER BY p.id LIMIT 1",
    DEMO.seller.email,
  ).id;
}

function addToCart(page: Page) {
  return addFromProductPage(page, pattern("Digital", 3));
}

/** Logs the page's browser context in by posting the login form (the test is not about logging in). */
async function logIn(page: Page, account: { email: string; password: string }, baseURL: string) {
  const res = await page.context().request.post("/login", { headers: { Origin: baseURL }, form: account, maxRedirects: 0 });
  expect(res.status(), `login of ${account.email}`).toBe(302);
}

/**
 * axe runs as a script in the page, which a context with JavaScript off cannot do. For the no-js
 * project the page is therefore opened in a context with JavaScript on but the app's own scripts
 * blocked: the browser shows exactly the server-rendered page that never hydrates, as with
 * JavaScript off, and axe can still be injected.
 */
async function pageFor(testInfo: { project: { name: string } }, page: Page, browser: import("@playwright/test").Browser, baseURL: string) {
  if (testInfo.project.name !== "no-js") return { page, close: async () => {} };
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
  return { page: await context.newPage(), close: () => context.close() };
}

/**
 * What the page shows, without its scripts (Remix moves its module preloads and data scripts once it runs): the body's
 * markup, with the script, modulepreload and template elements taken out.
 */
function shownMarkup() {
  const body = document.body.cloneNode(true) as HTMLElement;
  body.querySelectorAll('script, link[rel="modulepreload"], template').forEach((e) => e.remove());
  return body.outerHTML;
}

/**
 * With JavaScript on, the markup the server sent is kept as the page first parsed it (before any of the app's scripts
 * run), to tell whether the app's JavaScript changed what the page shows.
 */
async function keepServerMarkup(page: Page) {
  await page.addInitScript(`(() => {
    const shown = ${shownMarkup.toString()};
    document.addEventListener("readystatechange", () => {
      if (document.readyState === "interactive") window.__serverMarkup = shown();
    });
  })()`);
}

/**
 * The screens in groups of one viewer each (at most GROUP_SIZE, in SCREENS' order): one browser context, one login
 * and one customer per group rather than per screen, each screen a step of its own. The screens and rules checked
 * are the same as when each was a test of its own; a group fails naming every screen with a violation.
 */
const GROUP_SIZE = 6;
const groups: Screen[][] = [];
for (const screen of SCREENS) {
  const last = groups.at(-1);
  if (last && last[0]!.as === screen.as && last.length < GROUP_SIZE) last.push(screen);
  else groups.push([screen]);
}

for (const group of groups) {
  const who = group[0]!.as;
  test(`axe: ${group.map((s) => s.name).join("; ")} (${who})`, { tag: "@long" }, async ({ page: projectPage, browser, playwright, baseURL }, testInfo) => {
    const { page, close } = await pageFor(testInfo, projectPage, browser, baseURL!);
    const api = await playwright.request.newContext({ baseURL });
    let customer: Promise<Customer> | null = null;
    const ctx = { api, customer: () => (customer ??= newCustomer(api)) };
    if (who === "customer") await logIn(page, await ctx.customer(), baseURL!);
    else if (who !== "visitor") await logIn(page, DEMO[who], baseURL!);
    const viewport = page.viewportSize();
    const failures: string[] = [];
    const js = testInfo.project.name !== "no-js";
    if (js) await keepServerMarkup(page);
    for (const screen of group) {
      await test.step(screen.name, async () => {
        const path = typeof screen.path === "string" ? screen.path : await screen.path(ctx);
        if (screen.prepare !== addToCart) await page.goto(path);
        if (js) await whenHydrated(page);
        if (screen.prepare) await screen.prepare(page);
        if (!js) {
          // Nothing of the app's JavaScript ran.
          expect(await page.evaluate(() => Boolean((window as { __remixRouter?: unknown }).__remixRouter))).toBe(false);
        } else if (!screen.prepare) {
          // With JavaScript on, a screen whose markup the app's scripts left exactly as the server sent it is the
          // page the no-js project checks (the same markup, styles and viewport): checked there. A screen the
          // scripts changed (a gallery's buttons, a client-only control) is checked here.
          const [server, now] = (await page.evaluate(`[window.__serverMarkup, (${shownMarkup.toString()})()]`)) as [string | undefined, string];
          expect(server, "the server's markup was kept before the app's scripts ran").toBeTruthy();
          if (server === now) {
            testInfo.annotations.push({ type: "same as without JavaScript", description: `${screen.name}: the scripts changed nothing shown; checked in no-js` });
            if (viewport) await page.setViewportSize(viewport);
            return;
          }
        }
        // axe.run in the page itself ("legacy mode"): the same rules, without the default's extra blank page per
        // check in which the results of each frame are joined (the app's screens have no cross-origin frames).
        const results = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
          .setLegacyMode()
          .options({ resultTypes: ["violations"] })
          .analyze();
        const blocking = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.slice(0, 5).map((n) => n.target.join(" ")).join("\n    ")}`);
        if (blocking.length) failures.push(`${screen.name}: ${path}\n${blocking.join("\n")}`);
        if (viewport) await page.setViewportSize(viewport);
      });
    }
    await api.dispose();
    await close();
    expect(failures, failures.join("\n\n")).toEqual([]);
  });
}
