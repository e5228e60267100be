import { apiRoute, domainError } from "~/auth/api-route.server";
import { TAX_ERRORS } from "~/models/tax/errors";
import { documentJson, findOrderDocument } from "~/models/tax/invoices.server";
import { lookupId } from "~/utils/ids";

/**
 * GET /api/user/get-receipt/{orderId} -> the store's receipt covering the order (decision 151): the store as seller,
 * its lines, notes and totals. The buyer's own order or, for an administrator, any; everyone else gets 404.
 */
const route = apiRoute({ method: "GET", guard: "user" }, async ({ db, user, params }) => {
  const receipt = await findOrderDocument({ db, orderId: lookupId(params.orderId), viewer: user, kind: "receipt" });
  return receipt ? documentJson(receipt) : domainError(TAX_ERRORS.receipt, "not-found");
});
export const loader = route.loader;
export const action = route.action;
