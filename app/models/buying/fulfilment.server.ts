/**
 * The two ends of a checkout, shared by the Stripe webhook, the local test payment page and the expiry sweep:
 * fulfil (payment confirmed by the provider) and release (session expired or cancelled). Each runs in one
 * immediate transaction; with a provider event id, that id is recorded under its UNIQUE key in the same
 * transaction, so a replayed or duplicated event changes nothing.
 */
import { and, eq, inArray, sql } from "drizzle-orm";

import {
  checkoutLines,
  checkouts,
  orders,
  paymentEvents,
  products,
  stores,
  users,
  variants,
  type Order,
} from "../../../db/tables";
import { clearCart } from "~/models/buying/cart.server";
import { markUsed, releaseUse, unitDiscounts } from "~/models/buying/discounts.server";
import type { ProviderTax } from "~/models/payments/types";
import { discountedLineFeeCents } from "~/models/buying/fees.server";
import { tracksStock } from "~/models/catalog/product-types";
import { getPlatformSettings } from "~/models/platform/settings.server";
import { creditSale } from "~/models/payments/ledger.server";
import { issueInvoice } from "~/models/tax/invoices.server";
import { recordSaleTax } from "~/models/tax/ledger.server";
import { isDownloadPattern } from "~/utils/catalog";
import { affected, type Db, first, transaction } from "~/utils/db.server";
import type { DbOrTx, Tx } from "~/utils/db.server";

/** A checkout's lines with their products and chosen variants, in the order they were added. */
export async function selectCheckoutLines(db: DbOrTx, checkoutId: number) {
  return await db
    .select({ line: checkoutLines, product: products, variant: variants })
    .from(checkoutLines)
    .innerJoin(products, eq(products.id, checkoutLines.productId))
    .leftJoin(variants, eq(variants.id, checkoutLines.variantId))
    .where(eq(checkoutLines.checkoutId, checkoutId))
    .orderBy(checkoutLines.id);
}

export type ProviderEvent = { id: string; type: string };

/** Records an event; false when it was seen before (the caller then does nothing). */
async function recordEvent(tx: Tx, event: ProviderEvent | undefined): Promise<boolean> {
  if (!event) return true;
  const result = await tx.insert(paymentEvents).values(event).onConflictDoNothing();
  return affected(result) > 0;
}

export type FulfilResult =
  | { status: "fulfilled"; orders: Order[] }
  | { status: "duplicate-event" }
  | { status: "not-open"; checkoutStatus: string | null };

/**
 * Payment confirmed: mark the checkout paid, create one Pending order per line (fee from today's platform
 * settings, stored on the order), credit each seller a Sale of price minus fee, count the sales and clear what
 * the checkout took from the cart. The stock was already taken when the checkout reserved it.
 */
export async function fulfilCheckout({
  db,
  checkoutId,
  event,
  paymentIntentId = null,
  providerTax = null,
  now = new Date(),
}: {
  db: Db;
  checkoutId: number;
  event?: ProviderEvent;
  /** Stripe's payment intent of the paid session, kept for refunds. */
  paymentIntentId?: string | null;
  /** Under Stripe Tax (decision 123): the tax Stripe computed on the paid session, stored as it is. */
  providerTax?: ProviderTax | null;
  now?: Date;
}): Promise<FulfilResult> {
  return await transaction(db,
    async (tx): Promise<FulfilResult> => {
      if (!await recordEvent(tx, event)) return { status: "duplicate-event" };
      const paid = (await tx
        .update(checkouts)
        .set({ status: "paid", paidAt: now, paymentIntentId })
        .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, "open")))
        .returning())[0];
      if (!paid) {
        const current = await first(tx.select({ status: checkouts.status }).from(checkouts).where(eq(checkouts.id, checkoutId)).limit(1));
        return { status: "not-open", checkoutStatus: current?.status ?? null };
      }
      const settings = await getPlatformSettings({ db: tx });
      const lines = await selectCheckoutLines(tx, checkoutId);
      const stripeTax = paid.taxMode === "stripe" && providerTax ? linesTax(lines, providerTax) : null;
      if (stripeTax) {
        await tx.update(checkouts)
          .set({ taxCents: providerTax!.totalCents, totalCents: paid.totalCents + providerTax!.totalCents, taxCountry: providerTax!.country })
          .where(eq(checkouts.id, checkoutId));
      }
      const created: Order[] = [];
      for (const [index, { line, product, variant }] of lines.entries()) {
        // A discount code's share comes off what the line paid, and the fee is on the discounted price (decision 109).
        const amountCents = line.unitPriceCents * line.quantity - line.discountCents;
        const feeCents = discountedLineFeeCents(
          { unitPriceCents: line.unitPriceCents, quantity: line.quantity, type: product.type, delivery: product.delivery },
          line.discountCents,
          settings,
        );
        // The line's tax as the checkout priced it, or as Stripe Tax computed it (decision 123); its country only where
        // it was charged or reverse-charged.
        if (stripeTax) Object.assign(line, { taxCents: stripeTax[index]!, taxRateBp: rateOf(stripeTax[index]!, amountCents + line.shippingCents) });
        const taxCountry = stripeTax ? providerTax!.country : paid.taxCountry;
        const taxed = taxCountry !== null && (line.taxCents > 0 || (paid.reverseCharge && isDownloadPattern(product.type, product.delivery)));
        const order = (await tx
          .insert(orders)
          .values({
            checkoutId,
            buyerId: paid.userId,
            storeId: product.storeId,
            productId: product.id,
            variantId: variant?.id ?? null,
            variants: JSON.stringify(variant ? [{ name: variant.name, value: variant.value }] : []),
            productName: product.name,
            productType: product.type,
            delivery: product.delivery,
            quantity: line.quantity,
            amountCents,
            discountCents: line.discountCents,
            shippingCents: line.shippingCents,
            taxCents: line.taxCents,
            taxRateBp: taxed ? line.taxRateBp : 0,
            taxCountry: taxed ? taxCountry : null,
            reverseCharge: taxed && paid.reverseCharge,
            feeCents,
            status: "Pending",
            shippingInfo: paid.shippingAddress,
            // The checkout's download consent covers its Digital patterns (decision 107).
            digitalConsentAt: isDownloadPattern(product.type, product.delivery) ? paid.digitalConsentAt : null,
            // A made-to-measure line's measurements as read at checkout (decision 115): later profile changes leave the files alone.
            measurements: line.madeToMeasure ? line.measurements : null,
            createdAt: now,
          })
          .returning())[0];
        await creditSale({ tx, order, now });
        await recordSaleTax(tx, order, now);
        await tx.update(products)
          .set({ sold: sql`${products.sold} + ${line.quantity}` })
          .where(eq(products.id, product.id));
        created.push(order);
      }
      await issueInvoice(tx, { checkoutId, orders: created, now });
      await clearCart({ db: tx, userId: paid.userId, before: paid.createdAt });
      await markUsed(tx, { checkoutId, userId: paid.userId });
      return { status: "fulfilled", orders: created };
    },
    { behavior: "immediate" },
  );
}

