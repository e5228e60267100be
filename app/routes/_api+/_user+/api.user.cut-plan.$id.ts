import { apiRoute, domainError } from "~/auth/api-route.server";
import { CUT_PLAN_ERRORS } from "~/models/layout/cut-plan-errors";
import { cutPlanJson, getCutPlan } from "~/models/layout/cut-plans.server";
import { apiIdParam } from "~/utils/api-params.server";

/**
 * GET /api/user/cut-plan/{id} -> {status: queued | working | done | failed, progress, markers: [{material, sizes,
 * plies, length_mm, efficiency, files: {plt, dxf, pdf}}], total_mm, bound_mm, zip} (issue 48): its owner's plan only.
 */
const route = apiRoute({ method: "GET", guard: "user" }, async ({ db, user, params }) => {
  const id = apiIdParam(params.id, CUT_PLAN_ERRORS.not_found);
  const plan = await getCutPlan({ db, userId: user.id, id });
  if (!plan) return domainError(CUT_PLAN_ERRORS, "not_found");
  return Response.json(cutPlanJson(plan, `/api/user/cut-plan/${plan.id}/files`), { headers: { "Cache-Control": "private, no-store" } });
});
export const loader = route.loader;
export const action = route.action;
