import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";

import { CheckoutSummarySection } from "~/components/checkout-summary";
import { Spinner } from "~/components/forms";
import { getCheckoutSummary } from "~/models/buying/checkout.server";
import { cancelLocalCheckout, openLocalCheckout, payLocalCheckout } from "~/models/buying/local-checkout.server";
import { getDb } from "~/utils/db.server";
import { readForm } from "~/utils/forms.server";
import { invariantResponse } from "~/utils/invariant";
import { publicOrigin } from "~/utils/mail.server";
import { requestContextOf } from "~/utils/request-context.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { requireUser } from "~/auth/guards.server";
import { lookupId } from "~/utils/ids";

export const meta: MetaFunction = () => [{ title: "Test payment page · Patternhouse" }];

const ENDED = {
  expired: "This payment session has expired and your items were released. Please check out again.",
  closed: "This payment session was cancelled. Please check out again.",
  paid: "This order is already paid.",
} as const;

/** The embedded local payment provider's page (only for local checkouts of this buyer). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const checkoutId = lookupId(params.id);
  const state = await openLocalCheckout({ db, userId: user.id, checkoutId });
  if (!state.ok) {
    const { error } = state;
    invariantResponse(error !== "not-found", "Not found", { status: 404 });
    if (error === "paid") throw await redirectWithFlash(request, "/purchases", { kind: "success", message: ENDED.paid });
    throw await redirectWithFlash(request, "/cart", { kind: "error", message: ENDED[error] });
  }
  return { summary: (await getCheckoutSummary({ db, userId: user.id, checkoutId }))! };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const checkoutId = lookupId(params.id);
  const intent = (await readForm(request)).get("intent");
  if (intent === "cancel") {
    const result = await cancelLocalCheckout({ db, userId: user.id, checkoutId });
    invariantResponse(result.ok || result.error !== "not-found", "Not found", { status: 404 });
    return redirectWithFlash(request, "/cart", { kind: "error", message: "Payment cancelled. Your cart is unchanged." });
  }
  const result = await payLocalCheckout({ db, userId: user.id, checkoutId, origin: publicOrigin(request), reqId: requestContextOf(request)?.id });
  if (result.ok) return redirectWithFlash(request, "/purchases/success", { kind: "success", message: "Payment received. Thank you for your order!" });
  invariantResponse(result.error !== "not-found", "Not found", { status: 404 });
  if (result.error === "paid") return redirectWithFlash(request, "/purchases", { kind: "success", message: ENDED.paid });
  return redirectWithFlash(request, "/cart", { kind: "error", message: ENDED[result.error] });
}

export default function LocalPaymentPage() {
  const { summary } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <div role="note" className="mb-6 rounded-md border-2 border-dashed border-amber-400 bg-amber-50 p-4 text-sm text-amber-900">
        <p className="font-semibold">Test payment page</p>
        <p className="mt-1">
          This is the embedded local payment provider, used because no Stripe key is configured. No card is charged:
          Pay confirms the payment exactly as a Stripe webhook would.
        </p>
      </div>
      <CheckoutSummarySection id="pay-title" title="Pay Patternhouse" summary={summary}>
        <Form method="post" className="mt-8 flex gap-3">
          <button type="submit" name="intent" value="cancel" className="btn-secondary flex-1" disabled={Boolean(busy)}>
            <Spinner show={busy === "cancel"} />
            Cancel
          </button>
          <button type="submit" name="intent" value="pay" className="btn flex-1" disabled={Boolean(busy)}>
            <Spinner show={busy === "pay"} />
            Pay
          </button>
        </Form>
      </CheckoutSummarySection>
    </div>
  );
}
