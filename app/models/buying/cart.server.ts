import { and, asc, eq, gte, isNull, lt, lte, notExists, sql } from "drizzle-orm";

import { cartItems, carts, products, stores, users, variants } from "../../../db/tables";
import { cartDiscountCode, checkCode, storeCartDiscountCode, type DiscountError } from "~/models/buying/discounts.server";
import { ownedPatternOrders } from "~/models/buying/downloads.server";
import { mediaOf } from "~/models/catalog/media.server";
import { checkMadeToMeasure, zoneNames, type MadeToMeasureError } from "~/models/fit/made-to-measure-orders.server";
import { deliveryLine, printShipsTo, tracksStock } from "~/models/catalog/product-types";
import { getPlatformSettings } from "~/models/platform/settings.server";
import { parseShippingOverride } from "~/models/shipping/rates";
import { cartShipping, type StoreShipping } from "~/models/shipping/rates.server";
import { productTypeLabel, type Delivery, type ProductType, isDownloadPattern } from "~/utils/catalog";
import { checkoutImportNotice } from "~/models/tax/imports.server";
import { quoteTax, type TaxQuote } from "~/models/tax/quote.server";
import { priceBasis, shownPrice } from "~/models/tax/prices.server";
import { parseVatNumber, type VatNumber } from "~/models/tax/vat-number.server";
import { sha256 } from "~/utils/crypto.server";
import { affected, type Db, first, transaction } from "~/utils/db.server";
import type { DbOrTx } from "~/utils/db.server";
import { hit, peek } from "~/utils/rate-limit.server";

/** A cart belongs to a user, or to a visitor through the random token in the visitor's cookie. */
export type CartOwner = { userId: number } | { visitorToken: string };

function ownerWhere(owner: CartOwner) {
  return "userId" in owner ? eq(carts.userId, owner.userId) : eq(carts.visitorTokenHash, sha256(owner.visitorToken));
}

export async function findCartId({ db, owner }: { db: DbOrTx; owner: CartOwner }): Promise<number | undefined> {
  return (await first(db.select({ id: carts.id }).from(carts).where(ownerWhere(owner)).limit(1)))?.id;
}

async function getOrCreateCartId(db: DbOrTx, owner: CartOwner): Promise<number> {
  const existing = await findCartId({ db, owner });
  if (existing) return existing;
  const values = "userId" in owner ? { userId: owner.userId } : { visitorTokenHash: sha256(owner.visitorToken) };
  return (await db.insert(carts).values(values).returning({ id: carts.id }))[0].id;
}

/** A line's quantity as sold: a downloadable pattern is one licence whatever the stored row says. */
const soldQuantity = sql<number>`CASE WHEN ${products.type} = 'Pattern' AND ${products.delivery} = 'Digital' THEN CASE WHEN ${cartItems.quantity} < 1 THEN ${cartItems.quantity} ELSE 1 END ELSE ${cartItems.quantity} END`;

/** Units in the cart (the header badge). */
export async function countCartItems({ db, owner }: { db: Db; owner: CartOwner | null }): Promise<number> {
  if (!owner) return 0;
  const row = await first(db
    .select({ count: sql<number>`coalesce(sum(${soldQuantity}), 0)` })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(ownerWhere(owner)).limit(1));
  return Number(row?.count ?? 0);
}

/** Whether the owner's cart holds a line of the product (the product page's 'Item added to cart' dialog). */
export async function cartHoldsProduct({ db, owner, productId }: { db: Db; owner: CartOwner | null; productId: number }): Promise<boolean> {
  if (!owner) return false;
  return Boolean(
    await first(db
      .select({ id: cartItems.id })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(and(ownerWhere(owner), eq(cartItems.productId, productId))).limit(1)),
  );
}

export type AddToCartError = "not-found" | "variant-required" | "out-of-stock" | "single-licence" | "already-owned" | "own-product" | MadeToMeasureError;
/** `madeToMeasure`: the buyer's own size of a pattern (decision 115), a line of its own beside the graded one. */
type LineInput = { productId: number; variantId?: number | null; quantity?: number; madeToMeasure?: boolean };
/**
 * ok, or ok with `alreadyInCart` when a downloadable pattern was in the cart already (nothing changed); refused with
 * a code, and with the buyer's order of it when the buyer already owns the pattern.
 */
