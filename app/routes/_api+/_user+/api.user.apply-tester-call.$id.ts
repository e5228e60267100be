import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/auth/guards.server";
import { applyToTesterCall, sendNotices } from "~/models/testing/applications.server";
import { TESTING_ERRORS } from "~/models/testing/errors";
import { ApiApplyTesterCallSchema } from "~/schemas/testing";
import { apiIdParam } from "~/utils/api-params.server";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";
import { publicOrigin } from "~/utils/mail.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/** POST /api/user/apply-tester-call/{id} {note, share_measurements} -> 201 {success}; the seller is emailed. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const callId = apiIdParam(params.id, TESTING_ERRORS.apply["call-not-found"].message);
  const body = await parseBody(request, ApiApplyTesterCallSchema);
  const result = applyToTesterCall({ db: getDb(), callId, userId: user.id, note: body.note, shareMeasurements: body.share_measurements });
  if (!result.ok) return apiError(TESTING_ERRORS.apply[result.error].status, TESTING_ERRORS.apply[result.error].message);
  if (result.notice) await sendNotices({ notices: [result.notice], origin: publicOrigin() });
  return Response.json({ success: true }, { status: 201 });
}
