import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";

import type { User } from "../../db/schema";
import { ACCOUNTS_ERRORS } from "~/models/accounts/errors.server";
import { attemptLogin, type LoginErrorCode } from "~/models/accounts/login.server";
import { getDb } from "~/utils/db.server";

/** A refused login, thrown through remix-auth; `code` keys the ACCOUNTS_ERRORS.login table. */
export class LoginError extends Error {
  constructor(public code: LoginErrorCode) {
    super(ACCOUNTS_ERRORS.login[code].message);
  }
}

/** remix-auth verifies the credentials; sessions are ours (session.server.ts). */
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
