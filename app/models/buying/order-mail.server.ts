import type { Order } from "../../../db/tables";
import { digitalConsentStatement } from "~/models/buying/consent";
import { orderTotalCents } from "~/models/buying/orders.server";
import { fulfilCheckout, mailRecipients, type FulfilResult, type ProviderEvent } from "~/models/buying/fulfilment.server";
import type { ProviderTax } from "~/models/payments/types";
import { sellerCreditCents } from "~/models/shipping/rates";
import type { Db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { sendMail } from "~/utils/mail.server";
import { isDownloadPattern } from "~/utils/catalog";
import { formatCents } from "~/utils/money";
import { log } from "~/utils/log.server";
import { formatRateBp } from "~/utils/numbers";

/** Where links in emails point: PUBLIC_URL, else the given origin, else this server on localhost. */
function linkOrigin(origin?: string) {
  const env = getEnv();
  return (env.PUBLIC_URL ?? origin ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}

function describe(order: Order): string {
  const variants = (JSON.parse(order.variants) as { name: string; value: string }[]).map((v) => `${v.name} ${v.value}`);
  const extra = [order.delivery ? `${order.productType}, ${order.delivery}` : order.productType, ...variants].join(", ");
  return `${order.quantity} x ${order.productName} (${extra}): ${formatCents(order.amountCents)}` +
    (order.shippingCents ? ` + ${order.productType === "Pattern" ? "printing and shipping" : "shipping"} ${formatCents(order.shippingCents)}` : "");
}

/** Fulfils a checkout and, when that created orders, emails the buyer and each seller (after the commit). */
export async function fulfilAndMail({
  db,
  checkoutId,
  event,
  paymentIntentId,
  providerTax,
  origin,
  reqId,
}: {
  db: Db;
  checkoutId: number;
  event?: ProviderEvent;
  paymentIntentId?: string | null;
  /** Stripe Tax's figures of the paid session (decision 123). */
  providerTax?: ProviderTax | null;
  origin?: string;
  /** The request that brought the payment, for the log line (request-context.server.ts). */
  reqId?: string;
}): Promise<FulfilResult> {
  const result = await fulfilCheckout({ db, checkoutId, event, paymentIntentId, providerTax });
  if (result.status === "fulfilled") {
    log.info(
      { event: "payment", reqId, checkoutId, orderIds: result.orders.map((o) => o.id), totalCents: result.orders.reduce((sum, o) => sum + orderTotalCents(o), 0) },
      "a checkout was paid and its orders placed",
    );
  }
  if (result.status === "fulfilled") await sendOrderMails({ db, orders: result.orders, origin: linkOrigin(origin) });
  return result;
}

export async function sendOrderMails({ db, orders, origin }: { db: Db; orders: Order[]; origin: string }) {
  const { buyer, sellers } = await mailRecipients({ db, orders });
  if (!buyer) return;
  const total = orders.reduce((sum, o) => sum + orderTotalCents(o), 0);
  // The checkout's download consent, recorded on its Digital pattern orders (decision 107).
  const consentAt = orders.find((o) => o.digitalConsentAt)?.digitalConsentAt;
  await sendMail({
    to: buyer.email,
    subject: "Your Patternhouse order is confirmed",
    text: [
      `Hi ${buyer.firstName},`,
      "",
      "Thank you for your purchase. Your payment is confirmed:",
      "",
      ...orders.map((o) => `Order #${o.id}: ${describe(o)}`),
      "",
      ...taxLines(orders),
      `Total paid: ${formatCents(total)}`,
      ...deliveryLines(orders),
      ...(consentAt ? [digitalConsentStatement(consentAt)] : []),
      "",
      `Your purchases: ${origin}/purchases`,
    ].join("\n"),
  });
  for (const seller of sellers) {
    const own = orders.filter((o) => o.storeId === seller.storeId);
    await sendMail({
      to: seller.email,
      subject: `New order for ${seller.storeName}`,
      text: [
        `Hi ${seller.firstName},`,
        "",
        `${seller.storeName} has a new order:`,
        "",
        ...own.map((o) => `Order #${o.id}: ${describe(o)}, platform fee ${formatCents(o.feeCents)}, you receive ${formatCents(sellerCreditCents(o))}`),
        "",
        // The platform prints and ships printed patterns; a download ships nothing (issue 46 item 20).
        ...(own.some((o) => o.productType !== "Pattern") ? ["Please ship physical items within 3 working days."] : []),
        `Your orders: ${origin}/my-orders`,
      ].join("\n"),
    });
  }
}

/** When what was bought arrives: only what the orders hold (a download-only order ships nothing). */
function deliveryLines(orders: Order[]): string[] {
  const ships = orders.some((o) => !isDownloadPattern(o.productType, o.delivery));
  const downloads = orders.some((o) => isDownloadPattern(o.productType, o.delivery));
  return [
    ...(ships ? ["Printed and apparel items ship in 3 working days."] : []),
    ...(downloads ? ["Digital patterns are ready for download now."] : []),
  ];
}

/** The confirmation's tax lines (decision 123): the VAT charged and its rate, or the reverse charge. */
function taxLines(orders: Order[]): string[] {
  const taxed = orders.filter((o) => o.taxCountry);
  if (taxed.length === 0) return [];
  const first = taxed[0]!;
  if (first.reverseCharge) return [`VAT: reverse charge (${first.taxCountry}), no VAT charged`];
  const taxCents = orders.reduce((sum, o) => sum + o.taxCents, 0);
  return [`VAT ${first.taxCountry} ${formatRateBp(first.taxRateBp)}: ${formatCents(taxCents)}`];
}
