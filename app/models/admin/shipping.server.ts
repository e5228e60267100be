/**
 * The administrator ships an order (spec 4, Shipping: tracking and carrier). The platform prints and ships paper
 * patterns from the address in the platform settings; an administrator may also mark an apparel order shipped on
 * the seller's behalf. Digital patterns never ship. A Pending order becomes Shipped once (conditional update).
 *
 * NOTE for the lead: `shipOrderAsAdmin` duplicates the selling issue's `shipOrder` in
 * app/models/selling/orders.server.ts; replace its body by a call to that function when both are merged.
 */
import { and, eq } from "drizzle-orm";

import { orders, users, type Order } from "../../../db/schema";
import type { Db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { sendMail } from "~/utils/mail.server";
import { recordAudit } from "./audit.server";
import { isPhysical } from "./orders.server";

export type ShipError = "not-found" | "not-shippable" | "not-pending";

export const SHIP_MESSAGES: Record<ShipError, string> = {
  "not-found": "Order not found",
  "not-shippable": "Digital patterns are downloaded, not shipped.",
  "not-pending": "Only Pending orders can be shipped.",
};

export const SHIP_STATUS: Record<ShipError, number> = { "not-found": 404, "not-shippable": 409, "not-pending": 409 };

/** A public tracking page for the common carriers; null for others. */
export function trackingUrlFor(carrier: string, tracking: string): string | null {
  const code = encodeURIComponent(tracking);
  const name = carrier.trim().toLowerCase();
  if (name === "usps") return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${code}`;
  if (name === "ups") return `https://www.ups.com/track?tracknum=${code}`;
  if (name === "fedex") return `https://www.fedex.com/fedextrack/?trknbr=${code}`;
  if (name === "dhl") return `https://www.dhl.com/us-en/home/tracking.html?tracking-id=${code}`;
  return null;
}

export async function shipOrderAsAdmin({
  db,
  orderId,
  adminId,
  tracking,
  carrier,
  now = new Date(),
}: {
  db: Db;
  orderId: number;
  adminId: number;
  tracking: string;
  carrier: string;
  now?: Date;
}): Promise<{ ok: true; order: Order } | { ok: false; error: ShipError }> {
  const result = db.transaction(
    (tx) => {
      const order = tx.select().from(orders).where(eq(orders.id, orderId)).get();
      if (!order) return { ok: false as const, error: "not-found" as const };
      if (!isPhysical(order)) return { ok: false as const, error: "not-shippable" as const };
      const shipped = tx
        .update(orders)
        .set({ status: "Shipped", tracking, carrier, trackingUrl: trackingUrlFor(carrier, tracking), shippedAt: now })
        .where(and(eq(orders.id, orderId), eq(orders.status, "Pending")))
        .returning()
        .get();
      if (!shipped) return { ok: false as const, error: "not-pending" as const };
      recordAudit(tx, {
        adminId,
        action: "ship",
        targetType: "order",
        targetId: orderId,
        details: { tracking, carrier },
        now,
      });
      return { ok: true as const, order: shipped };
    },
    { behavior: "immediate" },
  );
  if (result.ok) {
    const buyer = db.select().from(users).where(eq(users.id, result.order.buyerId)).get();
    const origin = (getEnv().PUBLIC_URL ?? `http://localhost:${getEnv().PORT}`).replace(/\/$/, "");
    if (buyer) {
      await sendMail({
        to: buyer.email,
        subject: `Your order #${orderId} has shipped`,
        text: [
          `Hi ${buyer.firstName},`,
          "",
          `Your order #${orderId} (${result.order.quantity} x ${result.order.productName}) is on its way.`,
          `Carrier: ${carrier}`,
          `Tracking number: ${tracking}`,
          result.order.trackingUrl ? `Track it: ${result.order.trackingUrl}` : "",
          "",
          `Your order: ${origin}/purchase/${orderId}`,
        ].join("\n"),
      });
    }
  }
  return result;
}
