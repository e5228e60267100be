import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/auth/guards.server";
import { getSizeAdvice } from "~/models/fit/advice.server";
import { FIT_ERRORS } from "~/models/fit/errors";
import { apiIdParam } from "~/utils/api-params.server";
import { apiError } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

/** GET /api/user/size-advice/{productId} -> {zones: [{zone, size, ease_mm, outside}], recommended}. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const productId = apiIdParam(params.productId, FIT_ERRORS.sizeAdvice["product-not-found"].message);
  const result = getSizeAdvice({ db: getDb(), productId, userId: user.id });
  if (!result.ok) return apiError(FIT_ERRORS.sizeAdvice[result.error].status, FIT_ERRORS.sizeAdvice[result.error].message);
  return Response.json(result.advice);
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
