import type { ActionFunctionArgs } from "@remix-run/node";

import { ADMIN_ERRORS } from "~/models/admin/errors";
import { getAdminUser, toAdminUserJson, updateAdminUser } from "~/models/admin/users.server";
import { ApiUpdateUserSchema, UPDATE_USER_ERROR_FIELDS } from "~/schemas/admin";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { requireApiAdmin } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

export async function loader({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return apiError(405, "Use POST");
}

/**
 * POST /api/admin/update-user {id, first_name, last_name, email, phone, street, street2, city, state, status,
 * accountname, accountnumber, accountrouting, accounttype, balance, reason?} -> {success, user}.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const admin = await requireApiAdmin(request);
  const body = await parseBody(request, ApiUpdateUserSchema);
  const db = getDb();
  const result = updateAdminUser({ db, adminId: admin.id, userId: body.id, input: body });
  if (!result.ok) {
    const field = UPDATE_USER_ERROR_FIELDS[result.error];
    const { status, message } = ADMIN_ERRORS.updateUser[result.error];
    return apiError(status, message, field ? { field } : undefined);
  }
  return Response.json({ success: true, user: toAdminUserJson(getAdminUser({ db, userId: body.id })!) });
}
