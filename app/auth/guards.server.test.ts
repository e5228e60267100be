/** The guards of both faces: requireAnonymous, requireSeller, requireApiSeller, and invariantResponse. */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { stores, type User } from "../../db/tables";
import { useTestEnv } from "../../tests/unit/buying-fixtures";
import { createTestDb, makeUser } from "../../tests/unit/helpers";
import { createSession } from "~/models/accounts/sessions.server";
import { requireApiSeller } from "~/auth/guards.server";
import type { Db } from "~/utils/db.server";
import { invariantResponse } from "~/utils/invariant";
import { currentSessionToken } from "~/utils/cookie-session.server";
import { requireAnonymous, requireSeller } from "~/auth/guards.server";

let db: Db;
beforeAll(() => void useTestEnv());
beforeEach(() => {
  db = createTestDb();
  globalThis.__db = db;
});

async function requestAs(user?: User) {
  const headers = user ? { Authorization: await createSession({ db, userId: user.id }) } : undefined;
  return new Request("http://localhost/store-settings?tab=media", { headers });
}

async function thrown(fn: () => Promise<unknown>): Promise<Response> {
  const error = await fn().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Response);
  return error as Response;
}

describe("requireSeller (HTML face)", () => {
  it("sends visitors to /login and back, users without a store to /store-settings, and answers user and store", async () => {
    const visitor = await thrown(async () => requireSeller(await requestAs()));
    expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/store-settings?tab=media")}`);
    const user = await makeUser(db);
    expect((await thrown(async () => requireSeller(await requestAs(user)))).headers.get("Location")).toBe("/store-settings");
    const store = (await db.insert(stores).values({ userId: user.id, name: "Dart Loft" }).returning())[0];
    const seller = await requireSeller(await requestAs(user));
    expect(seller.user.id).toBe(user.id);
    expect(seller.store).toEqual(store);
  });
});

describe("requireApiSeller (JSON face)", () => {
  it("answers 401 to visitors, 404 'Please setup your store first' to users without a store", async () => {
    expect((await thrown(async () => requireApiSeller(await requestAs()))).status).toBe(401);
    const user = await makeUser(db);
    const noStore = await thrown(async () => requireApiSeller(await requestAs(user)));
    expect(noStore.status).toBe(404);
    expect(await noStore.json()).toEqual({ error: "Please setup your store first" });
    await db.insert(stores).values({ userId: user.id, name: "Dart Loft" });
    expect((await requireApiSeller(await requestAs(user))).store.userId).toBe(user.id);
  });
});

describe("requireAnonymous", () => {
  it("lets visitors through and sends users home", async () => {
    await expect(requireAnonymous(await requestAs())).resolves.toBeUndefined();
    const response = await thrown(async () => requireAnonymous(await requestAs(await makeUser(db))));
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("currentSessionToken", () => {
  it("is the Authorization header's token, or null", async () => {
    expect(await currentSessionToken(new Request("http://localhost/", { headers: { Authorization: "Bearer abc" } }))).toBe("abc");
    expect(await currentSessionToken(new Request("http://localhost/"))).toBeNull();
  });
});

describe("invariantResponse", () => {
  it("throws a Response with the message and status when the condition fails", async () => {
    expect(() => invariantResponse(1, "Not found", { status: 404 })).not.toThrow();
    const response = await thrown(async () => invariantResponse(null, "Not found", { status: 404 }));
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Not found");
  });
});
