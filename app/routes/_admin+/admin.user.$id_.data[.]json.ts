import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";

import { requireAdmin } from "~/auth/guards.server";
import { exportUserDataFor } from "~/models/privacy/personal-data.server";
import { getDb } from "~/utils/db.server";
import { readForm } from "~/utils/forms.server";
import { idParam, invariantResponse } from "~/utils/invariant";
import { exportFileName, jsonAttachment } from "~/utils/json-attachment.server";

/**
 * POST /admin/user/{id}/data.json: "Export data" on the user's request (decision 103); audited with the admin, so a
 * post (a GET never writes, decision 161). A GET goes to the user's page, whose button posts.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const userId = idParam(params.id);
  const reason = String((await readForm(request)).get("reason") ?? "").trim().slice(0, 500);
  const data = await exportUserDataFor({ db: getDb(), userId, actor: { kind: "admin", adminId: admin.id, reason } });
  invariantResponse(data, "Not found", { status: 404 });
  return jsonAttachment(data, exportFileName(userId, data.generated_at));
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect(`/admin/user/${idParam(params.id)}`);
}