export type AddResult =
  | { ok: true; alreadyInCart?: true }
  | { ok: false; error: Exclude<AddToCartError, "already-owned">; zones?: string[] }
  | { ok: false; error: "already-owned"; orderId: number };

async function addLine(tx: DbOrTx, owner: CartOwner, { productId, variantId, quantity = 1, madeToMeasure = false }: LineInput): Promise<AddResult> {
  const product = await first(tx.select().from(products).where(eq(products.id, productId)).limit(1));
  // A removed design and a draft (decision 106) are not for sale.
  if (!product || product.removedAt || product.status !== "published") return { ok: false, error: "not-found" };
  // A seller does not buy from their own store (issue 34 item 18; favouring one's own design is refused alike).
  if ("userId" in owner && await first(tx.select({ id: stores.id }).from(stores).where(and(eq(stores.id, product.storeId), eq(stores.userId, owner.userId))).limit(1))) {
    return { ok: false, error: "own-product" };
  }
  if (madeToMeasure) {
    // The buyer's own size (decision 115): allowed by the seller, and the buyer's measurements within the chart.
    const check = await checkMadeToMeasure({ db: tx, product, userId: "userId" in owner ? owner.userId : null });
    if (!check.ok) return { ok: false, error: check.error, zones: zoneNames(check.zones) };
  }
  const options = await tx.select().from(variants).where(eq(variants.productId, productId));
  const variant = options.find((v) => v.id === variantId);
  // A made-to-measure line is no graded size: it needs no variant (decision 115).
  if (options.length > 0 && !variant && !madeToMeasure) return { ok: false, error: "variant-required" };
  // A downloadable pattern is one licence per buyer (whatever size was chosen: the file holds them all).
  const licence = isDownloadPattern(product.type, product.delivery);
  if (licence && quantity > 1) return { ok: false, error: "single-licence" };
  // A made-to-measure line is a size the buyer does not own yet, whatever they bought before (decision 115).
  if (licence && !madeToMeasure && "userId" in owner) {
    const orderId = (await ownedPatternOrders({ db: tx, userId: owner.userId, productIds: [productId] })).get(productId);
    if (orderId !== undefined) return { ok: false, error: "already-owned", orderId };
  }
  const cartId = await findCartId({ db: tx, owner });
  // The same line: the product and variant; for a licence, the product in any size.
  const sameVariant = licence ? undefined : variant ? eq(cartItems.variantId, variant.id) : sql`${cartItems.variantId} is null`;
  const line = cartId
    ? await first(tx
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId), sameVariant, eq(cartItems.madeToMeasure, madeToMeasure))).limit(1))
    : undefined;
  if (licence && line) return { ok: true, alreadyInCart: true };
  const wanted = (line?.quantity ?? 0) + quantity;
  if (variant && tracksStock(product.type) && variant.inventory < wanted) return { ok: false, error: "out-of-stock" };
  if (line) await tx.update(cartItems).set({ quantity: wanted }).where(eq(cartItems.id, line.id));
  else await tx.insert(cartItems).values({ cartId: cartId ?? await getOrCreateCartId(tx, owner), productId, variantId: variant?.id ?? null, quantity, madeToMeasure });
  return { ok: true };
}

/**
 * Adds a product (and its chosen variant) to the cart. Products with variants need one; apparel variants
 * need stock for what the cart would then hold. Adding the same line again raises its quantity.
 */
export async function addToCart({ db, owner, ...input }: { db: Db; owner: CartOwner } & LineInput): Promise<AddResult> {
  return await transaction(db, async (tx) => addLine(tx, owner, input), { behavior: "immediate" });
}

class CartLineRefused extends Error {
  constructor(
    public refusal: Extract<AddResult, { ok: false }>,
    public productId: number,
  ) {
    super(refusal.error);
  }
}

/**
 * The JSON checkout's `items`: the cart becomes exactly these lines, or stays as it was if one is refused. A
 * downloadable pattern listed twice is one line of quantity 1.
 */
