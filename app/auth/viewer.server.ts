/**
 * Who is asking, for both faces: the HTML face's session cookie (or an `Authorization` header on a page request),
 * the JSON face's `Authorization` header only, and whose cart a request sees. Each answer is worked out once per
 * request. The guards that turn "nobody" into a redirect or a 401 are guards.server.ts.
 */
import { getSessionUser, getSessionViewer, type SessionUser } from "~/models/accounts/sessions.server";
import { countCartItems, type CartOwner } from "~/models/buying/cart.server";
import { currentSessionToken, getCookieSession, tokenFromAuthorization, type CookieSession } from "~/utils/cookie-session.server";
import { randomToken } from "~/utils/crypto.server";
import { getDb } from "~/utils/db.server";
import { noteRequestUser } from "~/utils/request-context.server";

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
      const viewer = token ? await getSessionViewer({ db, token }) : null;
      if (viewer) {
        noteRequestUser(request, viewer.user?.id);
        return viewer;
      }
      const visitorToken = (await getCookieSession(request)).get("cartToken");
      return { user: null, hasStore: false, onboarded: false, cartCount: visitorToken ? await countCartItems({ db, owner: { visitorToken } }) : 0 };
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
export async function getApiUser(request: Request): Promise<SessionUser | null> {
  let cached = apiUserCache.get(request);
  if (!cached) {
    const token = tokenFromAuthorization(request);
    const user = token ? await getSessionUser({ db: getDb(), token }) : null;
    noteRequestUser(request, user?.id);
    cached = Promise.resolve(user);
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
      const user = await getSessionUser({ db: getDb(), token });
      noteRequestUser(request, user?.id);
      return user;
    })();
    userCache.set(request, cached);
  }
  return cached;
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
