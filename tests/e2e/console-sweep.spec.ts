/**
 * The console-error sweep (issue 19, item 2): every screen of the spec, with JavaScript on, for a visitor, a buyer,
 * a seller and an administrator, at a desktop and a 390 px phone viewport. A screen fails on any console error or
 * warning, any uncaught page error, any hydration warning, any failed request to the app's own origin (scripts,
 * styles, images, data) and on never hydrating. The failure names the role, the viewport, the screen and the message.
 *
 * One browser context per role (logged in once, by session cookie); each role makes its own realistic data. The
 * browsers use a time zone and a locale other than the server's, so a date or number rendered differently on the
 * server and in the browser shows up as a hydration error.
 *
 * To hold a new screen to it, add it to the role's list below: a name, a path (or a function returning one, called
 * when the screen is visited), the document's status when it is not 200, and optionally a client-only interaction.
 */

import { type Account, addDesigns, addPaidOrders, type APIRequestContext, apparelWithStock, type Browser, type BrowserContext, buy, checkoutFromCart, credit, DEMO, expect, type Locator, newAccount, newSeller, newShop, type Page, pattern, pendingTransfer, queryOne, sessionCookieFor, test, uniqueAddress, waitForMail } from "./fixtures";

type Screen = {
  name: string;
  path: string | (() => string | Promise<string>);
  /** The document's status when it is not 200 (the 404 page); its own failed load is then expected. */
  status?: number;
  /** Something client-only to do once the page has hydrated (open a dialog, a menu, navigate on the client). */
  then?: (page: Page) => Promise<void>;
  /** Also at the phone viewport: screens whose requests or client-only UI depend on the width (images, menus). */
  phone?: boolean;
  /** Its interaction changes what is stored (adds to the cart, checks out, pays): done at the first viewport only;
   * at the phone viewport the screen is loaded and watched without it. */
  once?: boolean;
};

const VIEWPORTS = [
  { name: "desktop", size: { width: 1280, height: 800 } },
  { name: "phone", size: { width: 390, height: 844 } },
] as const;

/** What a console message, a page error or a request says that fails a screen. */
const HYDRATION = /hydrat|did not match|server-rendered|Minified React error #(418|419|420|421|422|423|425)\b/i;

/** What React's production build means by its hydration error numbers. */
const REACT_ERRORS: Record<string, string> = {
  "418": "the server HTML did not match what the browser rendered",
  "419": "the server could not finish this Suspense boundary",
  "421": "a Suspense boundary received an update before it finished hydrating",
  "422": "an error while hydrating this Suspense boundary, rendered on the client instead",
  "423": "an error while hydrating, the whole root rendered on the client instead",
  "425": "text content did not match the server HTML",
};
const explained = (text: string) =>
  text.replace(/Minified React error #(\d+);.*$/, (whole, n: string) => (REACT_ERRORS[n] ? `React error #${n}: ${REACT_ERRORS[n]}` : whole));

/**
 * Watches a browser context: console messages, page errors, own-origin responses of 400 and up, failed requests,
 * and the requests still in flight (so a screen is done when the page is quiet, without a fixed wait).
 */
function watch(context: BrowserContext, origin: string) {
  let problems: string[] = [];
  let expected: { url: string; status: number } | null = null;
  let onProblem: (() => void) | null = null;
  const inflight = new Set<unknown>();
  let onQuiet: (() => void)[] = [];
  const add = (problem: string) => {
    problems.push(problem);
    onProblem?.();
  };
  const own = (url: string) => url.startsWith(`${origin}/`);
  const isExpected = (url: string, status?: number) => expected !== null && url === expected.url && (status === undefined || status === expected.status);

  context.on("console", (message) => {
    const type = message.type();
    const text = message.text();
    const where = message.location().url;
    // The browser's own line for the deliberate 404 document.
    if (type === "error" && /^Failed to load resource/.test(text) && isExpected(where)) return;
    if (type === "error" || type === "warning" || HYDRATION.test(text)) {
      // The first line: a logged error's stack names only minified chunks.
      add(`${HYDRATION.test(text) ? "hydration " : ""}console.${type}: ${explained(text.split("\n")[0]!)}${where ? ` (at ${where.replace(origin, "")})` : ""}`);
    }
  });
  context.on("weberror", (error) => {
    const e = error.error();
    add(`${HYDRATION.test(e.message) ? "hydration " : ""}page error: ${e.name}: ${explained(e.message)}`);
  });
  context.on("request", (request) => {
    // Video is streamed in ranges the browser may leave open; nothing else should stay pending.
    if (request.resourceType() !== "media") inflight.add(request);
  });
  const settle = (request: unknown) => {
    inflight.delete(request);
    if (inflight.size === 0) for (const resolve of onQuiet.splice(0)) resolve();
  };
  context.on("requestfinished", settle);
  context.on("requestfailed", (request) => {
    settle(request);
    const failure = request.failure()?.errorText ?? "failed";
    // A load the page itself abandons (a navigation replacing it) is not an error of the screen.
    if (own(request.url()) && failure !== "net::ERR_ABORTED") add(`request failed: ${request.method()} ${request.url().replace(origin, "")} ${failure}`);
  });
  context.on("response", (response) => {
    const url = response.url();
    if (own(url) && response.status() >= 400 && !isExpected(url, response.status())) {
      add(`HTTP ${response.status()}: ${response.request().method()} ${url.replace(origin, "")} (${response.request().resourceType()})`);
    }
  });

  return {
    /** Starts a screen: clears what the previous one left and notes a deliberate error status of its document. */
    start(expect404: { url: string; status: number } | null) {
      problems = [];
      expected = expect404;
    },
    /** Resolves on the next problem (a page that fails to hydrate says why at once instead of timing out). */
    nextProblem() {
      return new Promise<void>((resolve) => {
        onProblem = () => {
          onProblem = null;
          resolve();
        };
      });
    },
    quiet() {
      return inflight.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => onQuiet.push(resolve));
    },
    take() {
      onProblem = null;
      onQuiet = [];
      // Each distinct message once, with how often it came (React reports a mismatch once per node).
      const counts = new Map<string, number>();
      for (const p of problems) counts.set(p, (counts.get(p) ?? 0) + 1);
      problems = [];
      return [...counts].map(([p, n]) => (n > 1 ? `${p} (${n} times)` : p));
    },
  };
}

