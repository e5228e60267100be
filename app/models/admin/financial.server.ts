/**
 * The financial report (spec 2.5, /admin/financial and get-financial): one row per sale, an order created in the date
 * range and not refunded (order_id, amount, fee, status), the overview (Sales: rows; Revenue: sum of amounts; Gross
 * Profit: sum of fees; Cost: revenue minus GP; and, apart, the refunded orders of the range), the sortable paged
 * table, a CSV of the rows and the revenue per day. A refund takes the sale out of every figure (issue 19, item 20).
 * Dates are whole UTC days, the end day included. Sums are integer cents in SQL.
 */
import { and, asc, desc, eq, gte, lt, ne, sql } from "drizzle-orm";

import { orders } from "../../../db/tables";
import { type Db, first, isPg, rawRows } from "~/utils/db.server";
import { asReal, atTime, utcDay } from "~/utils/sql-dialect.server";
import { centsToDollars } from "~/utils/money";
import { formatMargin, twoDecimals } from "./format";
import { pageWindow, type TablePage, type TableQuery } from "./table";
import { isoDay } from "~/utils/dates";

const DAY_MS = 24 * 60 * 60 * 1000;

export type DateRange = { start_date: string; end_date: string };

/** Spec 2.5: start one month before today, end today (YYYY-MM-DD). 31 March goes back to the end of February. */
export function defaultRange(now = new Date()): DateRange {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  const lastOfPrevious = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const start = new Date(Date.UTC(y, m - 1, Math.min(d, lastOfPrevious)));
  return { start_date: isoDay(start), end_date: isoDay(now) };
}

/** Orders created in the range (every status). */
function inRange(range: DateRange) {
  const from = new Date(`${range.start_date}T00:00:00.000Z`);
  const to = new Date(new Date(`${range.end_date}T00:00:00.000Z`).getTime() + DAY_MS);
  return and(gte(orders.createdAt, from), lt(orders.createdAt, to));
}

/** The range's sales: its orders without the refunded ones. */
function bounds(range: DateRange) {
  // A tester copy (issue 37) is no sale.
  return and(inRange(range), ne(orders.status, "Refunded"), eq(orders.testerCopy, false));
}

export type FinancialOverview = {
  sales: number;
  revenueCents: number;
  gpCents: number;
  costCents: number;
  /** Orders of the range refunded since, and their amounts: not counted in the figures above. */
  refunded: number;
  refundedCents: number;
};

export async function getFinancialOverview({ db, range }: { db: Db; range: DateRange }): Promise<FinancialOverview> {
  const sale = sql`${orders.status} <> 'Refunded'`;
  const row = (await first(db
    .select({
      sales: sql<number>`count(*) FILTER (WHERE ${sale})`,
      revenue: sql<number>`coalesce(sum(${orders.amountCents}) FILTER (WHERE ${sale}), 0)`,
      gp: sql<number>`coalesce(sum(${orders.feeCents}) FILTER (WHERE ${sale}), 0)`,
      refunded: sql<number>`count(*) FILTER (WHERE NOT ${sale})`,
      refundedCents: sql<number>`coalesce(sum(${orders.amountCents}) FILTER (WHERE NOT ${sale}), 0)`,
    })
    .from(orders)
    .where(and(inRange(range), eq(orders.testerCopy, false))).limit(1)))!;
  return {
    sales: row.sales,
    revenueCents: row.revenue,
    gpCents: row.gp,
    costCents: row.revenue - row.gp,
    refunded: row.refunded,
    refundedCents: row.refundedCents,
  };
}

export const FINANCIAL_SORTS = ["id", "revenue", "gp", "margin", "status"] as const;
export type FinancialSort = (typeof FINANCIAL_SORTS)[number];

export type FinancialRow = { orderId: number; amountCents: number; feeCents: number; status: string; createdAt: Date };

const marginExpr = (db: Db) => sql`CASE WHEN ${orders.amountCents} = 0 THEN 0 ELSE ${asReal(db, orders.feeCents)} / ${orders.amountCents} END`;

const rowColumns = {
  orderId: orders.id,
  amountCents: orders.amountCents,
  feeCents: orders.feeCents,
  status: orders.status,
  createdAt: orders.createdAt,
};

