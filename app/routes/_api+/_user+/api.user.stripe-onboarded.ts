import type { LoaderFunctionArgs } from "@remix-run/node";

import { isOnboarded } from "~/models/payments/onboarding.server";
import { apiError } from "~/utils/api.server";
import { requireApiUser } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/** GET /api/user/stripe-onboarded -> {onboarded}: the header's flag (false for a user without a store). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json({ onboarded: isOnboarded({ db: getDb(), userId: user.id }) });
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
