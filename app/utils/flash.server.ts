/** Flash notes: a one-time note in the session cookie, shown on the next page (the root loader reads it). */
import { redirect } from "@remix-run/node";

import { commitCookieSession, getCookieSession, type Flash } from "~/utils/cookie-session.server";

/** Redirects with a one-time note shown on the next page (works without JavaScript). */
export async function redirectWithFlash(request: Request, to: string, flash: Flash, init?: ResponseInit) {
  const session = await getCookieSession(request);
  session.flash("flash", flash);
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await commitCookieSession(request, session));
  return redirect(to, { ...init, headers });
}
