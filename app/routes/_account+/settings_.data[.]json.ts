import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUser } from "~/auth/guards.server";
import { exportUserDataFor } from "~/models/privacy/personal-data.server";
import { getDb } from "~/utils/db.server";
import { invariantResponse } from "~/utils/invariant";
import { exportFileName, jsonAttachment } from "~/utils/json-attachment.server";

/** GET /settings/data.json: "Download your data" (decision 103), a JSON attachment; written to the audit log. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const data = await exportUserDataFor({ db: getDb(), userId: user.id, actor: { kind: "user", userId: user.id } });
  invariantResponse(data, "Not found", { status: 404 });
  return jsonAttachment(data, exportFileName(user.id, data.generated_at));
}
