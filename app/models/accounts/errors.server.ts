/**
 * The accounts domain's error codes, with the status and text both faces answer (issue 20, item 2): the login page
 * and POST /api/auth/login read this one table. Model functions return the codes only.
 */
import type { ErrorAnswer } from "~/models/answers";
import type { LoginErrorCode } from "~/models/accounts/login.server";
import { getEnv } from "~/utils/env.server";
import { AUTH_MESSAGES, tooManyAttemptsText } from "~/utils/messages";

export const ACCOUNTS_ERRORS: { login: Record<LoginErrorCode, ErrorAnswer> } = {
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
};
