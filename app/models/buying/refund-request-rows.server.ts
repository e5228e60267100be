/**
 * The refund requests as the order views read them (decision 110): the latest request of each order, its JSON shape,
 * and closing the open request when the order is refunded. Reads the schema only, so every order view (buyer, seller,
 * admin) and the admin refund path may import it without an import circle; the use cases are in
 * `refund-requests.server.ts`.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";

import { orders, refundRequests, type RefundRequest } from "../../../db/tables";
import type { DbOrTx } from "~/utils/db.server";
import { atTime } from "~/utils/sql-dialect.server";
import { isoDay } from "~/utils/dates";

/** The latest request of each of these orders (open or answered); orders never asked about are absent. */
export async function latestRefundRequests({ db, orderIds }: { db: DbOrTx; orderIds: number[] }): Promise<Map<number, RefundRequest>> {
  const latest = new Map<number, RefundRequest>();
  if (!orderIds.length) return latest;
  const rows = await db
    .select()
    .from(refundRequests)
    .where(orderIds.length === 1 ? eq(refundRequests.orderId, orderIds[0]!) : inArray(refundRequests.orderId, orderIds))
    .orderBy(desc(refundRequests.id));
  for (const row of rows) if (!latest.has(row.orderId)) latest.set(row.orderId, row);
  return latest;
}

/**
 * The join condition of "each order with its latest request" (`leftJoin(refundRequests, latestRefundRequestOfOrder)`),
 * for a list that must stay one query however many orders it reads (the admin's get-orders).
 */
export const latestRefundRequestOfOrder = and(
  eq(refundRequests.orderId, orders.id),
  eq(refundRequests.id, sql`(select max(r.id) from refund_requests r where r.order_id = ${orders.id})`),
);

/** Every request of one order, oldest first (the admin's order page shows its history, declined ones included). */
export async function refundRequestsOfOrder({ db, orderId }: { db: DbOrTx; orderId: number }): Promise<RefundRequest[]> {
  return await db.select().from(refundRequests).where(eq(refundRequests.orderId, orderId)).orderBy(refundRequests.id);
}

/** The latest request of one order, or null. */
export async function latestRefundRequest({ db, orderId }: { db: DbOrTx; orderId: number }): Promise<RefundRequest | null> {
  return (await latestRefundRequests({ db, orderIds: [orderId] })).get(orderId) ?? null;
}

/** `refund_request` of the orders' JSON views: `{id, kind, reason, status, answer}`, null when none was asked. */
export function refundRequestJson(request: RefundRequest | null | undefined) {
  if (!request) return null;
  return { id: request.id, kind: request.kind, reason: request.reason, status: request.status, answer: request.answer };
}

/**
 * Inside the refund's settle transaction: the order's open request (if any) is accepted by whoever refunded it,
 * so an administrator's refund of a requested order answers the request too. Keeps an answer and answerer already
 * written by the accepting request.
 */
export async function acceptOpenRefundRequest(tx: DbOrTx, { orderId, actorId, now }: { orderId: number; actorId: number; now: Date }) {
  await tx.update(refundRequests)
    .set({
      status: "accepted",
      answeredAt: sql`coalesce(${refundRequests.answeredAt}, ${atTime(tx, now)})`,
      answeredBy: sql`coalesce(${refundRequests.answeredBy}, ${actorId})`,
    })
    .where(and(eq(refundRequests.orderId, orderId), eq(refundRequests.status, "open")));
}

/** A request as the purchase, sale and admin order pages show it (the day it was asked, UTC). */
export function toRefundRequestView(request: RefundRequest | null | undefined) {
  if (!request) return null;
  return { id: request.id, kind: request.kind, reason: request.reason, status: request.status, answer: request.answer, date: isoDay(request.createdAt) };
}