export async function replaceCart({
  db,
  userId,
  items,
}: {
  db: Db;
  userId: number;
  items: LineInput[];
}): Promise<{ ok: true } | { ok: false; error: AddToCartError; productId: number; item?: string; orderId?: number; zones?: string[] }> {
  try {
    await transaction(db,
      async (tx) => {
        await clearCart({ db: tx, userId });
        for (const item of items) {
          const result = await addLine(tx, { userId }, item);
          if (!result.ok) throw new CartLineRefused(result, item.productId);
        }
      },
      { behavior: "immediate" },
    );
    return { ok: true };
  } catch (error) {
    if (error instanceof CartLineRefused) {
      const item = (await first(db.select({ name: products.name }).from(products).where(eq(products.id, error.productId)).limit(1)))?.name;
      return { ...error.refusal, productId: error.productId, ...(item === undefined ? {} : { item }) };
    }
    throw error;
  }
}

/** Removes one row of the owner's cart; another cart's row is left alone. */
export async function removeCartItem({ db, owner, itemId }: { db: Db; owner: CartOwner; itemId: number }): Promise<boolean> {
  const cartId = await findCartId({ db, owner });
  if (!cartId) return false;
  const result = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)));
  return affected(result) > 0;
}

/** Empties the user's cart; with `before`, only the rows added up to then (what a checkout took). */
export async function clearCart({ db, userId, before }: { db: DbOrTx; userId: number; before?: Date }) {
  const cartId = await findCartId({ db, owner: { userId } });
  if (!cartId) return;
  await db.delete(cartItems)
    .where(before ? and(eq(cartItems.cartId, cartId), lte(cartItems.createdAt, before)) : eq(cartItems.cartId, cartId));
}

/**
 * At login, the visitor's cart joins the account's cart (same lines add up) and disappears. A downloadable pattern
 * stays one line of quantity 1; one the buyer already owns stays in the cart, where the cart shows it as owned with
 * the link to its download (and checkout refuses it), so nothing disappears unexplained.
 */
export async function joinVisitorCart({ db, userId, visitorToken }: { db: Db; userId: number; visitorToken: string }) {
  await transaction(db,
    async (tx) => {
      const visitorCartId = await findCartId({ db: tx, owner: { visitorToken } });
      if (!visitorCartId) return;
      const items = await tx
        .select({ item: cartItems, type: products.type, delivery: products.delivery })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(eq(cartItems.cartId, visitorCartId));
      if (items.length > 0) {
        const cartId = await getOrCreateCartId(tx, { userId });
        const existing = await tx.select().from(cartItems).where(eq(cartItems.cartId, cartId));
        for (const { item, type, delivery } of items) {
          const licence = isDownloadPattern(type, delivery);
          const same = existing.find(
            (e) => e.productId === item.productId && e.madeToMeasure === item.madeToMeasure && (licence || e.variantId === item.variantId),
          );
          if (same) {
            if (licence) continue;
            await tx.update(cartItems)
              .set({ quantity: same.quantity + item.quantity })
              .where(eq(cartItems.id, same.id));
          } else {
            const quantity = licence ? 1 : item.quantity;
            const row = (await tx
              .insert(cartItems)
              .values({ cartId, productId: item.productId, variantId: item.variantId, quantity, madeToMeasure: item.madeToMeasure })
              .returning())[0];
            existing.push(row);
          }
        }
      }
      await tx.delete(carts).where(eq(carts.id, visitorCartId));
    },
    { behavior: "immediate" },
  );
}

/** Visitor carts untouched for longer than their cookie lives (30 days) are clutter: they go with the sweep. */
export async function deleteStaleVisitorCarts({ db, now = new Date() }: { db: Db; now?: Date }) {
  const cutoff = new Date(now.getTime() - 31 * 24 * 60 * 60 * 1000);
  const recent = db.select({ id: cartItems.id }).from(cartItems).where(and(eq(cartItems.cartId, carts.id), gte(cartItems.createdAt, cutoff)));
  return affected(await db.delete(carts).where(and(isNull(carts.userId), lt(carts.createdAt, cutoff), notExists(recent))));
}

