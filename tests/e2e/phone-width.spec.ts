/**
 * Issue 19, item 15: on a 390 px phone no screen scrolls sideways. A wide table scrolls inside its own region; the
 * page itself is never wider than the screen. Every screen of the spec is opened, in the js and no-js projects, as
 * the visitor, buyer, seller or administrator who uses it, with data that is hard on a layout: long names, long
 * unbroken words (an e-mail, a Welsh town, a product named like a file, a tracking number, a URL) and tables of
 * many columns.
 *
 * Each screen's full-page screenshot is saved with its test result (test-results/), to look at what a phone shows: in
 * the js project, and in the no-js project for a screen that fails.
 */

import { type Account, addToCartOf, adminAuth, type APIRequestContext, buy, credit, DEMO, expect, newAccount, newShop, type Page, openTesterCallOn, pendingTransfer, postMake, readDb, type Shop, test, uniqueAddress, whenHydrated } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

const LONG = {
  firstName: "Maximiliana-Konstanze",
  lastName: "Vandenberghe-Oyelaran-Whitfield",
  street: "1234 Extraordinarily Long Boulevard of the Seamstresses",
  street2: "Apartment 5678, Building C, Entrance From The Courtyard",
  // A real town, and one word.
  city: "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch",
  // As the app's forms allow them: design names at most 50 characters (a seller may paste a file name), size
  // values 30, phone numbers digits, spaces and + ( ) - . only.
  printed: "Zweireihiger_Wollmantel_mit_Kapuze_Schnittmuster",
  dress: "Reversible Quilted Patchwork Wrap Dress, Pockets",
  tote: "Oversized Canvas Market Tote With Leather Handles",
  variant: "Extra-Large-Tall-EU-46-Petite",
  phone: "+1 (303) 555-0100 98765",
  tracking: "1Z999AA10123456784TRACKINGNUMBER0042",
  carrier: "DHL",
  url: "https://www.example-pattern-forum.test/threads/how-to-grade-the-zweireihiger-wollmantel-between-sizes-without-distorting-the-collar?page=3&highlight=grading",
} as const;

type World = {
  buyer: Account;
  shop: Shop;
  orders: { printed: number; dress: number; tote: number };
  conversationId: number;
  helpId: number;
  checkoutId: number;
  storeOwnerId: number;
  /** The buyer's make of the printed pattern, and a tester call of the shop's (issue 37). */
  makeId: number;
  callId: number;
};

/** One world per worker: a long-named buyer and store, three orders (one shipped, one refunded), a message, a help request. */
let world: Promise<World> | undefined;

