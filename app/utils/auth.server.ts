import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";

import type { User } from "../../db/schema";
import { createPasswordReset } from "../models/password-reset.server";
import { normalizeEmail, verifyLogin } from "../models/users.server";
import { getDb } from "./db.server";
import { getEnv } from "./env.server";
import { publicOrigin, sendMail } from "./mail.server";
import { AUTH_MESSAGES } from "./messages";
import { createFailureLimiter } from "./rate-limit.server";

export type LoginErrorCode = "unknown-email" | "wrong-password" | "inactive" | "rate-limited";

export const LOGIN_ERROR_TEXT: Record<LoginErrorCode, string> = {
  "unknown-email": AUTH_MESSAGES.unknownEmail,
  "wrong-password": AUTH_MESSAGES.wrongPassword,
  inactive: AUTH_MESSAGES.inactive,
  "rate-limited": AUTH_MESSAGES.tooManyAttempts,
};

export class LoginError extends Error {
  constructor(public code: LoginErrorCode) {
    super(LOGIN_ERROR_TEXT[code]);
  }
}

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
 * Logs in with email and password, for both faces. Failed attempts are counted per client
 * address and account; past the limit attempts are refused for the rest of the window.
 */
export async function attemptLogin({
  email,
  password,
  clientKey,
}: {
  email: string;
  password: string;
  clientKey: string;
}): Promise<User> {
  const { perAccount, perAddress } = getLimiters();
  const accountKey = `${clientKey}|${normalizeEmail(email)}`;
  if (perAccount.isBlocked(accountKey) || perAddress.isBlocked(clientKey)) throw new LoginError("rate-limited");
  const result = await verifyLogin({ db: getDb(), email, password });
  if (!result.ok) {
    if (result.error !== "inactive") {
      perAccount.fail(accountKey);
      perAddress.fail(clientKey);
    }
    throw new LoginError(result.error);
  }
  perAccount.reset(accountKey);
  return result.user;
}

/** remix-auth verifies the credentials; sessions are ours (session.server.ts). */
export const authenticator = new Authenticator<User>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    return attemptLogin({ email, password, clientKey: clientKeyOf(request) });
  }),
  "form",
);

/** The client address the server put on the request (see server.ts), for rate limits. */
export function clientKeyOf(request: Request): string {
  return request.headers.get("X-Client-Address") ?? "unknown";
}

/**
 * Sends a recovery email with a single-use link valid for one hour. For an unknown address
 * nothing is sent, and the caller answers exactly as for a known one.
 */
export async function requestRecovery({ request, email }: { request: Request; email: string }) {
  const reset = createPasswordReset({ db: getDb(), email });
  if (!reset) {
    console.log("[auth] recovery requested for an unknown or inactive address");
    return;
  }
  const link = `${publicOrigin(request)}/reset-password?token=${encodeURIComponent(reset.token)}`;
  await sendMail({
    to: reset.user.email,
    subject: "Reset your Patternhouse password",
    text: [
      `Hi ${reset.user.firstName},`,
      "",
      "Someone asked to reset the password of your Patternhouse account.",
      "Open this link within one hour to choose a new password (it works once):",
      "",
      link,
      "",
      "If you did not ask for this, ignore this email: your password stays as it is.",
    ].join("\n"),
    html: `<p>Hi ${escapeHtml(reset.user.firstName)},</p><p>Someone asked to reset the password of your Patternhouse account. Open this link within one hour to choose a new password (it works once):</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>If you did not ask for this, ignore this email: your password stays as it is.</p>`,
  });
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
