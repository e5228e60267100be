import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/auth/guards.server";
import { exportUserDataFor } from "~/models/privacy/personal-data.server";
import { apiError } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";
import { exportFileName, jsonAttachment } from "~/utils/json-attachment.server";

/** GET /api/user/export -> everything the marketplace holds about the caller (decision 103); audited. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const data = exportUserDataFor({ db: getDb(), userId: user.id, actor: { kind: "user", userId: user.id } });
  if (!data) return apiError(404, "User not found");
  return jsonAttachment(data, exportFileName(user.id, data.generated_at));
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