export type CartLine = {
  id: number;
  productId: number;
  storeId: number;
  name: string;
  type: ProductType;
  delivery: Delivery | null;
  typeLabel: string;
  deliveryLine: string;
  variants: { name: string; value: string }[];
  variantId: number | null;
  quantity: number;
  unitPriceCents: number;
  lineCents: number;
  /** A printed pattern's printing and shipping (pss per unit), or this line's share of its store's shipping (apparel). */
  shippingCents: number;
  /** This line's share of the cart's discount code (decision 109); 0 without one. */
  discountCents: number;
  media: string | null;
  /** The product was taken off the shop: removed, or turned back into a draft by its seller (checkout refuses it). */
  removed: boolean;
  /** Still buyable in this quantity (not removed, enough stock). */
  available: boolean;
  /** A downloadable pattern the buyer already owns: the order to download it from (checkout refuses the line). */
  ownedOrderId: number | null;
  /** The buyer's own size of a pattern (decision 115): checkout checks the measurements again and keeps them. */
  madeToMeasure: boolean;
  /** A printed pattern and the buyer's address is outside the US, where alone they ship (checkout refuses the line). */
  printNotShipped: boolean;
  /** The line's tax (decision 123): VAT on a Digital pattern in `vat` mode; 0 otherwise. */
  taxCents: number;
  /** The line's price as the buyer sees it (issue 46, item 6): a download incl. VAT, or net plus VAT where applicable. */
  shown: { cents: number; note: string | null };
  /** The design's categories (Stripe Tax's product tax code tells accessories and home goods from clothing). */
  category1: string;
  category2: string;
};

