/**
 * The guards of both faces. HTML: a visitor is sent to /login (and back afterwards), a user without a store to
 * /store-settings, a non-admin gets 403. JSON: 401, 404 NO_STORE, 403 as `{ error }`.
 */
import { redirect } from "@remix-run/node";

import type { Store, User } from "../../db/tables";
import { getApiUser, getUser } from "~/auth/viewer.server";
import { getStoreByOwner } from "~/models/catalog/stores.server";
import { NO_STORE } from "~/models/selling/errors";
import { apiError } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";
import { invariantResponse } from "~/utils/invariant";

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
  const store = await getStoreByOwner({ db: getDb(), ownerId: user.id });
  if (!store) throw redirect("/store-settings");
  return { user, store };
}

/** A seller screen's action: a user without a store gets the NO_STORE refusal (the page shows how to open one). */
export async function requireStoreOwner(request: Request): Promise<{ user: User; store: Store }> {
  const user = await requireUser(request);
  const store = await getStoreByOwner({ db: getDb(), ownerId: user.id });
  invariantResponse(store, NO_STORE.message, { status: NO_STORE.status });
  return { user, store };
}

/** HTML face: visitors go to /login, logged-in non-admins get 403. */
export async function requireAdmin(request: Request): Promise<User> {
  const user = await requireUser(request);
  invariantResponse(user.role === "admin", "Forbidden", { status: 403, statusText: "Forbidden" });
  return user;
}

/**
 * JSON face: a missing, unknown or revoked token gets 401. Only the `Authorization` header counts;
 * the session cookie is never read here, so another site cannot act through a visitor's browser.
 */
export async function requireApiUser(request: Request): Promise<User> {
  const user = await getApiUser(request);
  if (!user) throw apiError(401, "Authentication required");
  return user;
}

/**
 * JSON face: 401 for visitors, 404 `{ error: "Please setup your store first" }` for users without a store (NO_STORE,
 * never 403: the spec's client logs out on a 403).
 */
export async function requireApiSeller(request: Request): Promise<{ user: User; store: Store }> {
  const user = await requireApiUser(request);
  const store = await getStoreByOwner({ db: getDb(), ownerId: user.id });
  if (!store) throw apiError(NO_STORE.status, NO_STORE.message);
  return { user, store };
}

/** JSON face: 401 for visitors, 403 for logged-in users who are not administrators. */
export async function requireApiAdmin(request: Request): Promise<User> {
  const user = await requireApiUser(request);
  if (user.role !== "admin") throw apiError(403, "Administrator access required");
  return user;
}
