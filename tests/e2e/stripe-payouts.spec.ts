/**
 * Payouts on the Stripe path end to end: the production server with STRIPE_* set, Connect onboarding and transfers
 * through the real SDK against the fake Stripe API process, account.updated signed with the SDK's test helper.
 */
import Stripe from "stripe";

import { STRIPE_WEBHOOK_SECRET } from "../../playwright.config";
import { addDesign, type APIRequestContext, buyAndPay, createTokenUser, credit, expect, readDbIn, savePlatformSettings, saveProfile, saveStoreOf, STRIPE_DATA_DIR, test, uniqueEmail, withPlatformSettings } from "./fixtures";

const FAKE = process.env.E2E_FAKE_STRIPE_URL!;
const signer = new Stripe("sk_test_signer");

const query = <T>(sql: string, ...params: unknown[]) => readDbIn<T>(STRIPE_DATA_DIR, sql, ...params);

/** A seller registered through the JSON face, with a store opened by the store model in the Stripe server's database. */
async function seller(request: APIRequestContext) {
  const email = uniqueEmail("payout");
  const password = "payout-pass-1";
  const { token } = await (await request.post("/api/auth/register", { data: { email, password, firstname: "Pay", lastname: "Out" } })).json();
  const [{ id: userId }] = query<{ id: number }>("SELECT id FROM users WHERE email = ?", email) as [{ id: number }];
  // Store names are unique (decision 092).
  const store = await saveStoreOf(userId, { name: `Payout Studio ${userId}`, bio: "bio" }, STRIPE_DATA_DIR);
  return { email, password, userId, storeId: store.id, auth: { Authorization: token as string } };
}

async function webhook(request: APIRequestContext, type: string, object: unknown) {
  const payload = JSON.stringify({ id: `evt_${Date.now()}_${Math.random().toString(16).slice(2)}`, object: "event", type, data: { object }, created: Math.floor(Date.now() / 1000), livemode: false });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });
  const response = await request.post("/api/stripe/webhook", { data: payload, headers: { "Content-Type": "application/json", "Stripe-Signature": signature } });
  expect(response.status()).toBe(200);
  return response.json();
}

