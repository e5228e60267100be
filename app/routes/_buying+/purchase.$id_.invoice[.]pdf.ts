import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUser } from "~/auth/guards.server";
import { orderDocumentResponse } from "~/models/tax/invoice-pdf.server";
import { getDb } from "~/utils/db.server";
import { lookupId } from "~/utils/ids";

/** GET /purchase/{orderId}/invoice.pdf: the platform's invoice of the order's checkout, for the buyer or an administrator. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return orderDocumentResponse({ db: getDb(), orderId: lookupId(params.id), viewer: user, kind: "invoice" });
}
