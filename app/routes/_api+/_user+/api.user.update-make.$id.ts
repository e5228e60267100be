import type { ActionFunctionArgs } from "@remix-run/node";

import { makeFailureResponse, MAKE_FORM, readMakeUpdate } from "./make.server";
import { requireApiUser } from "~/auth/guards.server";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { updateMake } from "~/models/makes/makes.server";
import { readApiForm } from "~/utils/api-form.server";
import { apiIdParam } from "~/utils/api-params.server";
import { apiError, requireMethod } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/**
 * POST /api/user/update-make/{id}, multipart: `make` as create-make's without product_id, and `photos`: when sent
 * they replace the make's photos, else those stay -> {id}. The maker's own make only (anyone else's: 404).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const makeId = apiIdParam(params.id, MAKES_ERRORS.make["make-not-found"].message);
  const form = await readApiForm(request, MAKE_FORM);
  try {
    const input = readMakeUpdate(form);
    if (input instanceof Response) return input;
    const photos = form.files.filter((f) => f.field === "photos");
    const problems = form.problems.filter((p) => p.field === "photos");
    const replace = photos.length > 0 || problems.length > 0;
    const result = await updateMake({ db: getDb(), userId: user.id, makeId, input, keep: replace ? [] : null, photos, problems });
    if (!result.ok) return makeFailureResponse(result);
    return Response.json({ id: result.make.id });
  } finally {
    await form.cleanup();
  }
}
