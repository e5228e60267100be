import { apiRoute, domainError } from "~/auth/api-route.server";
import { editTesterCall } from "~/models/testing/calls.server";
import { TESTING_ERRORS, unknownSizesMessage } from "~/models/testing/errors";
import { ApiEditTesterCallSchema } from "~/schemas/testing";
import { apiError } from "~/utils/api.server";
import { apiIdParam } from "~/utils/api-params.server";

/** POST /api/user/update-tester-call/{id} {sizes, testers, closes_on, brief} -> {success}: the seller's open call, before choosing. */
const route = apiRoute({ method: "POST", guard: "seller", body: ApiEditTesterCallSchema }, async ({ db, user, params, body }) => {
  const callId = apiIdParam(params.id, TESTING_ERRORS.edit["call-not-found"]);
  const input = { sizes: body.sizes, testers: body.testers, closesOn: body.closes_on, brief: body.brief };
  const result = await editTesterCall({ db, sellerId: user.id, callId, input });
  if (!result.ok) return result.error === "unknown-sizes" ? apiError(400, unknownSizesMessage(result), { field: "sizes" }) : domainError(TESTING_ERRORS.edit, result.error);
  return { success: true };
});
export const loader = route.loader;
export const action = route.action;
