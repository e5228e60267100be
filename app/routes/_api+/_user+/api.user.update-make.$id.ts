import { makeFailureResponse, MAKE_FORM, readMakeUpdate } from "./make.server";
import { apiRoute } from "~/auth/api-route.server";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { updateMake } from "~/models/makes/makes.server";
import { apiIdParam } from "~/utils/api-params.server";

/**
 * POST /api/user/update-make/{id}, multipart: `make` as create-make's without product_id, and `photos`: when sent
 * they replace the make's photos, else those stay -> {id}. The maker's own make only (anyone else's: 404).
 */
const route = apiRoute({ method: "POST", guard: "user", form: MAKE_FORM }, async ({ db, user, params, form }) => {
  const makeId = apiIdParam(params.id, MAKES_ERRORS.make["make-not-found"]);
  const input = readMakeUpdate(form);
  if (input instanceof Response) return input;
  const photos = form.files.filter((f) => f.field === "photos");
  const problems = form.problems.filter((p) => p.field === "photos");
  const replace = photos.length > 0 || problems.length > 0;
  const result = await updateMake({ db, userId: user.id, makeId, input, keep: replace ? [] : null, photos, problems });
  if (!result.ok) return makeFailureResponse(result);
  return { id: result.make.id };
});
export const loader = route.loader;
export const action = route.action;
