import { apiRoute, domainError } from "~/auth/api-route.server";
import { getSizeAdvice } from "~/models/fit/advice.server";
import { FIT_ERRORS } from "~/models/fit/errors";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { sizesFromMakes } from "~/models/makes/sizes.server";
import { apiIdParam } from "~/utils/api-params.server";

/**
 * GET /api/user/size-advice/{productId} -> {zones: [{zone, size, ease_mm, outside}], recommended, makes}; `makes`
 * (issue 37, issue 46 item 2): null below three makers in the caller's chart steps, else {makers, sizes: [{size,
 * makers, fit}], others} (bands, never exact counts or measurements); 429 past the comparisons' rate limit.
 */
const route = apiRoute({ method: "GET", guard: "user" }, async ({ db, user, params }) => {
  const productId = apiIdParam(params.productId, FIT_ERRORS.sizeAdvice["product-not-found"]);
  const result = await getSizeAdvice({ db, productId, userId: user.id });
  if (!result.ok) return domainError(FIT_ERRORS.sizeAdvice, result.error);
  const makes = await sizesFromMakes({ db, productId, userId: user.id });
  return makes.ok ? { ...result.advice, makes: makes.answer } : domainError(MAKES_ERRORS.sizes, makes.error);
});
export const loader = route.loader;
export const action = route.action;
