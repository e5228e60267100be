/**
 * The platform fee of a sold line (design notes, Money), in integer cents.
 *
 * - Made or Ready apparel: max(P x margin%, min_fee).
 * - Pattern, Digital: max(P x margin_pattern%, min_fee_pattern).
 * - Pattern, Print: the pattern fee plus flat_fee (the platform prints and ships it).
 * - Never above the price; percentages round half up to the cent.
 *
 * The fee is computed per unit and multiplied by the quantity, so a line of three equals three lines of one
 * (decision 141, docs/decisions/141-payments-webhook-fulfilment.md).
 */
import type { PlatformSettings } from "../../../db/tables";
import type { Delivery, ProductType } from "~/utils/catalog";

export type FeeSettings = Pick<
  PlatformSettings,
  "marginBp" | "minFeeCents" | "marginPatternBp" | "minFeePatternCents" | "flatFeeCents"
>;

export type FeeInput = {
  unitPriceCents: number;
  quantity?: number;
  type: ProductType;
  delivery: Delivery | null;
};

/** price x basis points / 10000, rounded half up, in integers only. */
export function percentOfCents(cents: number, basisPoints: number): number {
  return Math.floor((cents * basisPoints + 5000) / 10000);
}

export function unitFeeCents(input: Omit<FeeInput, "quantity">, settings: FeeSettings): number {
  const price = input.unitPriceCents;
  let fee: number;
  if (input.type === "Pattern") {
    fee = Math.max(percentOfCents(price, settings.marginPatternBp), settings.minFeePatternCents);
    if (input.delivery === "Print") fee += settings.flatFeeCents;
  } else {
    fee = Math.max(percentOfCents(price, settings.marginBp), settings.minFeeCents);
  }
  return Math.max(0, Math.min(fee, price));
}

export function lineFeeCents(input: FeeInput, settings: FeeSettings): number {
  return unitFeeCents(input, settings) * (input.quantity ?? 1);
}

/**
 * The fee of a line with a discount code's share (decision 109): computed on each unit's discounted price. The
 * line's discount is spread over its units (`quantity - extra` units `base` cents off, `extra` one cent more), so
 * without a discount it is lineFeeCents.
 */
export function discountedLineFeeCents(input: FeeInput, discountCents: number, settings: FeeSettings): number {
  const quantity = input.quantity ?? 1;
  if (discountCents <= 0) return lineFeeCents(input, settings);
  const base = Math.floor(discountCents / quantity);
  const extra = discountCents % quantity;
  const fee = (price: number) => unitFeeCents({ ...input, unitPriceCents: Math.max(0, price) }, settings);
  return (quantity - extra) * fee(input.unitPriceCents - base) + extra * fee(input.unitPriceCents - base - 1);
}