export async function listFinancialRows({
  db,
  range,
  query,
}: {
  db: Db;
  range: DateRange;
  query: TableQuery<FinancialSort>;
}): Promise<TablePage<FinancialRow> & { overview: FinancialOverview }> {
  const overview = await getFinancialOverview({ db, range });
  const { page, pageCount, offset } = pageWindow(overview.sales, query.page, query.size);
  const column = { id: orders.id, revenue: orders.amountCents, gp: orders.feeCents, margin: marginExpr(db), status: orders.status }[query.sort];
  const rows = await db
    .select(rowColumns)
    .from(orders)
    .where(bounds(range))
    .orderBy(query.dir === "asc" ? asc(column) : desc(column), query.dir === "asc" ? asc(orders.id) : desc(orders.id))
    .limit(query.size)
    .offset(offset);
  return { rows, total: overview.sales, page, pageCount, size: query.size, overview };
}

/** Every row of the range, oldest first (the JSON face and the CSV). */
export async function allFinancialRows({ db, range }: { db: Db; range: DateRange }): Promise<FinancialRow[]> {
  return await db.select(rowColumns).from(orders).where(bounds(range)).orderBy(asc(orders.createdAt), asc(orders.id));
}

/**
 * The JSON face's rows (spec 3, Financial row) straight from one covering-index scan, without building row
 * objects twice: a year holds tens of thousands of orders. Refunded orders are not sales: the spec's client sums
 * these rows, so they are left out.
 */
export async function financialRowsJson({ db, range }: { db: Db; range: DateRange }) {
  const from = new Date(`${range.start_date}T00:00:00.000Z`).getTime();
  const to = new Date(`${range.end_date}T00:00:00.000Z`).getTime() + DAY_MS;
  if (isPg(db)) {
    const found = await rawRows<{ id: number; amount_cents: number; fee_cents: number; status: string }>(
      db,
      sql`SELECT id, amount_cents, fee_cents, status FROM orders WHERE created_at >= ${atTime(db, from)} AND created_at < ${atTime(db, to)}
        AND status <> 'Refunded' AND NOT tester_copy ORDER BY created_at, id`,
    );
    return found.map((r) => ({ order_id: r.id, amount: r.amount_cents / 100, fee: r.fee_cents / 100, status: r.status }));
  }
  const rows = db.$client
    .prepare(
      "SELECT id, amount_cents, fee_cents, status FROM orders WHERE created_at >= ? AND created_at < ? AND status <> 'Refunded' AND tester_copy = 0 ORDER BY created_at, id",
    )
    .raw()
    .all(from, to) as [number, number, number, string][];
  return rows.map(([id, amount, fee, status]) => ({ order_id: id, amount: amount / 100, fee: fee / 100, status }));
}

/** Spec 3, Financial row. */
export function toFinancialRowJson(row: FinancialRow) {
  return { order_id: row.orderId, amount: centsToDollars(row.amountCents), fee: centsToDollars(row.feeCents), status: row.status };
}

export function financialCsv(rows: FinancialRow[]): string {
  const lines = ["order_id,order_date,revenue,gp,margin,status"];
  for (const r of rows) {
    lines.push(
      [r.orderId, r.createdAt.toISOString(), twoDecimals(r.amountCents), twoDecimals(r.feeCents), formatMargin(r.feeCents, r.amountCents), r.status].join(","),
    );
  }
  return lines.join("\r\n") + "\r\n";
}

export type DayRevenue = { day: string; revenueCents: number; sales: number };

/** Revenue per UTC day over the range, every day present (zero when nothing sold). */
export async function revenuePerDay({ db, range }: { db: Db; range: DateRange }): Promise<DayRevenue[]> {
  const dayExpr = utcDay(db, orders.createdAt);
  const found = new Map(
    (await db
      .select({ day: dayExpr, revenueCents: sql<number>`sum(${orders.amountCents})`, sales: sql<number>`count(*)` })
      .from(orders)
      .where(bounds(range))
      .groupBy(dayExpr))
      .map((r) => [r.day, r]),
  );
  const out: DayRevenue[] = [];
  const end = new Date(`${range.end_date}T00:00:00.000Z`).getTime();
  for (let t = new Date(`${range.start_date}T00:00:00.000Z`).getTime(); t <= end && out.length < 1000; t += DAY_MS) {
    const day = isoDay(new Date(t));
    out.push(found.get(day) ?? { day, revenueCents: 0, sales: 0 });
  }
  return out;
}
