/**
 * The administrator on the Stripe server (its own database, the fake Stripe API behind it): a margin change applies
 * to the next sale only (no-JS screen and JSON face), and a refund calls Stripe's refunds.create once with its
 * idempotency key even when sent twice at once. Serial: the settings are the server's own and restored after.
 */

import { type APIRequestContext, DEMO, expect, readDbIn, STRIPE_DATA_DIR, test, uniqueEmail, withPlatformSettings } from "./fixtures";

test.describe.configure({ mode: "serial" });

const FAKE = process.env.E2E_FAKE_STRIPE_URL!;

const readDb = <T>(sql: string, ...params: unknown[]) => readDbIn<T>(STRIPE_DATA_DIR, sql, ...params);

type Auth = { Authorization: string };

async function adminAuth(request: APIRequestContext): Promise<Auth> {
  return { Authorization: (await (await request.post("/api/auth/login", { data: DEMO.admin })).json()).token };
}

async function buyer(request: APIRequestContext): Promise<Auth> {
  const { token } = await (
    await request.post("/api/auth/register", { data: { email: uniqueEmail("stripe-admin"), password: "stripe-pass-1", firstname: "Ad", lastname: "Min" } })
  ).json();
  const auth = { Authorization: token as string };
  const profile = { first_name: "Ad", last_name: "Min", street: "9 Pier", city: "Oakland", state: "CA", zip: "94607", country: "US", phone: "+1 510 555 0100" };
  expect((await request.post("/api/user/update-profile", { headers: auth, data: profile })).status()).toBe(200);
  return auth;
}

/** Pays one digital pattern through Stripe Checkout (fake), confirmed by the success page; answers the order. */
async function buyOnStripe(request: APIRequestContext, auth: Auth, productId: number) {
  const res = await request.post("/api/user/checkout", { headers: auth, data: { digital_consent: true, items: [{ productId }] } });
  const session = await res.json();
  expect(res.status(), JSON.stringify(session)).toBe(200);
  const sessionId = (session.url as string).split("/").pop()!;
  await request.post(`${FAKE}/__fake/complete/${sessionId}`);
  expect((await request.get(`/purchases/success?session_id=${sessionId}`, { headers: auth })).status()).toBe(200);
  const orders = await (await request.get("/api/user/get-orders", { headers: auth })).json();
  const order = orders.find((o: { productId: number }) => o.productId === productId);
  return readDb<{ id: number; fee_cents: number; amount_cents: number }>("SELECT id, fee_cents, amount_cents FROM orders WHERE id = ?", order.orderId)[0]!;
}

const pattern = (offset: number) =>
  readDb<{ id: number; price_cents: number }>(
    "SELECT id, price_cents FROM products p WHERE type = 'Pattern' AND delivery = 'Digital' AND removed_at IS NULL AND NOT EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id) ORDER BY id LIMIT 1 OFFSET ?",
    offset,
  )[0]!;

const patternFee = (price: number, bp: number, minFee: number) => Math.min(price, Math.max(Math.floor((price * bp + 5000) / 10000), minFee));

type Settings = Record<string, string | number>;
const saveNames = (s: Settings) => ({
  pss: s.pss,
  flat_fee: s.flat_fee,
  margin: s.margin,
  min_fee: s.min_fee,
  auto_approve_transfers: s.auto_approve_transfers,
  margin_pattern: s.margin_paper_pattern,
  min_fee_pattern: s.min_fee_paper_pattern,
  shipping_name: s.shipping_name,
  shipping_street: s.street,
  shipping_street2: s.street2,
  shipping_city: s.city,
  shipping_zip: s.postal_code,
  shipping_state: s.state,
  shipping_phone: s.phone,
  shipping_email: s.email,
  shipping_country: s.country,
});

