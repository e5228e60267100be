import type { ActionFunctionArgs } from "@remix-run/node";

import { changePassword } from "~/models/accounts/profile.server";
import { ApiChangePasswordSchema } from "~/schemas/profile";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { requireApiUser } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";
import { currentSessionToken } from "~/utils/cookie-session.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/** POST /api/user/change-password {old_password, new_password} -> {success} or 400 {error}. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const body = await parseBody(request, ApiChangePasswordSchema);
  const result = await changePassword({
    db: getDb(),
    user,
    oldPassword: body.old_password,
    newPassword: body.new_password,
    keepToken: await currentSessionToken(request),
  });
  if (!result.ok) return apiError(400, result.error);
  return Response.json({ success: true, message: "Password changed successfully!" });
}
