/**
 * VAT rates on electronically supplied services (decision 123): the standard rate of the buyer's country, for the
 * EU's member states and the United Kingdom, from the `sales-tax` package's rate table (pinned; its history of
 * rate changes is kept, so an order is taxed at the rate in force on its day).
 */
import { createRequire } from "node:module";

// The package's JSON tables, read with require: every loader here (Vite, tsx, Node's own ESM) reads them the same way.
const require = createRequire(import.meta.url);
const regions = require("sales-tax/res/region_countries.json") as { EU: string[] };
const table = require("sales-tax/res/sales_tax_rates.json") as unknown;

/** Where the rates come from, shown to the administrator. Bump `date` with the package (its changelog's date). */
export const RATES_SOURCE = { package: "sales-tax", version: "2.23.0", date: "2026-05-19" } as const;

type Rate = { type: string; rate: number; before?: Record<string, Rate> };
const rates = table as unknown as Record<string, Rate>;

/** The EU's member states (ISO codes) and the UK: where a download sold to a consumer carries VAT here. */
export const EU_COUNTRIES: readonly string[] = regions.EU;
export const VAT_COUNTRIES: readonly string[] = [...EU_COUNTRIES, "GB"];

export function isVatCountry(country: string | null | undefined): country is string {
  return Boolean(country && VAT_COUNTRIES.includes(country));
}

/**
 * The standard VAT rate of a country on a day, in basis points (19 % is 1900; 25.5 % is 2550); null outside the
 * EU and the UK. A change of rate listed under `before` applies from its date on.
 */
export function vatRateBp(country: string | null | undefined, at: Date = new Date()): number | null {
  if (!isVatCountry(country)) return null;
  const entry = rates[country];
  if (!entry || entry.type !== "vat") return null;
  // `before[date]` is the rate that applied before `date`: the earliest change still ahead of `at` decides.
  const ahead = Object.keys(entry.before ?? {})
    .filter((date) => new Date(date).getTime() > at.getTime())
    .sort();
  const rate = ahead.length ? entry.before![ahead[0]!]!.rate : entry.rate;
  return Math.round(rate * 10000);
}

/** A rate in basis points as the percent shown and answered: 1900 -> 19, 2550 -> 25.5. */
export function ratePercent(rateBp: number): number {
  return rateBp / 100;
}

/** The tax on a net amount at a rate, rounded half up to the cent. */
export function taxOn(netCents: number, rateBp: number): number {
  return Math.round((netCents * rateBp) / 10000);
}
