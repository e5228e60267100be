import { createCookie, createCookieSessionStorage, createSession, redirect, type Cookie, type Session } from "@remix-run/node";

import type { Store, User } from "../../db/schema";
import { createSession as createSessionRow, getSessionUser, getSessionViewer, revokeSession, type SessionUser } from "~/models/accounts/sessions.server";
import { countCartItems, joinVisitorCart, type CartOwner } from "~/models/buying/cart.server";
import { getStoreByOwner } from "~/models/catalog/stores.server";
import { randomToken } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { invariantResponse } from "~/utils/invariant";

export type Flash = { kind: "success" | "error"; message: string };

type SessionData = {
  /** Bearer token of the database session row (only its hash is stored server-side). */
  token: string;
  /** Random token of a visitor's cart (hash stored in carts.visitor_token_hash). */
  cartToken: string;
  /** The chosen level-1 category (spec: active_menu). */
  activeMenu: string;
};
type FlashData = { flash: Flash };

let storage: ReturnType<typeof createCookieSessionStorage<SessionData, FlashData>> | undefined;

function getStorage() {
  storage ??= createCookieSessionStorage<SessionData, FlashData>({
    cookie: rememberParsed(
      createCookie("__session", {
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secrets: [getEnv().SESSION_SECRET],
        maxAge: 60 * 60 * 24 * 30,
      }),
    ),
  });
  return storage;
}

/**
 * The same cookie, but a Cookie header seen recently is not verified and decoded again (an HMAC and two
 * hashes per request otherwise): the answer for one header string is always the same. Each caller gets
 * its own copy of the value.
 */
function rememberParsed(cookie: Cookie, max = 2000): Cookie {
  const parsed = new Map<string, string>();
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    async parse(header, options) {
      if (!header || options) return cookie.parse(header, options);
      const known = parsed.get(header);
      if (known !== undefined) return JSON.parse(known);
      const value = await cookie.parse(header);
      parsed.set(header, JSON.stringify(value ?? null));
      if (parsed.size > max) parsed.delete(parsed.keys().next().value as string);
      return value;
    },
    serialize: (value, options) => cookie.serialize(value, options),
  };
}

export type CookieSession = Session<SessionData, FlashData>;

const cookieData = new WeakMap<Request, Promise<CookieSession["data"]>>();

/**
 * The request's cookie session. The cookie is parsed and its signature checked once per request; every call
 * gets its own session object (reading a flash takes it out of that object only).
 */
export async function getCookieSession(request: Request): Promise<CookieSession> {
  let data = cookieData.get(request);
  if (!data) {
    data = getStorage()
      .getSession(request.headers.get("Cookie"))
      .then((session) => session.data);
    cookieData.set(request, data);
  }
  // The parsed data holds the flash under its internal key, as the storage would pass it.
  return createSession<SessionData, FlashData>((await data) as SessionData);
}

/** The cookie is Secure whenever the request came over https (directly or through a trusted proxy). */
function isHttps(request: Request) {
  return new URL(request.url).protocol === "https:";
}

export function commitCookieSession(request: Request, session: CookieSession): Promise<string> {
  return getStorage().commitSession(session, { secure: isHttps(request) });
}

export function destroyCookieSession(request: Request, session: CookieSession): Promise<string> {
  return getStorage().destroySession(session, { secure: isHttps(request) });
}

/** The raw token of spec 7: `Authorization: <token>` (a `Bearer ` prefix is accepted too). */
export function tokenFromAuthorization(request: Request): string | null {
  const header = request.headers.get("Authorization");
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, "").trim();
  return token || null;
}

/** The session token a request carries: the Authorization header's, else the cookie's (kept on a password change). */
export async function currentSessionToken(request: Request): Promise<string | null> {
  return tokenFromAuthorization(request) ?? (await getCookieSession(request)).get("token") ?? null;
}

/** What the header of every page shows: the user (or null), their store flags, and the cart's item count. */
export type Viewer = { user: SessionUser | null; hasStore: boolean; onboarded: boolean; cartCount: number };

const userCache = new WeakMap<Request, Promise<SessionUser | null>>();
const apiUserCache = new WeakMap<Request, Promise<SessionUser | null>>();
const viewerCache = new WeakMap<Request, Promise<Viewer>>();

/**
 * The root loader's data about who is asking, in one query for a logged-in user (a visitor's cart count is
 * one more, only when the cookie carries a cart token). The user it finds is the one getUser answers for
 * the rest of the request.
 */
export function getViewer(request: Request): Promise<Viewer> {
  let cached = viewerCache.get(request);
  if (!cached) {
    cached = (async () => {
      const db = getDb();
      const token = await currentSessionToken(request);
      const viewer = token ? getSessionViewer({ db, token }) : null;
      if (viewer) return viewer;
      const visitorToken = (await getCookieSession(request)).get("cartToken");
      return { user: null, hasStore: false, onboarded: false, cartCount: visitorToken ? countCartItems({ db, owner: { visitorToken } }) : 0 };
    })();
    viewerCache.set(request, cached);
    if (!userCache.has(request)) userCache.set(request, cached.then((v) => v.user));
  }
  return cached;
}

/**
 * The user of a JSON API request: from the `Authorization` header only. The cookie is ignored, so
 * a page on another site cannot use a visitor's browser session against the API.
 */
