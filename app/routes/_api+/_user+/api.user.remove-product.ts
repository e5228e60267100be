import { z } from "zod";

import { apiRoute, domainError } from "~/auth/api-route.server";
import { removeOwnProduct } from "~/models/selling/designs.server";
import { SELLING_ERRORS } from "~/models/selling/errors";
import { jsonId } from "~/schemas/json";
import { PRODUCT_MESSAGES } from "~/schemas/selling";

/** POST /api/user/remove-product {id}: takes one of the caller's designs off sale (orders keep it); anyone else's is 404. */
const route = apiRoute({ method: "POST", guard: "seller", body: z.object({ id: jsonId("id") }) }, async ({ db, store, body }) => {
  if (!await removeOwnProduct({ db, storeId: store.id, productId: body.id })) return domainError(SELLING_ERRORS.design, "not-found");
  return { success: true, message: PRODUCT_MESSAGES.removed };
});
export const loader = route.loader;
export const action = route.action;
