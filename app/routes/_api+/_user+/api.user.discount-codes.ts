import { apiRoute } from "~/auth/api-route.server";
import { apiError } from "~/utils/api.server";
import { createDiscountCode, discountCodeJson, listDiscountCodes } from "~/models/selling/discount-codes.server";
import { DISCOUNT_CODE_FIELDS, SELLING_ERRORS } from "~/models/selling/errors";
import { ApiCreateDiscountCodeSchema } from "~/schemas/discounts";

/** GET /api/user/discount-codes: the caller's store's live codes, newest first, with `uses` (paid) and `reserved`. */
export const loader = apiRoute({ method: "GET", guard: "seller" }, async ({ db, store }) => {
  return (await listDiscountCodes({ db, storeId: store.id })).map(discountCodeJson);
}).loader;

/**
 * POST /api/user/discount-codes {code, percent_off | amount_off, product_ids, starts, ends, max_uses,
 * once_per_buyer} -> 201 {id, ...the code} (decision 109).
 */
export const action = apiRoute({ method: "POST", guard: "seller", body: ApiCreateDiscountCodeSchema }, async ({ db, store, body }) => {
  const result = await createDiscountCode({ db, storeId: store.id, input: body });
  if (!result.ok) {
    const { status, message } = SELLING_ERRORS.discountCode[result.error];
    return apiError(status, `${DISCOUNT_CODE_FIELDS[result.error]}: ${message}`);
  }
  const row = (await listDiscountCodes({ db, storeId: store.id })).find((c) => c.id === result.code.id)!;
  return Response.json(discountCodeJson(row), { status: 201 });
}).action;
