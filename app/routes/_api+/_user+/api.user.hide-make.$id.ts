import { apiRoute, domainError } from "~/auth/api-route.server";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { hideMake } from "~/models/makes/moderation.server";
import { HideMakeSchema } from "~/schemas/makes";
import { apiIdParam } from "~/utils/api-params.server";

/** POST /api/user/hide-make/{id} {hidden: true|false} -> {success, hidden}: the pattern's seller only (else 403). */
const route = apiRoute({ method: "POST", guard: "seller", body: HideMakeSchema }, async ({ db, user, params, body }) => {
  const makeId = apiIdParam(params.id, MAKES_ERRORS.hide["make-not-found"]);
  const result = await hideMake({ db, makeId, sellerId: user.id, hidden: body.hidden });
  return result.ok ? { success: true, hidden: result.hidden } : domainError(MAKES_ERRORS.hide, result.error);
});
export const loader = route.loader;
export const action = route.action;
