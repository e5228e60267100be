import type { ActionFunctionArgs } from "@remix-run/node";

import { ApiLoginSchema } from "../schemas/auth";
import { apiError, parseBody, requireMethod } from "../utils/api.server";
import { attemptLogin, clientKeyOf, LoginError } from "../utils/auth.server";
import { createSession } from "../models/sessions.server";
import { getDb } from "../utils/db.server";

const STATUS = { "unknown-email": 400, "wrong-password": 401, inactive: 403, "rate-limited": 429 } as const;

export async function loader() {
  return apiError(405, "Use POST");
}

/** POST /api/auth/login {email, password} -> {token}; 400 unknown email, 401 wrong password. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { email, password } = await parseBody(request, ApiLoginSchema);
  try {
    const user = await attemptLogin({ email, password, clientKey: clientKeyOf(request) });
    const token = createSession({ db: getDb(), userId: user.id, userAgent: request.headers.get("User-Agent") });
    return Response.json({ token });
  } catch (error) {
    if (error instanceof LoginError) return apiError(STATUS[error.code], error.message);
    throw error;
  }
}