test("Connect onboarding, account.updated, an auto-approved transfer paid once, a refused one returned", async ({ request, playwright, browser, baseURL }) => {
  const s = await seller(request);
  // The account and a link to Stripe's hosted onboarding; the HTML start and refresh mint new links.
  // The spec's GET creates the account on the first call (decision 161: one of the GETs that write), once.
  const onboarding = await (await request.get("/api/user/stripe-onboarding", { headers: s.auth })).json();
  expect(onboarding.account.id).toMatch(/^acct_/);
  expect((await (await request.get("/api/user/stripe-onboarding", { headers: s.auth })).json()).account.id).toBe(onboarding.account.id);
  expect(onboarding.account.accountLink.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/e\/acct_/);
  expect(query<{ stripe_account_id: string }>("SELECT stripe_account_id FROM stores WHERE id = ?", s.storeId)[0]!.stripe_account_id).toBe(onboarding.account.id);
  const html = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  expect((await html.post("/login", { form: { email: s.email, password: s.password, redirectTo: "/" }, maxRedirects: 0 })).status()).toBe(302);
  const start = await html.post("/my-finance-stripe", { form: { intent: "start" }, maxRedirects: 0 });
  expect(start.status()).toBe(302);
  expect(start.headers()["location"]).toMatch(new RegExp(`^https://connect\\.stripe\\.test/setup/e/${onboarding.account.id}/`));
  const refresh = await html.get("/my-finance-stripe?refresh=1", { maxRedirects: 0 });
  expect(refresh.status()).toBe(302);
  expect(refresh.headers()["location"]).not.toBe(start.headers()["location"]);
  expect(await (await html.get("/my-finance-stripe")).text()).toContain("Your payout setup is not finished yet.");
  expect((await html.get("/my-finance-stripe/test-onboarding")).status()).toBe(404); // no local test page with Stripe
  await credit(s.storeId, 2500, STRIPE_DATA_DIR);
  expect((await request.post("/api/user/withdraw-balance", { headers: s.auth })).status()).toBe(409);

  // The seller finishes onboarding at Stripe. The return screen asks Stripe and says so without storing it (a GET
  // never writes, decision 161); its sync post (the page sends it with JavaScript) stores it, and account.updated too.
  const account = await (await request.post(`${FAKE}/__fake/onboard/${onboarding.account.id}`)).json();
  const onboardedFlag = () => query<{ o: number }>("SELECT stripe_onboarded AS o FROM stores WHERE id = ?", s.storeId)[0]!.o;
  expect(await (await html.get("/my-finance-stripe")).text()).toContain("Your payouts are set up.");
  expect(onboardedFlag()).toBe(0);
  const browserContext = await browser.newContext({ baseURL, storageState: await html.storageState() });
  const screen = await browserContext.newPage();
  const synced = screen.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/my-finance-stripe"));
  await screen.goto("/my-finance-stripe");
  await expect(screen.getByText("Your payouts are set up.")).toBeVisible();
  expect((await synced).ok()).toBe(true);
  expect(onboardedFlag()).toBe(1);
  await browserContext.close();
  expect(await webhook(request, "account.updated", account)).toEqual({ received: true, result: "updated" });
  expect(await (await request.get("/api/user/stripe-onboarded", { headers: s.auth })).json()).toEqual({ onboarded: true });
  expect(await (await html.get("/my-finance-stripe")).text()).toContain("Your payouts are set up.");

  // Auto-approved transfers are a platform setting other specs change too: held under their shared lock.
  await withPlatformSettings(async () => {
    // Auto-approved: paid out at once through transfers.create, with the transfer's id in the idempotency key.
    await savePlatformSettings({ auto_approve_transfers: "1" }, STRIPE_DATA_DIR);
    try {
      const paid = await request.post("/api/user/withdraw-balance", { headers: s.auth });
      expect(paid.status()).toBe(201);
      const { transfer } = await paid.json();
      expect(transfer).toMatchObject({ tx_type: "Transfer", amount: -25, status: "Completed" });
      const log = await (await request.get(`${FAKE}/__fake/transfers`)).json();
      const mine = log.requests.filter((r: { idempotencyKey: string }) => r.idempotencyKey?.startsWith(`transfer-${transfer.id}-`));
      expect(mine).toHaveLength(1);
      const stripeTransferId = query<{ stripe_transfer_id: string }>("SELECT stripe_transfer_id FROM transactions WHERE id = ?", transfer.id)[0]!.stripe_transfer_id;
      expect(log.transfers.find((t: { id: string }) => t.id === stripeTransferId)).toMatchObject({ amount: 2500, destination: onboarding.account.id });
      expect(query<{ balance_cents: number }>("SELECT balance_cents FROM stores WHERE id = ?", s.storeId)[0]!.balance_cents).toBe(0);
      // A retried request finds nothing to withdraw and calls Stripe no more.
      expect((await request.post("/api/user/withdraw-balance", { headers: s.auth })).status()).toBe(400);

      // Stripe refuses: the transfer is Rejected with the reason and the money is back.
      await credit(s.storeId, 1200, STRIPE_DATA_DIR);
      await request.post(`${FAKE}/__fake/behaviour`, { data: { refuseTransfers: "Your destination account needs to have at least one of the following capabilities enabled: transfers" } });
      try {
        const refused = await (await request.post("/api/user/withdraw-balance", { headers: s.auth })).json();
        expect(refused.transfer).toMatchObject({ status: "Rejected", amount: -12, reason: expect.stringContaining("capabilities") });
      } finally {
        await request.post(`${FAKE}/__fake/behaviour`, { data: { refuseTransfers: null } });
      }
      expect(query<{ balance_cents: number }>("SELECT balance_cents FROM stores WHERE id = ?", s.storeId)[0]!.balance_cents).toBe(1200);
    } finally {
      await savePlatformSettings({ auto_approve_transfers: "0" }, STRIPE_DATA_DIR);
    }
  });
  await html.dispose();
});