/** A context for one role: its own time zone and locale (not the server's UTC and en-US), logged in by cookie. */
async function roleContext(browser: Browser, baseURL: string, options: { timezoneId: string; locale: string; user?: number | string }) {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[0].size, timezoneId: options.timezoneId, locale: options.locale });
  if (options.user !== undefined) {
    const { name, value } = await sessionCookieFor(options.user);
    await context.addCookies([{ name, value, url: baseURL }]);
  }
  return context;
}

/** Visits every screen at each viewport in one page; each screen's problems are a soft failure naming it. */
async function sweep(role: string, context: BrowserContext, baseURL: string, screens: Screen[]) {
  const origin = new URL(baseURL).origin;
  const watcher = watch(context, origin);
  const page = await context.newPage();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport.size);
    for (const screen of viewport.name === "phone" ? screens.filter((s) => s.phone) : screens) {
      const path = typeof screen.path === "string" ? screen.path : await screen.path();
      const label = `${role}, ${viewport.name}: ${screen.name} (${path})`;
      await test.step(label, async () => {
        const status = screen.status ?? 200;
        watcher.start(status === 200 ? null : { url: new URL(path, baseURL).href, status });
        const problem = watcher.nextProblem();
        const response = await page.goto(path);
        const found: string[] = [];
        if (response?.status() !== status) found.push(`the document answered ${response?.status()}, not ${status}`);
        const hydrated = page
          .locator("html[data-hydrated]")
          .waitFor({ state: "attached", timeout: 20_000 })
          .then(() => true)
          .catch(() => false);
        // A page error ends the wait at once; a page that simply never hydrates times out.
        if (!(await Promise.race([hydrated, problem.then(() => hydrated)]))) found.push("the page never hydrated");
        else if (screen.then && !(screen.once && viewport !== VIEWPORTS[0])) {
          // As a person does, acts once the page has settled: hovering a link before Remix has fetched the routes of
          // the page's links (/__manifest, right after hydration) makes Remix warn "Tried to prefetch … but no
          // routes matched" and skip the prefetch, which is harmless and not ours to fix.
          await watcher.quiet();
          await screen.then(page).catch((error: Error) => found.push(`the interaction failed: ${error.message.split("\n")[0]}`));
        }
        await watcher.quiet();
        // A round trip to the page (so every console message it logged before has been delivered): images that
        // loaded but cannot be shown.
        const broken = await page.evaluate(() =>
          [...document.images].filter((i) => i.complete && i.currentSrc && i.naturalWidth === 0).map((i) => i.currentSrc),
        );
        found.push(...watcher.take(), ...broken.map((src) => `broken image: ${src.replace(origin, "")}`));
        expect.soft(found, `${label}: console errors or warnings, page errors, hydration warnings, failed requests`).toEqual([]);
      });
    }
  }
  await context.close();
}

