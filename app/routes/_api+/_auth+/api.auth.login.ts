import type { ActionFunctionArgs } from "@remix-run/node";

import { ACCOUNTS_ERRORS } from "~/models/accounts/errors.server";
import { attemptLogin } from "~/models/accounts/login.server";
import { createSession } from "~/models/accounts/sessions.server";
import { ApiLoginSchema } from "~/schemas/auth";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { clientKeyOf } from "~/auth/login.server";
import { getDb } from "~/utils/db.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/** POST /api/auth/login {email, password} -> {token}; 400 unknown email, 401 wrong password. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { email, password } = await parseBody(request, ApiLoginSchema);
  const db = getDb();
  const result = await attemptLogin({ db, email, password, clientKey: clientKeyOf(request) });
  if (!result.ok) return apiError(ACCOUNTS_ERRORS.login[result.error].status, ACCOUNTS_ERRORS.login[result.error].message);
  const token = createSession({ db, userId: result.user.id, userAgent: request.headers.get("User-Agent") });
  return Response.json({ token });
}
