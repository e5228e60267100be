/** The buyer's side of orders: list, detail (own orders only), the JSON buyer view and rating. */
import { and, desc, eq } from "drizzle-orm";

import { orders, products, reviews, users, type Order, type RefundRequest } from "../../../db/schema";
import { latestRefundRequests, refundRequestJson } from "~/models/buying/refund-request-rows.server";
import { mediaOf } from "~/models/catalog/media.server";
import { customDownloadLinks, orderMeasurements } from "~/models/fit/made-to-measure-orders.server";
import { orderDownloadLinks } from "~/models/layout/downloads.server";
import type { Db } from "~/utils/db.server";
import { centsToDollars } from "~/utils/money";
import { isDownloadPattern } from "~/utils/catalog";

/** `refundRequest`: the order's latest refund or cancel request (decision 110), null when none was asked. */
export type BuyerOrder = Order & { media: string[]; patternFile: string | null; refundRequest?: RefundRequest | null };

/**
 * The buyer's orders, newest first, optionally of one status or one id: the one query of both faces
 * (/purchases and get-orders, /purchase/{id} and get-order). Another user's orders are never found.
 */
export function listBuyerOrders({
  db,
  userId,
  status,
  orderId,
}: {
  db: Db;
  userId: number;
  status?: Order["status"];
  orderId?: number;
}): BuyerOrder[] {
  const rows = db
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
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .all();
  const media = mediaOf(db, rows.map((r) => r.order.productId));
  const requests = latestRefundRequests({ db, orderIds: rows.map((r) => r.order.id) });
  return rows.map((r) => ({
    ...r.order,
    media: media.get(r.order.productId) ?? [],
    patternFile: r.patternFile,
    refundRequest: requests.get(r.order.id) ?? null,
  }));
}

/** One of the buyer's own orders; another user's order id is simply not found. */
export function getBuyerOrder({ db, userId, orderId }: { db: Db; userId: number; orderId: number }): BuyerOrder | undefined {
  return listBuyerOrders({ db, userId, orderId })[0];
}

/** A digital pattern the buyer may download: paid (every order is) and not refunded. */
export function isDownloadable(order: Pick<Order, "productType" | "delivery" | "status">): boolean {
  return isDownloadPattern(order.productType, order.delivery) && order.status !== "Refunded";
}

/** Spec 3, Order (buyer view). Amounts in dollars as the spec's screens show them. */
export function toBuyerOrderJson(order: BuyerOrder) {
  const patternUrl = isDownloadable(order) ? order.patternFile : null;
  return {
    ...orderAmountsJson(order),
    status: order.status,
    type: order.productType,
    delivery: order.delivery,
    quantity: order.quantity,
    productId: order.productId,
    items: [
      {
        name: order.productName,
        type: order.productType,
        delivery: order.delivery,
        mediaUrls: order.media,
        pattern_url: patternUrl,
        download_url: patternUrl ? `/download/${order.id}` : null,
        downloads: patternUrl ? orderDownloadLinks(order.id).map(({ format, url }) => ({ format, url })) : [],
        // A made-to-measure order's "Your size" files (decision 115).
        ...(order.measurements !== null ? { custom_downloads: patternUrl ? customDownloadLinks(order.id).map(({ format, url }) => ({ format, url })) : [] } : {}),
        tracking: order.tracking,
      },
    ],
    ...orderTrackingJson(order),
    refund_request: refundRequestJson(order.refundRequest),
    // When the buyer asked for the download at once (decision 107); null on an order that is no Digital pattern.
    digital_consent_at: order.digitalConsentAt?.toISOString() ?? null,
    // Decision 115: the buyer's own size, and the measurements it was made from (the seller's and admin's views drop them).
    made_to_measure: order.measurements !== null,
    measurements: orderMeasurements(order.measurements),
  };
}

/** The start every face's order JSON shares: the order, its date and its amounts in dollars. */
export function orderAmountsJson(
  order: Pick<Order, "id" | "createdAt" | "amountCents" | "shippingCents" | "taxCents" | "taxRateBp" | "taxCountry" | "reverseCharge"> & Partial<Pick<Order, "discountCents">>,
) {
  return {
    orderId: order.id,
    orderDate: order.createdAt.toISOString(),
    amount: centsToDollars(order.amountCents),
    // A discount code's share (decision 109), only on an order that had one; `amount` is after it.
    ...(order.discountCents ? { discount: centsToDollars(order.discountCents) } : {}),
    shipping: centsToDollars(order.shippingCents),
    tax: centsToDollars(order.taxCents),
    // Decision 123: the rate in percent (19), the buyer's country it was charged for, and a business's reverse charge.
    tax_rate: order.taxRateBp / 100,
    tax_country: order.taxCountry,
    reverse_charge: order.reverseCharge,
  };
}

/** The end every face's order JSON shares: the chosen variants, the shipment's tracking, whether it is reviewed. */
export function orderTrackingJson(order: Pick<Order, "variants" | "tracking" | "carrier" | "trackingUrl" | "reviewed">) {
  return {
    variants: order.variants,
    tracking: order.tracking,
    carrier: order.carrier,
    tracking_url: order.trackingUrl,
    reviewed: order.reviewed,
  };
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
export function rateOrder({
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
}): { ok: true } | { ok: false; error: RateError } {
  return db.transaction(
    (tx) => {
      const order = tx.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.buyerId, userId))).get();
      if (!order) return { ok: false as const, error: "not-found" as const };
      if (productIds?.length && productIds.some((id) => id !== order.productId)) {
        return { ok: false as const, error: "wrong-product" as const };
      }
      if (!canRate(order)) return { ok: false as const, error: "not-delivered" as const };
      const marked = tx
        .update(orders)
        .set({ reviewed: true })
        .where(and(eq(orders.id, orderId), eq(orders.reviewed, false)))
        .run();
      if (marked.changes === 0) return { ok: false as const, error: "already-reviewed" as const };
      const user = tx.select().from(users).where(eq(users.id, userId)).get()!;
      tx.insert(reviews)
        .values({
          productId: order.productId,
          orderId,
          userId,
          name: `${user.firstName} ${user.lastName.slice(0, 1)}.`.trim(),
          star: rating,
          comment,
        })
        .run();
      return { ok: true as const };
    },
    { behavior: "immediate" },
  );
}

