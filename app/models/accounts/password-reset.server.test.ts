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
    expect(await createPasswordReset({ db, email: "nobody@example.com" })).toBeNull();
    expect(await db.select().from(passwordResetTokens)).toHaveLength(0);
  });

  it.each(["Inactive", "Suspended"] as const)("returns null for a %s account", async (status) => {
    const user = await makeUser(db, { email: EMAIL, password: OLD });
    await db.update(users).set({ status }).where(eq(users.id, user.id));
    expect(await createPasswordReset({ db, email: EMAIL })).toBeNull();
    expect(await db.select().from(passwordResetTokens)).toHaveLength(0);
  });

  it("stores only the token's hash and finds the account case-insensitively", async () => {
    const user = await makeUser(db, { email: EMAIL, password: OLD });
    const reset = await createPasswordReset({ db, email: " ERIN@example.com " });
    expect(reset).not.toBeNull();
    expect(reset!.user.id).toBe(user.id);
    const rows = await db.select().from(passwordResetTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(sha256(reset!.token));
    expect(JSON.stringify(rows)).not.toContain(reset!.token);
  });
});

describe("resetPassword", () => {
  it("works once: the same token is refused the second time", async () => {
    await makeUser(db, { email: EMAIL, password: OLD });
    const { token } = (await createPasswordReset({ db, email: EMAIL }))!;
    expect(await isPasswordResetUsable({ db, token })).toBe(true);
    expect(await resetPassword({ db, token, password: NEW })).toBe(true);
    expect(await isPasswordResetUsable({ db, token })).toBe(false);
    expect(await resetPassword({ db, token, password: "third-password" })).toBe(false);
    expect((await verifyLogin({ db, email: EMAIL, password: NEW })).ok).toBe(true);
  });

  it("refuses an unknown or empty token", async () => {
    await makeUser(db, { email: EMAIL, password: OLD });
    await createPasswordReset({ db, email: EMAIL });
    expect(await isPasswordResetUsable({ db, token: "" })).toBe(false);
    expect(await isPasswordResetUsable({ db, token: "bogus" })).toBe(false);
    expect(await resetPassword({ db, token: "bogus", password: NEW })).toBe(false);
  });

  it("expires after one hour", async () => {
    await makeUser(db, { email: EMAIL, password: OLD });
    const start = new Date("2030-01-01T12:00:00Z");
    const { token } = (await createPasswordReset({ db, email: EMAIL, now: start }))!;
    expect(RESET_TTL_MS).toBe(60 * 60 * 1000);
    expect(await isPasswordResetUsable({ db, token, now: new Date(start.getTime() + 59 * 60_000) })).toBe(true);
    const later = new Date(start.getTime() + 61 * 60_000);
    expect(await isPasswordResetUsable({ db, token, now: later })).toBe(false);
    expect(await resetPassword({ db, token, password: NEW, now: later })).toBe(false);
    // The old password still works: nothing changed.
    expect((await verifyLogin({ db, email: EMAIL, password: OLD })).ok).toBe(true);
  });

  it("sets the new password, drops the old one and revokes the user's sessions", async () => {
    const user = await makeUser(db, { email: EMAIL, password: OLD });
    const other = await makeUser(db);
    const s1 = await createSession({ db, userId: user.id });
    const s2 = await createSession({ db, userId: user.id });
    const otherSession = await createSession({ db, userId: other.id });
    const { token } = (await createPasswordReset({ db, email: EMAIL }))!;

    expect(await resetPassword({ db, token, password: NEW })).toBe(true);

    expect((await verifyLogin({ db, email: EMAIL, password: NEW })).ok).toBe(true);
    expect(await verifyLogin({ db, email: EMAIL, password: OLD })).toEqual({ ok: false, error: "wrong-password" });
    expect(await getSessionUser({ db, token: s1 })).toBeNull();
    expect(await getSessionUser({ db, token: s2 })).toBeNull();
    expect((await getSessionUser({ db, token: otherSession }))?.id).toBe(other.id);
  });

  it("spends the user's other outstanding tokens too (but not other users')", async () => {
    await makeUser(db, { email: EMAIL, password: OLD });
    await makeUser(db, { email: "frank@example.com", password: OLD });
    const first = (await createPasswordReset({ db, email: EMAIL }))!.token;
    const second = (await createPasswordReset({ db, email: EMAIL }))!.token;
    const third = (await createPasswordReset({ db, email: EMAIL }))!.token;
    const franks = (await createPasswordReset({ db, email: "frank@example.com" }))!.token;

    expect(await resetPassword({ db, token: second, password: NEW })).toBe(true);

    for (const token of [first, second, third]) {
      expect(await isPasswordResetUsable({ db, token })).toBe(false);
      expect(await resetPassword({ db, token, password: "another-pass" })).toBe(false);
    }
    expect((await verifyLogin({ db, email: EMAIL, password: NEW })).ok).toBe(true);
    expect(await isPasswordResetUsable({ db, token: franks })).toBe(true);
  });
});
