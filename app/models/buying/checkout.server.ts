/**
 * Checkout: the cart, re-read on the server (prices, stock, the printing-and-shipping line), becomes one
 * payment session. Stock of apparel variants is reserved here with conditional updates, so two buyers racing for
 * the last unit cannot both get it; it returns when the session expires or is cancelled.
 */
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";

import { checkoutLines, checkouts, stores, users, variants, type Checkout, type User } from "../../../db/tables";
import { isProfileComplete, toProfile, type Profile } from "~/models/accounts/profile.server";
import { getCartView, type CartLine } from "~/models/buying/cart.server";
import { claimUse, unitDiscounts, type DiscountError } from "~/models/buying/discounts.server";
import { digitalConsentAt, needsDigitalConsent } from "~/models/buying/consent";
import { releaseCheckout, selectCheckoutLines } from "~/models/buying/fulfilment.server";
import { refuseOnEvidence } from "~/models/buying/evidence.server";
import { fulfilAndMail } from "~/models/buying/order-mail.server";
import { checkMadeToMeasureOf, zoneNames, type MadeToMeasureError } from "~/models/fit/made-to-measure-orders.server";
import { MADE_TO_MEASURE_LABEL } from "~/models/patterns/mtm-label";
import { tracksStock } from "~/models/catalog/product-types";
import { getPaymentProvider } from "~/models/payments/providers.server";
import { getPlatformSettings } from "~/models/platform/settings.server";
import { checkBuyerVatNumber, type VatNumberError } from "~/models/tax/vies.server";
import type { VatNumber } from "~/models/tax/vat-number.server";
import type { PaymentProvider, SessionLine } from "~/models/payments/types";
import type { StoreShipping } from "~/models/shipping/rates.server";
import { isDownloadPattern, productTypeLabel } from "~/utils/catalog";
import { affected, type Db, first, transaction } from "~/utils/db.server";
import { logError } from "~/utils/log.server";
import { formatRateBp } from "~/utils/numbers";
import { checkoutImportNotice } from "~/models/tax/imports.server";

/** How long a payment session (and its stock reservation) lives: Stripe's minimum, 30 minutes. */
export const RESERVATION_TTL_MS = 30 * 60 * 1000;

export type CheckoutError =
  | "incomplete-profile"
  | "empty-cart"
  | "unavailable"
  | "already-owned"
  | "out-of-stock"
  | "provider-failed"
  | "superseded"
  | "digital-consent-required"
  | "account-closed"
  | "print-us-only"
  | VatNumberError
  | "company-name-required"
  | DiscountError
  | MadeToMeasureError;

/** A refusal names the product (`item`) and, where it is one line's, the cart line (`lineId`). */
export type CheckoutResult = { ok: true; checkout: Checkout } | { ok: false; error: CheckoutError; item?: string; lineId?: number; zones?: string[] };

class OutOfStock extends Error {
  constructor(public item: string) {
    super(`out of stock: ${item}`);
  }
}

/** The cart's discount code had no use left when the checkout claimed one: rolls the reservation back. */
class CodeUsedUp extends Error {}

/**
 * The payment session's lines: one per cart line, plus the printing-and-shipping line, plus one shipping line per
 * store that charges shipping for its apparel (decision 108). A line with a discount (decision 109) is sold at its
 * discounted unit price; when its discount does not divide by its quantity, it is two lines (the units one cent
 * apart), so the session's total is the checkout's to the cent.
 */
export function sessionLines(lines: CartLine[], pssCents: number, storeShipping: StoreShipping[] = [], tax?: { cents: number; country: string | null; rateBp: number }): SessionLine[] {
  const result: SessionLine[] = lines.flatMap((l) => {
    const variantName = l.variants.length ? `${l.name} (${l.variants.map((v) => `${v.name}: ${v.value}`).join(", ")})` : l.name;
    const name = l.madeToMeasure ? `${variantName} - ${MADE_TO_MEASURE_LABEL}` : variantName;
    const { base, extra } = unitDiscounts(l.discountCents, l.quantity);
    const full = { name, unitAmountCents: l.unitPriceCents - base, quantity: l.quantity - extra, taxCode: taxCodeOf(l) };
    const less = { name, unitAmountCents: l.unitPriceCents - base - 1, quantity: extra, taxCode: taxCodeOf(l) };
    return [full, less].filter((part) => part.quantity > 0);
  });
  const printed = lines.reduce((sum, l) => sum + (l.type === "Pattern" && l.delivery === "Print" ? l.quantity : 0), 0);
  if (printed > 0) result.push({ name: "Printing and shipping", unitAmountCents: pssCents, quantity: printed, taxCode: SHIPPING_TAX_CODE });
  for (const s of storeShipping) {
    if (s.shippingCents > 0) result.push({ name: `Shipping from ${s.storeName}`, unitAmountCents: s.shippingCents, quantity: 1, taxCode: SHIPPING_TAX_CODE });
  }
  // VAT (decision 123): one line of the checkout's tax, so the session's total is the checkout's.
  if (tax && tax.cents > 0) result.push({ name: `VAT ${tax.country} ${formatRateBp(tax.rateBp)}`, unitAmountCents: tax.cents, quantity: 1 });
  return result;
}

