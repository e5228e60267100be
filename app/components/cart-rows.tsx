import { Form, Link } from "@remix-run/react";

import { MADE_TO_MEASURE_LABEL } from "~/models/patterns/mtm-label";
import { TaxLine, type TaxLineView } from "~/components/tax-line";
import { formatCents } from "~/utils/money";

export type CartRow = {
  id: number;
  productId: number;
  name: string;
  typeLabel: string;
  deliveryLine: string;
  variants: { name: string; value: string }[];
  quantity: number;
  lineCents: number;
  media: string | null;
  available: boolean;
  /** A downloadable pattern the buyer already owns: the order to download it from. */
  ownedOrderId?: number | null;
  /** The buyer's own size (decision 115). */
  madeToMeasure?: boolean;
  /** "incl. VAT" or "plus VAT where applicable" beside a download's price (issue 46, item 6). */
  priceNote?: string | null;
  /** A printed pattern and the buyer's address is outside the US (issue 46 item 4). */
  printNotShipped?: boolean;
};

/** What the cart says at a printed pattern whose buyer lives outside the US, before and after Checkout refuses it. */
export const PRINT_US_ONLY_NOTE = "Printed patterns ship to US addresses only, and your address is outside the US.";

export function Thumbnail({ media, alt }: { media: string | null; alt: string }) {
  if (!media) return <div className="h-20 w-20 flex-none rounded-md bg-slate-100" aria-hidden="true" />;
  const isImage = /\.(jpe?g|png|gif|bmp|webp)$/i.test(media);
  return isImage ? (
    <img src={`/api/files/${media}`} alt={alt} className="h-20 w-20 flex-none rounded-md object-cover" loading="lazy" />
  ) : (
    <video src={`/api/files/${media}`} className="h-20 w-20 flex-none rounded-md object-cover" muted loop playsInline aria-label={alt} />
  );
}

/**
 * One cart row: thumbnail, name, variants, type label, delivery line, price and a remove control. `error`: why
 * Checkout refused this line (the cart's form answer), shown at it.
 */
export function CartRowItem({ row, error }: { row: CartRow; error?: string }) {
  return (
    <li className="flex gap-4 py-4" data-testid="cart-row">
      <Thumbnail media={row.media} alt={row.name} />
      <div className="min-w-0 flex-1">
        <Link to={`/product/${row.productId}`} className="font-medium hover:text-brand-700">
          {row.name}
        </Link>
        {row.variants.length ? (
          <p className="text-sm text-slate-600">{row.variants.map((v) => `${v.name}: ${v.value}`).join(", ")}</p>
        ) : null}
        {row.madeToMeasure ? (
          <p className="text-sm font-medium text-slate-800" data-testid="made-to-measure-line">
            {MADE_TO_MEASURE_LABEL}
          </p>
        ) : null}
        <p className="text-sm text-slate-600">{row.typeLabel}</p>
        <p className="text-xs text-slate-500">{row.deliveryLine}</p>
        {row.quantity > 1 ? <p className="text-sm text-slate-600">Quantity: {row.quantity}</p> : null}
        {row.available ? null : <p className="text-sm font-medium text-red-700">No longer available in this quantity</p>}
        {error ? (
          <p id={`cart-line-${row.id}-error`} role="alert" className="text-sm font-medium text-red-700" data-testid="line-error">
            {error}
          </p>
        ) : null}
        {row.printNotShipped ? (
          <p className="text-sm font-medium text-red-700" data-testid="print-us-only">
            {error ? null : <>{PRINT_US_ONLY_NOTE} </>}
            <Link to="/settings?redirectTo=%2Fcart" className="underline">
              Change your address
            </Link>{" "}
            or remove it.
          </p>
        ) : null}
        {row.ownedOrderId ? (
          <p className="text-sm font-medium text-red-700" data-testid="owned-note">
            You already own this pattern: remove it from your cart and{" "}
            <Link to={`/purchase/${row.ownedOrderId}`} className="underline">
              download it from your purchase
            </Link>
            .
          </p>
        ) : null}
      </div>
      <div className="flex flex-col items-end justify-between">
        <span className="text-right">
          <span className="font-semibold" data-testid="cart-row-price">
            {formatCents(row.lineCents)}
          </span>
          {row.priceNote ? <span className="block text-xs text-slate-500">{row.priceNote}</span> : null}
        </span>
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="itemId" value={row.id} />
          <button type="submit" className="text-sm text-slate-500 hover:text-red-700" aria-label={`Remove ${row.name}`}>
            Remove
          </button>
        </Form>
      </div>
    </li>
  );
}

/** Subtotal, the printing-and-shipping line (pss per printed-pattern unit), each store's shipping and the total. */
export function CartTotals({
  lines,
  subtotalCents,
  shippingCents,
  totalCents,
  pssCents,
  storeShipping = [],
  discount,
  tax,
  shown,
}: {
  lines: { type: string; delivery: string | null }[];
  /** Apparel shipping per store (decision 108). */
  storeShipping?: { storeId: number; storeName: string; shippingCents: number }[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  pssCents: number;
  /** The cart's discount code (decision 109): shown when it takes something off. */
  discount?: { code: string; cents: number } | null;
  /** The cart's tax (decision 123), its own line. */
  tax?: { mode: TaxLineView["mode"]; taxCents: number; country: string | null; rateBp: number; reverseCharge: boolean };
  /** Prices incl. VAT (issue 46, item 6): the subtotal and discount as shown, the VAT a line "Includes VAT" under the total. */
  shown?: { inclVat: boolean; subtotalCents: number; discountCents: number };
}) {
  const inclVat = Boolean(shown?.inclVat && tax);
  // The line only means something when the cart holds a printed pattern (shown even if the fee is 0).
  const hasPrinted = lines.some((l) => l.type === "Pattern" && l.delivery === "Print");
  const printedCents = shippingCents - storeShipping.reduce((sum, s) => sum + s.shippingCents, 0);
  return (
    <dl className="space-y-2 text-sm">
      <div className="flex justify-between">
        <dt>{inclVat ? "Subtotal (incl. VAT)" : "Subtotal"}</dt>
        <dd data-testid="subtotal">{formatCents(inclVat ? shown!.subtotalCents : subtotalCents)}</dd>
      </div>
      {hasPrinted ? (
        <div className="flex justify-between">
          <dt>
            Printing and shipping
            <span className="block text-xs text-slate-500">{formatCents(pssCents)} per printed pattern</span>
          </dt>
          <dd data-testid="shipping">{formatCents(printedCents)}</dd>
        </div>
      ) : null}
      {storeShipping.map((s) => (
        <div key={s.storeId} className="flex justify-between" data-testid="store-shipping">
          <dt>Shipping from {s.storeName}</dt>
          <dd>{s.shippingCents > 0 ? formatCents(s.shippingCents) : "Free"}</dd>
        </div>
      ))}
      {discount && discount.cents > 0 ? (
        <div className="flex justify-between text-emerald-800">
          <dt>Discount ({discount.code})</dt>
          <dd data-testid="discount">−{formatCents(inclVat ? shown!.discountCents : discount.cents)}</dd>
        </div>
      ) : null}
      {tax && !inclVat ? <TaxLine tax={tax} pending /> : null}
      <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
        <dt>Total</dt>
        <dd data-testid="total">{formatCents(totalCents)}</dd>
      </div>
      {tax && inclVat ? <TaxLine tax={tax} included /> : null}
    </dl>
  );
}
