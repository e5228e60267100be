/**
 * Issue 22, items 5 and 6: one JSON log line per request with its fields, no secret or personal number in the log of
 * a login, a store-settings save and a checkout; /metrics refused without its token and Prometheus text with it; the
 * request id in the answer's header is the one the log names.
 */
import fs from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";

import { expect, LONG_JOURNEY_MS, type OwnServer, startOwnServer, test } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 4310) + 11;
const METRICS_TOKEN = "metrics-token-for-the-e2e-run-0123";
const PASSWORD = "log-secret-password-77";
const ACCOUNT_NUMBER = "99887766554433";
const ROUTING = "110000000";
const PHONE = "+1 303 555 0177";

// One server of its own on one port: the file's tests run in one worker, one after the other (two workers each
// starting it raced for the port, and one test's requests reached the other's server).
test.describe.configure({ mode: "serial" });

let own: OwnServer;

test.beforeAll(async () => {
  // A server of its own: started within a long journey's time, not a test's 20 s.
  test.setTimeout(LONG_JOURNEY_MS);
  own = await startOwnServer({
    port: PORT,
    seed: "demo",
    env: { METRICS_TOKEN, LOG_LEVEL: "info", ADMIN_EMAIL: "health-admin@patternhouse.test", ADMIN_PASSWORD: "health-admin-pass-1" },
  });
});

test.afterAll(async () => {
  await own.stop();
});

type Line = Record<string, unknown> & { msg?: string; reqId?: string };

function lines(): Line[] {
  return own
    .log()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Line);
}