async function buildWorld(api: APIRequestContext): Promise<World> {
  // Unique per worker and run, where the app's rules want unique values (addresses, store names).
  const unique = `${Date.now().toString(36)}${process.pid}`;
  const buyer = await newAccount(api, "phone-buyer", LONG.firstName, LONG.lastName, {
    email: `maximiliana.konstanze.vandenberghe-oyelaran.${unique}@longmail-example.test`,
    address: { street: LONG.street, street2: LONG.street2, city: LONG.city, phone: LONG.phone },
  });
  const shop = await newShop(api, "phone", {
    seller: { email: `konstantinos.papadopoulos-abernathy.${unique}@atelier-mail-example.test`, firstName: "Konstantinos", lastName: "Papadopoulos-Abernathy" },
    storeName: (sellerId) => `Papadopoulos-Abernathy Slow-Fashion Atelier & Co ${sellerId}`,
    bio: `Made-to-measure coats and patterns. Questions about grading: ${LONG.url}`,
    printed: () => LONG.printed,
    dress: () => LONG.dress,
    tote: () => LONG.tote,
    dressSize: LONG.variant,
  });
  // A credit and a Pending withdrawal of most of it (the seller's withdrawal model takes the whole balance).
  await credit(shop.storeId, 10_000_00);
  await pendingTransfer(shop.storeId, 10_000_00);
  await credit(shop.storeId, 2_345_67);
  const [printed, dress, tote] = await buy(api, buyer, [
    { productId: shop.printed, quantity: 2 },
    { productId: shop.dress, variantId: shop.dressM },
    { productId: shop.tote },
  ]);
  const orders = { printed: printed!.id, dress: dress!.id, tote: tote!.id };
  const shipped = await api.post("/api/user/ship-order", { headers: shop.seller.auth, data: { id: orders.dress, tracking: LONG.tracking, carrier: LONG.carrier } });
  expect(shipped.status(), await shipped.text()).toBeLessThan(300);
  const admin = await adminAuth(api);
  const refunded = await api.post(`/api/admin/refund-order/${orders.tote}`, { headers: admin });
  expect(refunded.status(), await refunded.text()).toBeLessThan(300);

  const sent = await api.post("/api/user/send-message", {
    headers: buyer.auth,
    data: { to: shop.seller.id, message: `Hello! Does the coat pattern include seam allowances? I read ${LONG.url} and am unsure.` },
  });
  expect(sent.status()).toBe(201);
  const conversationId = Number(sent.headers()["x-conversation-id"]);
  const reply = await api.post("/api/user/send-message", {
    headers: shop.seller.auth,
    data: { to: buyer.id, message: `Yes, 1.5 cm everywhere: ${LONG.url}` },
  });
  expect(reply.status()).toBe(201);

  const helpEmail = `maximiliana.help.${buyer.id}@longmail-example.test`;
  const help = await api.post("/api/user/send-help-request", {
    headers: { "X-Forwarded-For": uniqueAddress() },
    data: { name: `${LONG.firstName} ${LONG.lastName}`, email: helpEmail, message: `My download stops halfway: ${LONG.url}`, social_media: LONG.url, website: LONG.url },
  });
  expect(help.status(), await help.text()).toBe(201);
  const helpId = readDb<{ id: number }>("SELECT id FROM help_requests WHERE email = ?", helpEmail)[0]!.id;

  // An open checkout (its summary and the local payment page), then a full cart.
  const checkout = await api.post("/api/user/checkout", { headers: buyer.auth, data: { digital_consent: true, items: [{ productId: shop.printed, quantity: 3 }, { productId: shop.tote }] } });
  expect(checkout.status()).toBe(200);
  const checkoutId = Number(new URL((await checkout.json()).url).pathname.split("/").pop());
  await addToCartOf(buyer.id, [
    { productId: shop.printed, quantity: 2 },
    { productId: shop.dress, variantId: shop.dressM },
    { productId: shop.tote, quantity: 3 },
  ]);
  const { callId } = await openTesterCallOn({ sellerId: shop.seller.id, storeId: shop.storeId, sizes: ["XS", "S", "M", "L", "XL", "XXL", LONG.variant] });
  const makeId = await postMake({ userId: buyer.id, productId: shop.printed, photos: 3, input: { fabric: LONG.url.slice(0, 200), notes: `Took in the waist: ${LONG.url}` } });
  return { buyer, shop, orders, conversationId, helpId, checkoutId, storeOwnerId: shop.seller.id, makeId, callId };
}

type Who = "visitor" | "buyer" | "seller" | "admin";
/** A disclosure (a `<details>`) opened by its summary, with and without JavaScript. */
const open = (summary: string | RegExp) => (page: Page) => page.locator("summary").filter({ hasText: summary }).first().click();

/**
 * `whole`: nothing on the screen is cut off either, not even inside a region that scrolls (issue 46 item 22: the
 * amounts of /purchases, the orders of /admin/tax, the transactions and chart of /my-finance were behind the edge).
 */
