import type { LoaderFunctionArgs } from "@remix-run/node";

import { toProfile } from "~/models/accounts/profile.server";
import { getMeasurements, noMeasurements } from "~/models/fit/chart.server";
import { measurementsJson } from "~/models/fit/json";
import { apiError } from "~/utils/api.server";
import { requireApiUser } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/** GET /api/user/get-profile -> the profile of spec 3, with the buyer's `measurements` (issue 24; mm, null when unknown). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const measurements = measurementsJson(getMeasurements({ db: getDb() }, user.id) ?? noMeasurements());
  return Response.json({ ...toProfile(user), measurements });
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
