/** The cookie session read once per request, and the root loader's viewer (user, store flags, cart count). */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { makeShop, useTestEnv } from "../../tests/unit/buying-fixtures";
import { createTestDb, makeUser } from "../../tests/unit/helpers";
import { createSession } from "~/models/accounts/sessions.server";
import { addToCart } from "~/models/buying/cart.server";
import type { Db } from "~/utils/db.server";
import { commitCookieSession, getCookieSession } from "~/utils/cookie-session.server";
import { getUser, getViewer } from "~/auth/viewer.server";

let db: Db;
beforeAll(() => void useTestEnv());
beforeEach(() => {
  db = createTestDb();
  globalThis.__db = db;
});

/** A Cookie header as the app would have set it. */
async function cookieWith(values: { token?: string; cartToken?: string; flash?: { kind: "success"; message: string } }) {
  const session = await getCookieSession(new Request("http://localhost/"));
  if (values.token) session.set("token", values.token);
  if (values.cartToken) session.set("cartToken", values.cartToken);
  if (values.flash) session.flash("flash", values.flash);
  const header = await commitCookieSession(new Request("http://localhost/"), session);
  return header.slice(0, header.indexOf(";"));
}
const requestWith = (cookie: string) => new Request("http://localhost/", { headers: { Cookie: cookie } });

describe("getCookieSession", () => {
  it("gives each call its own session: a flash read in one is still in the next", async () => {
    const request = requestWith(await cookieWith({ flash: { kind: "success", message: "Saved" } }));
    const first = await getCookieSession(request);
    expect(first.get("flash")).toEqual({ kind: "success", message: "Saved" });
    expect(first.get("flash")).toBeUndefined();
    expect((await getCookieSession(request)).get("flash")).toEqual({ kind: "success", message: "Saved" });
    // A second request with the same cookie (answered from the remembered parse) too.
    expect((await getCookieSession(requestWith(request.headers.get("Cookie")!))).get("flash")).toEqual({ kind: "success", message: "Saved" });
  });

  it("refuses a tampered cookie, also right after its genuine version was read", async () => {
    const cookie = await cookieWith({ cartToken: "abc" });
    expect((await getCookieSession(requestWith(cookie))).get("cartToken")).toBe("abc");
    const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
    const decoded = decodeURIComponent(value);
    const forged = `${name}=${encodeURIComponent(`${decoded.slice(0, -2)}${decoded.endsWith("AA") ? "BB" : "AA"}`)}`;
    expect((await getCookieSession(requestWith(forged))).get("cartToken")).toBeUndefined();
  });
});

describe("getViewer", () => {
  it("answers a logged-in user's store flags and cart count, and getUser answers the same user", async () => {
    const shop = await makeShop(db);
    // Another store's design: a seller cannot buy their own.
    const other = await makeShop(db);
    expect(await addToCart({ db, owner: { userId: shop.seller.id }, productId: other.bag.id, quantity: 2 })).toEqual({ ok: true });
    const request = requestWith(await cookieWith({ token: await createSession({ db, userId: shop.seller.id }) }));
    const viewer = await getViewer(request);
    expect(viewer).toMatchObject({ hasStore: true, onboarded: false, cartCount: 2 });
    expect(viewer.user?.id).toBe(shop.seller.id);
    expect(await getUser(request)).toBe(viewer.user);
  });

  it("counts a visitor's cart behind the cookie's cart token; no cookie is an empty visitor", async () => {
    const shop = await makeShop(db);
    await addToCart({ db, owner: { visitorToken: "visitor-token" }, productId: shop.bag.id, quantity: 3 });
    expect(await getViewer(requestWith(await cookieWith({ cartToken: "visitor-token" })))).toEqual({
      user: null,
      hasStore: false,
      onboarded: false,
      cartCount: 3,
    });
    expect(await getViewer(new Request("http://localhost/"))).toEqual({ user: null, hasStore: false, onboarded: false, cartCount: 0 });
  });

  it("treats a revoked session as a visitor (with the visitor's cart, if any)", async () => {
    const user = await makeUser(db);
    const request = requestWith(await cookieWith({ token: "no-such-session" }));
    expect(await getViewer(request)).toEqual({ user: null, hasStore: false, onboarded: false, cartCount: 0 });
    expect(await getUser(request)).toBeNull();
    expect(user.id).toBeGreaterThan(0);
  });
});
