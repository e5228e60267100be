import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/auth/guards.server";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { notifyMakeReport, reportMake } from "~/models/makes/moderation.server";
import { ReportMakeSchema } from "~/schemas/makes";
import { apiIdParam } from "~/utils/api-params.server";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";
import { publicOrigin } from "~/utils/mail.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/** POST /api/user/report-make/{id} {reason} -> 201 {success}; the pattern's seller and the platform are emailed. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const makeId = apiIdParam(params.id, MAKES_ERRORS.report["make-not-found"].message);
  const { reason } = await parseBody(request, ReportMakeSchema);
  const result = reportMake({ db: getDb(), makeId, reporterId: user.id, reason });
  if (!result.ok) return apiError(MAKES_ERRORS.report[result.error].status, MAKES_ERRORS.report[result.error].message);
  await notifyMakeReport({ notice: result.notice, origin: publicOrigin() });
  return Response.json({ success: true }, { status: 201 });
}
