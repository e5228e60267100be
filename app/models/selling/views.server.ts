/**
 * What the seller's pages show of a record (issue 20, item 3), and the seller's order as both faces show it (issue
 * 36, item 3): the sale page's view (cents, days) beside the JSON view of get-own-order, get-own-orders and
 * ship-order (`toSellerOrderJson`: dollars and the contract's names), each over the order `getStoreOrder` or
 * `listStoreOrderViews` reads once.
 */
import type { Order } from "../../../db/tables";
import { toBuyerOrderJson, toOrderLineView } from "~/models/buying/views.server";
import type { FinancePage } from "~/models/selling/finance.server";
import { sellerShips, shippingInfoOf, type StoreOrder } from "~/models/selling/orders.server";
import { sellerCreditCents } from "~/models/shipping/rates";
import { isDownloadPattern } from "~/utils/catalog";
import { isoDay } from "~/utils/dates";
import { centsToDollars } from "~/utils/money";

/** One sale as its page shows it (spec 4, Orders, seller view): amounts in cents, dates as days (UTC). */
export function toSaleView(order: StoreOrder) {
  return {
    ...toOrderLineView(order),
    status: order.status,
    amountCents: order.amountCents,
    discountCents: order.discountCents,
    feeCents: order.feeCents,
    revenueCents: sellerCreditCents(order),
    shippingCents: order.shippingCents,
    buyerName: order.buyerName,
    shippingInfo: shippingInfoOf(order),
    tracking: order.tracking,
    carrier: order.carrier,
    trackingUrl: order.trackingUrl,
    shippedAt: isoDay(order.shippedAt),
    labelUrl: order.labelUrl,
    parcelSize: order.parcelSize,
    media: order.media[0] ?? null,
    digital: isDownloadPattern(order.productType, order.delivery),
    printed: order.productType === "Pattern" && order.delivery === "Print",
    patternFile: order.patternFile,
    patternFileName: order.patternFileName,
    canShip: sellerShips(order) && order.status !== "Refunded",
  };
}

/** Spec 3, Order (seller view): the buyer view plus fee, productType, shippingInfo and label_url. */
export function toSellerOrderJson(order: StoreOrder) {
  // The buyer's measurements stay theirs (decision 115): the seller sees `made_to_measure` only.
  const { measurements: _measurements, ...buyerView } = toBuyerOrderJson({ ...order, patternFile: order.patternFile });
  return {
    ...buyerView,
    fee: centsToDollars(order.feeCents),
    revenue: centsToDollars(sellerCreditCents(order)),
    productType: order.productType,
    shippingInfo: shippingInfoOf(order),
    label_url: order.labelUrl,
    shipped_at: order.shippedAt?.toISOString() ?? null,
  };
}

/** One row of the seller's orders list (spec 4, My orders): the variants as one line, the day (UTC). */
export function toStoreOrderRowView(order: Order) {
  return {
    id: order.id,
    date: isoDay(order.createdAt),
    name: order.productName,
    variant: (JSON.parse(order.variants) as { name: string; value: string }[]).map((v) => `${v.name}: ${v.value}`).join(", "),
    quantity: order.quantity,
    amountCents: order.amountCents,
    status: order.status,
    digital: isDownloadPattern(order.productType, order.delivery),
    // Marked in the list (issue 34, item 14): the flag, never the measurements (decision 115).
    madeToMeasure: order.measurements !== null,
  };
}

/** The seller's finance page (spec 4, My finance): amounts in cents, days (UTC). */
export function toFinanceView({ summary, transactions, series, best }: FinancePage) {
  return {
    summary: { ...summary, lastTransferAt: isoDay(summary.lastTransferAt) },
    txs: transactions.txs.map((t) => ({
      id: t.id,
      type: t.txType,
      orderId: t.orderId,
      amountCents: t.amountCents,
      taxCents: t.taxCents,
      feeCents: t.feeCents,
      shippingCents: t.shippingCents,
      status: t.status,
      date: isoDay(t.createdAt),
      reason: t.reason,
    })),
    page: transactions.page,
    pageCount: transactions.pageCount,
    series,
    best,
  };
}