test.describe("console-error sweep", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the sweep is about what the browser's JavaScript reports");
  // Generous for a machine shared by several test runs; an action that cannot happen fails in seconds.
  test.setTimeout(10 * 60_000);
  test.use({ actionTimeout: 10_000, navigationTimeout: 30_000 });

  test("a visitor's screens", { tag: "@long" }, async ({ browser, baseURL, request }) => {
    const context = await roleContext(browser, baseURL!, { timezoneId: "America/Los_Angeles", locale: "en-US" });
    const demoSeller = queryOne<{ id: number }>("SELECT id FROM users WHERE email = ?", DEMO.seller.email).id;
    await sweep("visitor", context, baseURL!, [
      {
        name: "explore, menu, client navigation",
        path: "/",
        phone: true,
        then: (page) =>
          navigate(page, [
            ["Popular Patterns", "/popular"],
            ["Best Selling Designs", "/best-sellers"],
            ["Become a Seller", "/become-seller"],
            ["Help", "/help"],
            ["Log in", "/login"],
            ["Register", "/register"],
            ["Terms & Conditions", "/terms"],
            ["Privacy Policy", "/privacy"],
            [/^Cart, \d+ items?$/, "/cart"],
            ["Shop Now", "/"],
          ]),
      },
      ...catalogScreens(),
      { name: "product, add to cart", path: () => `/product/${pattern("Digital", 5).id}`, then: addToCart },
      { name: "cart with an item", path: "/cart", phone: true },
      {
        name: "store, message dialog",
        path: `/store/${demoSeller}`,
        phone: true,
        then: (page) => openDetails(page, "Send a message", "Please login to send messages"),
      },
      { name: "store, second page", path: `/store/${demoSeller}?page=2` },
      { name: "help", path: "/help" },
      ...becomeSellerScreens(),
      { name: "login", path: "/login" },
      { name: "login, going back to a page", path: "/login?redirectTo=%2Fpurchases" },
      { name: "register", path: "/register" },
      { name: "recover", path: "/recover" },
      { name: "reset password, unknown link", path: "/reset-password?token=not-a-real-token" },
      { name: "reset password", path: () => resetLink(request) },
      { name: "a seller screen (to login)", path: "/my-designs" },
      { name: "an admin screen (to login)", path: "/admin" },
      { name: "terms", path: "/terms" },
      { name: "privacy", path: "/privacy" },
      { name: "not found", path: "/no-such-page", status: 404, phone: true },
      { name: "unknown product", path: "/product/999999999", status: 404 },
      { name: "unknown store", path: "/store/999999999", status: 404 },
    ]);
  });

  test("a buyer's screens", { tag: "@long" }, async ({ browser, baseURL, request }) => {
    const buyer = await newAccount(request, "sweep-buyer", "Bea", "Buyer");
    // A store of its own to write to: a message to the demo seller would put an unread count in the demo seller's
    // header, which other specs read by its exact name.
    const seller = (await newShop(request, "sweep")).seller.id;
    const conversation = await sendMessage(request, buyer, seller, "Does the pattern include seam allowance?");
    const context = await roleContext(browser, baseURL!, { timezoneId: "Asia/Kolkata", locale: "de-DE", user: buyer.id });
    const digital = pattern("Digital", 6);
    const printed = pattern("Print", 6);
    const apparel = apparelWithStock(6);
    let checkoutId = 0;
    const orderOf = (productId: number) =>
      queryOne<{ id: number }>("SELECT id FROM orders WHERE buyer_id = ? AND product_id = ? ORDER BY id DESC LIMIT 1", buyer.id, productId).id;
    await sweep("buyer", context, baseURL!, [
      {
        name: "explore, menu, client navigation",
        path: "/",
        phone: true,
        then: (page) =>
          navigate(page, [
            ["Popular Patterns", "/popular"],
            ["Profile", "/settings"],
            ["My Purchases", "/purchases"],
            ["My Store", "/store-settings"],
            ["Messages", "/messages"],
            ["Shop Now", "/"],
          ]),
      },
      { name: "popular", path: "/popular" },
      { name: "best sellers", path: "/best-sellers" },
      { name: "product (downloadable pattern), add to cart", path: `/product/${digital.id}`, then: addToCart, phone: true, once: true },
      { name: "product (printed pattern), add to cart", path: `/product/${printed.id}`, then: addToCart },
      { name: "product (apparel), add to cart", path: `/product/${apparel.id}`, then: (page) => addToCart(page, apparel.value) },
      {
        name: "cart, checkout",
        path: "/cart",
        phone: true,
        once: true,
        then: async (page) => {
          await checkoutFromCart(page);
          await expect(page).toHaveURL(/\/checkout\/\d+$/);
          checkoutId = Number(new URL(page.url()).pathname.split("/").pop());
          await expect(page.getByRole("link", { name: "Proceed to Payment" })).toBeVisible();
        },
      },
      { name: "order summary", path: () => `/checkout/${checkoutId}`, phone: true },
      {
        name: "payment page, pay",
        path: () => `/pay/${checkoutId}`,
        phone: true,
        once: true,
        then: async (page) => {
          await page.getByRole("button", { name: "Pay", exact: true }).click();
          await expect(page).toHaveURL(/\/purchases\/success$/);
        },
      },
      { name: "purchases after paying", path: "/purchases/success" },
      { name: "purchases", path: "/purchases", phone: true },
      { name: "purchases, pending", path: "/purchases/pending" },
      { name: "purchases, refunded (none)", path: "/purchases/refunded" },
      { name: "library", path: "/library", phone: true },
      { name: "favourites (none)", path: "/favorites" },
      { name: "purchase (downloadable pattern)", path: () => `/purchase/${orderOf(digital.id)}`, phone: true },
      { name: "purchase (printed pattern)", path: () => `/purchase/${orderOf(printed.id)}` },
      { name: "purchase (apparel)", path: () => `/purchase/${orderOf(apparel.id)}` },
      { name: "empty cart", path: "/cart" },
      { name: "store, message dialog", path: `/store/${seller}`, then: (page) => openDetails(page, "Send a message", "Send") },
      { name: "messages", path: "/messages", phone: true },
      { name: "conversation", path: `/message/${conversation}`, phone: true },
      { name: "new message to a seller", path: `/messages/new?to=${seller}` },
      { name: "profile", path: "/settings", phone: true },
      { name: "profile (old address)", path: "/profile" },
      { name: "help", path: "/help" },
      { name: "become a seller", path: "/become-seller" },
      { name: "open a store", path: "/store-settings" },
    ]);
  });

  test("a seller's screens", { tag: "@long" }, async ({ browser, baseURL, request }) => {
    const seller = await newSeller(request);
    const designs = await addDesigns(seller);
    const buyer = await newAccount(request, "sweep-customer", "Cal", "Customer");
    const [readyOrder, digitalOrder] = await addPaidOrders(buyer.id, [designs.ready, designs.digital]);
    const conversation = await sendMessage(request, buyer, seller.userId, "Can you make the dress in green?");
    const context = await roleContext(browser, baseURL!, { timezoneId: "Pacific/Auckland", locale: "en-GB", user: seller.userId });
    await sweep("seller", context, baseURL!, [
      { name: "explore (own cards), menu", path: "/", then: openMenu, phone: true },
      {
        name: "my designs, client navigation",
        path: "/my-designs",
        phone: true,
        then: (page) =>
          navigate(page, [
            ["Orders", "/my-orders"],
            ["Store Settings", "/store-settings"],
            ["Finance", "/my-finance"],
            ["My Designs", "/my-designs"],
            ["Upload Design", "/create-design"],
          ]),
      },
      { name: "create design", path: "/create-design", phone: true },
      { name: "edit design (apparel)", path: `/edit-product/${designs.ready.id}` },
      { name: "edit design (downloadable pattern)", path: `/edit-product/${designs.digital.id}`, phone: true },
      { name: "own product (apparel)", path: `/product/${designs.ready.id}` },
      { name: "own product (downloadable pattern)", path: `/product/${designs.digital.id}` },
      { name: "own store", path: `/store/${seller.userId}` },
      { name: "orders", path: "/my-orders", phone: true },
      {
        name: "sale (apparel), ship dialog",
        path: `/sale/${readyOrder}`,
        phone: true,
        then: async (page) => {
          await page.getByRole("region", { name: "Shipping" }).getByRole("button").click();
          await expect(page.getByRole("dialog")).toBeVisible();
        },
      },
      { name: "sale (downloadable pattern)", path: `/sale/${digitalOrder}` },
      { name: "store settings", path: "/store-settings", phone: true },
      { name: "finance", path: "/my-finance", phone: true },
      { name: "payout onboarding return", path: "/my-finance-stripe" },
      { name: "payout onboarding (local)", path: "/my-finance-stripe/test-onboarding" },
      { name: "messages", path: "/messages" },
      { name: "conversation", path: `/message/${conversation}` },
      { name: "profile", path: "/settings" },
      { name: "become a seller (with a store)", path: "/become-seller" },
    ]);
  });

  test("an administrator's screens", { tag: "@long" }, async ({ browser, baseURL, request }) => {
    const shop = await newShop(request, "sweep");
    const buyer = await newAccount(request, "sweep-admin-buyer", "Abe", "Buyer");
    const [order] = await buy(request, buyer, [{ productId: shop.printed }, { productId: shop.dress, variantId: shop.dressM }]);
    await credit(shop.storeId, 2500);
    await pendingTransfer(shop.storeId, 1500);
    const help = await request.post("/api/user/send-help-request", {
      headers: { "X-Forwarded-For": uniqueAddress() },
      data: { name: "Hana Help", email: `sweep-help-${Date.now()}@example.test`, message: "How do I print a pattern at home?", social_media: "", website: "" },
    });
    expect(help.status()).toBe(201);
    const helpId = (await help.json()).id as number;
    const context = await roleContext(browser, baseURL!, { timezoneId: "Europe/Berlin", locale: "fr-FR", user: DEMO.admin.email });
    await sweep("administrator", context, baseURL!, [
      {
        name: "orders, client navigation",
        path: "/admin",
        phone: true,
        then: (page) =>
          navigate(page, [
            ["Stores", "/admin/stores"],
            ["Users", "/admin/users"],
            ["Financial", "/admin/financial"],
            ["Tax", "/admin/tax"],
            ["Settings", "/admin/settings"],
            ["Help requests", "/admin/help"],
            ["Health", "/admin/health"],
            ["Orders", "/admin"],
          ]),
      },
      { name: "orders, searched, sorted, 20 a page", path: "/admin?q=dress&sort=amount&dir=asc&size=20" },
      { name: "order", path: `/admin/order/${order!.id}`, phone: true },
      { name: "order, refund confirmation", path: `/admin/order/${order!.id}?refund=confirm` },
      { name: "stores", path: "/admin/stores" },
      { name: "store with a pending transfer", path: `/admin/store/${shop.storeId}`, phone: true },
      { name: "users", path: "/admin/users", phone: true },
      { name: "users, searched", path: "/admin/users?q=sweep" },
      { name: "user", path: `/admin/user/${shop.seller.id}` },
      { name: "financial", path: "/admin/financial", phone: true },
      { name: "financial, bad dates", path: "/admin/financial?start_date=2026-13-01&end_date=2026-02-30" },
      { name: "settings", path: "/admin/settings", phone: true },
      { name: "tax", path: "/admin/tax?quarter=2026-Q4" },
      { name: "help requests", path: "/admin/help" },
      { name: "help request", path: `/admin/help/${helpId}` },
      { name: "explore, menu", path: "/", then: openMenu, phone: true },
    ]);
  });
});

