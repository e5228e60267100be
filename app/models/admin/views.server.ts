/**
 * What the admin pages show of a record (issue 20, item 3): the loaders call one model and map it here, so a page
 * and its JSON sibling (`toAdminOrderJson`, `toAdminUserJson`, …) read the same facts in one place.
 */
import type { Order } from "../../../db/schema";
import { canRefund, isPhysical, shippingAddressOf } from "~/models/admin/orders.server";
import { refundAmountCents } from "~/models/admin/refunds.server";
import { isDownloadable } from "~/models/buying/orders.server";
import { productTypeLabel } from "~/utils/catalog";
import { isoMinute } from "~/utils/dates";

/** The order of the admin order page (spec 4, Orders): amounts in cents, dates to the minute (UTC). */
export function toAdminOrderView(order: Order, { creditCents }: { creditCents: number }) {
  const refundPending = Boolean(order.providerRefundId?.startsWith("pending:"));
  return {
    id: order.id,
    date: isoMinute(order.createdAt),
    status: order.status,
    productId: order.productId,
    productName: order.productName,
    productType: order.productType,
    delivery: order.delivery,
    typeLabel: productTypeLabel(order.productType, order.delivery),
    variants: JSON.parse(order.variants) as { name: string; value: string }[],
    quantity: order.quantity,
    amountCents: order.amountCents,
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    feeCents: order.feeCents,
    creditCents,
    refundCents: refundAmountCents(order),
    tracking: order.tracking,
    carrier: order.carrier,
    trackingUrl: order.trackingUrl,
    labelUrl: order.labelUrl,
    refundId: refundPending ? null : order.providerRefundId,
    refundPending,
    shippedAt: isoMinute(order.shippedAt),
    refundedAt: isoMinute(order.refundedAt),
    shipping: shippingAddressOf(order),
    physical: isPhysical(order),
    printed: order.productType === "Pattern" && order.delivery === "Print",
    downloadable: isDownloadable(order),
    refundable: canRefund(order),
  };
}

/** The platform's ship-from address as the admin order page prints it: the name and the non-empty lines. */
export function toShipFromView(settings: { shippingName: string; street: string; street2: string; city: string; state: string; postalCode: string; country: string }) {
  return {
    name: settings.shippingName,
    lines: [settings.street, settings.street2, `${settings.city}, ${settings.state} ${settings.postalCode}`, settings.country].filter((l) => l.trim()),
  };
}
