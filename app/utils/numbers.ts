/**
 * Percentages as every screen, email, PDF and CSV label shows them (issue 46, item 23): no space before the sign,
 * at most two decimals, "19%", "25.5%", "0%". Shared by server and client, like dates.ts and money.ts.
 */
export function formatPercent(percent: number): string {
  return `${percent.toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;
}

/** A rate in basis points (1900 = 19 %) as a percentage label: "19%". */
export function formatRateBp(rateBp: number): string {
  return formatPercent(rateBp / 100);
}