/** Explore, its filters and categories, popular, best sellers and a product of each kind (as seeded). */
function catalogScreens(): Screen[] {
  const product = (name: string, where: string): Screen => ({
    name: `product (${name})`,
    path: () => `/product/${queryOne<{ id: number }>(`SELECT id FROM products p WHERE removed_at IS NULL AND ${where} ORDER BY id LIMIT 1`).id}`,
    then: browseProduct,
    phone: true,
  });
  return [
    { name: "explore, filters", path: "/", then: (page) => openDetails(page, /^Filters/, "Categories") },
    { name: "explore, a category", path: "/?category1=women" },
    { name: "explore, searched and sorted", path: "/?q=dress&sort=price_asc" },
    { name: "explore, second page", path: "/?page=2" },
    { name: "explore, nothing found", path: "/?q=zzzz-no-such-design" },
    { name: "popular", path: "/popular", phone: true },
    { name: "best sellers", path: "/best-sellers" },
    product("downloadable pattern", "type = 'Pattern' AND delivery = 'Digital' AND pattern_file IS NOT NULL"),
    product("printed pattern", "type = 'Pattern' AND delivery = 'Print'"),
    product("made to order", "type = 'Made'"),
    product("ready to ship", "type = 'Ready'"),
    { ...product("with reviews", "id IN (SELECT product_id FROM reviews)"), phone: false },
  ];
}