/**
 * Stripe Tax's product tax code of a line (decision 123), by kind: a downloadable pattern is an electronically
 * supplied service (txcd_10000000), clothing is clothing and footwear (txcd_30011000), and a printed pattern, an
 * accessory, a home good or a pet item is a general tangible good (txcd_99999999). Shipping lines carry SHIPPING_TAX_CODE.
 */
export function taxCodeOf(line: Pick<CartLine, "type" | "delivery" | "category1" | "category2">): string {
  if (line.type === "Pattern") return line.delivery === "Print" ? "txcd_99999999" : "txcd_10000000";
  const clothing = line.category1 !== "Home" && line.category2 !== "accessories";
  return clothing ? "txcd_30011000" : "txcd_99999999";
}

/** Stripe Tax's code of shipping charges. */
export const SHIPPING_TAX_CODE = "txcd_92010001";

/** Reserves the cart in one transaction: the checkout row, its lines, the stock. */
async function reserve(db: Db, asked: User, now: Date, digitalConsent: boolean, vatNumber: VatNumber | null, companyName: string | null) {
  return await transaction(db,
    async (tx) => {
      // The account as it is now, not as the request found it: deleted meanwhile, nothing is reserved (issue 34, item 1).
      const user = await first(tx.select().from(users).where(eq(users.id, asked.id)).limit(1));
      if (!user || user.status !== "Active") return { ok: false as const, error: "account-closed" as const };
      const cart = await getCartView({ db: tx, owner: { userId: user.id }, vatNumber, now });
      if (cart.lines.length === 0) return { ok: false as const, error: "empty-cart" as const };
      // Consent for downloads (decision 107): read with the cart it covers, before anything is reserved.
      const consentAt = digitalConsentAt(cart.lines, digitalConsent, now);
      if (consentAt === "refused") return { ok: false as const, error: "digital-consent-required" as const };
      const gone = cart.lines.find((l) => l.removed);
      if (gone) return { ok: false as const, error: "unavailable" as const, item: gone.name };
      // A downloadable pattern the buyer already owns is not sold again (read in this transaction: a purchase
      // completed in another tab counts).
      const owned = cart.lines.find((l) => l.ownedOrderId !== null);
      if (owned) return { ok: false as const, error: "already-owned" as const, item: owned.name };
      // Printed patterns ship to US addresses only (issue 46 item 4): the address as the account holds it now.
      const abroad = cart.lines.find((l) => l.printNotShipped);
      if (abroad) return { ok: false as const, error: "print-us-only" as const, item: abroad.name, lineId: abroad.id };
      // The cart's discount code, checked again now (decision 109): refused, nothing is reserved.
      if (cart.discount?.error) return { ok: false as const, error: cart.discount.error };
      // A made-to-measure line (decision 115): the measurements now, checked again; these are the ones the order keeps.
      const measured = new Map<number, string>();
      for (const line of cart.lines.filter((l) => l.madeToMeasure)) {
        const check = await checkMadeToMeasureOf({ db: tx, productId: line.productId, userId: user.id });
        if (!check.ok) return { ok: false as const, error: check.error, item: line.name, zones: zoneNames(check.zones) };
        measured.set(line.id, JSON.stringify(check.measurements));
      }
      for (const line of cart.lines) {
        if (line.variantId === null || !tracksStock(line.type)) continue;
        const taken = await tx
          .update(variants)
          .set({ inventory: sql`${variants.inventory} - ${line.quantity}` })
          .where(and(eq(variants.id, line.variantId), gte(variants.inventory, line.quantity)));
        if (affected(taken) !== 1) throw new OutOfStock(line.name); // rolls the whole reservation back
      }
      const checkout = (await tx
        .insert(checkouts)
        .values({
          userId: user.id,
          provider: "local",
          status: "open",
          subtotalCents: cart.subtotalCents,
          shippingCents: cart.shippingCents,
          totalCents: cart.totalCents,
          discountCodeId: cart.discount?.codeId ?? null,
          discountCents: cart.discount?.cents ?? 0,
          shippingAddress: JSON.stringify({ ...toProfile(user), email: user.email }),
          digitalConsentAt: consentAt,
          taxMode: cart.tax.mode,
          taxCents: cart.tax.taxCents,
          taxCountry: cart.tax.country,
          taxRateBp: cart.tax.rateBp,
          vatNumber: vatNumber?.value ?? null,
          reverseCharge: cart.tax.reverseCharge,
          companyName,
          // The register's confirmation (issue 46, item 1): the evidence the reverse charge rests on.
          vatCheckSource: vatNumber?.confirmation?.source ?? null,
          vatCheckRef: vatNumber?.confirmation?.reference ?? null,
          vatCheckName: vatNumber?.confirmation?.name ?? null,
          vatCheckAddress: vatNumber?.confirmation?.address ?? null,
          vatCheckedAt: vatNumber?.confirmation?.checkedAt ?? null,
          createdAt: now,
          expiresAt: new Date(now.getTime() + RESERVATION_TTL_MS),
        })
        .returning())[0];
      await tx.insert(checkoutLines)
        .values(
          cart.lines.map((l) => ({
            checkoutId: checkout.id,
            productId: l.productId,
            variantId: l.variantId,
            quantity: l.quantity,
            unitPriceCents: l.unitPriceCents,
            shippingCents: l.shippingCents,
            discountCents: l.discountCents,
            madeToMeasure: l.madeToMeasure,
            measurements: measured.get(l.id) ?? null,
            taxCents: l.taxCents,
            taxRateBp: l.taxCents > 0 ? cart.tax.rateBp : 0,
          })),
        );
      // One use of the code, reserved with a conditional update: of buyers racing for its last use, one gets it.
      const codeId = cart.discount?.codeId;
      if (codeId && !await claimUse(tx, { codeId, userId: user.id, checkoutId: checkout.id })) throw new CodeUsedUp();
      const tax = { cents: cart.tax.taxCents, country: cart.tax.country, rateBp: cart.tax.rateBp };
      return { ok: true as const, checkout, lines: sessionLines(cart.lines, cart.pssCents, cart.storeShipping, tax) };
    },
    { behavior: "immediate" },
  );
}

