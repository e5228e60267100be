import type { CheckoutSummary } from "~/models/buying/checkout.server";
import { MADE_TO_MEASURE_LABEL } from "~/models/patterns/mtm-label";
import { ImportNotice } from "~/components/import-notice";
import { TaxLine } from "~/components/tax-line";
import { formatCents } from "~/utils/money";

/** Subtotal, shipping, total, the address and the delivery promise (spec 2.3, the order summary). */
export function CheckoutSummaryCard({ summary }: { summary: CheckoutSummary }) {
  const a = summary.address;
  return (
    <div className="space-y-6">
      <ul className="divide-y divide-slate-200 text-sm">
        {summary.lines.map((l) => (
          <li key={l.id} className="flex justify-between gap-4 py-2">
            <span className="min-w-0">
              {l.quantity} × {l.name}
              <span className="block text-xs text-slate-500">{[l.variant, l.madeToMeasure ? MADE_TO_MEASURE_LABEL : null, l.typeLabel].filter(Boolean).join(" · ")}</span>
            </span>
            <span className="shrink-0">{formatCents(l.lineCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="space-y-2 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd data-testid="summary-subtotal">{formatCents(summary.subtotalCents)}</dd>
        </div>
        {summary.storeShipping.map((s) => (
          <div key={s.storeId} className="flex justify-between" data-testid="summary-store-shipping">
            <dt>Shipping from {s.storeName}</dt>
            <dd>{formatCents(s.shippingCents)}</dd>
          </div>
        ))}
        {summary.printed ? (
          <div className="flex justify-between">
            <dt>Printing and shipping</dt>
            <dd data-testid="summary-shipping">{formatCents(summary.storeShipping.length ? summary.printedShippingCents : summary.shippingCents)}</dd>
          </div>
        ) : null}
        {summary.discountCents > 0 ? (
          <div className="flex justify-between text-emerald-800">
            <dt>Discount</dt>
            <dd data-testid="summary-discount">−{formatCents(summary.discountCents)}</dd>
          </div>
        ) : null}
        <TaxLine
          tax={{ mode: summary.taxMode, taxCents: summary.taxCents, country: summary.taxCountry, rateBp: summary.taxRateBp, reverseCharge: summary.reverseCharge }}
          pending={summary.status === "open"}
          always
          testId="summary-tax"
        />
        {summary.vatNumber ? (
          <div className="flex justify-between text-slate-600">
            <dt>VAT number</dt>
            <dd>{summary.vatNumber}</dd>
          </div>
        ) : null}
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd data-testid="summary-total">{formatCents(summary.totalCents)}</dd>
        </div>
      </dl>
      <ImportNotice text={summary.importNotice} />
      <div className="text-sm">
        {/* A download-only order ships nothing: the address is the buyer's billing address (issue 46 item 20). */}
        <h3 className="font-semibold">{summary.ships ? "Shipping to" : "Billing address"}</h3>
        <address className="mt-1 not-italic text-slate-700">
          {a.first_name} {a.last_name}
          <br />
          {a.street}
          {a.street2 ? (
            <>
              <br />
              {a.street2}
            </>
          ) : null}
          <br />
          {a.city}, {a.state} {a.postal_code}
          <br />
          {a.country} · {a.phone}
        </address>
        <p className="mt-3 text-slate-700">{deliveryPromise(summary)}</p>
      </div>
    </div>
  );
}

/** When what is bought arrives: only what the checkout holds. */
function deliveryPromise({ ships, downloads }: { ships: boolean; downloads: boolean }): string {
  if (ships && downloads) return "Physical items are shipped in 3 working days; digital patterns are ready right after payment.";
  return ships ? "Physical items are shipped in 3 working days." : "Digital patterns are ready right after payment.";
}

/** The card of a checkout's summary page (the summary, and the payment page of the local provider): its heading, the summary, then what follows. */
export function CheckoutSummarySection({ id, title, summary, children }: { id: string; title: string; summary: CheckoutSummary; children: React.ReactNode }) {
  return (
    <section className="card p-6" aria-labelledby={id}>
      <h1 id={id} className="text-xl font-bold tracking-tight">
        {title}
      </h1>
      <div className="mt-6">
        <CheckoutSummaryCard summary={summary} />
      </div>
      {children}
    </section>
  );
}
