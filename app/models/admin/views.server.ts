/**
 * What the admin pages show of a record (issue 20, item 3): the loaders call one model and map it here, so a page
 * and its JSON sibling read the same facts in one place. An order's two faces sit together (issue 36, item 3): the
 * order page's view (cents, minutes) and the JSON of get-order, get-orders, ship-order and refund-order
 * (`toAdminOrderJson`), both over the order `getAdminOrder` reads once.
 */
import type { Order } from "../../../db/tables";
import type { AuditRow } from "~/models/platform/audit.server";
import { isPhysical, shippingAddressOf, type AdminOrder, type BusinessEvidence } from "~/models/admin/orders.server";
import { approvalPlan } from "~/models/admin/payouts.server";
import { canRefund, refundAmountCents } from "~/models/buying/refunds.server";
import type { AdminStorePage, ProductSort } from "~/models/admin/stores.server";
import { tableState, type TableQuery } from "~/models/admin/table";
import { toAdminUserJson, type AdminUserPage } from "~/models/admin/users.server";
import { isDownloadable } from "~/models/buying/orders.server";
import { toBuyerOrderJson } from "~/models/buying/views.server";
import { shippingInfoOf } from "~/models/selling/orders.server";
import { orderStatusLabel, productTypeLabel } from "~/utils/catalog";
import { isoDay, isoMinute } from "~/utils/dates";
import { centsToDollars } from "~/utils/money";

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
    // Decision 115: the flag, not the buyer's measurements.
    madeToMeasure: order.measurements !== null,
    quantity: order.quantity,
    amountCents: order.amountCents,
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    taxRateBp: order.taxRateBp,
    taxCountry: order.taxCountry,
    reverseCharge: order.reverseCharge,
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

/**
 * Spec 3, Order (admin view): the buyer view (its items with their mediaUrls and, for the administrator who prints
 * printed patterns, the pattern file of any pattern), the seller view's fee, productType, shippingInfo and
 * label_url, and the people, product and pattern fields. The one view of get-order, every get-orders row and the
 * orders that ship-order and refund-order answer.
 */
export function toAdminOrderJson(view: AdminOrder) {
  const { order, buyer, seller, store } = view;
  // The administrator sees `made_to_measure`, not the buyer's measurements (decision 115).
  const { measurements: _measurements, ...buyerView } = toBuyerOrderJson({ ...order, media: view.media, patternFile: view.patternFile, refundRequest: view.refundRequest });
  return {
    ...buyerView,
    items: buyerView.items.map((item) => ({ ...item, pattern_url: view.patternFile })),
    fee: centsToDollars(order.feeCents),
    productType: order.productType,
    shippingInfo: shippingInfoOf(order),
    label_url: order.labelUrl,
    buyerId: buyer.id,
    buyerName: `${buyer.firstName} ${buyer.lastName}`.trim(),
    buyerFirstName: buyer.firstName,
    BuyerLastname: buyer.lastName,
    buyerEmail: buyer.email,
    SellerFirstName: seller.firstName,
    SellerLastName: seller.lastName,
    Selleremail: seller.email,
    storeId: store.id,
    storeName: store.name,
    productName: order.productName,
    orderType: order.delivery ? `${order.productType} (${order.delivery})` : order.productType,
    pattern_url: view.patternFile,
    downloadable: isDownloadable(order),
    refundId: order.providerRefundId?.startsWith("pending:") ? null : order.providerRefundId,
    shippedAt: order.shippedAt?.toISOString() ?? null,
    refundedAt: order.refundedAt?.toISOString() ?? null,
    business: toBusinessEvidence(view.checkout),
  };
}

/**
 * A business buyer's VAT number and its confirmation (issue 46, item 1), the evidence a reverse charge rests on:
 * the register (`vies`, `hmrc`), its reference, the registered name and address, when; null for a consumer.
 */
export function toBusinessEvidence(checkout: BusinessEvidence) {
  if (!checkout.vatNumber) return null;
  return {
    company_name: checkout.companyName,
    vat_number: checkout.vatNumber,
    confirmed_by: checkout.vatCheckSource,
    reference: checkout.vatCheckRef,
    registered_name: checkout.vatCheckName,
    registered_address: checkout.vatCheckAddress,
    checked_at: checkout.vatCheckedAt?.toISOString() ?? null,
  };
}

/** The platform's ship-from address as the admin order page prints it: the name and the non-empty lines. */
export function toShipFromView(settings: { shippingName: string; street: string; street2: string; city: string; state: string; postalCode: string; country: string }) {
  return {
    name: settings.shippingName,
    lines: [settings.street, settings.street2, `${settings.city}, ${settings.state} ${settings.postalCode}`, settings.country].filter((l) => l.trim()),
  };
}

/** An audit trail as the admin pages list it (AuditLog): the time as a full ISO string, the browser formats it. */
export function toAuditView(rows: AuditRow[]) {
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * An order's audit trail, its statuses as the buyer and seller saw them: a download pattern's Pending is "Ready for
 * Download" (issue 34, item 19).
 */
export function toOrderAuditView(rows: AuditRow[], order: Pick<Order, "productType" | "delivery">) {
  return toAuditView(rows).map((entry) =>
    typeof entry.details.from === "string" ? { ...entry, details: { ...entry.details, from: orderStatusLabel({ ...order, status: entry.details.from }) } } : entry,
  );
}

/**
 * The admin store page (spec 4, Stores): its figures, its Pending transfers with what approving pays now (what the
 * store owes is repaid out of the transfer first), its newest ledger rows, a page of its products, its audit trail.
 */
export function toAdminStoreView(page: AdminStorePage, query: TableQuery<ProductSort>) {
  return {
    store: { id: page.store.id, name: page.store.name, balanceCents: page.store.balanceCents, onboarded: page.store.stripeOnboarded },
    owner: page.owner,
    figures: {
      salesCents: page.salesCents,
      refundsCents: page.refundsCents,
      orderCount: page.orderCount,
      refundedCount: page.refundedCount,
      txCount: page.txCount,
    },
    pendingTransfers: page.pendingTransfers.map((t) => ({
      id: t.id,
      amountCents: -t.amountCents,
      requested: isoMinute(t.createdAt),
      inProgress: t.processedAt !== null,
      plan: approvalPlan({ transfer: t, balanceCents: page.store.balanceCents }),
    })),
    transactions: page.recentTransactions.map((t) => ({
      id: t.id,
      type: t.txType,
      orderId: t.orderId,
      amountCents: t.amountCents,
      status: t.status,
      reason: t.reason,
      date: isoDay(t.createdAt),
    })),
    products: {
      state: tableState(query, page.products),
      rows: page.products.rows.map((p) => ({
        id: p.id,
        name: p.name,
        typeLabel: productTypeLabel(p.type as "Pattern" | "Made" | "Ready", p.delivery as "Digital" | "Print" | null),
        priceCents: p.priceCents,
        sold: p.sold,
        removed: p.removedAt !== null,
      })),
    },
    audit: toAuditView(page.audit),
  };
}

/**
 * The admin user page (spec 4, Users): the user as the JSON face answers it (`toAdminUserJson`, the form's
 * values), the store's balance in cents, whether it is the viewing administrator, the day they joined (UTC), the audit trail.
 */
export function toAdminUserView(page: AdminUserPage, { adminId }: { adminId: number }) {
  return {
    user: toAdminUserJson(page),
    balanceCents: page.store?.balanceCents ?? null,
    isSelf: adminId === page.user.id,
    joined: isoDay(page.user.createdAt),
    audit: toAuditView(page.audit),
  };
}
