import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { createDiscountCode, discountCodeJson, listDiscountCodes } from "~/models/selling/discount-codes.server";
import { SELLING_ERRORS } from "~/models/selling/errors";
import { ApiCreateDiscountCodeSchema } from "~/schemas/discounts";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { requireApiSeller } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/** GET /api/user/discount-codes: the caller's store's live codes, newest first, with `uses` (paid) and `reserved`. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await requireApiSeller(request);
  return Response.json(listDiscountCodes({ db: getDb(), storeId: store.id }).map(discountCodeJson));
}

/**
 * POST /api/user/discount-codes {code, percent_off | amount_off, product_ids, starts, ends, max_uses,
 * once_per_buyer} -> 201 {id, ...the code} (decision 109).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { store } = await requireApiSeller(request);
  const input = await parseBody(request, ApiCreateDiscountCodeSchema);
  const db = getDb();
  const result = createDiscountCode({ db, storeId: store.id, input });
  if (!result.ok) return apiError(SELLING_ERRORS.discountCode[result.error].status, SELLING_ERRORS.discountCode[result.error].message);
  const row = listDiscountCodes({ db, storeId: store.id }).find((c) => c.id === result.code.id)!;
  return Response.json(discountCodeJson(row), { status: 201 });
}
