import { apiRoute, domainError } from "~/auth/api-route.server";
import { clientKeyOf } from "~/auth/login.server";
import { ACCOUNTS_ERRORS } from "~/models/accounts/errors.server";
import { attemptLogin } from "~/models/accounts/login.server";
import { createSession } from "~/models/accounts/sessions.server";
import { ApiLoginSchema } from "~/schemas/auth";

/** POST /api/auth/login {email, password} -> {token}; 400 unknown email, 401 wrong password. */
const route = apiRoute({ method: "POST", guard: "none", body: ApiLoginSchema }, async ({ request, db, body: { email, password } }) => {
  const result = await attemptLogin({ db, email, password, clientKey: clientKeyOf(request) });
  if (!result.ok) return domainError(ACCOUNTS_ERRORS.login, result.error);
  return { token: await createSession({ db, userId: result.user.id, userAgent: request.headers.get("User-Agent") }) };
});
export const loader = route.loader;
export const action = route.action;
