import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireAdmin } from "~/auth/guards.server";
import { exportUserDataFor } from "~/models/privacy/personal-data.server";
import { getDb } from "~/utils/db.server";
import { idParam, invariantResponse } from "~/utils/invariant";
import { exportFileName, jsonAttachment } from "~/utils/json-attachment.server";

/** GET /admin/user/{id}/data.json: "Export data" on the user's request (decision 103); audited with the admin. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const userId = idParam(params.id);
  const reason = (new URL(request.url).searchParams.get("reason") ?? "").trim().slice(0, 500);
  const data = await exportUserDataFor({ db: getDb(), userId, actor: { kind: "admin", adminId: admin.id, reason } });
  invariantResponse(data, "Not found", { status: 404 });
  return jsonAttachment(data, exportFileName(userId, data.generated_at));
}
