/** Logging in with email and password (both faces), with its rate limit. */
import type { User } from "../../../db/schema";
import { normalizeEmail, verifyLogin } from "~/models/accounts/users.server";
import type { Db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { AUTH_MESSAGES } from "~/utils/messages";
import { createFailureLimiter } from "~/utils/rate-limit.server";

export type LoginErrorCode = "unknown-email" | "wrong-password" | "inactive" | "rate-limited";

/** One table for both faces: the login page and POST /api/auth/login answer the same status and text. */
export const LOGIN_ERRORS: Record<LoginErrorCode, { status: 400 | 401 | 403 | 429; message: string }> = {
  "unknown-email": { status: 400, message: AUTH_MESSAGES.unknownEmail },
  "wrong-password": { status: 401, message: AUTH_MESSAGES.wrongPassword },
  inactive: { status: 403, message: AUTH_MESSAGES.inactive },
  "rate-limited": { status: 429, message: AUTH_MESSAGES.tooManyAttempts },
};

let limiters: { perAccount: ReturnType<typeof createFailureLimiter>; perAddress: ReturnType<typeof createFailureLimiter> } | undefined;
function getLimiters() {
  const max = getEnv().LOGIN_MAX_FAILURES;
  const windowMs = 15 * 60 * 1000;
  limiters ??= {
    // One address guessing one account's password...
    perAccount: createFailureLimiter({ max, windowMs }),
    // ...or many accounts' passwords.
    perAddress: createFailureLimiter({ max: max * 10, windowMs }),
  };
  return limiters;
}

/**
 * Checks email and password. Failed attempts are counted per client address and account; past the
 * limit attempts are refused for the rest of the window.
 */
export async function attemptLogin({
  db,
  email,
  password,
  clientKey,
}: {
  db: Db;
  email: string;
  password: string;
  clientKey: string;
}): Promise<{ ok: true; user: User } | { ok: false; error: LoginErrorCode }> {
  const { perAccount, perAddress } = getLimiters();
  const accountKey = `${clientKey}|${normalizeEmail(email)}`;
  if (perAccount.isBlocked(accountKey) || perAddress.isBlocked(clientKey)) return { ok: false, error: "rate-limited" };
  const result = await verifyLogin({ db, email, password });
  if (!result.ok) {
    if (result.error !== "inactive") {
      perAccount.fail(accountKey);
      perAddress.fail(clientKey);
    }
    return { ok: false, error: result.error };
  }
  perAccount.reset(accountKey);
  return { ok: true, user: result.user };
}
