import { apiRoute, domainError } from "~/auth/api-route.server";
import { setOwnProductStatus } from "~/models/selling/designs.server";
import { SELLING_ERRORS } from "~/models/selling/errors";
import { PRODUCT_MESSAGES, PublishProductSchema } from "~/schemas/selling";

/**
 * POST /api/user/publish-product {id, status?}: publishes one of the caller's designs (`status` "published", the
 * default) or turns it back into a draft (`status` "draft"); anyone else's, or a removed one, is 404 (decision 106).
 */
const route = apiRoute({ method: "POST", guard: "seller", body: PublishProductSchema }, async ({ db, store, body: { id, status } }) => {
  if (!await setOwnProductStatus({ db, storeId: store.id, productId: id, status })) return domainError(SELLING_ERRORS.design, "not-found");
  return { success: true, message: status === "published" ? PRODUCT_MESSAGES.published : PRODUCT_MESSAGES.unpublished, status };
});
export const loader = route.loader;
export const action = route.action;
