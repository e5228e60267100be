import { apiRoute, domainError } from "~/auth/api-route.server";
import { ACCOUNTS_ERRORS } from "~/models/accounts/errors.server";
import { updateProfile } from "~/models/accounts/profile.server";
import { ApiProfileSchema, PROFILE_MESSAGES } from "~/schemas/profile";

/** POST /api/user/update-profile {first_name, last_name, street, street2, city, state, phone, zip, country, company_name?}. */
const route = apiRoute({ method: "POST", guard: "user", body: ApiProfileSchema }, async ({ db, user, body }) => {
  const profile = await updateProfile({ db, userId: user.id, input: body });
  // The account was deleted while this request was on its way: nothing was written (issue 34, item 1).
  if (!profile) return domainError(ACCOUNTS_ERRORS.profile, "account-closed");
  return { success: true, message: PROFILE_MESSAGES.updated, profile };
});
export const loader = route.loader;
export const action = route.action;
