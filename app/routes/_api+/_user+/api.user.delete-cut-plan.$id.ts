import { apiRoute, domainError } from "~/auth/api-route.server";
import { CUT_PLAN_ERRORS } from "~/models/layout/cut-plan-errors";
import { deleteCutPlan } from "~/models/layout/cut-plans.server";
import { apiIdParam } from "~/utils/api-params.server";

/** POST /api/user/delete-cut-plan/{id} -> {success} (issue 48): its owner's plan and its markers (anyone else's: 404). */
const route = apiRoute({ method: "POST", guard: "user" }, async ({ db, user, params }) => {
  const id = apiIdParam(params.id, CUT_PLAN_ERRORS.not_found);
  return await deleteCutPlan({ db, userId: user.id, id }) ? { success: true } : domainError(CUT_PLAN_ERRORS, "not_found");
});
export const loader = route.loader;
export const action = route.action;
