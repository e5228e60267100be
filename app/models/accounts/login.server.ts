/** Logging in with email and password (both faces), with its rate limit. */
import type { User } from "../../../db/tables";
import { normalizeEmail, verifyLogin } from "~/models/accounts/users.server";
import type { Db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { clear, hit, release } from "~/utils/rate-limit.server";

export type LoginErrorCode = "unknown-email" | "wrong-password" | "inactive" | "rate-limited";

export type LoginLimits = {
  /** Failed attempts allowed per address and account in a window (LOGIN_MAX_FAILURES). */
  maxFailures: number;
  /** Failed attempts allowed per address over all accounts (LOGIN_MAX_FAILURES_PER_ADDRESS; ten times maxFailures). */
  maxAddressFailures?: number;
  /** The window (LOGIN_WINDOW_MINUTES). */
  windowMs: number;
};

function limitsFromEnv(): LoginLimits {
  const env = getEnv();
  return {
    maxFailures: env.LOGIN_MAX_FAILURES,
    maxAddressFailures: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
    windowMs: env.LOGIN_WINDOW_MINUTES * 60 * 1000,
  };
}

/**
 * Checks email and password. Every attempt is counted in SQLite BEFORE the (slow) password check,
 * atomically, so parallel requests and several processes cannot get past the limit: one address
 * gets `maxFailures` tries at one account and `maxAddressFailures` (ten times that unless configured)
 * over all accounts per window; past that, attempts are refused without checking the password. A
 * successful login clears the account's counter; a success or an inactive account does not count
 * as a failure.
 */
export async function attemptLogin({
  db,
  email,
  password,
  clientKey,
  limits = limitsFromEnv(),
  now = Date.now(),
}: {
  db: Db;
  email: string;
  password: string;
  clientKey: string;
  limits?: LoginLimits;
  now?: number;
}): Promise<{ ok: true; user: User } | { ok: false; error: LoginErrorCode }> {
  // One address guessing one account's password...
  const accountKey = `login:account:${clientKey}|${normalizeEmail(email)}`;
  // ...or many accounts' passwords.
  const addressKey = `login:address:${clientKey}`;
  const { windowMs, maxFailures } = limits;
  const maxAddressFailures = limits.maxAddressFailures ?? maxFailures * 10;
  if (!(await hit({ db, key: accountKey, limit: maxFailures, windowMs, now })).allowed) return { ok: false, error: "rate-limited" };
  if (!(await hit({ db, key: addressKey, limit: maxAddressFailures, windowMs, now })).allowed) {
    await release({ db, key: accountKey, now });
    return { ok: false, error: "rate-limited" };
  }
  const result = await verifyLogin({ db, email, password });
  if (result.ok) {
    await clear({ db, key: accountKey });
    await release({ db, key: addressKey });
    return { ok: true, user: result.user };
  }
  if (result.error === "inactive") {
    await release({ db, key: accountKey });
    await release({ db, key: addressKey });
  }
  return { ok: false, error: result.error };
}
