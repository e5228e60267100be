import { apiRoute, domainError } from "~/auth/api-route.server";
import { ADMIN_ERRORS } from "~/models/admin/errors";
import { getAdminUser, toAdminUserJson, updateAdminUser } from "~/models/admin/users.server";
import { ApiUpdateUserSchema, UPDATE_USER_ERROR_FIELDS } from "~/schemas/admin";

/**
 * POST /api/admin/update-user {id, first_name, last_name, email, phone, street, street2, city, state, status,
 * accountname, accountnumber, accountrouting, accounttype, balance, reason?} -> {success, user}.
 */
const route = apiRoute({ method: "POST", guard: "admin", body: ApiUpdateUserSchema }, async ({ db, user, body }) => {
  const result = await updateAdminUser({ db, adminId: user.id, userId: body.id, input: body });
  if (!result.ok) {
    const field = UPDATE_USER_ERROR_FIELDS[result.error];
    return domainError(ADMIN_ERRORS.updateUser, result.error, field ? { field } : undefined);
  }
  return { success: true, user: toAdminUserJson((await getAdminUser({ db, userId: body.id }))!) };
});
export const loader = route.loader;
export const action = route.action;
