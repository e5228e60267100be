/**
 * Cross-site requests (issue 8, item 1), as an outside page would send them: raw requests with
 * another origin's headers against each kind of route. Nothing may change in the database.
 * The browser version (a real page on a second origin) is in cross-site.spec.ts.
 */

import { type APIRequestContext, DEMO, expect, queryOne, test, uniqueEmail, waitForMail } from "./fixtures";

const port = Number(process.env.E2E_PORT ?? 4310);
const SITE = `http://127.0.0.1:${port}`;
const OTHER = `http://127.0.0.1:${port + 1}`;
const REFUSED = "This request came from another site and was refused. Go back to the page, reload it and try again.";

type Account = { email: string; password: string; token: string; id: number };

/** A fresh account with a browser session cookie in this request context (logged in through the form). */
async function loggedIn(request: APIRequestContext): Promise<Account> {
  const email = uniqueEmail("csrf");
  const password = "cross-site-pass-1";
  const reg = await request.post("/api/auth/register", { data: { email, password, firstname: "Cee", lastname: "Surf" } });
  expect(reg.status()).toBe(201);
  const { token } = await reg.json();
  const login = await request.post("/login", { headers: { Origin: SITE }, form: { email, password }, maxRedirects: 0 });
  expect(login.status()).toBe(302);
  expect(login.headers()["set-cookie"]).toContain("__session=");
  const { id } = queryOne<{ id: number }>("SELECT id FROM users WHERE email = ?", email);
  return { email, password, token, id };
}

const cityOf = (id: number) => queryOne<{ city: string }>("SELECT city FROM users WHERE id = ?", id).city;
const sessionsOf = (id: number) => queryOne<{ n: number }>("SELECT count(*) AS n FROM sessions WHERE user_id = ?", id).n;
const followsOf = (id: number) => queryOne<{ n: number }>("SELECT count(*) AS n FROM follows WHERE user_id = ?", id).n;
const sellerId = () => queryOne<{ id: number }>("SELECT id FROM users WHERE email = ?", DEMO.seller.email).id;

const PROFILE = {
  first_name: "Cee",
  last_name: "Surf",
  street: "1 Evil Way",
  street2: "",
  city: "Forgedville",
  state: "CA",
  zip: "94000",
  country: "US",
  phone: "+1 555 0100",
};

const crossOrigin = [
  ["Origin of another port", { Origin: OTHER }],
  ["Origin null", { Origin: "null" }],
  ["Sec-Fetch-Site cross-site without Origin", { "Sec-Fetch-Site": "cross-site" }],
  ["Sec-Fetch-Site same-site without Origin", { "Sec-Fetch-Site": "same-site" }],
] as const;

test.describe("cross-site requests are refused before they reach a route", () => {
  for (const [name, headers] of crossOrigin) {
    test(`page action, plain and ?_data=: ${name}`, async ({ request }) => {
      const me = await loggedIn(request);
      const plain = await request.post("/settings", { headers, form: { intent: "profile", ...PROFILE }, maxRedirects: 0 });
      expect(plain.status()).toBe(403);
      expect(plain.headers()["content-type"]).toContain("text/html");
      expect(await plain.text()).toContain(REFUSED);
      const data = await request.post("/settings?_data=routes%2Fsettings", { headers, form: { intent: "profile", ...PROFILE } });
      expect(data.status()).toBe(403);
      expect(await data.json()).toEqual({ error: REFUSED });
      const follow = await request.post(`/store/${sellerId()}`, { headers, form: { intent: "follow" }, maxRedirects: 0 });
      expect(follow.status()).toBe(403);
      expect(cityOf(me.id)).toBe("");
      expect(followsOf(me.id)).toBe(0);
      // The same form from this site goes through (the session cookie is valid).
      const own = await request.post("/settings", { headers: { Origin: SITE }, form: { intent: "profile", ...PROFILE }, maxRedirects: 0 });
      expect(own.status()).toBe(302);
      expect(cityOf(me.id)).toBe("Forgedville");
    });
  }

  test("resource route: /logout from another origin keeps the session", async ({ request }) => {
    const me = await loggedIn(request);
    const before = sessionsOf(me.id);
    expect(before).toBe(2); // the API token and the browser session
    const res = await request.post("/logout", { headers: { Origin: OTHER }, maxRedirects: 0 });
    expect(res.status()).toBe(403);
    expect(sessionsOf(me.id)).toBe(before);
    // Without Origin or Sec-Fetch-Site but with the session cookie (what an old browser could send): refused too.
    expect((await request.post("/logout", { maxRedirects: 0 })).status()).toBe(403);
    expect(sessionsOf(me.id)).toBe(before);
    const own = await request.post("/logout", { headers: { Origin: SITE }, maxRedirects: 0 });
    expect(own.status()).toBe(302);
    expect(sessionsOf(me.id)).toBe(before - 1);
  });

  test("JSON API from another origin: 403 JSON, even with a valid token", async ({ request }) => {
    const me = await loggedIn(request);
    const res = await request.post("/api/user/update-profile", {
      headers: { Origin: OTHER, Authorization: me.token },
      data: PROFILE,
    });
    expect(res.status()).toBe(403);
    expect(await res.json()).toEqual({ error: REFUSED });
    const follow = await request.post(`/api/user/follow-store/${sellerId()}`, { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(follow.status()).toBe(403);
    expect(cityOf(me.id)).toBe("");
    expect(followsOf(me.id)).toBe(0);
  });

  test("a path no route knows yet is covered too (the check runs before Remix)", async ({ request }) => {
    await loggedIn(request);
    for (const path of ["/seller/not-built-yet", "/admin/some/future/screen", "/api/seller/not-built-yet"]) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const res = await request.fetch(path, { method, headers: { Origin: OTHER }, data: "x=1" });
        expect(res.status(), `${method} ${path}`).toBe(403);
        if (path.startsWith("/api/")) expect(await res.json()).toEqual({ error: REFUSED });
        else expect(await res.text()).toContain(REFUSED);
      }
    }
  });

  test("the signed Stripe webhook stays reachable from anywhere (its signature is checked)", async ({ request }) => {
    const res = await request.post("/api/stripe/webhook", { headers: { Origin: "https://stripe.example" }, data: "{}" });
    // It reached the route: this server has no Stripe configured (the stripe project tests signatures).
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ error: "Stripe is not configured" });
  });
});