test("EasyPost: 'Get shipping label' buys the carrier label once and debits its cost in the ledger", async ({ request, playwright, baseURL }) => {
  const EASYPOST = process.env.E2E_FAKE_EASYPOST_URL!;
  const s = await seller(request);
  // The seller's address (labels are bought from it), a coat made with the design model, and a buyer who buys and
  // pays for it through the app's models (local provider), all in the Stripe server's database.
  await saveProfile(s.userId, { first_name: "Pay", last_name: "Out", street: "9 Studio Way", street2: "", city: "Los Angeles", state: "CA", zip: "90012", country: "US", phone: "+1 213 555 0100" }, STRIPE_DATA_DIR);
  const coat = await addDesign(s, { name: "Wool Coat", desc: "Warm", price: "120.00", type: "Ready", category2: "jackets", parcel_size: "Medium" }, { dataDir: STRIPE_DATA_DIR });
  const buyer = await createTokenUser({
    prefix: "payout-buyer",
    firstName: "Lee",
    lastName: "Buyer",
    address: { street: "1 Main St", street2: "", city: "Springfield", state: "IL", zip: "62701", country: "US", phone: "+1 555 0100" },
    dataDir: STRIPE_DATA_DIR,
  });
  const [paid] = await buyAndPay(buyer.id, [{ productId: coat }], { dataDir: STRIPE_DATA_DIR });
  const orderId = paid!.id;
  const [sale] = query<{ amount_cents: number }>("SELECT amount_cents FROM transactions WHERE order_id = ? AND tx_type = 'Sale'", orderId);
  expect(query<{ balance_cents: number }>("SELECT balance_cents FROM stores WHERE id = ?", s.storeId)[0]!.balance_cents).toBe(sale!.amount_cents);
  const buys = async () =>
    ((await (await request.get(`${EASYPOST}/__fake/calls`)).json()) as { method: string; path: string }[]).filter((c) => c.method === "POST" && /\/buy$/.test(c.path)).length;
  const before = await buys();

  const html = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  expect((await html.post("/login", { form: { email: s.email, password: s.password, redirectTo: "/" }, maxRedirects: 0 })).status()).toBe(302);
  const first = await html.post(`/sale/${orderId}`, { form: { intent: "label" }, maxRedirects: 0 });
  expect(first.status()).toBe(302);
  const second = await html.post(`/sale/${orderId}`, { form: { intent: "label" }, maxRedirects: 0 });
  expect(second.status()).toBe(302);
  expect((await buys()) - before).toBe(1);

  const [order] = query<{ label_url: string; label_shipment_id: string; tracking: string; carrier: string; status: string }>("SELECT * FROM orders WHERE id = ?", orderId);
  expect(order!.label_url).toMatch(/^https?:\/\//);
  expect(order!.label_shipment_id).toMatch(/^shp_/);
  expect(order).toMatchObject({ carrier: "USPS", status: "Pending" });
  expect(order!.tracking).toBeTruthy();
  const labels = query<{ amount_cents: number }>("SELECT amount_cents FROM transactions WHERE order_id = ? AND tx_type = 'Label'", orderId);
  expect(labels).toHaveLength(1);
  expect(labels[0]!.amount_cents).toBeLessThan(0);
  expect(query<{ balance_cents: number }>("SELECT balance_cents FROM stores WHERE id = ?", s.storeId)[0]!.balance_cents).toBe(sale!.amount_cents + labels[0]!.amount_cents);
  const page = await (await html.get(`/sale/${orderId}`)).text();
  expect(page).toContain("Download shipping label");
  expect(page).toContain(order!.tracking);
  const download = await html.get(`/sale/${orderId}/label`, { maxRedirects: 0 });
  expect(download.status()).toBe(302);
  expect(download.headers()["location"]).toBe(order!.label_url);
  await html.dispose();
});
