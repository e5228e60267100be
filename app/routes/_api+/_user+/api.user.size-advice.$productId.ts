import { apiRoute, domainError } from "~/auth/api-route.server";
import { getSizeAdvice } from "~/models/fit/advice.server";
import { FIT_ERRORS } from "~/models/fit/errors";
import { sizesFromMakes } from "~/models/makes/sizes.server";
import { apiIdParam } from "~/utils/api-params.server";

/**
 * GET /api/user/size-advice/{productId} -> {zones: [{zone, size, ease_mm, outside}], recommended, makes}; `makes`
 * (issue 37): null below three similar makers, else {similar, sizes: [{size, count, fit}]} (counts only).
 */
const route = apiRoute({ method: "GET", guard: "user" }, ({ db, user, params }) => {
  const productId = apiIdParam(params.productId, FIT_ERRORS.sizeAdvice["product-not-found"]);
  const result = getSizeAdvice({ db, productId, userId: user.id });
  return result.ok ? { ...result.advice, makes: sizesFromMakes({ db, productId, userId: user.id }) } : domainError(FIT_ERRORS.sizeAdvice, result.error);
});
export const loader = route.loader;
export const action = route.action;