test.describe("the JSON API reads only the Authorization header and only JSON bodies", () => {
  test("same-origin requests with the session cookie alone are 401 and change nothing", async ({ request }) => {
    const me = await loggedIn(request);
    const headers = { Origin: SITE };
    const profile = await request.post("/api/user/update-profile", { headers, data: PROFILE });
    expect(profile.status()).toBe(401);
    expect(await profile.json()).toEqual({ error: "Authentication required" });
    const password = await request.post("/api/user/change-password", {
      headers,
      data: { old_password: me.password, new_password: "taken-over-pass-1" },
    });
    expect(password.status()).toBe(401);
    expect((await request.post(`/api/user/follow-store/${sellerId()}`, { headers })).status()).toBe(401);
    expect((await request.get("/api/user/get-profile", { headers })).status()).toBe(401);
    expect(cityOf(me.id)).toBe("");
    expect(followsOf(me.id)).toBe(0);
    // The password is unchanged: the old one still logs in.
    expect((await request.post("/api/auth/login", { data: { email: me.email, password: me.password } })).status()).toBe(200);
  });

  test("urlencoded, multipart and text/plain bodies are 415 even with a token", async ({ request }) => {
    const me = await loggedIn(request);
    const auth = { Authorization: me.token };
    const form = await request.post("/api/user/update-profile", { headers: auth, form: PROFILE });
    expect(form.status()).toBe(415);
    expect(await form.json()).toEqual({ error: "Send the request body as JSON (Content-Type: application/json)" });
    const multipart = await request.post("/api/user/update-profile", { headers: auth, multipart: PROFILE });
    expect(multipart.status()).toBe(415);
    const text = await request.post("/api/user/update-profile", {
      headers: { ...auth, "Content-Type": "text/plain" },
      data: JSON.stringify(PROFILE),
    });
    expect(text.status()).toBe(415);
    const password = await request.post("/api/user/change-password", {
      headers: { ...auth, "Content-Type": "text/plain" },
      data: JSON.stringify({ old_password: me.password, new_password: "taken-over-pass-1" }),
    });
    expect(password.status()).toBe(415);
    expect(cityOf(me.id)).toBe("");
    // The same body as JSON goes through.
    expect((await request.post("/api/user/update-profile", { headers: auth, data: PROFILE })).status()).toBe(200);
    expect(cityOf(me.id)).toBe("Forgedville");
  });

  test("wrong JSON types are 400 naming the field", async ({ request }) => {
    const me = await loggedIn(request);
    const auth = { Authorization: me.token };
    const product = queryOne<{ id: number }>("SELECT id FROM products WHERE removed_at IS NULL LIMIT 1");
    for (const [item, field] of [
      [{ productId: product.id, quantity: "2" }, "items.0.quantity"],
      [{ productId: product.id, quantity: true }, "items.0.quantity"],
      [{ productId: String(product.id), quantity: 1 }, "items.0.productId"],
    ] as const) {
      const res = await request.post("/api/user/checkout", { headers: auth, data: { digital_consent: true, items: [item] } });
      expect(res.status()).toBe(400);
      expect((await res.json()).error).toMatch(new RegExp(`^${field.replace(/\./g, "\\.")}:`));
    }
    const rate = await request.post("/api/user/rate-product", { headers: auth, data: { id: "1", rating: 5 } });
    expect(rate.status()).toBe(400);
    expect((await rate.json()).error).toMatch(/^id:/);
    expect(queryOne<{ n: number }>("SELECT count(*) AS n FROM checkouts WHERE user_id = ?", me.id).n).toBe(0);
  });
});

