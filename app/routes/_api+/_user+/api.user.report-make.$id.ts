import { apiRoute, domainError } from "~/auth/api-route.server";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { notifyMakeReport, reportMake } from "~/models/makes/moderation.server";
import { ReportMakeSchema } from "~/schemas/makes";
import { apiIdParam } from "~/utils/api-params.server";
import { publicOrigin } from "~/utils/mail.server";

/** POST /api/user/report-make/{id} {reason} -> 201 {success}; the pattern's seller and the platform are emailed. */
const route = apiRoute({ method: "POST", guard: "user", body: ReportMakeSchema }, async ({ db, user, params, body }) => {
  const makeId = apiIdParam(params.id, MAKES_ERRORS.report["make-not-found"]);
  const result = await reportMake({ db, makeId, reporterId: user.id, reason: body.reason });
  if (!result.ok) return domainError(MAKES_ERRORS.report, result.error);
  await notifyMakeReport({ notice: result.notice, origin: publicOrigin() });
  return Response.json({ success: true }, { status: 201 });
});
export const loader = route.loader;
export const action = route.action;
