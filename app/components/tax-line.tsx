import { COUNTRIES } from "~/utils/countries";
import { formatCents } from "~/utils/money";
import { formatRateBp } from "~/utils/numbers";

export type TaxLineView = { mode: "none" | "vat" | "stripe"; taxCents: number; country: string | null; rateBp: number; reverseCharge: boolean };

export function countryName(code: string | null): string {
  return COUNTRIES.find(([c]) => c === code)?.[1] ?? code ?? "";
}

/**
 * The tax as its own line of a total (decision 123): "VAT (Germany, 19%)", "VAT: reverse charge", Stripe's tax to
 * come, or a plain "Tax" of what was charged.
 */
export function TaxLine({
  tax,
  pending = false,
  always = false,
  included = false,
  testId = "tax",
}: {
  tax: TaxLineView;
  /** Not paid yet: Stripe's tax is still to come. */
  pending?: boolean;
  /** Shown also when no tax applies (an order summary's "Tax $0.00"). */
  always?: boolean;
  /** The prices above include it (issue 46, item 6): "Includes VAT (Germany, 19%)" under the total. */
  included?: boolean;
  testId?: string;
}) {
  if (tax.reverseCharge) {
    return (
      <div className="flex justify-between">
        <dt>VAT: reverse charge ({countryName(tax.country)})</dt>
        <dd data-testid={testId}>{formatCents(0)}</dd>
      </div>
    );
  }
  if (tax.mode === "stripe" && pending) {
    return (
      <div className="flex justify-between">
        <dt>Tax</dt>
        <dd data-testid={testId}>Calculated at payment</dd>
      </div>
    );
  }
  if (!always && tax.taxCents === 0 && !(tax.mode === "vat" && tax.country)) return null;
  const label = tax.country && tax.rateBp > 0 ? `VAT (${countryName(tax.country)}, ${formatRateBp(tax.rateBp)})` : "Tax";
  return (
    <div className={included ? "flex justify-between text-slate-600" : "flex justify-between"}>
      <dt>{included ? `Includes ${label}` : label}</dt>
      <dd data-testid={testId}>{formatCents(tax.taxCents)}</dd>
    </div>
  );
}
