/**
 * The accounts domain's error codes, with the status and text both faces answer (issue 20, item 2): the login page
 * and POST /api/auth/login read this one table. Model functions return the codes only.
 */
import { answers, type ErrorAnswer } from "~/models/answers";
import type { LoginErrorCode } from "~/models/accounts/login.server";
import type { DeleteAccountError } from "~/models/accounts/deletion.server";
import type { ChangePasswordError } from "~/models/accounts/profile.server";
import type { RegisterResult } from "~/models/accounts/users.server";
import { getEnv } from "~/utils/env.server";
import { AUTH_MESSAGES, tooManyAttemptsText } from "~/utils/messages";

type RegisterError = Extract<RegisterResult, { ok: false }>["error"] | "invalid-email" | "invalid-password";

export const ACCOUNTS_ERRORS: {
  login: Record<LoginErrorCode, ErrorAnswer>;
  register: Record<RegisterError, ErrorAnswer>;
  changePassword: Record<ChangePasswordError, ErrorAnswer>;
  profile: Record<"account-closed" | "not-found", ErrorAnswer>;
  deleteAccount: Record<DeleteAccountError, ErrorAnswer>;
} = {
  /** Spec 8: 400 for an email problem (invalid, duplicate), 401 for a password problem (zod's own words first). */
  register: {
    ...answers(400, { "invalid-email": "Enter a valid email address", "duplicate-email": AUTH_MESSAGES.duplicateEmail }),
    ...answers(401, { "invalid-password": "Invalid password" }),
    ...answers(429, { "rate-limited": AUTH_MESSAGES.tooManyRegistrations }),
  },
  changePassword: answers(400, { "wrong-password": "The current password you entered is not correct." }),
  profile: {
    // The account was deleted while the request was on its way: nothing was written (issue 34, item 1).
    ...answers(403, { "account-closed": "This account is closed." }),
    ...answers(404, { "not-found": "User not found" }),
  },
  login: {
    "unknown-email": { status: 400, message: AUTH_MESSAGES.unknownEmail },
    "wrong-password": { status: 401, message: AUTH_MESSAGES.wrongPassword },
    inactive: { status: 403, message: AUTH_MESSAGES.inactive },
    "rate-limited": {
      status: 429,
      // The window is configured per run (LOGIN_WINDOW_MINUTES): read when answered.
      get message() {
        return tooManyAttemptsText(getEnv().LOGIN_WINDOW_MINUTES);
      },
    },
  },
  deleteAccount: {
    ...answers(404, { "not-found": "User not found" }),
    ...answers(400, {
      "wrong-password": "The password you entered is not correct.",
      "reason-required": "Give the reason for deleting this account (the user's request).",
    }),
    ...answers(409, {
      "already-deleted": "This account has already been deleted.",
      administrator: "An administrator account cannot be deleted.",
      "orders-in-flight":
        "This account has orders that have not been shipped yet. It can be deleted once they are on their way (or refunded).",
      "checkout-open": "A payment of this account is in progress. Finish or cancel it (or wait 30 minutes), then try again.",
      "store-orders-open": "The store of this account has orders still to ship. Ship them first.",
      "store-balance":
        "The store's balance is not zero: withdraw it (or repay what the store owes the platform) before deleting the account.",
      "payout-pending": "A withdrawal from the store is still being processed. Try again once it has been paid out.",
    }),
  },
};