test("a margin changed on the settings screen (no JavaScript) applies to the next sale; the old order keeps its fee", async ({ browser, request }, testInfo) =>
  withPlatformSettings(async () => {
    const admin = await adminAuth(request);
    const original = (await (await request.get("/api/admin/get-settings", { headers: admin })).json()) as Settings;
    const auth = await buyer(request);
    const product = pattern(4);
    const first = await buyOnStripe(request, auth, product.id);
    expect(first.fee_cents).toBe(patternFee(product.price_cents, Number(original.margin_paper_pattern) * 100, Number(original.min_fee_paper_pattern) * 100));
    const newMargin = Number(original.margin_paper_pattern) === 37.5 ? 22.25 : 37.5;

    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
    try {
      const page = await context.newPage();
      await page.goto("/login?redirectTo=/admin/settings");
      await page.getByLabel("Username or Email").fill(DEMO.admin.email);
      await page.getByLabel("Password").fill(DEMO.admin.password);
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page).toHaveURL("/admin/settings");
      await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByLabel("Margin (%) For Pattern")).toHaveValue(String(original.margin_paper_pattern));
      await page.getByLabel("Margin (%) For Pattern").fill(String(newMargin));
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByText("Settings saved. New sales use them from now on.")).toBeVisible();
      await expect(page.getByLabel("Margin (%) For Pattern")).toHaveValue(String(newMargin));

      // Another buyer: a downloadable pattern is one licence per buyer (issue 19, item 6).
      const second = await buyOnStripe(request, await buyer(request), product.id);
      const expected = patternFee(product.price_cents, newMargin * 100, Number(original.min_fee_paper_pattern) * 100);
      expect(second.fee_cents).toBe(expected);
      expect(readDb("SELECT fee_cents FROM orders WHERE id = ?", first.id)).toEqual([{ fee_cents: first.fee_cents }]);
      await page.goto(`/admin/order/${second.id}`);
      await expect(page.getByText(`$${(expected / 100).toFixed(2)}`, { exact: true }).first()).toBeVisible();
    } finally {
      await context.close();
      await request.post("/api/admin/save-settings", { headers: admin, data: saveNames(original) });
    }
    expect(await (await request.get("/api/admin/get-settings", { headers: admin })).json()).toEqual(original);
  }));

test("a margin saved through the JSON face applies to the next sale only", async ({ request }) =>
  withPlatformSettings(async () => {
    const admin = await adminAuth(request);
    const original = (await (await request.get("/api/admin/get-settings", { headers: admin })).json()) as Settings;
    const auth = await buyer(request);
    const product = pattern(5);
    const first = await buyOnStripe(request, auth, product.id);
    try {
      const saved = await request.post("/api/admin/save-settings", { headers: admin, data: { ...saveNames(original), margin_pattern: 33 } });
      expect(await saved.json()).toMatchObject({ margin_paper_pattern: 33 });
      const second = await buyOnStripe(request, await buyer(request), product.id);
      expect(second.fee_cents).toBe(patternFee(product.price_cents, 3300, Number(original.min_fee_paper_pattern) * 100));
      expect(readDb("SELECT fee_cents FROM orders WHERE id = ?", first.id)).toEqual([{ fee_cents: first.fee_cents }]);
    } finally {
      await request.post("/api/admin/save-settings", { headers: admin, data: saveNames(original) });
    }
  }));

test("a refund through Stripe calls refunds.create once with its idempotency key, also when sent twice at once", async ({ request }) => {
  const admin = await adminAuth(request);
  const auth = await buyer(request);
  const product = pattern(6);
  const order = await buyOnStripe(request, auth, product.id);
  const credit = order.amount_cents - order.fee_cents;
  const [a, b] = await Promise.all([1, 2].map(() => request.post(`/api/admin/refund-order/${order.id}`, { headers: admin })));
  expect([a!.status(), b!.status()].sort()).toEqual([200, 409]);
  const body = await (a!.status() === 200 ? a! : b!).json();
  expect(body).toMatchObject({ success: true, refund_id: expect.stringMatching(/^re_/), refunded: product.price_cents / 100, order: { status: "Refunded" } });

  const requests = (await (await request.get(`${FAKE}/__fake/requests`)).json()) as { method: string; path: string; idempotencyKey?: string }[];
  const refunds = requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds" && r.idempotencyKey?.startsWith(`refund-order-${order.id}-`));
  expect(refunds).toHaveLength(1);
  expect(readDb("SELECT status, provider_refund_id FROM orders WHERE id = ?", order.id)).toEqual([{ status: "Refunded", provider_refund_id: body.refund_id }]);
  expect(readDb("SELECT amount_cents FROM transactions WHERE order_id = ? AND tx_type = 'Refund'", order.id)).toEqual([{ amount_cents: -credit }]);
  const download = await request.get(`/api/user/get-order/${order.id}`, { headers: auth });
  expect((await download.json()).items[0].pattern_url).toBeNull();
});