const SCREENS: { name: string; as: Who; path: (w: World) => string; prepare?: (page: Page) => Promise<void>; whole?: boolean }[] = [
  // Visitor
  { name: "explore", as: "visitor", path: () => "/" },
  { name: "explore, searched", as: "visitor", path: () => "/?q=Zweireihiger" },
  { name: "explore, filters open", as: "visitor", path: () => "/", prepare: open(/^Filters/) },
  { name: "phone menu open", as: "visitor", path: () => "/", prepare: (page) => page.getByLabel("Menu", { exact: true }).click() },
  { name: "popular", as: "visitor", path: () => "/popular" },
  { name: "best sellers", as: "visitor", path: () => "/best-sellers" },
  { name: "product, printed pattern", as: "visitor", path: (w) => `/product/${w.shop.printed}` },
  { name: "product with a variant", as: "visitor", path: (w) => `/product/${w.shop.dress}` },
  { name: "store", as: "visitor", path: (w) => `/store/${w.storeOwnerId}` },
  { name: "login", as: "visitor", path: () => "/login" },
  { name: "register", as: "visitor", path: () => "/register" },
  { name: "recover", as: "visitor", path: () => "/recover" },
  { name: "reset password", as: "visitor", path: () => "/reset-password?token=not-a-real-token" },
  { name: "help", as: "visitor", path: () => "/help" },
  { name: "become a seller", as: "visitor", path: () => "/become-seller" },
  { name: "terms", as: "visitor", path: () => "/terms" },
  { name: "privacy", as: "visitor", path: () => "/privacy" },
  { name: "empty cart", as: "visitor", path: () => "/cart" },
  { name: "not found", as: "visitor", path: () => "/no-such-page" },
  // Buyer
  { name: "profile", as: "buyer", path: () => "/settings" },
  { name: "phone menu open", as: "buyer", path: () => "/settings", prepare: (page) => page.getByLabel("Menu", { exact: true }).click() },
  { name: "cart", as: "buyer", path: () => "/cart" },
  { name: "order summary", as: "buyer", path: (w) => `/checkout/${w.checkoutId}` },
  { name: "local payment page", as: "buyer", path: (w) => `/pay/${w.checkoutId}` },
  { name: "purchases", as: "buyer", path: () => "/purchases", whole: true },
  { name: "purchases, shipped", as: "buyer", path: () => "/purchases/shipped" },
  { name: "favourites", as: "buyer", path: () => "/favorites" },
  { name: "library", as: "buyer", path: () => "/library" },
  { name: "a shipped purchase", as: "buyer", path: (w) => `/purchase/${w.orders.dress}` },
  { name: "a printed purchase", as: "buyer", path: (w) => `/purchase/${w.orders.printed}` },
  { name: "a refunded purchase", as: "buyer", path: (w) => `/purchase/${w.orders.tote}` },
  { name: "messages", as: "buyer", path: () => "/messages" },
  { name: "a conversation", as: "buyer", path: (w) => `/message/${w.conversationId}` },
  // Makes (issue 37): the buyer's printed pattern gives the make form; the make the lists, the gallery and the report form.
  { name: "a new make", as: "buyer", path: (w) => `/my-makes/new/${w.shop.printed}` },
  { name: "my makes", as: "buyer", path: () => "/my-makes" },
  { name: "edit a make", as: "buyer", path: (w) => `/my-makes/${w.makeId}` },
  { name: "product with makes", as: "visitor", path: (w) => `/product/${w.shop.printed}#makes` },
  { name: "a new message", as: "buyer", path: (w) => `/messages/new?to=${w.storeOwnerId}` },
  // Seller
  { name: "my designs", as: "seller", path: () => "/my-designs" },
  { name: "seller orders", as: "seller", path: () => "/my-orders" },
  { name: "a sale", as: "seller", path: (w) => `/sale/${w.orders.dress}` },
  { name: "a printed sale", as: "seller", path: (w) => `/sale/${w.orders.printed}` },
  { name: "store settings", as: "seller", path: () => "/store-settings" },
  { name: "seller finance", as: "seller", path: () => "/my-finance", whole: true },
  // 396 px wide at 390 before its date boxes stacked (issue 34, item 17).
  { name: "discount codes", as: "seller", path: () => "/my-discounts" },
  { name: "payouts", as: "seller", path: () => "/my-finance-stripe" },
  { name: "create design", as: "seller", path: () => "/create-design" },
  { name: "edit design", as: "seller", path: (w) => `/edit-product/${w.shop.dress}` },
  { name: "edit pattern, its cutting layouts", as: "seller", path: (w) => `/edit-product/${w.shop.printed}` },
  { name: "own store", as: "seller", path: (w) => `/store/${w.storeOwnerId}` },
  { name: "seller messages", as: "seller", path: () => "/messages" },
  { name: "seller conversation", as: "seller", path: (w) => `/message/${w.conversationId}` },
  // Administrator
  { name: "admin orders", as: "admin", path: () => "/admin" },
  { name: "admin orders, searched, 30 rows", as: "admin", path: (w) => `/admin?q=${encodeURIComponent(w.buyer.email)}&sort=amount&dir=asc&size=30` },
  { name: "admin order, shipped", as: "admin", path: (w) => `/admin/order/${w.orders.dress}` },
  { name: "admin order, printed", as: "admin", path: (w) => `/admin/order/${w.orders.printed}` },
  { name: "admin stores", as: "admin", path: () => "/admin/stores" },
  { name: "admin store", as: "admin", path: (w) => `/admin/store/${w.shop.storeId}` },
  { name: "admin users", as: "admin", path: () => "/admin/users" },
  { name: "admin users, searched", as: "admin", path: () => "/admin/users?q=maximiliana" },
  { name: "admin user", as: "admin", path: (w) => `/admin/user/${w.buyer.id}` },
  { name: "admin financial", as: "admin", path: () => "/admin/financial" },
  { name: "admin financial, revenue per day table open", as: "admin", path: () => "/admin/financial", prepare: open("Revenue per day as a table") },
  { name: "admin settings", as: "admin", path: () => "/admin/settings" },
  { name: "admin tax", as: "admin", path: () => "/admin/tax", whole: true },
  { name: "admin health", as: "admin", path: () => "/admin/health" },
  { name: "admin help requests", as: "admin", path: () => "/admin/help" },
  { name: "admin help request", as: "admin", path: (w) => `/admin/help/${w.helpId}` },
  { name: "admin makes", as: "admin", path: () => "/admin/makes" },
  { name: "makes of the seller's patterns", as: "seller", path: () => "/my-pattern-makes" },
  { name: "tester calls", as: "seller", path: () => "/my-tester-calls" },
  { name: "report a make", as: "seller", path: (w) => `/report-make/${w.makeId}` },
  { name: "a tester call", as: "buyer", path: (w) => `/tester-call/${w.callId}` },
];

