/**
 * Session storage: the signed `__session` cookie (the session token, a visitor's cart token, the active menu and
 * the one-time flash note), read once per request. Who the token belongs to is app/auth/viewer.server.ts.
 */
import { createCookie, createCookieSessionStorage, createSession, type Cookie, type Session } from "@remix-run/node";

import { createCache } from "~/utils/cache.server";
import { getEnv } from "~/utils/env.server";

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

/**
 * The app's cookie session storage for a secret. The server uses the one for SESSION_SECRET (getStorage); the
 * end-to-end fixtures mint their login cookies with the same function and the e2e servers' secret.
 */
export function createSessionStorage(secret: string) {
  return createCookieSessionStorage<SessionData, FlashData>({
    cookie: rememberParsed(
      createCookie("__session", {
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secrets: [secret],
        maxAge: 60 * 60 * 24 * 30,
      }),
    ),
  });
}

let storage: ReturnType<typeof createSessionStorage> | undefined;

function getStorage() {
  storage ??= createSessionStorage(getEnv().SESSION_SECRET);
  return storage;
}

/**
 * The same cookie, but a Cookie header seen recently is not verified and decoded again (an HMAC and two
 * hashes per request otherwise): the answer for one header string is always the same. Each caller gets
 * its own copy of the value.
 */
function rememberParsed(cookie: Cookie, max = 2000): Cookie {
  const parsed = createCache<string>({ max });
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
