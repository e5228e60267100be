import { apiRoute, domainError } from "~/auth/api-route.server";
import { removeDiscountCode } from "~/models/selling/discount-codes.server";
import { SELLING_ERRORS } from "~/models/selling/errors";
import { ApiRemoveDiscountCodeSchema } from "~/schemas/discounts";

/** POST /api/user/remove-discount-code {id}: buyers can no longer enter it; another store's or a removed one is 404. */
const route = apiRoute({ method: "POST", guard: "seller", body: ApiRemoveDiscountCodeSchema }, async ({ db, store, body }) => {
  const result = await removeDiscountCode({ db, storeId: store.id, codeId: body.id });
  return result.ok ? { success: true } : domainError(SELLING_ERRORS.discountCode, result.error);
});
export const loader = route.loader;
export const action = route.action;
