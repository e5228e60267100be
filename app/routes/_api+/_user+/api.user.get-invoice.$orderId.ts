import type { LoaderFunctionArgs } from "@remix-run/node";

import { findInvoice, invoiceJson } from "~/models/tax/invoices.server";
import { apiError } from "~/utils/api.server";
import { requireApiUser } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/**
 * GET /api/user/get-invoice/{orderId} -> the invoice of the order's checkout, with its credit notes (decision 123).
 * The buyer's own order or, for an administrator, any; everyone else gets 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const found = findInvoice({ db: getDb(), orderId: Number(params.orderId), viewer: user });
  if (!found) return apiError(404, "Invoice not found");
  return Response.json(invoiceJson(found));
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