/** Elements whose content is wider than they are and so scrolls or is cut off inside them (a hidden phone menu aside). */
function cutOff(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll("body *")) {
      const style = getComputedStyle(el);
      if (style.overflowX === "visible" || style.position === "fixed" || el.clientWidth <= 1) continue;
      if (el.closest(".sr-only")) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        out.push(`${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join(".")} shows ${el.clientWidth} of ${el.scrollWidth} px: ${(el.textContent ?? "").trim().slice(0, 40)}`);
      }
    }
    return out;
  });
}

/** What sticks out past the right edge, outside a region that scrolls it, for the failure message. */
function widest(page: Page) {
  return page.evaluate(() => {
    const clipped = (el: Element) => {
      if (["absolute", "fixed"].includes(getComputedStyle(el).position)) return false;
      for (let a = el.parentElement; a; a = a.parentElement) if (getComputedStyle(a).overflowX !== "visible") return true;
      return false;
    };
    const out: string[] = [];
    for (const el of document.querySelectorAll("body *")) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > window.innerWidth + 0.5 && !clipped(el)) {
        const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].slice(0, 4).join(".")}`;
        out.push(`${name} (${getComputedStyle(el).position}) right=${Math.round(box.right)}: ${(el.textContent ?? "").trim().slice(0, 40)}`);
      }
    }
    return out.slice(-8);
  });
}

for (const who of ["visitor", "buyer", "seller", "admin"] as const) {
  test(`on a 390 px phone no screen of a ${who} scrolls sideways`, { tag: "@long" }, async ({ page, playwright, baseURL, loginAs }, testInfo) => {
    test.setTimeout(180_000);
    world ??= (async () => {
      const api = await playwright.request.newContext({ baseURL });
      try {
        return await buildWorld(api);
      } finally {
        await api.dispose();
      }
    })();
    const w = await world;
    if (who === "buyer") await loginAs(w.buyer.id);
    if (who === "seller") await loginAs(w.shop.seller.id);
    if (who === "admin") await loginAs(DEMO.admin.email);
    for (const screen of SCREENS.filter((s) => s.as === who)) {
      await test.step(screen.name, async () => {
        const path = screen.path(w);
        const response = await page.goto(path);
        expect(response!.status(), path).toBeLessThan(screen.name === "not found" ? 500 : 400);
        if (testInfo.project.name !== "no-js") await whenHydrated(page);
        if (screen.prepare) await screen.prepare(page);
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
        // The picture of every screen once (with JavaScript, as most phones show it), and of any screen too wide.
        if (testInfo.project.name !== "no-js" || scrollWidth > innerWidth) {
          const shot = testInfo.outputPath(`${screen.name.replace(/\W+/g, "-")}.png`);
          await page.screenshot({ path: shot, fullPage: true });
          await testInfo.attach(`${who}, ${screen.name}`, { path: shot, contentType: "image/png" });
        }
        expect.soft(scrollWidth, `${screen.name}: ${path} is ${scrollWidth} px wide:\n${(await widest(page)).join("\n")}`).toBeLessThanOrEqual(innerWidth);
        if (screen.whole) expect.soft(await cutOff(page), `${screen.name}: ${path} cuts content off`).toEqual([]);
      });
    }
  });
}