export type CartView = {
  lines: CartLine[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  pssCents: number;
  /** Apparel shipping per store (decision 108), one entry per store with apparel in the cart. */
  storeShipping: StoreShipping[];
  /** The discount code entered on the cart (decision 109): its text, the discount, or why it does not apply now. */
  discount: CartDiscount | null;
  /** The tax (decision 123): included in totalCents; in `stripe` mode Stripe adds it when the buyer pays. */
  tax: TaxQuote;
  /** For a buyer in the EU or the UK, goods shipped from outside: import VAT and duties on delivery (decision 151). */
  importNotice: string | null;
  /**
   * The cart as the buyer sees it (issue 46, item 6): with `inclVat`, the lines' and the subtotal's prices include
   * the VAT of downloads and the discount its VAT share (subtotal + shipping - discount = total to the cent).
   */
  shown: { inclVat: boolean; subtotalCents: number; discountCents: number };
};
export type CartDiscount = { code: string; codeId: number | null; cents: number; error: DiscountError | null };

/**
 * The cart as shown (and as checked out): today's prices and stock, the printing-and-shipping line, the tax of the
 * buyer's country (a business's VAT number, checked by the caller, may make it a reverse charge).
 */
export async function getCartView({
  db,
  owner,
  vatNumber = null,
  now = new Date(),
}: {
  db: DbOrTx;
  owner: CartOwner | null;
  vatNumber?: VatNumber | null;
  now?: Date;
}): Promise<CartView> {
  const settings = await getPlatformSettings({ db });
  const { pssCents } = settings;
  const noTax = quoteTax({ mode: settings.taxMode, country: null, lines: [] });
  const empty = { lines: [], subtotalCents: 0, shippingCents: 0, totalCents: 0, pssCents, storeShipping: [], discount: null, tax: noTax, importNotice: null, shown: { inclVat: false, subtotalCents: 0, discountCents: 0 } };
  const cartId = owner ? await findCartId({ db, owner }) : undefined;
  if (!cartId) return empty;
  const rows = await db
    .select({ item: cartItems, product: products, variant: variants })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(variants, eq(variants.id, cartItems.variantId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const media = await mediaOf(db, rows.map((r) => r.product.id));
  const owned =
    owner && "userId" in owner
      ? await ownedPatternOrders({ db, userId: owner.userId, productIds: rows.filter((r) => isDownloadPattern(r.product.type, r.product.delivery)).map((r) => r.product.id) })
      : new Map<number, number>();
  const buyerCountry = owner && "userId" in owner ? ((await first(db.select({ country: users.country }).from(users).where(eq(users.id, owner.userId)).limit(1)))?.country ?? null) : null;
  const lines = rows.map(({ item: stored, product, variant }): CartLine => {
    const printed = product.type === "Pattern" && product.delivery === "Print";
    // One licence, also for a row stored before this rule or a pattern its seller has since turned Digital.
    const item = isDownloadPattern(product.type, product.delivery) ? { ...stored, quantity: Math.min(stored.quantity, 1) } : stored;
    const inStock = !variant || !tracksStock(product.type) || variant.inventory >= item.quantity;
    return {
      id: item.id,
      productId: product.id,
      storeId: product.storeId,
      name: product.name,
      type: product.type,
      delivery: product.delivery,
      typeLabel: productTypeLabel(product.type, product.delivery),
      deliveryLine: deliveryLine(product.type, product.delivery),
      variants: variant ? [{ name: variant.name, value: variant.value }] : [],
      variantId: variant?.id ?? null,
      quantity: item.quantity,
      unitPriceCents: product.priceCents,
      lineCents: product.priceCents * item.quantity,
      discountCents: 0,
      shippingCents: printed ? pssCents * item.quantity : 0,
      media: media.get(product.id)?.[0] ?? null,
      removed: Boolean(product.removedAt) || product.status !== "published",
      available: !product.removedAt && product.status === "published" && inStock,
      ownedOrderId: item.madeToMeasure ? null : (owned.get(product.id) ?? null),
      madeToMeasure: item.madeToMeasure,
      printNotShipped: printed && !printShipsTo(buyerCountry),
      taxCents: 0,
      shown: { cents: product.priceCents * item.quantity, note: null },
      category1: product.category1,
      category2: product.category2,
    };
  });
  const storeShipping = await addApparelShipping(db, owner, lines, rows);
  const subtotalCents = lines.reduce((sum, l) => sum + l.lineCents, 0);
  const shippingCents = lines.reduce((sum, l) => sum + l.shippingCents, 0);
  const discount = await cartDiscount(db, cartId, owner, lines);
  const { tax, country } = await cartTax(db, settings, owner, lines, vatNumber, now);
  const totalCents = subtotalCents + shippingCents - (discount?.cents ?? 0) + tax.taxCents;
  const importNotice = await checkoutImportNotice({ db, buyerCountry, lines: lines.filter((l) => !l.removed) });
  // Issue 46, item 6: a consumer's downloads incl. VAT (none once reverse-charged), a visitor's plus VAT.
  const basis = tax.reverseCharge ? ({ kind: "net" } as const) : priceBasis({ taxMode: settings.taxMode, country, at: now });
  lines.forEach((l) => (l.shown = shownPrice(basis, l.lineCents, isDownloadPattern(l.type, l.delivery))));
  const inclVat = lines.some((l) => l.shown.cents !== l.lineCents);
  const shownSubtotal = lines.reduce((sum, l) => sum + l.shown.cents, 0);
  const shown = inclVat ? { inclVat, subtotalCents: shownSubtotal, discountCents: shownSubtotal + shippingCents - totalCents } : { inclVat, subtotalCents, discountCents: discount?.cents ?? 0 };
  return { lines, subtotalCents, shippingCents, totalCents, pssCents, storeShipping, discount, tax, importNotice, shown };
}

/** The tax of a signed-in buyer's cart in `vat` mode, from the profile's country; each line gets its share. */
async function cartTax(
  db: DbOrTx,
  settings: Awaited<ReturnType<typeof getPlatformSettings>>,
  owner: CartOwner | null,
  lines: CartLine[],
  vatNumber: VatNumber | null,
  now: Date,
): Promise<{ tax: TaxQuote; country: string | null }> {
  const country =
    settings.taxMode === "vat" && owner && "userId" in owner
      ? ((await first(db.select({ country: users.country }).from(users).where(eq(users.id, owner.userId)).limit(1)))?.country || null)
      : null;
  const tax = quoteTax({
    mode: settings.taxMode,
    country,
    vatNumber,
    platformVatCountry: country && settings.vatNumber ? (parseVatNumber(settings.vatNumber)?.country ?? null) : null,
    lines: lines.map((l) => ({ netCents: l.lineCents - l.discountCents, taxable: isDownloadPattern(l.type, l.delivery) })),
    at: now,
  });
  lines.forEach((line, i) => (line.taxCents = tax.lineTaxCents[i] ?? 0));
  return { tax, country };
}

/** The hook for apparel shipping (decision 108): each apparel line still for sale gets its share of its store's shipping. */
async function addApparelShipping(db: DbOrTx, owner: CartOwner | null, lines: CartLine[], rows: { product: { shippingOverride: string | null } }[]) {
  const apparel = lines.flatMap((l, i) => (l.type !== "Pattern" && !l.removed ? [{ line: l, override: parseShippingOverride(rows[i]!.product.shippingOverride) }] : []));
  const buyerId = owner && "userId" in owner ? owner.userId : null;
  const shipping = await cartShipping({
    db,
    buyerId,
    lines: apparel.map(({ line, override }) => ({ storeId: line.storeId, quantity: line.quantity, unitPriceCents: line.unitPriceCents, override })),
  });
  apparel.forEach(({ line }, i) => (line.shippingCents = shipping.lineCents[i]!));
  return shipping.stores;
}

/** Hook of the discount codes (decision 109): the cart's code, checked now, spread over its lines (which it sets). */
async function cartDiscount(db: DbOrTx, cartId: number, owner: CartOwner | null, lines: CartLine[]): Promise<CartDiscount | null> {
  const code = await cartDiscountCode(db, cartId);
  if (code === null) return null;
  const userId = owner && "userId" in owner ? owner.userId : undefined;
  const checked = await checkCode({ db, text: code, lines, userId });
  if (!checked.ok) return { code, codeId: null, cents: 0, error: checked.error };
  lines.forEach((line, i) => (line.discountCents = checked.discounts[i] ?? 0));
  return { code: checked.code.code, codeId: checked.code.id, cents: checked.discounts.reduce((s, d) => s + d, 0), error: null };
}

/** Wrong discount codes allowed per buyer (account or visitor's cart) and per address in a window (issue 34, item 7). */
export const DISCOUNT_GUESSES = { perBuyer: 10, perAddress: 50, windowMs: 15 * 60 * 1000 };

/**
 * The buyer enters a discount code on the cart: kept only when it applies to the cart now; refused with its code
 * and nothing changed otherwise. Empty text removes the cart's code. Refused codes are counted like failed logins,
 * per buyer and (with `clientKey`) per address: past DISCOUNT_GUESSES, every code is refused as "rate-limited"
 * until the window ends, without being checked.
 */
export async function applyDiscountCode({
  db,
  owner,
  text,
  clientKey,
}: {
  db: Db;
  owner: CartOwner;
  text: string;
  clientKey?: string;
}): Promise<{ ok: true } | { ok: false; error: DiscountError | "empty-cart" | "rate-limited" }> {
  const buyerKey = `discount:buyer:${"userId" in owner ? `u${owner.userId}` : `v${sha256(owner.visitorToken)}`}`;
  const addressKey = clientKey === undefined ? null : `discount:address:${clientKey}`;
  const { perBuyer, perAddress, windowMs } = DISCOUNT_GUESSES;
  return await transaction(db,
    async (tx) => {
      const cartId = await findCartId({ db: tx, owner });
      if (!cartId) return { ok: false as const, error: "empty-cart" as const };
      if (text.trim() === "") {
        await storeCartDiscountCode(tx, cartId, null);
        return { ok: true as const };
      }
      const { lines } = await getCartView({ db: tx, owner });
      if (lines.length === 0) return { ok: false as const, error: "empty-cart" as const };
      // Counted and checked in this one immediate transaction: racing guesses cannot pass the limit together.
      const held = !(await peek({ db: tx, key: buyerKey, limit: perBuyer })).allowed || (addressKey && !(await peek({ db: tx, key: addressKey, limit: perAddress })).allowed);
      if (held) return { ok: false as const, error: "rate-limited" as const };
      const userId = "userId" in owner ? owner.userId : undefined;
      const checked = await checkCode({ db: tx, text, lines, userId });
      if (!checked.ok) {
        await hit({ db: tx, key: buyerKey, limit: perBuyer, windowMs });
        if (addressKey) await hit({ db: tx, key: addressKey, limit: perAddress, windowMs });
        return checked;
      }
      await storeCartDiscountCode(tx, cartId, checked.code.code);
      return { ok: true as const };
    },
    { behavior: "immediate" },
  );
}
