import { apiRoute, domainError } from "~/auth/api-route.server";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { deleteMake } from "~/models/makes/makes.server";
import { apiIdParam } from "~/utils/api-params.server";

/** POST /api/user/delete-make/{id} -> {success}: the maker's own make, its photos and reports (anyone else's: 404). */
const route = apiRoute({ method: "POST", guard: "user" }, async ({ db, user, params }) => {
  const makeId = apiIdParam(params.id, MAKES_ERRORS.make["make-not-found"]);
  const result = await deleteMake({ db, userId: user.id, makeId });
  return result.ok ? { success: true } : domainError(MAKES_ERRORS.make, result.error);
});
export const loader = route.loader;
export const action = route.action;
