import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUser } from "~/auth/guards.server";
import { TAX_ERRORS } from "~/models/tax/errors";
import { findInvoice, invoicePdf } from "~/models/tax/invoices.server";
import { getDb } from "~/utils/db.server";

/** GET /purchase/{orderId}/invoice.pdf: the invoice and its credit notes, for the buyer or an administrator. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const found = findInvoice({ db: getDb(), orderId: Number(params.id), viewer: user });
  const { status, message } = TAX_ERRORS.invoice["not-found"];
  if (!found) throw new Response(message, { status });
  const pdf = await invoicePdf(found);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="invoice-${found.invoice.number}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
