import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import type { Db } from "../../../db/client";
import { users } from "../../../db/tables";
import { createTestDb, makeUser } from "../../../tests/unit/helpers";
import { ensureAdmin, findUserByEmail, registerUser, verifyLogin } from "~/models/accounts/users.server";
import { first } from "~/utils/db.server";

let db: Db;

beforeEach(() => {
  db = createTestDb();
});

describe("registerUser", () => {
  it("normalizes the email (case and surrounding spaces)", async () => {
    const result = await registerUser({
      db,
      email: "  Alice.Smith@Example.COM ",
      password: "password123",
      firstName: " Alice ",
      lastName: " Smith ",
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.user.email).toBe("alice.smith@example.com");
    expect(result.user.firstName).toBe("Alice");
    expect(result.user.lastName).toBe("Smith");
    expect(result.user.role).toBe("user");
    expect(result.user.status).toBe("Active");
    expect((await findUserByEmail({ db, email: "ALICE.smith@example.com" }))?.id).toBe(result.user.id);
  });

  it("refuses a duplicate email, also with a different case", async () => {
    await makeUser(db, { email: "bob@example.com" });
    const same = await registerUser({ db, email: "bob@example.com", password: "password123", firstName: "B", lastName: "B" });
    expect(same).toEqual({ ok: false, error: "duplicate-email" });
    const otherCase = await registerUser({
      db,
      email: "  BOB@Example.com",
      password: "password123",
      firstName: "B",
      lastName: "B",
    });
    expect(otherCase).toEqual({ ok: false, error: "duplicate-email" });
    expect(await db.select().from(users)).toHaveLength(1);
  });

  it("lets one address register 10 accounts an hour (a duplicate does not count); another address and the seed are not held", async () => {
    const register = (n: number, clientKey?: string) =>
      registerUser({ db, email: `many${n}@example.com`, password: "password123", firstName: "M", lastName: "N", clientKey });
    for (let n = 0; n < 10; n++) expect((await register(n, "203.0.113.9")).ok).toBe(true);
    expect(await registerUser({ db, email: "many0@example.com", password: "password123", firstName: "M", lastName: "N", clientKey: "203.0.113.9" })).toEqual({
      ok: false,
      error: "duplicate-email",
    });
    expect(await register(10, "203.0.113.9")).toEqual({ ok: false, error: "rate-limited" });
    expect(await findUserByEmail({ db, email: "many10@example.com" })).toBeUndefined();
    expect((await register(11, "198.51.100.4")).ok).toBe(true);
    expect((await register(12)).ok).toBe(true);
  });

  it("stores an argon2id hash, never the plain password", async () => {
    const password = "Sup3r-Secret-Passw0rd";
    const user = await makeUser(db, { password });
    const row = (await first(db.select().from(users).where(eq(users.id, user.id)).limit(1)))!;
    expect(row.passwordHash.startsWith("$argon2id$")).toBe(true);
    expect(row.passwordHash).not.toContain(password);
    expect(JSON.stringify(row)).not.toContain(password);
  });
});

describe("verifyLogin", () => {
  const password = "password123";

  it("reports an unknown email", async () => {
    await makeUser(db, { email: "carol@example.com", password });
    expect(await verifyLogin({ db, email: "nobody@example.com", password })).toEqual({
      ok: false,
      error: "unknown-email",
    });
  });

  it("reports a wrong password", async () => {
    await makeUser(db, { email: "carol@example.com", password });
    expect(await verifyLogin({ db, email: "carol@example.com", password: "password124" })).toEqual({
      ok: false,
      error: "wrong-password",
    });
  });

  it.each(["Inactive", "Suspended"] as const)("refuses a %s account", async (status) => {
    const user = await makeUser(db, { email: "carol@example.com", password });
    await db.update(users).set({ status }).where(eq(users.id, user.id));
    expect(await verifyLogin({ db, email: "carol@example.com", password })).toEqual({
      ok: false,
      error: "inactive",
    });
  });

  it("accepts the right credentials, with any case and spaces in the email", async () => {
    const user = await makeUser(db, { email: "carol@example.com", password });
    const result = await verifyLogin({ db, email: " Carol@EXAMPLE.com ", password });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.user.id).toBe(user.id);
  });
});

describe("ensureAdmin", () => {
  it("creates the administrator when there is none", async () => {
    const admin = await ensureAdmin({ db, email: "Admin@Example.com", password: "admin-pass-1" });
    expect(admin.role).toBe("admin");
    expect(admin.email).toBe("admin@example.com");
    expect(admin.passwordHash.startsWith("$argon2id$")).toBe(true);
    const login = await verifyLogin({ db, email: "admin@example.com", password: "admin-pass-1" });
    expect(login.ok).toBe(true);
  });

  it("promotes an existing user and updates the password", async () => {
    const user = await makeUser(db, { email: "dave@example.com", password: "old-password" });
    await db.update(users).set({ status: "Suspended" }).where(eq(users.id, user.id));

    const admin = await ensureAdmin({ db, email: "DAVE@example.com", password: "new-password" });
    expect(admin.id).toBe(user.id);
    expect(admin.role).toBe("admin");
    expect(admin.status).toBe("Active");
    expect(await db.select().from(users)).toHaveLength(1);

    expect((await verifyLogin({ db, email: "dave@example.com", password: "new-password" })).ok).toBe(true);
    expect(await verifyLogin({ db, email: "dave@example.com", password: "old-password" })).toEqual({
      ok: false,
      error: "wrong-password",
    });
  });

  it("is idempotent: running it twice keeps one admin", async () => {
    const first = await ensureAdmin({ db, email: "admin@example.com", password: "admin-pass-1" });
    const second = await ensureAdmin({ db, email: "admin@example.com", password: "admin-pass-1" });
    expect(second.id).toBe(first.id);
    expect(second.passwordHash).toBe(first.passwordHash);
    expect(await db.select().from(users)).toHaveLength(1);
  });
});
