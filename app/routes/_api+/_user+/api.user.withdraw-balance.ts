import type { ActionFunctionArgs } from "@remix-run/node";

import { toTransactionJson } from "~/models/selling/finance.server";
import { SELLING_ERRORS } from "~/models/selling/errors";
import { withdrawBalance } from "~/models/selling/payouts.server";
import { apiError, requireMethod } from "~/utils/api.server";
import { requireApiSeller } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/**
 * POST /api/user/withdraw-balance -> 201 {success, transfer}: the whole balance as one transfer (Pending, or already
 * Completed / Rejected when auto-approved); 400 no balance, 409 payouts not set up.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { store } = await requireApiSeller(request);
  const result = await withdrawBalance({ db: getDb(), storeId: store.id });
  if (!result.ok) return apiError(SELLING_ERRORS.withdraw[result.error].status, SELLING_ERRORS.withdraw[result.error].message);
  return Response.json({ success: true, transfer: toTransactionJson(result.transfer) }, { status: 201 });
}
