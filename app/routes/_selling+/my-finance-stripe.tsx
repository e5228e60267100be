import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";

import { Note } from "~/components/flash";
import { SellerTabs } from "~/components/seller-tabs";
import { askOnboarded, canLinkWithoutWriting, createOnboardingLink, refreshOnboarded } from "~/models/payments/onboarding.server";
import { getDb } from "~/utils/db.server";
import { readForm } from "~/utils/forms.server";
import { publicOrigin } from "~/utils/mail.server";
import { requireSeller } from "~/auth/guards.server";

export const meta: MetaFunction = () => [{ title: "Payouts · Patternhouse" }];

const LINK_FAILED = "The payment provider could not be reached. Please try again in a moment.";

/**
 * Spec 2.4 /my-finance-stripe, the payout redirect screen: the return URL of the provider's onboarding (shows
 * where the setup stands, freshly asked of Stripe) and its refresh URL (`?refresh=1`: the single-use link
 * expired, so a new one is minted and the seller sent on). A GET never writes (decision 161): the flag Stripe
 * reports is stored by the screen's "sync" post (sent at once with JavaScript) and by Stripe's `account.updated`
 * event; a store without an account yet gets it from the "Continue payout setup" post.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await requireSeller(request);
  const db = getDb();
  if (new URL(request.url).searchParams.get("refresh") && canLinkWithoutWriting(store)) {
    const link = await createOnboardingLink({ db, storeId: store.id, origin: publicOrigin(request) });
    if (link.ok) throw redirect(link.account.accountLink.url);
    return { onboarded: store.stripeOnboarded, stale: false, error: LINK_FAILED };
  }
  const { onboarded, stored } = await askOnboarded({ db, storeId: store.id });
  return { onboarded, stale: onboarded !== stored, error: null };
}

/**
 * Starts (or continues) the payout setup: the store's onboarding link, and the browser is sent there. `sync`:
 * stores the flag Stripe reports (the return screen's own post).
 */
export async function action({ request }: ActionFunctionArgs) {
  const { store } = await requireSeller(request);
  const db = getDb();
  const form = await readForm(request);
  if (form.get("intent") === "sync") {
    await refreshOnboarded({ db, storeId: store.id });
    return redirect("/my-finance-stripe");
  }
  const link = await createOnboardingLink({ db, storeId: store.id, origin: publicOrigin(request) });
  if (!link.ok) return data({ error: LINK_FAILED }, { status: 502 });
  return redirect(link.account.accountLink.url);
}

/** With JavaScript, a flag Stripe changed is stored at once (one post); without it, Stripe's event stores it. */
function useSyncOnboarded(stale: boolean) {
  const { submit } = useFetcher();
  useEffect(() => {
    if (stale) submit({ intent: "sync" }, { method: "post" });
  }, [stale, submit]);
}

export default function PayoutSetupPage() {
  const { onboarded, stale, error } = useLoaderData<typeof loader>();
  useSyncOnboarded(stale);
  const actionData = useActionData<typeof action>();
  const problem = actionData?.error ?? error;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <SellerTabs />
      <h1 className="text-2xl font-bold tracking-tight">Payouts</h1>
      {problem ? <Note kind="error">{problem}</Note> : null}
      {onboarded ? (
        <section className="card space-y-3 p-6">
          <p className="text-lg font-semibold text-emerald-700">Your payouts are set up.</p>
          <p className="text-sm text-slate-600">Transfers to your bank account can now be requested from Finance.</p>
          <Link to="/my-finance" className="btn">
            Go to Finance
          </Link>
        </section>
      ) : (
        <section className="card space-y-3 p-6">
          <p className="text-lg font-semibold">Your payout setup is not finished yet.</p>
          <p className="text-sm text-slate-600">
            To receive transfers, finish the payout onboarding with our payment provider. You can continue where you left off.
          </p>
          <Form method="post">
            <button type="submit" name="intent" value="start" className="btn">
              Continue payout setup
            </button>
          </Form>
        </section>
      )}
    </div>
  );
}
