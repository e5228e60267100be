import { apiRoute, domainError } from "~/auth/api-route.server";
import { chooseTesters, sendNotices } from "~/models/testing/applications.server";
import { TESTING_ERRORS } from "~/models/testing/errors";
import { ApiChooseTestersSchema } from "~/schemas/testing";
import { apiIdParam } from "~/utils/api-params.server";
import { publicOrigin } from "~/utils/mail.server";

/**
 * POST /api/user/choose-testers/{id} {user_ids} -> {success, chosen}: the call's seller chooses among its applicants;
 * each newly chosen tester gets a tester copy order ($0) and a thread with the seller, and is emailed.
 */
const route = apiRoute({ method: "POST", guard: "seller", body: ApiChooseTestersSchema }, async ({ db, user, params, body }) => {
  const callId = apiIdParam(params.id, TESTING_ERRORS.choose["call-not-found"]);
  const result = await chooseTesters({ db, callId, sellerId: user.id, userIds: body.user_ids });
  if (!result.ok) return domainError(TESTING_ERRORS.choose, result.error);
  await sendNotices({ notices: result.notices, origin: publicOrigin() });
  return { success: true, chosen: result.chosen };
});
export const loader = route.loader;
export const action = route.action;