export function getApiUser(request: Request): Promise<SessionUser | null> {
  let cached = apiUserCache.get(request);
  if (!cached) {
    const token = tokenFromAuthorization(request);
    cached = token ? Promise.resolve(getSessionUser({ db: getDb(), token })) : Promise.resolve(null);
    apiUserCache.set(request, cached);
  }
  return cached;
}

/**
 * The logged-in user of a page request (HTML face), with their unread conversations: the session cookie, or an
 * `Authorization` header (scripts following the payment link of spec 7). The JSON API uses getApiUser instead.
 */
export function getUser(request: Request): Promise<SessionUser | null> {
  let cached = userCache.get(request);
  if (!cached) {
    cached = (async () => {
      const token = await currentSessionToken(request);
      if (!token) return null;
      return getSessionUser({ db: getDb(), token });
    })();
    userCache.set(request, cached);
  }
  return cached;
}

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const redirectTo = `${url.pathname}${url.search}`;
  return redirect(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
}

/** HTML face: a visitor is sent to /login (and back afterwards). */
export async function requireUser(request: Request): Promise<User> {
  const user = await getUser(request);
  if (!user) throw loginRedirect(request);
  return user;
}

/** HTML face: a logged-in user visiting /login or /register goes home. */
export async function requireAnonymous(request: Request): Promise<void> {
  if (await getUser(request)) throw redirect("/");
}

/**
 * HTML face: a seller is a user with a store. Visitors go to /login (and back afterwards), users without a
 * store to /store-settings to open one.
 */
export async function requireSeller(request: Request): Promise<{ user: User; store: Store }> {
  const user = await requireUser(request);
  const store = getStoreByOwner({ db: getDb(), ownerId: user.id });
  if (!store) throw redirect("/store-settings");
  return { user, store };
}

/** HTML face: visitors go to /login, logged-in non-admins get 403. */
export async function requireAdmin(request: Request): Promise<User> {
  const user = await requireUser(request);
  invariantResponse(user.role === "admin", "Forbidden", { status: 403, statusText: "Forbidden" });
  return user;
}

/**
 * Only a path on this site may be redirected to (no open redirect). Anything else, and anything
 * that a browser or a proxy could read as another host, falls back: control characters (tabs and
 * newlines are dropped by browsers inside URLs), backslashes (read as slashes), `//` and `/\`,
 * and the same tricks percent-encoded (`/%2F%2Fevil.com`, `%5C`, `%09`). Never throws.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string") return fallback;
  if (to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  // Look through (repeated) percent-encoding for the same characters and a second leading slash.
  let decoded = to;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      break; // a stray `%` is not a trick by itself
    }
    if (next === decoded) break;
    decoded = next;
    // eslint-disable-next-line no-control-regex
    if (decoded.startsWith("//") || /[\u0000-\u001f\u007f\\]/.test(decoded)) return fallback;
  }
  // A final check with the URL parser: the target must stay on a dummy origin.
  try {
    const base = "http://safe-redirect.invalid";
    if (new URL(to, base).origin !== base) return fallback;
    // Non-ASCII characters are percent-encoded: a raw one in a Location header would be a 500.
    return to.replace(/[^\p{ASCII}]+/gu, (c) => encodeURIComponent(c));
  } catch {
    return fallback;
  }
}

/**
 * Starts a new session for the user (a fresh token at every login; the previous one is revoked)
 * and returns the Set-Cookie header value.
 */
export async function startUserSession(request: Request, user: User, flash?: Flash): Promise<string> {
  const db = getDb();
  const session = await getCookieSession(request);
  const previous = session.get("token");
  if (previous) revokeSession({ db, token: previous });
  const token = createSessionRow({ db, userId: user.id, userAgent: request.headers.get("User-Agent") });
  session.set("token", token);
  mergeVisitorCart(session, user);
  if (flash) session.flash("flash", flash);
  return commitCookieSession(request, session);
}

/** At login the visitor's cart joins the account's cart, and the token is dropped from the cookie. */
function mergeVisitorCart(session: CookieSession, user: User) {
  const visitorToken = session.get("cartToken");
  if (!visitorToken) return;
  joinVisitorCart({ db: getDb(), userId: user.id, visitorToken });
  session.unset("cartToken");
}

/** Whose cart a request sees: the user's, or the visitor's behind the cookie's cartToken (if any). */
export async function getCartOwner(request: Request): Promise<CartOwner | null> {
  const user = await getUser(request);
  if (user) return { userId: user.id };
  const visitorToken = (await getCookieSession(request)).get("cartToken");
  return visitorToken ? { visitorToken } : null;
}

/**
 * Like getCartOwner, but gives a visitor a cart token when it has none; `session` must then be committed
 * with the response.
 */
export async function ensureCartOwner(request: Request): Promise<{ owner: CartOwner; session: CookieSession | null }> {
  const owner = await getCartOwner(request);
  if (owner) return { owner, session: null };
  const session = await getCookieSession(request);
  const visitorToken = randomToken();
  session.set("cartToken", visitorToken);
  return { owner: { visitorToken }, session };
}

export async function logout(request: Request) {
  const session = await getCookieSession(request);
  const token = session.get("token");
  if (token) revokeSession({ db: getDb(), token });
  throw redirect("/", { headers: { "Set-Cookie": await destroyCookieSession(request, session) } });
}

/** Redirects with a one-time note shown on the next page (works without JavaScript). */
export async function redirectWithFlash(request: Request, to: string, flash: Flash, init?: ResponseInit) {
  const session = await getCookieSession(request);
  session.flash("flash", flash);
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await commitCookieSession(request, session));
  return redirect(to, { ...init, headers });
}