/**
 * Starts a checkout for the user's cart: closes the user's earlier open sessions, reserves, then asks the
 * provider for a payment session (outside the transaction). If the provider fails the reservation is released.
 * A cart holding a Digital pattern needs `digitalConsent` (decision 107); refused, nothing changes.
 */
export async function createCheckout({
  db,
  user,
  origin,
  provider = getPaymentProvider(),
  now = new Date(),
  digitalConsent = false,
  vatNumber,
  companyName,
}: {
  db: Db;
  user: User;
  origin: string;
  provider?: PaymentProvider;
  now?: Date;
  /** The buyer asked for the download at once, waiving withdrawal (the cart's box, JSON `digital_consent`). */
  digitalConsent?: boolean;
  /** A business buyer's VAT number (decision 123): checked, and with `vat` tax a reverse charge. Blank: none. */
  vatNumber?: string;
  /** The business's name on the invoice, with a VAT number (issue 46, item 1). Blank: the profile's, else the registered one. */
  companyName?: string;
}): Promise<CheckoutResult> {
  if (!isProfileComplete(user)) return { ok: false, error: "incomplete-profile" };
  let vat: VatNumber | null = null;
  let company: string | null = null;
  if (vatNumber?.trim()) {
    const checked = await checkBuyerVatNumber({ settings: await getPlatformSettings({ db }), input: vatNumber, country: user.country, now });
    if (!checked.ok) return { ok: false, error: checked.error };
    vat = checked.vatNumber;
    // A business's invoice names the business: as typed, else the profile's, else the name the register gave.
    company = companyName?.trim() || user.companyName.trim() || vat.confirmation?.name || null;
    if (!company) return { ok: false, error: "company-name-required" };
  }
  // Refused before the earlier sessions are closed; reserve checks again with the cart it reserves.
  if (!digitalConsent && needsDigitalConsent((await getCartView({ db, owner: { userId: user.id } })).lines)) {
    return { ok: false, error: "digital-consent-required" };
  }
  await closeOpenCheckouts({ db, userId: user.id });
  let reserved: Awaited<ReturnType<typeof reserve>>;
  try {
    reserved = await reserve(db, user, now, digitalConsent, vat, company);
  } catch (error) {
    if (error instanceof OutOfStock) return { ok: false, error: "out-of-stock", item: error.item };
    if (error instanceof CodeUsedUp) return { ok: false, error: "used-up" };
    throw error;
  }
  if (!reserved.ok) return reserved;
  const { checkout } = reserved;
  await db.update(checkouts).set({ provider: provider.name }).where(eq(checkouts.id, checkout.id));
  try {
    const session = await provider.createSession({ checkout, lines: reserved.lines, buyerEmail: user.email, origin });
    const saved = (await db
      .update(checkouts)
      .set({ providerSessionId: session.sessionId, url: session.url })
      .where(and(eq(checkouts.id, checkout.id), eq(checkouts.status, "open")))
      .returning())[0];
    if (saved) return { ok: true, checkout: saved };
    // A newer checkout (a double click) closed this one while the provider answered: its session must not stay payable.
    await db.update(checkouts).set({ providerSessionId: session.sessionId }).where(eq(checkouts.id, checkout.id));
    await provider
      .expireSession(session.sessionId)
      .catch((error) => logError({ event: "checkout-expire-failed", sessionId: session.sessionId }, "a payment session could not be expired", error));
    return { ok: false, error: "superseded" };
  } catch (error) {
    logError({ event: "checkout-provider-failed", provider: provider.name, checkoutId: checkout.id }, "the payment provider failed", error);
    await releaseCheckout({ db, checkoutId: checkout.id, status: "cancelled" });
    return { ok: false, error: "provider-failed" };
  }
}

