/**
 * What tax a checkout carries (decision 123), line by line. In `vat` mode a Digital pattern sold to a consumer in
 * an EU member state or the UK carries that country's standard VAT on its net price (after any discount); a business
 * with a VAT number of its own country confirmed by VIES or HMRC, other than the platform's, gets reverse charge (no VAT, said on the
 * invoice); printed patterns, apparel and shipping carry none here (the seller's matter). `none` charges nothing,
 * and in `stripe` mode Stripe computes the tax when the buyer pays.
 */
import type { TaxMode } from "~/models/tax/settings";
import { isVatCountry, taxOn, vatRateBp } from "~/models/tax/rates.server";
import type { VatNumber } from "~/models/tax/vat-number.server";

export type TaxLine = { netCents: number; taxable: boolean };

export type TaxQuote = {
  mode: TaxMode;
  /** The buyer's country the tax is charged for (or reverse-charged in); null where none applies. */
  country: string | null;
  rateBp: number;
  reverseCharge: boolean;
  vatNumber: string | null;
  /** Each line's tax, in the order given. */
  lineTaxCents: number[];
  taxCents: number;
};

export function quoteTax({
  mode,
  country,
  vatNumber = null,
  platformVatCountry = null,
  lines,
  at = new Date(),
}: {
  mode: TaxMode;
  country: string | null;
  vatNumber?: VatNumber | null;
  /** The country of the platform's own VAT number: a business there is charged VAT as a consumer is. */
  platformVatCountry?: string | null;
  lines: TaxLine[];
  at?: Date;
}): TaxQuote {
  const none = { mode, country: null, rateBp: 0, reverseCharge: false, vatNumber: null, lineTaxCents: lines.map(() => 0), taxCents: 0 };
  if (mode !== "vat" || !isVatCountry(country) || !lines.some((l) => l.taxable)) return none;
  const rateBp = vatRateBp(country, at) ?? 0;
  // Reverse charge only for a number a register confirmed (issue 46, item 1): check digits alone prove no business.
  if (vatNumber?.confirmation && vatNumber.country === country && country !== platformVatCountry) {
    return { ...none, country, reverseCharge: true, vatNumber: vatNumber.value };
  }
  const lineTaxCents = lines.map((l) => (l.taxable ? taxOn(l.netCents, rateBp) : 0));
  return { mode, country, rateBp, reverseCharge: false, vatNumber: vatNumber?.value ?? null, lineTaxCents, taxCents: lineTaxCents.reduce((a, b) => a + b, 0) };
}
