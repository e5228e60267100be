import { joinVisitorCart, type CartOwner } from "../models/cart.server";
import { randomToken } from "./crypto.server";
import { getDb } from "./db.server";
import { getCookieSession, getUser, onLogin, type CookieSession } from "./session.server";

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

// At login the visitor's cart joins the account's cart, and the token is dropped from the cookie.
onLogin(({ session, user }) => {
  const visitorToken = session.get("cartToken");
  if (!visitorToken) return;
  joinVisitorCart({ db: getDb(), userId: user.id, visitorToken });
  session.unset("cartToken");
});
