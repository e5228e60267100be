import type { LoaderFunctionArgs } from "@remix-run/node";

import { toProfile } from "~/models/accounts/profile.server";
import { apiError } from "~/utils/api.server";
import { requireApiUser } from "~/auth/guards.server";

/** GET /api/user/get-profile -> the profile of spec 3. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json(toProfile(user));
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
