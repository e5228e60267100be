import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";

import type { User } from "../../db/tables";
import { attemptLogin, type LoginErrorCode } from "~/models/accounts/login.server";
import { createSession as createSessionRow, revokeSession } from "~/models/accounts/sessions.server";
import { joinVisitorCart } from "~/models/buying/cart.server";
import { commitCookieSession, destroyCookieSession, getCookieSession, type CookieSession, type Flash } from "~/utils/cookie-session.server";
import { getDb } from "~/utils/db.server";
import { ACCOUNTS_ERRORS } from "~/models/accounts/errors.server";

/** A refused login, thrown through remix-auth; `code` keys the ACCOUNTS_ERRORS.login table. */
export class LoginError extends Error {
  constructor(public code: LoginErrorCode) {
    super(ACCOUNTS_ERRORS.login[code].message);
  }
}

/** remix-auth verifies the credentials; sessions are ours (startUserSession below, utils/cookie-session.server.ts). */
export const authenticator = new Authenticator<User>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    const result = await attemptLogin({ db: getDb(), email, password, clientKey: clientKeyOf(request) });
    if (!result.ok) throw new LoginError(result.error);
    return result.user;
  }),
  "form",
);

/** The client address the server put on the request (see server.ts), for rate limits. */
export function clientKeyOf(request: Request): string {
  return request.headers.get("X-Client-Address") ?? "unknown";
}

/**
 * Starts a new session for the user (a fresh token at every login; the previous one is revoked)
 * and returns the Set-Cookie header value.
 */
export async function startUserSession(request: Request, user: User, flash?: Flash): Promise<string> {
  const db = getDb();
  const session = await getCookieSession(request);
  const previous = session.get("token");
  if (previous) await revokeSession({ db, token: previous });
  const token = await createSessionRow({ db, userId: user.id, userAgent: request.headers.get("User-Agent") });
  session.set("token", token);
  await mergeVisitorCart(session, user);
  if (flash) session.flash("flash", flash);
  return commitCookieSession(request, session);
}

/** At login the visitor's cart joins the account's cart, and the token is dropped from the cookie. */
async function mergeVisitorCart(session: CookieSession, user: User) {
  const visitorToken = session.get("cartToken");
  if (!visitorToken) return;
  await joinVisitorCart({ db: getDb(), userId: user.id, visitorToken });
  session.unset("cartToken");
}

export async function logout(request: Request) {
  const session = await getCookieSession(request);
  const token = session.get("token");
  if (token) await revokeSession({ db: getDb(), token });
  throw redirect("/", { headers: { "Set-Cookie": await destroyCookieSession(request, session) } });
}
