import { Form, Link } from "@remix-run/react";

import type { MadeToMeasureOffer } from "~/models/buying/made-to-measure-offer.server";

/**
 * The product page's made-to-measure offer (decision 115): a plain form that adds the buyer's own size to the cart,
 * or why it cannot be offered now, with the link to the measurements when they would change that.
 */
export function MadeToMeasureOfferForm({
  productId,
  offer,
  owned = null,
}: {
  productId: number;
  offer: MadeToMeasureOffer | null;
  /** The design's price when the viewer already owns its graded sizes: the own size is bought at it again, said so. */
  owned?: { price: string } | null;
}) {
  if (!offer) return null;
  return (
    <section aria-labelledby="made-to-measure-title" className="space-y-2 rounded-md border border-slate-200 p-4" data-testid="made-to-measure-offer">
      <h2 id="made-to-measure-title" className="font-medium">
        Made to measure
      </h2>
      {offer.ok ? (
        <Form method="post" action="/cart" className="space-y-2">
          <p className="text-sm text-slate-600">The pattern in your own size, made from the measurements in your settings, beside its graded sizes.</p>
          {owned ? (
            <p className="text-sm text-slate-700" data-testid="made-to-measure-owned">
              You own its graded sizes already: your own size is a purchase of its own, at the design&apos;s price of {owned.price}.
            </p>
          ) : null}
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="productId" value={productId} />
          <input type="hidden" name="madeToMeasure" value="on" />
          <button type="submit" className="btn-secondary">
            Add your size to cart (made to measure)
          </button>
        </Form>
      ) : (
        <p className="text-sm text-slate-700">
          {offer.message}{" "}
          {offer.settings ? (
            <Link to="/settings#measurements" className="font-medium text-brand-700 underline">
              Your measurements
            </Link>
          ) : null}
        </p>
      )}
    </section>
  );
}
