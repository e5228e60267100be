/**
 * The seller's finance (spec 2.4 /my-finance, 3 Transaction and the finance response {balance, txs}):
 * balance, last transfer, the ledger paginated and as CSV, a 90-day sales series and the best-selling designs.
 *
 * Exported:
 *   getFinanceSummary({ db, storeId }): { balanceCents; lastTransferAt: Date | null; pendingTransferCents; onboarded }
 *   listTransactions({ db, storeId, page?, pageSize? }): { txs: Transaction[]; total; page; pageCount }
 *   listAllTransactions({ db, storeId }): Transaction[]
 *   toTransactionJson(tx): { id, tx_type, order_id, amount, tax, fee, shipping, status, tx_dt, reason }
 *   transactionsCsv(txs): string
 *   salesSeries({ db, storeId, days?, now? }): { date: "YYYY-MM-DD"; orders; amountCents }[]
 *   bestSellingDesigns({ db, storeId, limit? }): { productId; name; units; amountCents }[]
 */
import { and, count, desc, eq, gte, ne, sql } from "drizzle-orm";

import { orders, stores, transactions, type Transaction } from "../../../db/tables";
import { type Db, first } from "~/utils/db.server";
import { centsToDollars } from "~/utils/money";
import { isoDay } from "~/utils/dates";

export async function getFinanceSummary({ db, storeId }: { db: Db; storeId: number }) {
  const store = await first(db.select().from(stores).where(eq(stores.id, storeId)).limit(1));
  if (!store) return undefined;
  const last = await first(db
    .select({ at: transactions.createdAt })
    .from(transactions)
    .where(and(eq(transactions.storeId, storeId), eq(transactions.txType, "Transfer"), ne(transactions.status, "Rejected")))
    .orderBy(desc(transactions.createdAt), desc(transactions.id)).limit(1));
  const pending = await first(db
    .select({ total: sql<number>`coalesce(sum(-${transactions.amountCents}), 0)` })
    .from(transactions)
    .where(and(eq(transactions.storeId, storeId), eq(transactions.txType, "Transfer"), eq(transactions.status, "Pending"))).limit(1));
  return {
    balanceCents: store.balanceCents,
    lastTransferAt: last?.at ?? null,
    pendingTransferCents: Number(pending?.total ?? 0),
    onboarded: store.stripeOnboarded,
  };
}

export async function listTransactions({ db, storeId, page = 1, pageSize = 20 }: { db: Db; storeId: number; page?: number; pageSize?: number }) {
  const total = (await first(db.select({ n: count() }).from(transactions).where(eq(transactions.storeId, storeId)).limit(1)))?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const txs = await db
    .select()
    .from(transactions)
    .where(eq(transactions.storeId, storeId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { txs, total, page: current, pageCount };
}

export async function listAllTransactions({ db, storeId }: { db: Db; storeId: number }): Promise<Transaction[]> {
  return await db.select().from(transactions).where(eq(transactions.storeId, storeId)).orderBy(desc(transactions.createdAt), desc(transactions.id));
}

/** Spec 3, Transaction, amounts in dollars (signed: debits negative), plus the reason of a rejection or adjustment. */
export function toTransactionJson(tx: Transaction) {
  return {
    id: tx.id,
    tx_type: tx.txType,
    order_id: tx.orderId,
    amount: centsToDollars(tx.amountCents),
    tax: centsToDollars(tx.taxCents),
    fee: centsToDollars(tx.feeCents),
    shipping: centsToDollars(tx.shippingCents),
    status: tx.status,
    tx_dt: tx.createdAt.toISOString(),
    reason: tx.reason,
  };
}

const csvCell = (value: string | number | null) => {
  const text = value === null ? "" : String(value);
  // Quote when needed; a leading formula character is neutralised for spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

const dollars = (cents: number) => (cents < 0 ? "-" : "") + (Math.abs(cents) / 100).toFixed(2);

/** The same rows as the screen, one line each, amounts in dollars with 2 decimals. */
export function transactionsCsv(txs: Transaction[]): string {
  const header = ["id", "tx_type", "order_id", "amount", "tax", "fee", "shipping", "status", "tx_dt", "reason"];
  const lines = txs.map((tx) =>
    [
      tx.id,
      tx.txType,
      tx.orderId,
      dollars(tx.amountCents),
      dollars(tx.taxCents),
      dollars(tx.feeCents),
      dollars(tx.shippingCents),
      tx.status,
      tx.createdAt.toISOString(),
      tx.reason,
    ]
      .map(csvCell)
      .join(","),
  );
  return [header.join(","), ...lines].join("\r\n") + "\r\n";
}

const DAY = 24 * 60 * 60 * 1000;

/** Orders and sales amount per day (UTC) over the last `days` days, today included; refunded orders excluded. */
export async function salesSeries({ db, storeId, days = 90, now = new Date() }: { db: Db; storeId: number; days?: number; now?: Date }) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY);
  const rows = await db
    .select({ createdAt: orders.createdAt, amountCents: orders.amountCents })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), gte(orders.createdAt, start), ne(orders.status, "Refunded"), eq(orders.testerCopy, false)));
  const byDay = new Map<string, { orders: number; amountCents: number }>();
  for (let i = 0; i < days; i++) byDay.set(isoDay(new Date(start.getTime() + i * DAY)), { orders: 0, amountCents: 0 });
  for (const row of rows) {
    const day = byDay.get(isoDay(row.createdAt));
    if (!day) continue;
    day.orders += 1;
    day.amountCents += row.amountCents;
  }
  return [...byDay].map(([date, v]) => ({ date, ...v }));
}

/** The store's designs by units sold (refunded orders excluded). */
export async function bestSellingDesigns({ db, storeId, limit = 5 }: { db: Db; storeId: number; limit?: number }) {
  const units = sql<number>`sum(${orders.quantity})`;
  return (await db
    .select({ productId: orders.productId, name: sql<string>`max(${orders.productName})`, units, amountCents: sql<number>`sum(${orders.amountCents})` })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), ne(orders.status, "Refunded"), eq(orders.testerCopy, false)))
    .groupBy(orders.productId)
    .orderBy(desc(units), desc(sql`sum(${orders.amountCents})`))
    .limit(limit))
    .map((r) => ({ ...r, units: Number(r.units), amountCents: Number(r.amountCents) }));
}

/**
 * The seller's finance page (/my-finance): the balance summary, one page of the ledger (newest first), the sales
 * of the last 90 days and the best-selling designs. Undefined when the store does not exist.
 */
export async function getFinancePage({ db, storeId, page, pageSize }: { db: Db; storeId: number; page: number; pageSize: number }) {
  const summary = await getFinanceSummary({ db, storeId });
  if (!summary) return undefined;
  return {
    summary,
    transactions: await listTransactions({ db, storeId, page, pageSize }),
    series: await salesSeries({ db, storeId }),
    best: await bestSellingDesigns({ db, storeId }),
  };
}
export type FinancePage = NonNullable<Awaited<ReturnType<typeof getFinancePage>>>;
