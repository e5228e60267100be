import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { requireUser } from "~/auth/guards.server";
import { exportUserDataFor } from "~/models/privacy/personal-data.server";
import { getDb } from "~/utils/db.server";
import { invariantResponse } from "~/utils/invariant";
import { exportFileName, jsonAttachment } from "~/utils/json-attachment.server";

/**
 * POST /settings/data.json: "Download your data" (decision 103), a JSON attachment; written to the audit log, so a
 * post (a GET never writes, decision 161). A GET (an old link) goes to the settings page's button.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const data = await exportUserDataFor({ db: getDb(), userId: user.id, actor: { kind: "user", userId: user.id } });
  invariantResponse(data, "Not found", { status: 404 });
  return jsonAttachment(data, exportFileName(user.id, data.generated_at));
}

export function loader() {
  return redirect("/settings#data-heading");
}
