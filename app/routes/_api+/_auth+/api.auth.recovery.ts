import type { ActionFunctionArgs } from "@remix-run/node";

import { requestRecovery } from "~/models/accounts/recovery.server";
import { ApiRecoverySchema } from "~/schemas/auth";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";
import { publicOrigin } from "~/utils/mail.server";
import { AUTH_MESSAGES } from "~/utils/messages";

export async function loader() {
  return apiError(405, "Use POST");
}

/** POST /api/auth/recovery {email}: the same answer for known and unknown addresses. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { email } = await parseBody(request, ApiRecoverySchema);
  await requestRecovery({ db: getDb(), origin: publicOrigin(request), email });
  return Response.json({ success: true, message: AUTH_MESSAGES.recoverySent });
}
