import fs from "node:fs";
import path from "node:path";

import { DATA_DIR, DEMO, expect, test, uniqueEmail } from "./fixtures";

test.describe("JSON face of accounts", () => {
  test("register returns a token that reads /api/auth/setup", async ({ request }) => {
    const email = uniqueEmail("api");
    const res = await request.post("/api/auth/register", {
      data: { email, password: "api-password-1", firstname: "Ada", lastname: "Api" },
    });
    expect(res.status()).toBe(201);
    const { token } = await res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const setup = await request.get("/api/auth/setup", { headers: { Authorization: token } });
    expect(setup.status()).toBe(200);
    expect(await setup.json()).toEqual({ hasStoreSetup: false });

    // Login gives a fresh token that works too.
    const login = await request.post("/api/auth/login", { data: { email, password: "api-password-1" } });
    expect(login.status()).toBe(200);
    const second = (await login.json()).token;
    expect(second).not.toBe(token);
    expect((await request.get("/api/auth/setup", { headers: { Authorization: second } })).status()).toBe(200);
  });

  test("the demo seller has a store", async ({ request }) => {
    const { token } = await (await request.post("/api/auth/login", { data: DEMO.seller })).json();
    expect(await (await request.get("/api/auth/setup", { headers: { Authorization: token } })).json()).toEqual({
      hasStoreSetup: true,
    });
  });

  test("login statuses: 400 unknown email, 401 wrong password", async ({ request }) => {
    const unknown = await request.post("/api/auth/login", { data: { email: uniqueEmail("ghost"), password: "x-password" } });
    expect(unknown.status()).toBe(400);
    expect((await unknown.json()).error).toBe("The e-mail address you entered does not belong to any user.");

    const email = uniqueEmail("api-wrong");
    await request.post("/api/auth/register", { data: { email, password: "api-password-1", firstname: "W", lastname: "P" } });
    const wrong = await request.post("/api/auth/login", { data: { email, password: "not-the-password" } });
    expect(wrong.status()).toBe(401);
    expect((await wrong.json()).error).toMatch(/^The password you entered does not match/);
  });

  test("register statuses: 400 duplicate or bad email, 401 password problem", async ({ request }) => {
    const email = uniqueEmail("api-dup");
    const payload = { email, password: "api-password-1", firstname: "D", lastname: "U" };
    expect((await request.post("/api/auth/register", { data: payload })).status()).toBe(201);
    const dup = await request.post("/api/auth/register", { data: { ...payload, email: email.toUpperCase() } });
    expect(dup.status()).toBe(400);
    expect((await dup.json()).error).toBe(
      "An account with this email address already exists, please login or use a different email address.",
    );
    const badEmail = await request.post("/api/auth/register", { data: { ...payload, email: "not-an-email" } });
    expect(badEmail.status()).toBe(400);
    const shortPassword = await request.post("/api/auth/register", {
      data: { ...payload, email: uniqueEmail("api-short"), password: "short" },
    });
    expect(shortPassword.status()).toBe(401);
  });

  test("malformed bodies get 400 with { error }, never a 500", async ({ request }) => {
    for (const [url, body] of [
      ["/api/auth/login", "{not json"],
      ["/api/auth/login", "[1,2]"],
      ["/api/auth/login", JSON.stringify({ email: "a@b.c" })],
      ["/api/auth/register", JSON.stringify({ email: "a@b.c", password: "long-enough-1" })],
      ["/api/auth/register", "null"],
      ["/api/auth/recovery", "{}"],
    ]) {
      const res = await request.post(url, { data: body, headers: { "Content-Type": "application/json" } });
      expect(res.status(), `${url} ${body}`).toBe(400);
      expect(typeof (await res.json()).error).toBe("string");
    }
  });

  test("recovery answers the same for known and unknown addresses", async ({ request }) => {
    const known = await request.post("/api/auth/recovery", { data: { email: DEMO.buyer.email } });
    const unknown = await request.post("/api/auth/recovery", { data: { email: uniqueEmail("nobody") } });
    expect(known.status()).toBe(200);
    expect(unknown.status()).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
  });

  test("missing or revoked tokens get 401; admin paths 401 for visitors and 403 for users", async ({ request }) => {
    expect((await request.get("/api/auth/setup")).status()).toBe(401);
    expect((await request.get("/api/auth/setup", { headers: { Authorization: "not-a-token" } })).status()).toBe(401);

    const { token } = await (await request.post("/api/auth/login", { data: DEMO.buyer })).json();
    for (const path of ["/api/admin/get-orders", "/api/admin/get-users", "/api/admin/anything/at/all"]) {
      const visitor = await request.get(path);
      expect(visitor.status(), path).toBe(401);
      expect(typeof (await visitor.json()).error).toBe("string");
      expect((await request.get(path, { headers: { Authorization: token } })).status(), path).toBe(403);
      expect((await request.post(path, { headers: { Authorization: token }, data: {} })).status(), path).toBe(403);
    }
    const admin = await (await request.post("/api/auth/login", { data: DEMO.admin })).json();
    expect((await request.get("/api/admin/anything/at/all", { headers: { Authorization: admin.token } })).status()).toBe(404);
  });

  test("the database holds no plain-text password and no plain-text session token", async ({ request }) => {
    const email = uniqueEmail("dump");
    const password = "very-distinctive-password-8841";
    const { token } = await (
      await request.post("/api/auth/register", { data: { email, password, firstname: "Dee", lastname: "Dump" } })
    ).json();
    expect(token).toBeTruthy();
    const bytes = ["marketplace.db", "marketplace.db-wal"]
      .map((f) => path.join(DATA_DIR, f))
      .filter((f) => fs.existsSync(f))
      .map((f) => fs.readFileSync(f).toString("latin1"))
      .join("");
    expect(bytes).toContain(email); // the account is really there...
    expect(bytes).not.toContain(password); // ...but not its password
    expect(bytes).not.toContain(token); // ...nor its session token
  });
});
