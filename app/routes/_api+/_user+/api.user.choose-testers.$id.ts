import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiSeller } from "~/auth/guards.server";
import { chooseTesters, sendNotices } from "~/models/testing/applications.server";
import { TESTING_ERRORS } from "~/models/testing/errors";
import { ApiChooseTestersSchema } from "~/schemas/testing";
import { apiIdParam } from "~/utils/api-params.server";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";
import { publicOrigin } from "~/utils/mail.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/**
 * POST /api/user/choose-testers/{id} {user_ids} -> {success, chosen}: the call's seller chooses among its applicants;
 * each newly chosen tester gets a tester copy order ($0) and a thread with the seller, and is emailed.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { user } = await requireApiSeller(request);
  const callId = apiIdParam(params.id, TESTING_ERRORS.choose["call-not-found"].message);
  const body = await parseBody(request, ApiChooseTestersSchema);
  const result = chooseTesters({ db: getDb(), callId, sellerId: user.id, userIds: body.user_ids });
  if (!result.ok) return apiError(TESTING_ERRORS.choose[result.error].status, TESTING_ERRORS.choose[result.error].message);
  await sendNotices({ notices: result.notices, origin: publicOrigin() });
  return Response.json({ success: true, chosen: result.chosen });
}
