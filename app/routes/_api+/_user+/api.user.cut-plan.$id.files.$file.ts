import { apiRoute, domainError } from "~/auth/api-route.server";
import { CUT_PLAN_ERRORS } from "~/models/layout/cut-plan-errors";
import { cutPlanFile } from "~/models/layout/cut-plans.server";
import { apiIdParam } from "~/utils/api-params.server";

/** GET /api/user/cut-plan/{id}/files/{marker-N.plt|dxf|pdf, cut-plan-{id}.zip}: a finished plan's file, its owner only. */
const route = apiRoute({ method: "GET", guard: "user" }, async ({ db, user, params }) => {
  const id = apiIdParam(params.id, CUT_PLAN_ERRORS.not_found);
  const file = await cutPlanFile({ db, userId: user.id, id, file: params.file ?? "" });
  if (!file) return domainError(CUT_PLAN_ERRORS, "not_found");
  return new Response(new Uint8Array(file.body), {
    headers: { "Content-Type": file.contentType, "Content-Disposition": `attachment; filename="${file.name}"`, "Cache-Control": "private, no-store" },
  });
});
export const loader = route.loader;
export const action = route.action;
