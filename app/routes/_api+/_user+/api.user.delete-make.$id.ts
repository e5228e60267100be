import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/auth/guards.server";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { deleteMake } from "~/models/makes/makes.server";
import { apiIdParam } from "~/utils/api-params.server";
import { apiError, requireMethod } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/** POST /api/user/delete-make/{id} -> {success}: the maker's own make, its photos and reports (anyone else's: 404). */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const makeId = apiIdParam(params.id, MAKES_ERRORS.make["make-not-found"].message);
  const result = await deleteMake({ db: getDb(), userId: user.id, makeId });
  if (!result.ok) return apiError(MAKES_ERRORS.make[result.error].status, MAKES_ERRORS.make[result.error].message);
  return Response.json({ success: true });
}