function becomeSellerScreens(): Screen[] {
  return ["", "/patterns", "/printing", "/apparel"].map((mode) => ({ name: `become a seller${mode ? ` (${mode.slice(1)})` : ""}`, path: `/become-seller${mode}` }));
}

/** Adds the product to the cart from its page (choosing a variant when asked) and sees the 'Item added' dialog. */
async function addToCart(page: Page, variant?: string | null) {
  if (variant) await page.getByLabel(new RegExp(`^${variant.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\(|$)`)).check();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("dialog", { name: "Item added to cart" })).toBeVisible();
}

/** The media carousel's next image, and a pattern's piece preview (scrolled to, then in another size). */
async function browseProduct(page: Page) {
  const next = page.getByRole("button", { name: "Next image" });
  if (await next.count()) await next.click();
  const preview = page.getByRole("img", { name: /^Preview of the pattern pieces/ });
  if (!(await preview.count())) return;
  await preview.scrollIntoViewIfNeeded();
  await loaded(preview);
  const other = page.getByRole("navigation", { name: "Preview size" }).locator("a:not([aria-current])").first();
  if (!(await other.count())) return;
  const size = await other.innerText();
  await other.click();
  await expect(page).toHaveURL(new RegExp(`[?&]size=${encodeURIComponent(size)}`));
  await expect(preview).toHaveAttribute("alt", new RegExp(`size ${size}:`));
  await loaded(preview);
}

