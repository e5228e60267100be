import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getStoreByOwner } from "~/models/catalog/stores.server";
import { getPlatformSettings } from "~/models/platform/settings.server";
import { getDb } from "~/utils/db.server";
import { formatCents } from "~/utils/money";
import { formatRateBp } from "~/utils/numbers";
import { invariantResponse } from "~/utils/invariant";
import { getUser } from "~/auth/viewer.server";
import { pageMeta } from "~/utils/meta";

/** Optional focus of the page: which of the ways to sell comes first (`/become-seller/patterns`). */
const MODES = ["patterns", "printing", "apparel"] as const;
type Mode = (typeof MODES)[number];

export const meta: MetaFunction = () =>
  pageMeta("Become a Seller", "Open a store on Patternhouse: sell DXF patterns, printed paper patterns we print and ship from Los Angeles, made-to-order and ready-to-ship apparel.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const mode = params.mode ?? null;
  invariantResponse(mode === null || (MODES as readonly string[]).includes(mode), "Not Found", { status: 404 });
  const db = getDb();
  const user = await getUser(request);
  const store = user ? await getStoreByOwner({ db, ownerId: user.id }) : undefined;
  const s = await getPlatformSettings({ db });
  return {
    mode: mode as Mode | null,
    loggedIn: Boolean(user),
    hasStore: Boolean(store),
    fees: {
      apparel: `${formatRateBp(s.marginBp)} of the price, at least ${formatCents(s.minFeeCents)}`,
      pattern: `${formatRateBp(s.marginPatternBp)} of the price, at least ${formatCents(s.minFeePatternCents)}`,
      printing: formatCents(s.flatFeeCents),
      pss: formatCents(s.pssCents),
    },
    studio: [s.city, s.state].filter(Boolean).join(", ") || "Los Angeles",
  };
}

const WAYS: { id: Mode; title: string; text: (fees: { pattern: string; printing: string; pss: string; apparel: string }) => string }[] = [
  {
    id: "patterns",
    title: "Downloadable patterns (DXF)",
    text: (f) =>
      `Upload your pattern as a DXF file for commercial production. Buyers download it right after paying; the file stays private to you and your paying buyers. Fee: ${f.pattern}.`,
  },
  {
    id: "printing",
    title: "Printed paper patterns",
    text: (f) =>
      `We print your pattern on paper and ship it to buyers in the US within 3 working days. You do nothing after the upload. Fee: the pattern fee plus ${f.printing} for printing; buyers pay ${f.pss} for printing and shipping.`,
  },
  {
    id: "apparel",
    title: "Made-to-order and ready-to-ship apparel",
    text: (f) =>
      `Sell garments, accessories, home goods and pet items you make to order or have in stock, in every size you offer. You ship from your studio within 3 working days. Fee: ${f.apparel}.`,
  },
];

export default function BecomeSellerPage() {
  const { mode, loggedIn, hasStore, fees, studio } = useLoaderData<typeof loader>();
  const ways = mode ? [...WAYS.filter((w) => w.id === mode), ...WAYS.filter((w) => w.id !== mode)] : WAYS;
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <section className="text-center">
        <h1 className="text-4xl font-bold tracking-tight">Sell your designs on Patternhouse</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
          Open a store for your sewing patterns and apparel. Buyers across the marketplace find your designs by category,
          follow your store and message you; we handle payments, printing and payouts.
        </p>
        <div className="mt-8">
          {loggedIn ? (
            <Link to="/store-settings" className="btn px-6 py-3 text-base">
              {hasStore ? "Go to your store settings" : "Open your store"}
            </Link>
          ) : (
            <div role="note" className="mx-auto max-w-md rounded-md border border-slate-200 bg-slate-50 p-4">
              <p className="font-medium">Please login to become a seller</p>
              <div className="mt-3 flex justify-center gap-3">
                <Link to={`/login?redirectTo=${encodeURIComponent("/become-seller")}`} className="btn">
                  OK
                </Link>
                <Link to="/register" className="btn-secondary">
                  Register
                </Link>
              </div>
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="ways-heading" className="mt-16">
        <h2 id="ways-heading" className="text-2xl font-semibold">
          What you can sell
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {ways.map((w) => (
            <li key={w.id} id={w.id} className={`card p-6 ${w.id === mode ? "ring-2 ring-brand-600" : ""}`}>
              <h3 className="font-semibold">{w.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{w.text(fees)}</p>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-slate-600">
          Fees are set by the platform and shown here as they are today; a fee is never more than the price.
        </p>
      </section>

      <section aria-labelledby="print-heading" className="mt-16 grid gap-8 md:grid-cols-2">
        <div>
          <h2 id="print-heading" className="text-2xl font-semibold">
            Printed in {studio}
          </h2>
          <p className="mt-3 text-slate-600">
            Printed patterns are printed on demand in our studio in {studio} and shipped to buyers in the US within 3 working
            days, so you can sell paper patterns without a printer, paper stock or trips to the post office.
          </p>
        </div>
        <div>
          <h2 className="text-2xl font-semibold">How payouts work</h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-600">
            <li>Every paid order adds its price minus the platform fee to your store balance.</li>
            <li>Set up your payment details once with our payment provider from your store settings.</li>
            <li>Transfer your balance to your bank account from the Finance tab whenever you like.</li>
          </ol>
        </div>
      </section>

      <section aria-labelledby="start-heading" className="mt-16 rounded-lg bg-slate-50 p-8">
        <h2 id="start-heading" className="text-2xl font-semibold">
          Getting started
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
          <li>Complete your profile with your address and phone number.</li>
          <li>Open your store: a name, a bio, a logo and up to 10 images or videos.</li>
          <li>Upload your designs with their images, a size chart and, for patterns, the DXF file.</li>
        </ol>
        <p className="mt-4 text-slate-700">
          Want to ask us something first, or show us your portfolio?{" "}
          <Link to="/help" className="font-medium text-brand-700 hover:underline">
            Send us a request
          </Link>
          .
        </p>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
