import { apiRoute, domainError } from "~/auth/api-route.server";
import { FIT_ERRORS } from "~/models/fit/errors";
import { measurementsJson } from "~/models/fit/json";
import { saveMeasurements } from "~/models/fit/measurements.server";
import { ApiMeasurementsSchema } from "~/schemas/measurements";

/** POST /api/user/update-measurements {unit, height, high_bust, bust, waist, hip, inseam, arm} (mm or null) -> the saved object. */
const route = apiRoute({ method: "POST", guard: "user", body: ApiMeasurementsSchema }, async ({ db, user, body }) => {
  const result = await saveMeasurements({ db, userId: user.id, measurements: body });
  return result.ok ? measurementsJson(result.measurements) : domainError(FIT_ERRORS.saveMeasurements, result.error);
});
export const loader = route.loader;
export const action = route.action;
