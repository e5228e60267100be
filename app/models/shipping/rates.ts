/**
 * Shipping of apparel by its seller (decision 108), as pure functions: which rates a unit ships at, and what a
 * store's apparel in one cart costs to ship. All amounts are integer cents.
 */
import type { ShippingRatesRow } from "../../../db/tables";
import { centsToDollars } from "~/utils/money";

export type ShippingRates = Pick<
  ShippingRatesRow,
  "domesticFirstCents" | "domesticAdditionalCents" | "internationalFirstCents" | "internationalAdditionalCents" | "freeAboveCents"
>;

const KEYS = ["domesticFirstCents", "domesticAdditionalCents", "internationalFirstCents", "internationalAdditionalCents"] as const;

/** A product's stored override (JSON), or null when absent or not a valid set of rates. */
export function parseShippingOverride(text: string | null | undefined): ShippingRates | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Record<string, unknown>;
    if (!KEYS.every((k) => Number.isSafeInteger(v[k]) && (v[k] as number) >= 0)) return null;
    const free = v.freeAboveCents;
    if (free !== null && !(Number.isSafeInteger(free) && (free as number) >= 0)) return null;
    return {
      domesticFirstCents: v.domesticFirstCents as number,
      domesticAdditionalCents: v.domesticAdditionalCents as number,
      internationalFirstCents: v.internationalFirstCents as number,
      internationalAdditionalCents: v.internationalAdditionalCents as number,
      freeAboveCents: free as number | null,
    };
  } catch {
    return null;
  }
}

export function stringifyShippingOverride(rates: ShippingRates | null): string | null {
  if (!rates) return null;
  const { domesticFirstCents, domesticAdditionalCents, internationalFirstCents, internationalAdditionalCents, freeAboveCents } = rates;
  return JSON.stringify({ domesticFirstCents, domesticAdditionalCents, internationalFirstCents, internationalAdditionalCents, freeAboveCents });
}

/** The JSON face, in dollars: `{domestic_first, domestic_additional, international_first, international_additional, free_above}`. */
export function shippingRatesJson(rates: ShippingRates) {
  return {
    domestic_first: centsToDollars(rates.domesticFirstCents),
    domestic_additional: centsToDollars(rates.domesticAdditionalCents),
    international_first: centsToDollars(rates.internationalFirstCents),
    international_additional: centsToDollars(rates.internationalAdditionalCents),
    free_above: rates.freeAboveCents === null ? null : centsToDollars(rates.freeAboveCents),
  };
}

/** A product's override for the JSON face: the rates in dollars, or null. */
export function shippingOverrideJson(text: string | null) {
  const rates = parseShippingOverride(text);
  return rates ? shippingRatesJson(rates) : null;
}

/** The form's text values (dollars with 2 decimals; blank free_above for none). */
export function shippingRatesForm(rates: ShippingRates | null): Record<string, string> {
  if (!rates) return { domestic_first: "", domestic_additional: "", international_first: "", international_additional: "", free_above: "" };
  const d = (c: number) => (c / 100).toFixed(2);
  return {
    domestic_first: d(rates.domesticFirstCents),
    domestic_additional: d(rates.domesticAdditionalCents),
    international_first: d(rates.internationalFirstCents),
    international_additional: d(rates.internationalAdditionalCents),
    free_above: rates.freeAboveCents === null ? "" : d(rates.freeAboveCents),
  };
}

/**
 * Domestic: the buyer's country is the store's (its owner's profile country), compared without case or spaces.
 * A buyer whose country is not known yet (a visitor, an unfinished profile) sees domestic rates; checkout needs a
 * complete profile, so what is paid is always decided on a known country.
 */
export function isDomestic(buyerCountry: string | null | undefined, storeCountry: string): boolean {
  const norm = (c: string) => c.trim().toLowerCase();
  if (!buyerCountry || !norm(buyerCountry)) return true;
  return norm(buyerCountry) === norm(storeCountry);
}

/** One apparel line of a store in the cart, with the rates it ships at (its override, else the store's; null: free). */
export type ShippingUnitLine = { quantity: number; unitPriceCents: number; rates: ShippingRates | null };

/**
 * What each line of one store's apparel costs to ship, in the lines' order; the sum is the store's shipping.
 * - A line ships free when it has no rates, or when the store's apparel subtotal reaches its rates' free_above.
 * - The other lines' units are sorted by their first-item rate: the highest first-item rate is charged once, every
 *   other unit its additional rate (ties: the earlier line in the cart takes the first-item rate).
 * Each unit's charge belongs to its line, so the lines' amounts add up to the store's total exactly.
 */
export function storeShippingCharges(lines: ShippingUnitLine[], domestic: boolean): number[] {
  const subtotal = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const charged = lines.map((l, index) => {
    const r = l.rates;
    const paying = r !== null && l.quantity > 0 && (r.freeAboveCents === null || subtotal < r.freeAboveCents);
    if (!paying) return null;
    return {
      index,
      first: domestic ? r.domesticFirstCents : r.internationalFirstCents,
      additional: domestic ? r.domesticAdditionalCents : r.internationalAdditionalCents,
    };
  });
  const result = lines.map(() => 0);
  const paying = charged.filter((c): c is NonNullable<typeof c> => c !== null);
  if (paying.length === 0) return result;
  // Stable: equal first-item rates keep the cart's order.
  const leader = [...paying].sort((a, b) => b.first - a.first)[0]!;
  for (const c of paying) {
    const units = lines[c.index]!.quantity;
    result[c.index] = c === leader ? c.first + (units - 1) * c.additional : units * c.additional;
  }
  return result;
}

/**
 * The part of an order's shipping that is the seller's: an apparel order's shipping (the seller posts it, decision
 * 108); a printed pattern's shipping is the platform's pss. The platform's fee is never taken on it.
 */
export function sellerShippingCents(order: { productType: string; shippingCents: number }): number {
  return order.productType === "Pattern" ? 0 : order.shippingCents;
}

/** What a sale credits its seller: price minus fee, plus the seller's shipping. */
export function sellerCreditCents(order: { productType: string; amountCents: number; feeCents: number; shippingCents: number }): number {
  return order.amountCents - order.feeCents + sellerShippingCents(order);
}
