/** Figures of the financial report, shared by the server (CSV) and the screen. */

/** Margin = fee / amount x 100, 2 decimals, with % (spec 2.5). */
export function formatMargin(feeCents: number, amountCents: number): string {
  if (amountCents === 0) return "0.00%";
  const hundredths = Math.round((feeCents * 10000) / amountCents);
  return `${(hundredths / 100).toFixed(2)}%`;
}

/** Integer cents as dollars with 2 decimals and no currency sign (the overview's figures). */
export function twoDecimals(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
