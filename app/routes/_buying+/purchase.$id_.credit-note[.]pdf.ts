import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUser } from "~/auth/guards.server";
import { orderDocumentResponse } from "~/models/tax/invoice-pdf.server";
import { getDb } from "~/utils/db.server";
import { lookupId } from "~/utils/ids";

/** GET /purchase/{orderId}/credit-note.pdf: the refunded order's credit note (decision 151), for the buyer or an administrator. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return orderDocumentResponse({ db: getDb(), orderId: lookupId(params.id), viewer: user, kind: "credit-note" });
}
