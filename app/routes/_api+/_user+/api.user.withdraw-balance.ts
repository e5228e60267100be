import { apiRoute, domainError } from "~/auth/api-route.server";
import { SELLING_ERRORS } from "~/models/selling/errors";
import { toTransactionJson } from "~/models/selling/finance.server";
import { withdrawBalance } from "~/models/selling/payouts.server";

/**
 * POST /api/user/withdraw-balance -> 201 {success, transfer}: the whole balance as one transfer (Pending, or already
 * Completed / Rejected when auto-approved); 400 no balance, 409 payouts not set up.
 */
const route = apiRoute({ method: "POST", guard: "seller" }, async ({ db, store }) => {
  const result = await withdrawBalance({ db, storeId: store.id });
  if (!result.ok) return domainError(SELLING_ERRORS.withdraw, result.error);
  return Response.json({ success: true, transfer: toTransactionJson(result.transfer) }, { status: 201 });
});
export const loader = route.loader;
export const action = route.action;