/**
 * A new checkout replaces the user's open ones: each is expired at its provider (so it can no longer be paid)
 * and its stock released. One that turns out paid is left for the webhook to fulfil.
 */
export async function closeOpenCheckouts({ db, userId }: { db: Db; userId: number }) {
  const open = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.status, "open")));
  for (const checkout of open) await settleWithProvider({ db, checkout, reason: "cancelled" });
}

/**
 * Brings an open checkout in line with its provider: paid sessions are fulfilled, and sessions past their
 * expiry (or being replaced) are expired at the provider and released. Errors are logged and retried later.
 */
export async function settleWithProvider({
  db,
  checkout,
  reason,
}: {
  db: Db;
  checkout: Checkout;
  reason: "expired" | "cancelled";
}): Promise<"released" | "paid" | "open"> {
  if (!checkout.providerSessionId) {
    await releaseCheckout({ db, checkoutId: checkout.id, status: reason });
    return "released";
  }
  try {
    const provider = getPaymentProvider(checkout.provider);
    const state = await provider.expireSession(checkout.providerSessionId);
    if (state === "paid") {
      // The payment intent is kept for refunds, Stripe Tax's figures as the tax; the sweep's expire answer carries neither.
      const paid = await provider.getSession(checkout.providerSessionId).catch(() => null);
      // The card's country against the buyer's (decision 123), as the webhook checks it.
      if (checkout.taxMode === "vat" && paid) {
        const refused = await refuseOnEvidence({ db, checkout, cardCountry: paid.cardCountry ?? null, amountCents: paid.amountTotalCents ?? checkout.totalCents, event: undefined });
        if (refused) return "released";
      }
      await fulfilAndMail({ db, checkoutId: checkout.id, paymentIntentId: paid?.paymentIntentId ?? null, providerTax: paid?.tax ?? null });
      return "paid";
    }
    if (state === "open") return "open";
    await releaseCheckout({ db, checkoutId: checkout.id, status: reason });
    return "released";
  } catch (error) {
    logError({ event: "checkout-settle-failed", provider: checkout.provider, checkoutId: checkout.id }, "a checkout could not be settled with its provider", error);
    return "open";
  }
}

/**
 * The expiry sweep: every open checkout past its expiry is settled with its provider. Runs on a timer in the
 * server and lazily when a buyer opens the cart or purchases (then only for that buyer).
 */
export async function sweepExpiredCheckouts({ db, userId, now = new Date() }: { db: Db; userId?: number; now?: Date }) {
  const due = await db
    .select()
    .from(checkouts)
    .where(
      and(
        eq(checkouts.status, "open"),
        lt(checkouts.expiresAt, now),
        userId === undefined ? undefined : eq(checkouts.userId, userId),
      ),
    );
  for (const checkout of due) await settleWithProvider({ db, checkout, reason: "expired" });
  return due.length;
}

