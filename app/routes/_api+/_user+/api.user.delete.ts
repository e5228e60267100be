import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/auth/guards.server";
import { ACCOUNTS_ERRORS } from "~/models/accounts/errors.server";
import { deleteAccount } from "~/models/accounts/deletion.server";
import { ApiDeleteAccountSchema } from "~/schemas/personal-data";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/** POST /api/user/delete {password} -> {success, message}: the caller's account deleted (decision 103); the token ends. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const body = await parseBody(request, ApiDeleteAccountSchema);
  const result = await deleteAccount({ db: getDb(), userId: user.id, actor: { kind: "user", userId: user.id }, password: body.password });
  if (!result.ok) {
    const { status, message } = ACCOUNTS_ERRORS.deleteAccount[result.error];
    return apiError(status, message);
  }
  return Response.json({ success: true, message: "Your account has been deleted." });
}
