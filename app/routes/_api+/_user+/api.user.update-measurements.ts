import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/auth/guards.server";
import { FIT_ERRORS } from "~/models/fit/errors";
import { measurementsJson } from "~/models/fit/json";
import { saveMeasurements } from "~/models/fit/measurements.server";
import { ApiMeasurementsSchema } from "~/schemas/measurements";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/** POST /api/user/update-measurements {unit, height, high_bust, bust, waist, hip, inseam, arm} (mm or null) -> the saved object. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const measurements = await parseBody(request, ApiMeasurementsSchema);
  const result = saveMeasurements({ db: getDb(), userId: user.id, measurements });
  if (!result.ok) return apiError(FIT_ERRORS.saveMeasurements[result.error].status, FIT_ERRORS.saveMeasurements[result.error].message);
  return Response.json(measurementsJson(result.measurements));
}
