import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";

import { completeLocalOnboarding } from "~/models/payments/onboarding.server";
import { getStripe } from "~/models/payments/providers.server";
import { getDb } from "~/utils/db.server";
import { requireSeller } from "~/auth/guards.server";
import { invariantResponse } from "~/utils/invariant";

export const meta: MetaFunction = () => [{ title: "Test payout onboarding · Patternhouse" }];

/**
 * The local payment provider's onboarding page (design notes, Payments: no Stripe configured). It exists only
 * without STRIPE_SECRET_KEY and says plainly that it is a test page: no details are collected, no money moves.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await requireSeller(request);
  invariantResponse(!getStripe(), "Not found", { status: 404 });
  return { storeName: store.name, onboarded: store.stripeOnboarded };
}

export async function action({ request }: ActionFunctionArgs) {
  const { store } = await requireSeller(request);
  const result = await completeLocalOnboarding({ db: getDb(), storeId: store.id });
  invariantResponse(result.ok, "Not found", { status: 404 });
  return redirect("/my-finance-stripe");
}

export default function TestOnboardingPage() {
  const { storeName, onboarded } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <section className="card space-y-4 border-2 border-dashed border-amber-400 p-6">
        <p className="inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-amber-900">
          Test mode
        </p>
        <h1 className="text-2xl font-bold tracking-tight">Test payout onboarding</h1>
        <p className="text-sm text-slate-700">
          This page is served by this marketplace because no payment provider is configured. It stands in for the provider's
          hosted onboarding: no identity or bank details are collected and no money moves. Completed, it marks{" "}
          <strong>{storeName}</strong> as ready for payouts; transfers are then paid out by the local test provider.
        </p>
        {onboarded ? <p className="text-sm font-medium text-emerald-700">This store has already completed onboarding.</p> : null}
        <Form method="post">
          <button type="submit" className="btn">
            Complete onboarding
          </button>
        </Form>
      </section>
    </div>
  );
}
