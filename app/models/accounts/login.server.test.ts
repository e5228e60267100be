import { afterEach, describe, expect, it } from "vitest";

import type { Db } from "../../../db/client";
import { attemptLogin, type LoginLimits } from "~/models/accounts/login.server";
import { closeTestDbs, createSharedTestDbs, makeUser } from "../../../tests/unit/helpers";

const LIMITS: LoginLimits = { maxFailures: 5, windowMs: 15 * 60 * 1000 };
const PASSWORD = "correct horse battery";

const opened: Db[] = [];
/** Handles on one fresh database, as that many processes would hold (tests/unit/helpers.ts). */
function fileDb(connections = 1): Db[] {
  const dbs = createSharedTestDbs(connections);
  opened.push(...dbs);
  return dbs;
}
afterEach(async () => {
  await closeTestDbs(...opened.splice(0));
});

describe("attemptLogin rate limit", () => {
  it("20 parallel wrong passwords: exactly 5 are checked, 15 refused, and then even the right password waits", async () => {
    const [db] = fileDb();
    const user = await makeUser(db, { password: PASSWORD });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => attemptLogin({ db, email: user.email, password: "wrong-guess-1", clientKey: "10.0.0.1", limits: LIMITS })),
    );
    const errors = results.map((r) => (r.ok ? "ok" : r.error));
    expect(errors.filter((e) => e === "wrong-password")).toHaveLength(5);
    expect(errors.filter((e) => e === "rate-limited")).toHaveLength(15);
    const right = await attemptLogin({ db, email: user.email, password: PASSWORD, clientKey: "10.0.0.1", limits: LIMITS });
    expect(right).toEqual({ ok: false, error: "rate-limited" });
    // Another address is not locked out of the account.
    const elsewhere = await attemptLogin({ db, email: user.email, password: PASSWORD, clientKey: "10.0.0.2", limits: LIMITS });
    expect(elsewhere.ok).toBe(true);
  });

  it("holds across two connections (two processes) racing", async () => {
    const [a, b] = fileDb(2);
    const user = await makeUser(a, { password: PASSWORD });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        attemptLogin({ db: i % 2 ? b : a, email: user.email.toUpperCase(), password: "wrong-guess-2", clientKey: "10.0.0.3", limits: LIMITS }),
      ),
    );
    expect(results.filter((r) => !r.ok && r.error === "wrong-password")).toHaveLength(5);
    expect(results.filter((r) => !r.ok && r.error === "rate-limited")).toHaveLength(7);
  });

  it("a successful login clears the account's counter", async () => {
    const [db] = fileDb();
    const user = await makeUser(db, { password: PASSWORD });
    const login = (password: string) => attemptLogin({ db, email: user.email, password, clientKey: "10.0.0.4", limits: LIMITS });
    for (let i = 0; i < 4; i++) expect(await login("nope-nope")).toEqual({ ok: false, error: "wrong-password" });
    expect((await login(PASSWORD)).ok).toBe(true);
    for (let i = 0; i < 5; i++) expect(await login("nope-nope")).toEqual({ ok: false, error: "wrong-password" });
    expect(await login("nope-nope")).toEqual({ ok: false, error: "rate-limited" });
  });

  it("the window ends after windowMs; one address over many accounts gets ten times the limit", async () => {
    const [db] = fileDb();
    const user = await makeUser(db, { password: PASSWORD });
    const now = 1_900_000_000_000;
    for (let i = 0; i < 6; i++) await attemptLogin({ db, email: user.email, password: "x-wrong", clientKey: "10.0.0.5", limits: LIMITS, now });
    expect(await attemptLogin({ db, email: user.email, password: PASSWORD, clientKey: "10.0.0.5", limits: LIMITS, now })).toEqual({
      ok: false,
      error: "rate-limited",
    });
    expect((await attemptLogin({ db, email: user.email, password: PASSWORD, clientKey: "10.0.0.5", limits: LIMITS, now: now + LIMITS.windowMs })).ok).toBe(true);

    const spray = [];
    for (let i = 0; i < 60; i++) {
      spray.push(await attemptLogin({ db, email: `nobody${i}@example.test`, password: "x", clientKey: "10.0.0.6", limits: LIMITS, now }));
    }
    expect(spray.filter((r) => !r.ok && r.error === "unknown-email")).toHaveLength(50);
    expect(spray.filter((r) => !r.ok && r.error === "rate-limited")).toHaveLength(10);
  });

  it("a configured address limit (many people behind one address) replaces ten times the account limit", async () => {
    const [db] = fileDb();
    const now = 1_900_000_000_000;
    const limits: LoginLimits = { ...LIMITS, maxAddressFailures: 8 };
    const spray = [];
    for (let i = 0; i < 12; i++) {
      spray.push(await attemptLogin({ db, email: `someone${i}@example.test`, password: "x", clientKey: "10.0.0.7", limits, now }));
    }
    expect(spray.filter((r) => !r.ok && r.error === "unknown-email")).toHaveLength(8);
    expect(spray.filter((r) => !r.ok && r.error === "rate-limited")).toHaveLength(4);
  });
});
