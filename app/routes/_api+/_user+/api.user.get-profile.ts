import { apiRoute } from "~/auth/api-route.server";
import { toProfile } from "~/models/accounts/profile.server";
import { getMeasurements, noMeasurements } from "~/models/fit/chart.server";
import { measurementsJson } from "~/models/fit/json";

/** GET /api/user/get-profile -> the profile of spec 3, with the buyer's `measurements` (issue 24; mm, null when unknown). */
const route = apiRoute({ method: "GET", guard: "user" }, async ({ db, user }) => {
  const measurements = measurementsJson(await getMeasurements({ db }, user.id) ?? noMeasurements());
  return { ...toProfile(user), measurements };
});
export const loader = route.loader;
export const action = route.action;
