import { apiRoute, domainError } from "~/auth/api-route.server";
import { ACCOUNTS_ERRORS } from "~/models/accounts/errors.server";
import { changePassword } from "~/models/accounts/profile.server";
import { ApiChangePasswordSchema, PROFILE_MESSAGES } from "~/schemas/profile";
import { currentSessionToken } from "~/utils/cookie-session.server";

/** POST /api/user/change-password {old_password, new_password} -> {success} or 400 {error}. */
const route = apiRoute({ method: "POST", guard: "user", body: ApiChangePasswordSchema }, async ({ request, db, user, body }) => {
  const keepToken = await currentSessionToken(request);
  const result = await changePassword({ db, user, oldPassword: body.old_password, newPassword: body.new_password, keepToken });
  if (!result.ok) return domainError(ACCOUNTS_ERRORS.changePassword, result.error);
  return { success: true, message: PROFILE_MESSAGES.passwordChanged };
});
export const loader = route.loader;
export const action = route.action;