/** A rate in basis points from a tax and its net amount. */
function rateOf(taxCents: number, netCents: number): number {
  return netCents > 0 ? Math.round((taxCents * 10000) / netCents) : 0;
}

/**
 * Stripe's tax per checkout line: a checkout line was one session line, or two when its discount did not divide by
 * its quantity (checkout.server.ts, sessionLines), in order. What Stripe taxed on the shipping lines after them goes
 * to the lines that carry shipping, in proportion to their shipping (the first line when none does), so the orders
 * add up to the session's tax.
 */
function linesTax(lines: Awaited<ReturnType<typeof selectCheckoutLines>>, tax: ProviderTax): number[] {
  let at = 0;
  const perLine = lines.map(({ line }) => {
    const { extra } = unitDiscounts(line.discountCents, line.quantity);
    const parts = (line.quantity - extra > 0 ? 1 : 0) + (extra > 0 ? 1 : 0);
    const sum = tax.lineTaxCents.slice(at, at + parts).reduce((a, b) => a + b, 0);
    at += parts;
    return sum;
  });
  const rest = tax.totalCents - perLine.reduce((a, b) => a + b, 0);
  if (!perLine.length || rest === 0) return perLine;
  const shipping = lines.map(({ line }) => line.shippingCents);
  const shippingTotal = shipping.reduce((a, b) => a + b, 0);
  if (shippingTotal === 0) {
    perLine[0]! += rest;
    return perLine;
  }
  const shares = shipping.map((cents) => Math.floor((rest * cents) / shippingTotal));
  let left = rest - shares.reduce((a, b) => a + b, 0);
  shares.forEach((share, i) => {
    let extra = 0;
    if (left > 0 && shipping[i]! > 0) {
      extra = 1;
      left -= 1;
    }
    perLine[i]! += share + extra;
  });
  return perLine;
}

export type ReleaseResult = "released" | "duplicate-event" | "not-open";

/** Session expired or cancelled: the checkout closes and its reserved stock returns. */
export async function releaseCheckout({
  db,
  checkoutId,
  status,
  event,
}: {
  db: Db;
  checkoutId: number;
  status: "expired" | "cancelled";
  event?: ProviderEvent;
}): Promise<ReleaseResult> {
  return await transaction(db,
    async (tx): Promise<ReleaseResult> => {
      if (!await recordEvent(tx, event)) return "duplicate-event";
      const closed = await tx
        .update(checkouts)
        .set({ status })
        .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, "open")));
      if (affected(closed) === 0) return "not-open";
      await restock(tx, checkoutId);
      await releaseUse(tx, checkoutId);
      return "released";
    },
    { behavior: "immediate" },
  );
}

async function restock(tx: Tx, checkoutId: number) {
  const lines = await tx
    .select({ variantId: checkoutLines.variantId, quantity: checkoutLines.quantity, type: products.type })
    .from(checkoutLines)
    .innerJoin(products, eq(products.id, checkoutLines.productId))
    .where(eq(checkoutLines.checkoutId, checkoutId));
  for (const line of lines) {
    if (line.variantId === null || !tracksStock(line.type)) continue;
    await tx.update(variants)
      .set({ inventory: sql`${variants.inventory} + ${line.quantity}` })
      .where(eq(variants.id, line.variantId));
  }
}

/** The people an order confirmation goes to: the buyer and each seller of the created orders. */
export async function mailRecipients({ db, orders: created }: { db: Db; orders: Order[] }) {
  if (created.length === 0) return { buyer: undefined, sellers: [] };
  const buyer = await first(db.select().from(users).where(eq(users.id, created[0]!.buyerId)).limit(1));
  const storeIds = [...new Set(created.map((o) => o.storeId))];
  const sellers = await db
    .select({ storeId: stores.id, storeName: stores.name, email: users.email, firstName: users.firstName })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.userId))
    .where(inArray(stores.id, storeIds));
  return { buyer, sellers };
}