test.describe("redirect targets and emailed links", () => {
  test("login and register send tricks in redirectTo to /, never to another host or a 500", async ({ playwright }) => {
    const email = uniqueEmail("redir");
    const password = "redirect-pass-1";
    const setup = await playwright.request.newContext({ baseURL: SITE });
    expect((await setup.post("/api/auth/register", { data: { email, password, firstname: "Re", lastname: "Dir" } })).status()).toBe(201);
    await setup.dispose();
    const tricks = ["//evil.com", "/\\evil.com", "/%2F%2Fevil.com", "/%5Cevil.com", "/\t/evil.com", "/%09/evil.com", "https://evil.com", "/%E0%A4%A", "/\r\nX: y"];
    for (const redirectTo of tricks) {
      const context = await playwright.request.newContext({ baseURL: SITE });
      const res = await context.post("/login", { headers: { Origin: SITE }, form: { email, password, redirectTo }, maxRedirects: 0 });
      expect(res.status(), redirectTo).toBe(302);
      const location = res.headers()["location"];
      if (redirectTo === "/%E0%A4%A") expect(location).toBe("/%E0%A4%A");
      else expect(location, redirectTo).toBe("/");
      await context.dispose();
    }
    const context = await playwright.request.newContext({ baseURL: SITE });
    const ok = await context.post("/login", { headers: { Origin: SITE }, form: { email, password, redirectTo: "/settings?x=1" }, maxRedirects: 0 });
    expect(ok.headers()["location"]).toBe("/settings?x=1");
    await context.dispose();
    const reg = await playwright.request.newContext({ baseURL: SITE });
    const registered = await reg.post("/register", {
      headers: { Origin: SITE },
      form: { email: uniqueEmail("redir"), firstName: "Re", lastName: "Dir", password, confirmPassword: password, redirectTo: "/%2F%2Fevil.com" },
      maxRedirects: 0,
    });
    expect(registered.status()).toBe(302);
    expect(registered.headers()["location"]).toBe("/");
    await reg.dispose();
  });

  test("this site's Origin posted to another host is refused with the 403, not Remix's 500", async ({ playwright }) => {
    const context = await playwright.request.newContext({ baseURL: SITE });
    for (const headers of [{ "X-Forwarded-Host": "evil.example" }, { Host: "evil.example" }] as Record<string, string>[]) {
      const res = await context.post("/login", { headers: { Origin: SITE, ...headers }, form: { email: "a@b.example", password: "x" }, maxRedirects: 0 });
      expect(res.status(), JSON.stringify(headers)).toBe(403);
      expect(await res.text()).toContain("This request came from another site and was refused.");
    }
    await context.dispose();
  });

  test("password reset links use PUBLIC_URL, whatever Host or X-Forwarded-Host the request names", async ({ request }) => {
    const email = uniqueEmail("host");
    expect((await request.post("/api/auth/register", { data: { email, password: "host-pass-1", firstname: "Ho", lastname: "St" } })).status()).toBe(201);
    const res = await request.post("/api/auth/recovery", {
      headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" },
      data: { email },
    });
    expect(res.status()).toBe(200);
    const mail = await waitForMail(email);
    const link = mail.text.match(/https?:\/\/\S+/)![0];
    expect(link.startsWith(`${SITE}/reset-password?token=`)).toBe(true);
    expect(mail.text).not.toContain("evil.example");
    expect(mail.html).not.toContain("evil.example");
  });
});

test("login throttling: 20 parallel wrong passwords, at most 5 are checked", async ({ request }) => {
  const email = uniqueEmail("burst");
  const password = "burst-pass-1";
  expect((await request.post("/api/auth/register", { data: { email, password, firstname: "Bu", lastname: "Rst" } })).status()).toBe(201);
  const results = await Promise.all(
    Array.from({ length: 20 }, () => request.post("/api/auth/login", { data: { email, password: "wrong-password-x" } })),
  );
  const statuses = results.map((r) => r.status());
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
  expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  const refused = results.find((r) => r.status() === 429)!;
  expect(await refused.json()).toEqual({ error: "Too many failed login attempts. Please wait 15 minutes and try again." });
  // The right password is refused too until the window ends.
  expect((await request.post("/api/auth/login", { data: { email, password } })).status()).toBe(429);
  const counted = queryOne<{ count: number }>("SELECT count FROM rate_limits WHERE key LIKE ?", `login:account:%|${email}`);
  expect(counted.count).toBe(6);
});
