import { apiRoute, domainError } from "~/auth/api-route.server";
import { ACCOUNTS_ERRORS } from "~/models/accounts/errors.server";
import { exportUserDataFor } from "~/models/privacy/personal-data.server";
import { exportFileName, jsonAttachment } from "~/utils/json-attachment.server";

/** POST /api/user/export -> everything the marketplace holds about the caller (decision 103); audited, so a POST (decision 161). */
const route = apiRoute({ method: "POST", guard: "user" }, async ({ db, user }) => {
  const data = await exportUserDataFor({ db, userId: user.id, actor: { kind: "user", userId: user.id } });
  if (!data) return domainError(ACCOUNTS_ERRORS.profile, "not-found");
  return jsonAttachment(data, exportFileName(user.id, data.generated_at));
});
export const loader = route.loader;
export const action = route.action;
