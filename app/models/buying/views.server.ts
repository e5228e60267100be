/**
 * The buyer's order as both faces show it (issue 20, item 3; issue 36, item 3): the pages' views (amounts in cents,
 * days) and the JSON view of get-order and get-orders (`toBuyerOrderJson`: dollars and the contract's names), each
 * over the order `listBuyerOrders` reads once.
 */
import type { Order } from "../../../db/tables";
import { digitalConsentStatement } from "~/models/buying/consent";
import { refundAmountCents } from "~/models/buying/refunds.server";
import { canRate, isDownloadable, orderTotalCents, type BuyerOrder } from "~/models/buying/orders.server";
import type { Purchase } from "~/models/buying/purchases.server";
import { refundRequestJson, toRefundRequestView } from "~/models/buying/refund-request-rows.server";
import { DOWNLOAD_FORMAT_LABELS, DOWNLOAD_FORMATS, orderDownloadLinks } from "~/models/layout/downloads.server";
import { customDownloadLinks, measurementLines, orderMeasurements } from "~/models/fit/made-to-measure-orders.server";
import { isDownloadPattern, orderStatusLabel, productTypeLabel } from "~/utils/catalog";
import { isoDay } from "~/utils/dates";
import { centsToDollars } from "~/utils/money";

/** The formats a buyer prints a pattern in, as the purchase page offers them. */
const PRINT_FORMATS = DOWNLOAD_FORMATS.filter((format) => format !== "dxf");

/** The line an order bought, as both sides' order pages show it (/purchase/{id}, /sale/{id}): the day (UTC). */
export function toOrderLineView(order: Order) {
  return {
    id: order.id,
    productId: order.productId,
    name: order.productName,
    typeLabel: productTypeLabel(order.productType, order.delivery),
    variants: JSON.parse(order.variants) as { name: string; value: string }[],
    quantity: order.quantity,
    date: isoDay(order.createdAt),
    // The buyer's own size (decision 115): both sides see the flag; only the buyer's page reads the measurements.
    madeToMeasure: order.measurements !== null,
    // A tester's free copy of a draft (issue 37): $0, no sale.
    testerCopy: order.testerCopy,
  };
}

/** One row of the buyer's purchases list (spec 4, My purchases): amounts in cents, the day (UTC). */
export function toPurchaseRowView(order: BuyerOrder) {
  return {
    id: order.id,
    name: order.productName,
    status: orderStatusLabel(order),
    date: isoDay(order.createdAt),
    amountCents: order.amountCents,
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    // What the buyer paid (issue 46, item 17).
    totalCents: orderTotalCents(order),
    // Marked in the list (issue 34, item 14).
    madeToMeasure: order.measurements !== null,
    // A tester's free copy of a draft (issue 37).
    testerCopy: order.testerCopy,
  };
}

/**
 * One purchase as its page shows it: the order, its pattern files while they can be downloaded (every format of
 * the newest version, the earlier versions' DXF and A4), the link to message the seller and the refund request.
 */
export function toPurchaseView({ order, versions, facts, messageSellerHref, supportEmail }: Purchase) {
  const downloadable = isDownloadable(order);
  return {
    order: {
      ...toOrderLineView(order),
      amountCents: order.amountCents,
      discountCents: order.discountCents,
      shippingCents: order.shippingCents,
      taxCents: order.taxCents,
      // What the buyer paid (issue 46, item 17).
      totalCents: orderTotalCents(order),
      taxRateBp: order.taxRateBp,
      taxCountry: order.taxCountry,
      reverseCharge: order.reverseCharge,
      status: order.status,
      statusLabel: orderStatusLabel(order),
      // A refunded order says how much went back and when, and is no longer badged PAID (issue 34, item 18).
      refunded: order.status === "Refunded" ? { cents: refundAmountCents(order), date: order.refundedAt ? isoDay(order.refundedAt) : null } : null,
      digital: isDownloadPattern(order.productType, order.delivery),
      downloadable,
      tracking: order.tracking,
      carrier: order.carrier,
      trackingUrl: order.trackingUrl,
      reviewed: order.reviewed,
      canRate: canRate(order),
      media: order.media[0] ?? null,
      // The buyer's download consent, stated as the confirmation email states it (decision 107).
      digitalConsent: order.digitalConsentAt ? digitalConsentStatement(order.digitalConsentAt) : null,
      // The measurements the order was made from (decision 115), as copied at checkout.
      measurements: measurementsOf(order.measurements),
    },
    files: downloadable
      ? {
          current: facts ? { version: facts.version, versionLine: facts.versionLine, sizes: facts.sizes, note: versions[0]!.note } : null,
          links: orderDownloadLinks(order.id),
          // A made-to-measure order's "Your size" files (decision 115), beside the graded ones.
          customLinks: order.measurements !== null ? customDownloadLinks(order.id) : [],
          printFormats: PRINT_FORMATS.map((format) => ({ format, label: DOWNLOAD_FORMAT_LABELS[format] })),
          earlier: versions.slice(1).map((v) => ({
            version: v.version,
            date: isoDay(v.createdAt),
            note: v.note,
            links: orderDownloadLinks(order.id, v.version).filter((l) => l.format === "dxf" || l.format === "A4"),
          })),
        }
      : null,
    messageSellerHref,
    // A tester copy (issue 37) has nothing to refund or cancel, and no invoice (orderDocuments finds none; issue 46,
    // item 15).
    // Decision 110: the latest refund or cancel request, and whether a new one may be asked.
    refundRequest: toRefundRequestView(order.refundRequest),
    canRequestRefund: !order.testerCopy && order.status !== "Refunded" && order.providerRefundId === null && order.refundRequest?.status !== "open",
    canCancel: order.status === "Pending" && !isDownloadPattern(order.productType, order.delivery),
    // The mailto is for an order that can still be refunded.
    refundHref: order.testerCopy || order.status === "Refunded" || !supportEmail ? null : `mailto:${supportEmail}?subject=${encodeURIComponent(`Refund request for order #${order.id}`)}`,
  };
}

function measurementsOf(stored: string | null) {
  const m = orderMeasurements(stored);
  return m ? measurementLines(m) : null;
}

/** Spec 3, Order (buyer view). Amounts in dollars as the spec's screens show them. */
export function toBuyerOrderJson(order: BuyerOrder) {
  const patternUrl = isDownloadable(order) ? order.patternFile : null;
  return {
    ...orderAmountsJson(order),
    // What the buyer paid: amount, shipping and tax (issue 46, item 17).
    total: centsToDollars(orderTotalCents(order)),
    status: order.status,
    type: order.productType,
    delivery: order.delivery,
    quantity: order.quantity,
    productId: order.productId,
    // A tester's free copy of a draft (issue 37): amount 0, not a sale.
    tester_copy: order.testerCopy,
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
function orderAmountsJson(
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
function orderTrackingJson(order: Pick<Order, "variants" | "tracking" | "carrier" | "trackingUrl" | "reviewed">) {
  return {
    variants: order.variants,
    tracking: order.tracking,
    carrier: order.carrier,
    tracking_url: order.trackingUrl,
    reviewed: order.reviewed,
  };
}
