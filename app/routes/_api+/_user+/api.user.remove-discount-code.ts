import type { ActionFunctionArgs } from "@remix-run/node";

import { removeDiscountCode } from "~/models/selling/discount-codes.server";
import { SELLING_ERRORS } from "~/models/selling/errors";
import { ApiRemoveDiscountCodeSchema } from "~/schemas/discounts";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { requireApiSeller } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/** POST /api/user/remove-discount-code {id}: buyers can no longer enter it; another store's or a removed one is 404. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { store } = await requireApiSeller(request);
  const { id } = await parseBody(request, ApiRemoveDiscountCodeSchema);
  const result = removeDiscountCode({ db: getDb(), storeId: store.id, codeId: id });
  if (!result.ok) return apiError(SELLING_ERRORS.discountCode[result.error].status, SELLING_ERRORS.discountCode[result.error].message);
  return Response.json({ success: true });
}
