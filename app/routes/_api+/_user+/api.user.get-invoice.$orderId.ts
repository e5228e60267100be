import { apiRoute, domainError } from "~/auth/api-route.server";
import { TAX_ERRORS } from "~/models/tax/errors";
import { findInvoice, invoiceJson } from "~/models/tax/invoices.server";
import { lookupId } from "~/utils/ids";

/**
 * GET /api/user/get-invoice/{orderId} -> the invoice of the order's checkout, with its credit notes (decision 123).
 * The buyer's own order or, for an administrator, any; everyone else gets 404.
 */
const route = apiRoute({ method: "GET", guard: "user" }, async ({ db, user, params }) => {
  const found = await findInvoice({ db, orderId: lookupId(params.orderId), viewer: user });
  return found ? invoiceJson(found) : domainError(TAX_ERRORS.invoice, "not-found");
});
export const loader = route.loader;
export const action = route.action;