/** A checkout of this user (another user's is not found). */
export async function getOwnCheckout({ db, userId, checkoutId }: { db: Db; userId: number; checkoutId: number }) {
  return await first(db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.userId, userId))).limit(1));
}

/** The summary of one of the buyer's checkouts: lines, amounts, address (another user's is not found). */
export async function getCheckoutSummary({ db, userId, checkoutId }: { db: Db; userId: number; checkoutId: number }) {
  const checkout = await getOwnCheckout({ db, userId, checkoutId });
  if (!checkout) return undefined;
  const rows = await selectCheckoutLines(db, checkoutId);
  const address = JSON.parse(checkout.shippingAddress) as Profile & { email: string };
  const lines = rows.map(({ line, product, variant }) => ({
      id: line.id,
      name: product.name,
      typeLabel: productTypeLabel(product.type, product.delivery),
      variant: variant ? `${variant.name}: ${variant.value}` : null,
      quantity: line.quantity,
      lineCents: line.unitPriceCents * line.quantity,
      discountCents: line.discountCents,
      madeToMeasure: line.madeToMeasure,
    }));
  return {
    id: checkout.id,
    provider: checkout.provider,
    status: checkout.status,
    url: checkout.url,
    subtotalCents: checkout.subtotalCents,
    shippingCents: checkout.shippingCents,
    discountCents: checkout.discountCents,
    totalCents: checkout.totalCents,
    taxCents: checkout.taxCents,
    taxCountry: checkout.taxCountry,
    taxRateBp: checkout.taxRateBp,
    reverseCharge: checkout.reverseCharge,
    vatNumber: checkout.vatNumber,
    taxMode: checkout.taxMode,
    expiresAt: checkout.expiresAt.toISOString(),
    address,
    lines,
    ...await summaryShipping(db, rows),
    importNotice: await importNoticeOf(db, address.country, rows),
  };
}
/** A checkout's import notice (decision 151): for a buyer in the EU or the UK, goods shipped from outside. */
async function importNoticeOf(db: Db, buyerCountry: string, rows: Awaited<ReturnType<typeof selectCheckoutLines>>) {
  return await checkoutImportNotice({ db, buyerCountry, lines: rows.map((r) => ({ name: r.product.name, storeId: r.product.storeId, type: r.product.type, delivery: r.product.delivery })) });
}

/** The import notice of a checkout as created (the JSON checkout's `import_notice`), from its shipping address. */
export async function checkoutImportNoticeOf({ db, checkout }: { db: Db; checkout: Checkout }): Promise<string | null> {
  const address = JSON.parse(checkout.shippingAddress) as { country?: string };
  return await importNoticeOf(db, address.country ?? "", await selectCheckoutLines(db, checkout.id));
}

/** The summary's shipping split (decision 108): each store's apparel shipping, and the printed patterns' pss. */
async function summaryShipping(db: Db, rows: Awaited<ReturnType<typeof selectCheckoutLines>>) {
  const apparel = rows.filter((r) => r.product.type !== "Pattern");
  const storeIds = [...new Set(apparel.map((r) => r.product.storeId))];
  const names = storeIds.length ? await db.select({ id: stores.id, name: stores.name }).from(stores).where(inArray(stores.id, storeIds)) : [];
  const storeShipping = storeIds
    .map((storeId) => ({
      storeId,
      storeName: names.find((n) => n.id === storeId)?.name ?? "",
      shippingCents: apparel.filter((r) => r.product.storeId === storeId).reduce((sum, r) => sum + r.line.shippingCents, 0),
    }))
    .filter((s) => s.shippingCents > 0);
  const printedShippingCents = rows.filter((r) => r.product.type === "Pattern").reduce((sum, r) => sum + r.line.shippingCents, 0);
  // A download-only checkout ships nothing: no printing-and-shipping line, no "Shipping to" (issue 46 item 20).
  const printed = rows.some((r) => r.product.type === "Pattern" && r.product.delivery === "Print");
  const ships = rows.some((r) => !isDownloadPattern(r.product.type, r.product.delivery));
  const downloads = rows.some((r) => isDownloadPattern(r.product.type, r.product.delivery));
  return { storeShipping, printedShippingCents, printed, ships, downloads };
}
export type CheckoutSummary = NonNullable<Awaited<ReturnType<typeof getCheckoutSummary>>>;
