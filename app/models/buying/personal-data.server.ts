/**
 * Buying's section of the personal-data export (decision 103, issue 36): the cart, the checkouts with their lines,
 * the orders bought, the reviews, the downloads and the refund requests asked or answered.
 */
import { asc, eq, inArray, or } from "drizzle-orm";

import { cartItems, carts, checkoutLines, checkouts, downloads, orders, refundRequests, reviews, type Order } from "../../../db/tables";
import { iso, parseJson, type ExportSubject } from "~/utils/personal-data";
import { first } from "~/utils/db.server";

/** One order as the export shows it, bought or sold (selling's section writes the sold ones). */
export function orderJson(order: Order) {
  return {
    id: order.id,
    checkout_id: order.checkoutId,
    store_id: order.storeId,
    product_id: order.productId,
    product_name: order.productName,
    product_type: order.productType,
    delivery: order.delivery,
    variants: parseJson(order.variants),
    quantity: order.quantity,
    amount_cents: order.amountCents,
    shipping_cents: order.shippingCents,
    tax_cents: order.taxCents,
    fee_cents: order.feeCents,
    status: order.status,
    tracking: order.tracking,
    carrier: order.carrier,
    tracking_url: order.trackingUrl,
    reviewed: order.reviewed,
    shipping_info: parseJson(order.shippingInfo),
    created_at: iso(order.createdAt),
    shipped_at: iso(order.shippedAt),
    refunded_at: iso(order.refundedAt),
    made_to_measure: order.measurements !== null,
  };
}

export async function buyingPersonalData({ db, user }: ExportSubject) {
  const userId = user.id;
  const bought = await db.select().from(orders).where(eq(orders.buyerId, userId)).orderBy(asc(orders.id));
  const userCheckouts = await db.select().from(checkouts).where(eq(checkouts.userId, userId)).orderBy(asc(checkouts.id));
  const checkoutIds = userCheckouts.map((c) => c.id);
  const lines = checkoutIds.length ? await db.select().from(checkoutLines).where(inArray(checkoutLines.checkoutId, checkoutIds)) : [];
  const cart = await first(db.select().from(carts).where(eq(carts.userId, userId)).limit(1));
  const cartRows = cart ? await db.select().from(cartItems).where(eq(cartItems.cartId, cart.id)).orderBy(asc(cartItems.id)) : [];
  return {
    cart: cartRows.map((i) => ({ product_id: i.productId, variant_id: i.variantId, quantity: i.quantity, created_at: iso(i.createdAt) })),
    checkouts: userCheckouts.map((c) => ({
      id: c.id,
      provider: c.provider,
      status: c.status,
      subtotal_cents: c.subtotalCents,
      shipping_cents: c.shippingCents,
      total_cents: c.totalCents,
      shipping_address: parseJson(c.shippingAddress),
      created_at: iso(c.createdAt),
      paid_at: iso(c.paidAt),
      lines: lines
        .filter((l) => l.checkoutId === c.id)
        .map((l) => ({
          product_id: l.productId,
          variant_id: l.variantId,
          quantity: l.quantity,
          unit_price_cents: l.unitPriceCents,
          shipping_cents: l.shippingCents,
          // A made-to-measure line and the measurements read at checkout (decision 115): the buyer's own data.
          made_to_measure: l.madeToMeasure,
          measurements: l.measurements === null ? null : parseJson(l.measurements),
        })),
    })),
    // A bought made-to-measure order carries the buyer's measurements; a sold one only its flag (decision 115).
    orders_bought: bought.map((o) => ({ ...orderJson(o), measurements: o.measurements === null ? null : parseJson(o.measurements) })),
    reviews: (await db
      .select()
      .from(reviews)
      .where(eq(reviews.userId, userId))
      .orderBy(asc(reviews.id)))
      .map((r) => ({ id: r.id, product_id: r.productId, order_id: r.orderId, name: r.name, star: r.star, comment: r.comment, created_at: iso(r.createdAt) })),
    downloads: (await db
      .select()
      .from(downloads)
      .where(eq(downloads.userId, userId))
      .orderBy(asc(downloads.id)))
      .map((d) => ({ order_id: d.orderId, file: d.file, created_at: iso(d.createdAt) })),
    refund_requests: (await db
      .select()
      .from(refundRequests)
      .where(or(eq(refundRequests.buyerId, userId), eq(refundRequests.answeredBy, userId)))
      .orderBy(asc(refundRequests.id)))
      .map((r) => ({
        id: r.id,
        order_id: r.orderId,
        role: r.buyerId === userId ? "asked" : "answered",
        kind: r.kind,
        reason: r.reason,
        status: r.status,
        answer: r.answer,
        created_at: iso(r.createdAt),
        answered_at: iso(r.answeredAt),
      })),
  };
}
