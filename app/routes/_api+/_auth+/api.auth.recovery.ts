import { apiRoute } from "~/auth/api-route.server";
import { requestRecovery } from "~/models/accounts/recovery.server";
import { ApiRecoverySchema } from "~/schemas/auth";
import { publicOrigin } from "~/utils/mail.server";
import { AUTH_MESSAGES } from "~/utils/messages";

/** POST /api/auth/recovery {email}: the same answer for known and unknown addresses. */
const route = apiRoute({ method: "POST", guard: "none", body: ApiRecoverySchema }, async ({ request, db, body: { email } }) => {
  await requestRecovery({ db, origin: publicOrigin(request), email });
  return { success: true, message: AUTH_MESSAGES.recoverySent };
});
export const loader = route.loader;
export const action = route.action;
