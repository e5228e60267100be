import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import type { Db } from "../../../db/client";
import { passwordResetTokens, users } from "../../../db/tables";
import { createTestDb, makeUser } from "../../../tests/unit/helpers";
import { RESET_TTL_MS, createPasswordReset, isPasswordResetUsable, resetPassword } from "~/models/accounts/password-reset.server";
import { createSession, getSessionUser } from "~/models/accounts/sessions.server";
import { verifyLogin } from "~/models/accounts/users.server";
import { sha256 } from "~/utils/crypto.server";

let db: Db;

beforeEach(() => {
  db = createTestDb();
});

const EMAIL = "erin@example.com";
const OLD = "old-password-1";
const NEW = "new-password-2";

describe("createPasswordReset", () => {
  it("returns null for an unknown email", async () => {
    await makeUser(db, { email: EMAIL, password: OLD });
    expect(createPasswordReset({ db, email: "nobody@example.com" })).toBeNull();
    expect(db.select().from(passwordResetTokens).all()).toHaveLength(0);
  });

  it.each(["Inactive", "Suspended"] as const)("returns null for a %s account", async (status) => {
    const user = await makeUser(db, { email: EMAIL, password: OLD });
    db.update(users).set({ status }).where(eq(users.id, user.id)).run();
    expect(createPasswordReset({ db, email: EMAIL })).toBeNull();
    expect(db.select().from(passwordResetTokens).all()).toHaveLength(0);
  });

  it("stores only the token's hash and finds the account case-insensitively", async () => {
    const user = await makeUser(db, { email: EMAIL, password: OLD });
    const reset = createPasswordReset({ db, email: " ERIN@example.com " });
    expect(reset).not.toBeNull();
    expect(reset!.user.id).toBe(user.id);
    const rows = db.select().from(passwordResetTokens).all();
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(sha256(reset!.token));
    expect(JSON.stringify(rows)).not.toContain(reset!.token);
  });
});

describe("resetPassword", () => {
  it("works once: the same token is refused the second time", async () => {
    await makeUser(db, { email: EMAIL, password: OLD });
    const { token } = createPasswordReset({ db, email: EMAIL })!;
    expect(isPasswordResetUsable({ db, token })).toBe(true);
    expect(await resetPassword({ db, token, password: NEW })).toBe(true);
    expect(isPasswordResetUsable({ db, token })).toBe(false);
    expect(await resetPassword({ db, token, password: "third-password" })).toBe(false);
    expect((await verifyLogin({ db, email: EMAIL, password: NEW })).ok).toBe(true);
  });

  it("refuses an unknown or empty token", async () => {
    await makeUser(db, { email: EMAIL, password: OLD });
    createPasswordReset({ db, email: EMAIL });
    expect(isPasswordResetUsable({ db, token: "" })).toBe(false);
    expect(isPasswordResetUsable({ db, token: "bogus" })).toBe(false);
    expect(await resetPassword({ db, token: "bogus", password: NEW })).toBe(false);
  });

  it("expires after one hour", async () => {
    await makeUser(db, { email: EMAIL, password: OLD });
    const start = new Date("2030-01-01T12:00:00Z");
    const { token } = createPasswordReset({ db, email: EMAIL, now: start })!;
    expect(RESET_TTL_MS).toBe(60 * 60 * 1000);
    expect(isPasswordResetUsable({ db, token, now: new Date(start.getTime() + 59 * 60_000) })).toBe(true);
    const later = new Date(start.getTime() + 61 * 60_000);
    expect(isPasswordResetUsable({ db, token, now: later })).toBe(false);
    expect(await resetPassword({ db, token, password: NEW, now: later })).toBe(false);
    // The old password still works: nothing changed.
    expect((await verifyLogin({ db, email: EMAIL, password: OLD })).ok).toBe(true);
  });

  it("sets the new password, drops the old one and revokes the user's sessions", async () => {
    const user = await makeUser(db, { email: EMAIL, password: OLD });
    const other = await makeUser(db);
    const s1 = createSession({ db, userId: user.id });
    const s2 = createSession({ db, userId: user.id });
    const otherSession = createSession({ db, userId: other.id });
    const { token } = createPasswordReset({ db, email: EMAIL })!;

    expect(await resetPassword({ db, token, password: NEW })).toBe(true);

    expect((await verifyLogin({ db, email: EMAIL, password: NEW })).ok).toBe(true);
    expect(await verifyLogin({ db, email: EMAIL, password: OLD })).toEqual({ ok: false, error: "wrong-password" });
    expect(getSessionUser({ db, token: s1 })).toBeNull();
    expect(getSessionUser({ db, token: s2 })).toBeNull();
    expect(getSessionUser({ db, token: otherSession })?.id).toBe(other.id);
  });

  it("spends the user's other outstanding tokens too (but not other users')", async () => {
    await makeUser(db, { email: EMAIL, password: OLD });
    await makeUser(db, { email: "frank@example.com", password: OLD });
    const first = createPasswordReset({ db, email: EMAIL })!.token;
    const second = createPasswordReset({ db, email: EMAIL })!.token;
    const third = createPasswordReset({ db, email: EMAIL })!.token;
    const franks = createPasswordReset({ db, email: "frank@example.com" })!.token;

    expect(await resetPassword({ db, token: second, password: NEW })).toBe(true);

    for (const token of [first, second, third]) {
      expect(isPasswordResetUsable({ db, token })).toBe(false);
      expect(await resetPassword({ db, token, password: "another-pass" })).toBe(false);
    }
    expect((await verifyLogin({ db, email: EMAIL, password: NEW })).ok).toBe(true);
    expect(isPasswordResetUsable({ db, token: franks })).toBe(true);
  });
});
