/**
 * The tax ledger (decision 123): apart from the sellers' ledger, never their money and never under a fee. A paid
 * order that carried VAT (or a reverse charge) writes a `sale` row; its refund writes the same amounts negated, once.
 * The tax report sums the rows per quarter and country.
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";

import { taxEntries, type Order } from "../../../db/tables";
import { type Db, first, type Tx } from "~/utils/db.server";

/** Inside the fulfilment's transaction: the order's tax, when it has a tax country. */
export async function recordSaleTax(tx: Tx, order: Order, now: Date) {
  if (!order.taxCountry) return;
  await tx.insert(taxEntries)
    .values({
      orderId: order.id,
      kind: "sale",
      country: order.taxCountry,
      rateBp: order.taxRateBp,
      netCents: order.amountCents,
      taxCents: order.taxCents,
      reverseCharge: order.reverseCharge,
      createdAt: now,
    })
    .onConflictDoNothing();
}

/** Inside the refund's transaction: the sale's row negated (nothing when the sale wrote none). */
export async function recordRefundTax(tx: Tx, orderId: number, now: Date) {
  const sale = await first(tx.select().from(taxEntries).where(and(eq(taxEntries.orderId, orderId), eq(taxEntries.kind, "sale"))).limit(1));
  if (!sale) return;
  await tx.insert(taxEntries)
    .values({ ...sale, id: undefined, kind: "refund", netCents: -sale.netCents, taxCents: -sale.taxCents, createdAt: now })
    .onConflictDoNothing();
}

export type Quarter = { year: number; q: 1 | 2 | 3 | 4 };

/** "2026-Q4" -> the quarter; null when malformed. */
export function parseQuarter(text: string | null | undefined): Quarter | null {
  const match = /^(\d{4})-Q([1-4])$/.exec(text ?? "");
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 2000 || year > 2100) return null;
  return { year, q: Number(match[2]) as Quarter["q"] };
}

export function quarterOf(date: Date): string {
  return `${date.getUTCFullYear()}-Q${Math.floor(date.getUTCMonth() / 3) + 1}`;
}

/**
 * The figures of a One-Stop-Shop return for a quarter (UTC): per country and rate, the net sales and the VAT
 * charged, refunds netted out; reverse-charged sales are listed apart (no VAT, the buyer accounts for it).
 */
export async function taxReport({ db, quarter }: { db: Db; quarter: Quarter }) {
  const start = new Date(Date.UTC(quarter.year, (quarter.q - 1) * 3, 1));
  const end = new Date(Date.UTC(quarter.year, quarter.q * 3, 1));
  const rows = await db
    .select({
      country: taxEntries.country,
      rateBp: taxEntries.rateBp,
      reverseCharge: taxEntries.reverseCharge,
      netCents: sql<number>`sum(${taxEntries.netCents})`,
      taxCents: sql<number>`sum(${taxEntries.taxCents})`,
      // Orders net of refunds like the amounts (issue 46, item 7): a sale counts one, its refund (once per order) minus one.
      orders: sql<number>`sum(CASE WHEN ${taxEntries.kind} = 'sale' THEN 1 ELSE -1 END)`,
    })
    .from(taxEntries)
    .where(and(gte(taxEntries.createdAt, start), lt(taxEntries.createdAt, end)))
    .groupBy(taxEntries.country, taxEntries.rateBp, taxEntries.reverseCharge)
    .orderBy(taxEntries.reverseCharge, taxEntries.country, taxEntries.rateBp);
  const charged = rows.filter((r) => !r.reverseCharge);
  return {
    quarter: `${quarter.year}-Q${quarter.q}`,
    rows: charged,
    reverseCharged: rows.filter((r) => r.reverseCharge),
    netCents: charged.reduce((sum, r) => sum + r.netCents, 0),
    taxCents: charged.reduce((sum, r) => sum + r.taxCents, 0),
  };
}
export type TaxReport = Awaited<ReturnType<typeof taxReport>>;

/** GET /api/admin/get-tax-report: dollars and percent. */
export function taxReportJson(report: TaxReport) {
  const dollars = (cents: number) => Math.round(cents) / 100;
  return {
    quarter: report.quarter,
    rows: report.rows.map((r) => ({ country: r.country, rate: r.rateBp / 100, net: dollars(r.netCents), tax: dollars(r.taxCents), orders: r.orders })),
    net: dollars(report.netCents),
    tax: dollars(report.taxCents),
    reverse_charge: report.reverseCharged.map((r) => ({ country: r.country, net: dollars(r.netCents), orders: r.orders })),
  };
}

/** The report as CSV: one line per country and rate, then the reverse-charged sales, amounts in dollars. */
export function taxReportCsv(report: TaxReport): string {
  const money = (cents: number) => (cents / 100).toFixed(2);
  const lines = [["quarter", "country", "rate", "net", "tax", "orders", "reverse_charge"].join(",")];
  for (const r of report.rows) lines.push([report.quarter, r.country, r.rateBp / 100, money(r.netCents), money(r.taxCents), r.orders, "no"].join(","));
  for (const r of report.reverseCharged) lines.push([report.quarter, r.country, 0, money(r.netCents), money(r.taxCents), r.orders, "yes"].join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** The quarters the report offers: the current one and the seven before it. */
export function recentQuarters(now: Date = new Date()): string[] {
  const out: string[] = [];
  let year = now.getUTCFullYear();
  let q = Math.floor(now.getUTCMonth() / 3) + 1;
  for (let i = 0; i < 8; i++) {
    out.push(`${year}-Q${q}`);
    q -= 1;
    if (q === 0) {
      q = 4;
      year -= 1;
    }
  }
  return out;
}
