/** The buyer's side of orders: list, detail (own orders only) and rating; both faces' views are in views.server.ts. */
import { and, desc, eq } from "drizzle-orm";

import { orders, products, reviews, users, type Order, type RefundRequest } from "../../../db/tables";
import { latestRefundRequests } from "~/models/buying/refund-request-rows.server";
import { mediaOf } from "~/models/catalog/media.server";
import { affected, type Db, first, transaction } from "~/utils/db.server";
import { isDownloadPattern } from "~/utils/catalog";

/** `refundRequest`: the order's latest refund or cancel request (decision 110), null when none was asked. */
export type BuyerOrder = Order & { media: string[]; patternFile: string | null; refundRequest?: RefundRequest | null };

/**
 * The buyer's orders, newest first, optionally of one status or one id: the one query of both faces
 * (/purchases and get-orders, /purchase/{id} and get-order). Another user's orders are never found.
 */
export async function listBuyerOrders({
  db,
  userId,
  status,
  orderId,
}: {
  db: Db;
  userId: number;
  status?: Order["status"];
  orderId?: number;
}): Promise<BuyerOrder[]> {
  const rows = await db
    .select({ order: orders, patternFile: products.patternFile })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(
      and(
        eq(orders.buyerId, userId),
        status ? eq(orders.status, status) : undefined,
        orderId !== undefined ? eq(orders.id, orderId) : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const media = await mediaOf(db, rows.map((r) => r.order.productId));
  const requests = await latestRefundRequests({ db, orderIds: rows.map((r) => r.order.id) });
  return rows.map((r) => ({
    ...r.order,
    media: media.get(r.order.productId) ?? [],
    patternFile: r.patternFile,
    refundRequest: requests.get(r.order.id) ?? null,
  }));
}

/** One of the buyer's own orders; another user's order id is simply not found. */
export async function getBuyerOrder({ db, userId, orderId }: { db: Db; userId: number; orderId: number }): Promise<BuyerOrder | undefined> {
  return (await listBuyerOrders({ db, userId, orderId }))[0];
}

/** What the buyer paid for one order (issue 46, item 17): its amount (after any discount), printing and shipping, and tax. */
export function orderTotalCents(order: Pick<Order, "amountCents" | "shippingCents" | "taxCents">): number {
  return order.amountCents + order.shippingCents + order.taxCents;
}

/** A digital pattern the buyer may download: paid (every order is) and not refunded. */
export function isDownloadable(order: Pick<Order, "productType" | "delivery" | "status">): boolean {
  return isDownloadPattern(order.productType, order.delivery) && order.status !== "Refunded";
}

export type RateError = "not-found" | "already-reviewed" | "wrong-product" | "not-delivered";

/**
 * Whether the buyer can rate an order yet: a download once it is paid (and not refunded), anything shipped once it
 * is Shipped (issue 19: not while it still waits for shipment, nor after a refund).
 */
export function canRate(order: Pick<Order, "productType" | "delivery" | "status">): boolean {
  return isDownloadable(order) || order.status === "Shipped";
}

/** Rates an own order once: 1 to 5 stars and a comment; the review joins the product, the order is reviewed. */
export async function rateOrder({
  db,
  userId,
  orderId,
  rating,
  comment,
  productIds,
}: {
  db: Db;
  userId: number;
  orderId: number;
  rating: number;
  comment: string;
  productIds?: number[];
}): Promise<{ ok: true } | { ok: false; error: RateError }> {
  return await transaction(db,
    async (tx) => {
      const order = await first(tx.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.buyerId, userId))).limit(1));
      if (!order) return { ok: false as const, error: "not-found" as const };
      if (productIds?.length && productIds.some((id) => id !== order.productId)) {
        return { ok: false as const, error: "wrong-product" as const };
      }
      if (!canRate(order)) return { ok: false as const, error: "not-delivered" as const };
      const marked = await tx
        .update(orders)
        .set({ reviewed: true })
        .where(and(eq(orders.id, orderId), eq(orders.reviewed, false)));
      if (affected(marked) === 0) return { ok: false as const, error: "already-reviewed" as const };
      const user = (await first(tx.select().from(users).where(eq(users.id, userId)).limit(1)))!;
      await tx.insert(reviews)
        .values({
          productId: order.productId,
          orderId,
          userId,
          name: `${user.firstName} ${user.lastName.slice(0, 1)}.`.trim(),
          star: rating,
          comment,
          // A tester's free copy (decision 153): the review is shown marked and left out of the rating.
          testerCopy: order.testerCopy,
        });
      return { ok: true as const };
    },
    { behavior: "immediate" },
  );
}

