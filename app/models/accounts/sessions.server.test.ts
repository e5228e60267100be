import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import type { Db } from "../../../db/client";
import { sessions, stores, users } from "../../../db/tables";
import { makeShop } from "../../../tests/unit/buying-fixtures";
import { createTestDb, makeUser } from "../../../tests/unit/helpers";
import { addToCart } from "~/models/buying/cart.server";
import { sha256 } from "~/utils/crypto.server";
import { isPg, rawRows } from "~/utils/db.server";
import {
  SESSION_TTL_MS,
  createSession,
  getSessionUser,
  getSessionViewer,
  revokeSession,
  revokeUserSessions,
} from "~/models/accounts/sessions.server";

let db: Db;

beforeEach(() => {
  db = createTestDb();
});

describe("sessions", () => {
  it("stores only the sha256 of the token", async () => {
    const user = await makeUser(db);
    const token = await createSession({ db, userId: user.id, userAgent: "vitest" });
    expect(token.length).toBeGreaterThanOrEqual(32);
    const rows = await db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(sha256(token));
    expect(rows[0].tokenHash).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0].userId).toBe(user.id);
  });

  it("getSessionUser returns the session's user", async () => {
    const user = await makeUser(db);
    const token = await createSession({ db, userId: user.id });
    expect((await getSessionUser({ db, token }))?.id).toBe(user.id);
  });

  it("returns null for an empty or unknown token", async () => {
    const user = await makeUser(db);
    await createSession({ db, userId: user.id });
    expect(await getSessionUser({ db, token: "" })).toBeNull();
    expect(await getSessionUser({ db, token: "not-a-real-token" })).toBeNull();
  });

  it("returns null after revokeSession, and only that session ends", async () => {
    const user = await makeUser(db);
    const a = await createSession({ db, userId: user.id });
    const b = await createSession({ db, userId: user.id });
    await revokeSession({ db, token: a });
    expect(await getSessionUser({ db, token: a })).toBeNull();
    expect((await getSessionUser({ db, token: b }))?.id).toBe(user.id);
  });

  it("returns null after expiry", async () => {
    const user = await makeUser(db);
    const start = new Date("2030-01-01T00:00:00Z");
    const token = await createSession({ db, userId: user.id, now: start });
    expect((await getSessionUser({ db, token, now: new Date(start.getTime() + 1000) }))?.id).toBe(user.id);
    expect((await getSessionUser({ db, token, now: new Date(start.getTime() + SESSION_TTL_MS - 1) }))?.id).toBe(user.id);
    expect(await getSessionUser({ db, token, now: new Date(start.getTime() + SESSION_TTL_MS) })).toBeNull();
    expect(await getSessionUser({ db, token, now: new Date(start.getTime() + SESSION_TTL_MS + 60_000) })).toBeNull();
  });

  it.each(["Inactive", "Suspended"] as const)("returns null for a %s user", async (status) => {
    const user = await makeUser(db);
    const token = await createSession({ db, userId: user.id });
    await db.update(users).set({ status }).where(eq(users.id, user.id));
    expect(await getSessionUser({ db, token })).toBeNull();
  });

  it("revokeUserSessions ends every session of that user only", async () => {
    const user = await makeUser(db);
    const other = await makeUser(db);
    const tokens = await Promise.all([1, 2, 3].map(async () => createSession({ db, userId: user.id })));
    const otherToken = await createSession({ db, userId: other.id });
    await revokeUserSessions({ db, userId: user.id });
    for (const token of tokens) expect(await getSessionUser({ db, token })).toBeNull();
    expect((await getSessionUser({ db, token: otherToken }))?.id).toBe(other.id);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it("no table of the database holds the password or the session token", async () => {
    const password = "Unique-Plaintext-Pa55word!";
    const user = await makeUser(db, { email: "dump@example.com", password });
    const token = await createSession({ db, userId: user.id, userAgent: "dump-test" });

    const tables = await rawRows<{ name: string }>(
      db,
      isPg(db)
        ? sql`select table_name as name from information_schema.tables where table_schema = 'public'`
        : sql`select name from sqlite_master where type='table'`,
    );
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(["users", "sessions"]));

    const dump: Record<string, unknown[]> = {};
    for (const { name } of tables) dump[name] = await rawRows(db, sql`select * from ${sql.identifier(name)}`);
    const text = JSON.stringify(dump);
    // Sanity: the dump really contains the data we just wrote.
    expect(text).toContain("dump@example.com");
    expect(text).toContain(sha256(token));
    expect(text).not.toContain(password);
    expect(text).not.toContain(token);
  });
});

describe("getSessionViewer (the root loader's one query)", () => {
  it("answers the user, no store and an empty cart for a new account", async () => {
    const user = await makeUser(db);
    const token = await createSession({ db, userId: user.id });
    expect(await getSessionViewer({ db, token })).toEqual({ user: await getSessionUser({ db, token }), hasStore: false, onboarded: false, cartCount: 0 });
  });

  it("counts the units in the user's cart and reads the store's onboarded flag", async () => {
    const shop = await makeShop(db);
    const buyer = await makeUser(db);
    await addToCart({ db, owner: { userId: buyer.id }, productId: shop.bag.id, quantity: 2 });
    await addToCart({ db, owner: { userId: buyer.id }, productId: shop.dress.id, variantId: shop.dressM.id });
    const buyerView = await getSessionViewer({ db, token: await createSession({ db, userId: buyer.id }) });
    expect(buyerView).toMatchObject({ hasStore: false, onboarded: false, cartCount: 3 });
    expect(buyerView?.user.id).toBe(buyer.id);

    const sellerToken = await createSession({ db, userId: shop.seller.id });
    expect(await getSessionViewer({ db, token: sellerToken })).toMatchObject({ hasStore: true, onboarded: false, cartCount: 0 });
    await db.update(stores).set({ stripeOnboarded: true }).where(eq(stores.id, shop.store.id));
    expect(await getSessionViewer({ db, token: sellerToken })).toMatchObject({ hasStore: true, onboarded: true });
  });

  it("is null for the tokens getSessionUser refuses: unknown, expired, revoked, inactive account", async () => {
    const user = await makeUser(db);
    const start = new Date("2030-01-01T00:00:00Z");
    const old = await createSession({ db, userId: user.id, now: start });
    expect(await getSessionViewer({ db, token: "" })).toBeNull();
    expect(await getSessionViewer({ db, token: "not-a-real-token" })).toBeNull();
    expect(await getSessionViewer({ db, token: old, now: new Date(start.getTime() + SESSION_TTL_MS + 1) })).toBeNull();
    const token = await createSession({ db, userId: user.id });
    await revokeSession({ db, token });
    expect(await getSessionViewer({ db, token })).toBeNull();
    const live = await createSession({ db, userId: user.id });
    await db.update(users).set({ status: "Suspended" }).where(eq(users.id, user.id));
    expect(await getSessionViewer({ db, token: live })).toBeNull();
  });
});
