import type { ActionFunctionArgs } from "@remix-run/node";

import { updateProfile } from "~/models/accounts/profile.server";
import { ApiProfileSchema } from "~/schemas/profile";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { requireApiUser } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/** POST /api/user/update-profile {first_name, last_name, street, street2, city, state, phone, zip, country}. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const input = await parseBody(request, ApiProfileSchema);
  const profile = updateProfile({ db: getDb(), userId: user.id, input });
  // The account was deleted while this request was on its way: nothing was written (issue 34, item 1).
  if (!profile) return apiError(403, "This account is closed.");
  return Response.json({ success: true, message: "Profile updated successfully!", profile });
}