async function untilLogged(find: (l: Line) => boolean): Promise<Line> {
  for (let i = 0; i < 50; i++) {
    const found = lines().find(find);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no such log line in:\n${own.log()}`);
}

test("a login, a store-settings save and a checkout: request lines with their fields, and no secret in the log", async ({ request }) => {
  test.slow(); // two password hashes and a checkout on a server of its own
  const base = own.base;
  const email = `log-buyer-${Date.now()}@patternhouse.test`;
  const registered = await request.post(`${base}/api/auth/register`, {
    data: { email, password: PASSWORD, firstname: "Lo", lastname: "Gger" },
  });
  expect(registered.status()).toBe(201);
  const login = await request.post(`${base}/api/auth/login`, { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const auth = { Authorization: token };

  // The request's own line: method, route, path, status, duration, request id (also in the answer's header).
  const loginId = login.headers()["x-request-id"];
  expect(loginId).toMatch(/^[0-9a-f]{12}$/);
  const loginLine = await untilLogged((l) => l.msg === "request" && l.reqId === loginId);
  expect(loginLine).toMatchObject({ level: "info", method: "POST", route: "_api+/_auth+/api.auth.login", path: "/api/auth/login", status: 200 });
  expect(typeof loginLine.ms).toBe("number");

  // The address and phone a checkout needs: personal data that stays out of the log too.
  const profile = await request.post(`${base}/api/user/update-profile`, {
    headers: auth,
    data: { first_name: "Lo", last_name: "Gger", street: "12 Logline Street", street2: "", city: "Denver", state: "CO", zip: "80202", country: "US", phone: PHONE },
  });
  expect(profile.status()).toBe(200);

  // Opening a store with a bank account, on the JSON face.
  const store = await request.post(`${base}/api/user/update-store`, {
    headers: auth,
    multipart: {
      store: JSON.stringify({ name: `Log Store ${Date.now()}`, bio: "Logged." }),
      pdetails: JSON.stringify({ accountname: "Lo Gger", accountnumber: ACCOUNT_NUMBER, accountrouting: ROUTING, accounttype: "checking" }),
    },
  });
  expect(store.status(), await store.text()).toBe(201);
  const storeLine = await untilLogged((l) => l.msg === "request" && l.reqId === store.headers()["x-request-id"]);
  expect(storeLine.userId).toEqual(expect.any(Number));

  // A checkout of a demo pattern, paid on the local provider's page.
  const db = new Database(path.join(own.dataDir, "marketplace.db"), { readonly: true });
  // eslint-disable-next-line no-restricted-syntax -- reads the server's SQLite file through better-sqlite3
  const product = db
    .prepare("SELECT id FROM products WHERE type = 'Pattern' AND delivery = 'Digital' AND pattern_file IS NOT NULL AND removed_at IS NULL ORDER BY id LIMIT 1")
    .get() as { id: number };
  const variant = db.prepare("SELECT id FROM variants WHERE product_id = ? ORDER BY position LIMIT 1").get(product.id) as { id: number } | undefined;
  db.close();
  const checkout = await request.post(`${base}/api/user/checkout`, {
    headers: auth,
    data: { digital_consent: true, items: [{ productId: product.id, ...(variant ? { variantId: variant.id } : {}) }] },
  });
  const session = (await checkout.json()) as { url: string };
  expect(checkout.status(), JSON.stringify(session)).toBe(200);
  const pay = await request.post(`${base}${new URL(session.url).pathname}`, { headers: auth, form: { intent: "pay" }, maxRedirects: 0 });
  expect(pay.status()).toBe(302);
  const payment = await untilLogged((l) => l.event === "payment");
  expect(payment).toMatchObject({ level: "info", reqId: pay.headers()["x-request-id"] });
  expect(payment.totalCents).toEqual(expect.any(Number));

  const log = own.log();
  expect(log).not.toContain(PASSWORD);
  expect(log).not.toContain(token);
  expect(log).not.toContain(ACCOUNT_NUMBER);
  expect(log).not.toContain(ROUTING);
  expect(log).not.toContain(email);
  expect(log).not.toContain(PHONE);
  expect(log).not.toContain("Logline Street");
});

test("/metrics: 401 without the token, Prometheus text with it", async ({ request }) => {
  const refused = await request.get(`${own.base}/metrics`);
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ error: "Unauthorized" });
  expect((await request.get(`${own.base}/metrics`, { headers: { Authorization: "Bearer not-the-token-at-all-00000" } })).status()).toBe(401);

  await request.get(`${own.base}/`);
  const metrics = await request.get(`${own.base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(metrics.status()).toBe(200);
  expect(metrics.headers()["content-type"]).toContain("text/plain");
  const text = await metrics.text();
  // Every line is a comment (# HELP / # TYPE) or a sample: name{labels} value.
  for (const line of text.split("\n").filter(Boolean)) {
    expect(line, line).toMatch(/^(# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .*|[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? -?(\d[\d.e+-]*|NaN|\+Inf|-Inf))$/);
  }
  expect(text).toMatch(/^http_request_duration_seconds_count\{route="_catalog\+\/_index",method="GET",status="200"\} \d+$/m);
  for (const name of ["nodejs_eventloop_lag_seconds", "pattern_pool_queue_size", "database_size_bytes", "mail_outbox_messages", "pattern_task_duration_seconds"]) {
    expect(text).toContain(`# TYPE ${name} `);
  }
  expect(text).toMatch(/^database_size_bytes\{file="db"\} [1-9]\d*$/m);
  // No backup here (BACKUP_URL unset): its gauges are described but have no samples.
  expect(text).toContain("# TYPE patternhouse_backup_lag_seconds gauge");
  expect(text).not.toMatch(/^patternhouse_backup_/m);
});

test("a server error: the 500 page names the request id of its header, and the log has the error under that id", async ({ request }) => {
  // A broken database (a table gone) makes the product page's loader throw.
  const db = new Database(path.join(own.dataDir, "marketplace.db"));
  db.pragma("busy_timeout = 5000");
  db.exec("ALTER TABLE product_media RENAME TO product_media_gone");
  try {
    const page = await request.get(`${own.base}/product/1`);
    expect(page.status()).toBe(500);
    const id = page.headers()["x-request-id"];
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    const html = await page.text();
    expect(html).toContain("Something went wrong");
    expect(html).toMatch(new RegExp(`quote this error id: <code data-request-id="">${id}</code>`));
    const failure = await untilLogged((l) => l.level === "error" && l.reqId === id && l.msg !== "request");
    expect(JSON.stringify(failure.err)).toContain("product_media");
    await untilLogged((l) => l.msg === "request" && l.reqId === id && l.status === 500);
  } finally {
    db.exec("ALTER TABLE product_media_gone RENAME TO product_media");
    db.close();
  }
});

test("the administrator's health screen says the version, uptime, disk, backups and the recent errors with their ids", async ({ request }) => {
  const login = await request.post(`${own.base}/api/auth/login`, { data: { email: "health-admin@patternhouse.test", password: "health-admin-pass-1" } });
  const { token } = (await login.json()) as { token: string };
  // An error to show: the product page with a table gone, as above.
  const db = new Database(path.join(own.dataDir, "marketplace.db"));
  db.pragma("busy_timeout = 5000");
  db.exec("ALTER TABLE product_media RENAME TO product_media_gone");
  const failed = await request.get(`${own.base}/product/2`);
  db.exec("ALTER TABLE product_media_gone RENAME TO product_media");
  db.close();
  expect(failed.status()).toBe(500);

  const health = await request.get(`${own.base}/admin/health`, { headers: { Authorization: token } });
  expect(health.status()).toBe(200);
  const html = await health.text();
  const version = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { version: string }).version;
  expect(html).toContain(`<dd class="text-sm sm:col-span-2 text-slate-900">${version}</dd>`);
  for (const label of ["Up for", "Disk left", "Database", "Last backup", "Mail outbox", "Pattern work waiting", "Recent errors"]) {
    expect(html).toContain(label);
  }
  expect(html).toContain("Backups are not set up (BACKUP_URL is not set)");
  expect(html).toMatch(/Disk left<\/dt><dd[^>]*>[\d.]+ [KMGT]?B of [\d.]+ [KMGT]?B</);
  expect(html).toContain(failed.headers()["x-request-id"]);

  // Nobody else sees it.
  const buyer = await request.post(`${own.base}/api/auth/register`, {
    data: { email: `health-buyer-${Date.now()}@patternhouse.test`, password: "health-buyer-pass-1", firstname: "No", lastname: "Admin" },
  });
  const other = await request.get(`${own.base}/admin/health`, { headers: { Authorization: ((await buyer.json()) as { token: string }).token }, maxRedirects: 0 });
  expect([302, 403, 404]).toContain(other.status());
  expect(await other.text()).not.toContain("Recent errors");
});
