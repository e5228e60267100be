import { apiRoute, domainError } from "~/auth/api-route.server";
import { ACCOUNTS_ERRORS } from "~/models/accounts/errors.server";
import { deleteAccount } from "~/models/accounts/deletion.server";
import { ApiDeleteAccountSchema } from "~/schemas/personal-data";

/** POST /api/user/delete {password} -> {success, message}: the caller's account deleted (decision 103); the token ends. */
const route = apiRoute({ method: "POST", guard: "user", body: ApiDeleteAccountSchema }, async ({ db, user, body }) => {
  const result = await deleteAccount({ db, userId: user.id, actor: { kind: "user", userId: user.id }, password: body.password });
  if (!result.ok) return domainError(ACCOUNTS_ERRORS.deleteAccount, result.error);
  return { success: true, message: "Your account has been deleted." };
});
export const loader = route.loader;
export const action = route.action;
