import { apiRoute, domainError } from "~/auth/api-route.server";
import { closeTesterCall } from "~/models/testing/calls.server";
import { TESTING_ERRORS } from "~/models/testing/errors";
import { apiIdParam } from "~/utils/api-params.server";

/** POST /api/user/close-tester-call/{id} -> {success}: the seller's open call takes no more applications. */
const route = apiRoute({ method: "POST", guard: "seller" }, async ({ db, user, params }) => {
  const callId = apiIdParam(params.id, TESTING_ERRORS.close["call-not-found"]);
  const result = await closeTesterCall({ db, sellerId: user.id, callId });
  return result.ok ? { success: true } : domainError(TESTING_ERRORS.close, result.error);
});
export const loader = route.loader;
export const action = route.action;