/** Resolves once an image has loaded or failed (a lazy one once scrolled into view). */
async function loaded(image: Locator) {
  await image.evaluate(
    (img: HTMLImageElement) =>
      img.complete ||
      new Promise((resolve) => {
        img.addEventListener("load", resolve, { once: true });
        img.addEventListener("error", resolve, { once: true });
      }),
  );
}

async function openDetails(page: Page, summary: string | RegExp, shows: string) {
  await page.locator("summary", { hasText: summary }).first().click();
  await expect(page.getByText(shows, { exact: true }).first()).toBeVisible();
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;

/** The full-screen menu on a phone; the profile menu (when logged in) on a desktop. */
async function openMenu(page: Page) {
  if (isPhone(page)) {
    await page.getByLabel("Menu", { exact: true }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  } else if (await page.getByLabel("Profile menu").count()) {
    await page.getByLabel("Profile menu").click();
    await expect(page.getByRole("banner").getByRole("button", { name: "Logout" }).first()).toBeVisible();
  }
}

/**
 * Client-side navigation: follows each link by its name, from the header (through its menus), the footer or the
 * page, and waits for the address (route modules and their data load in the browser, not in a new document).
 */
async function navigate(page: Page, links: [name: string | RegExp, path: string][]) {
  for (const [name, path] of links) {
    const link = page.getByRole("link", { name, exact: true }).filter({ visible: true });
    // The page of the last step may still be rendering after its URL changed: a link of the page gets a moment to
    // show before the menu is opened for it (an open menu then covered the page's own button; one failed run).
    await link.first().waitFor({ state: "visible", timeout: 1_500 }).catch(() => undefined);
    if ((await link.count()) === 0) await openMenu(page);
    await link.first().click();
    await expect(page).toHaveURL(new URL(path, page.url()).href);
    // The header's menus close after a navigation; the next link is looked for once they have.
    await expect(page.getByRole("banner").locator("details[open]")).toHaveCount(0);
  }
}

/** A message through the JSON face; answers the conversation's id. */
async function sendMessage(request: APIRequestContext, from: Account, to: number, message: string): Promise<number> {
  const sent = await request.post("/api/user/send-message", { headers: from.auth, data: { to, message } });
  expect(sent.status()).toBe(201);
  return Number(sent.headers()["x-conversation-id"]);
}

/** A real password-reset link (a recovery request for a new account, read from the outbox). */
async function resetLink(request: APIRequestContext): Promise<string> {
  const account = await newAccount(request, "sweep-reset");
  expect((await request.post("/api/auth/recovery", { data: { email: account.email } })).status()).toBeLessThan(300);
  const link = (await waitForMail(account.email)).text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)![0];
  return new URL(link).pathname + new URL(link).search;
}
