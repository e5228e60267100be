import { apiRoute, domainError } from "~/auth/api-route.server";
import { applyToTesterCall, sendNotices } from "~/models/testing/applications.server";
import { TESTING_ERRORS } from "~/models/testing/errors";
import { ApiApplyTesterCallSchema } from "~/schemas/testing";
import { apiIdParam } from "~/utils/api-params.server";
import { publicOrigin } from "~/utils/mail.server";

/** POST /api/user/apply-tester-call/{id} {size, note, share_measurements} -> 201 {success}; the seller is emailed. */
const route = apiRoute({ method: "POST", guard: "user", body: ApiApplyTesterCallSchema }, async ({ db, user, params, body }) => {
  const callId = apiIdParam(params.id, TESTING_ERRORS.apply["call-not-found"]);
  const result = await applyToTesterCall({ db, callId, userId: user.id, size: body.size, note: body.note, shareMeasurements: body.share_measurements });
  if (!result.ok) return domainError(TESTING_ERRORS.apply, result.error);
  if (result.notice) await sendNotices({ notices: [result.notice], origin: publicOrigin() });
  return Response.json({ success: true }, { status: 201 });
});
export const loader = route.loader;
export const action = route.action;
