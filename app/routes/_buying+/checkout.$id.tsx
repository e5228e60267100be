import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { CheckoutSummarySection } from "~/components/checkout-summary";
import { getCheckoutSummary } from "~/models/buying/checkout.server";
import { getDb } from "~/utils/db.server";
import { invariantResponse } from "~/utils/invariant";
import { requireUser } from "~/auth/guards.server";
import { lookupId } from "~/utils/ids";

export const meta: MetaFunction = () => [{ title: "Order summary · Patternhouse" }];

/** The order summary step between Checkout and the payment provider (a page, so it works without JavaScript). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const summary = await getCheckoutSummary({ db: getDb(), userId: user.id, checkoutId: lookupId(params.id) });
  invariantResponse(summary, "Not found", { status: 404 });
  return { summary };
}

export default function CheckoutSummaryPage() {
  const { summary } = useLoaderData<typeof loader>();
  const payable = summary.status === "open" && summary.url;
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <CheckoutSummarySection id="summary-title" title="Order summary" summary={summary}>
        {payable ? (
          <div className="mt-8 space-y-3">
            <a href={summary.url!} className="btn w-full">
              Proceed to Payment
            </a>
            <p className="text-center text-xs text-slate-500">
              Your items are reserved until {new Date(summary.expiresAt).toUTCString().slice(17, 22)} UTC.
            </p>
          </div>
        ) : (
          <p className="mt-8 rounded-md bg-slate-50 p-3 text-sm text-slate-700" role="status">
            {summary.status === "paid" ? "This order is paid." : "This payment session has ended. Please check out again from your cart."}
          </p>
        )}
        <Link to="/cart" className="mt-4 block text-center text-sm text-slate-600 hover:text-brand-700">
          Back to cart
        </Link>
      </CheckoutSummarySection>
    </div>
  );
}
