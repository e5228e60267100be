import { apiRoute, domainError } from "~/auth/api-route.server";
import { getSizeAdvice } from "~/models/fit/advice.server";
import { FIT_ERRORS } from "~/models/fit/errors";
import { apiIdParam } from "~/utils/api-params.server";

/** GET /api/user/size-advice/{productId} -> {zones: [{zone, size, ease_mm, outside}], recommended}. */
const route = apiRoute({ method: "GET", guard: "user" }, ({ db, user, params }) => {
  const productId = apiIdParam(params.productId, FIT_ERRORS.sizeAdvice["product-not-found"]);
  const result = getSizeAdvice({ db, productId, userId: user.id });
  return result.ok ? result.advice : domainError(FIT_ERRORS.sizeAdvice, result.error);
});
export const loader = route.loader;
export const action = route.action;
