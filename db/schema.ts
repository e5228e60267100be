/**
 * The whole data model of the marketplace (spec section 3).
 *
 * Conventions:
 * - money is integer cents (`*_cents`), percentages are basis points (`*_bp`, 1500 = 15.00 %);
 * - timestamps are integer milliseconds since the epoch, read as `Date`;
 * - secrets (session and reset tokens) are stored only as SHA-256 hashes.
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

const id = () => integer("id").primaryKey({ autoIncrement: true });

export const USER_ROLES = ["user", "admin"] as const;
export const USER_STATUSES = ["Active", "Inactive", "Suspended"] as const;
export const PRODUCT_TYPES = ["Pattern", "Made", "Ready"] as const;
export const DELIVERIES = ["Digital", "Print"] as const;
export const PARCEL_SIZES = ["Small", "Medium", "Large"] as const;
/** A draft is seen only by its seller (and administrators); published designs are listed and buyable (decision 106). */
export const PRODUCT_STATUSES = ["draft", "published"] as const;
export const ORDER_STATUSES = ["Pending", "Shipped", "Refunded"] as const;
/** Sale credits, Refund debits what the sale credited, Transfer is a withdrawal, Label a bought shipping label,
 * Adjustment an administrator's correction (with a reason). */
export const TX_TYPES = ["Sale", "Refund", "Transfer", "Label", "Adjustment"] as const;
export const TAX_MODES = ["none", "vat", "stripe"] as const;
export const TX_STATUSES = ["Pending", "Completed", "Rejected"] as const;
export const CHECKOUT_STATUSES = ["open", "paid", "expired", "cancelled"] as const;
export const PAYOUT_ACCOUNT_TYPES = ["savings", "checking"] as const;
export const FILE_KINDS = ["media", "pattern", "resume", "label", "avatar"] as const;

export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    role: text("role", { enum: USER_ROLES }).notNull().default("user"),
    status: text("status", { enum: USER_STATUSES }).notNull().default("Active"),
    phone: text("phone").notNull().default(""),
    street: text("street").notNull().default(""),
    street2: text("street2").notNull().default(""),
    city: text("city").notNull().default(""),
    state: text("state").notNull().default(""),
    postalCode: text("postal_code").notNull().default(""),
    country: text("country").notNull().default(""),
    /** A business buyer's company name, printed on its invoices with its VAT number (issue 46, item 1); "" for none. */
    companyName: text("company_name").notNull().default(""),
    avatar: text("avatar"),
    /** A short bio shown beside the user's messages. */
    bio: text("bio").notNull().default(""),
    /** Whether new messages are announced by email. */
    messageEmails: integer("message_emails", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), index("users_created_idx").on(t.createdAt)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the bearer token, hex. The token itself is never stored. */
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("password_reset_user_idx").on(t.userId)],
);

/** Uploaded files: stored under a random name; the original name is metadata. */
export const files = sqliteTable(
  "files",
  {
    name: text("name").primaryKey(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    kind: text("kind", { enum: FILE_KINDS }).notNull(),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("files_owner_idx").on(t.ownerId)],
);

export const stores = sqliteTable(
  "stores",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    avatar: text("avatar"),
    bio: text("bio").notNull().default(""),
    /**
     * Cached sum of the store's ledger. A withdrawal never takes it below zero (conditional update), but a refund
     * after a payout may: the store then owes the platform and cannot withdraw until it is positive again.
     */
    balanceCents: integer("balance_cents").notNull().default(0),
    stripeAccountId: text("stripe_account_id"),
    stripeOnboarded: integer("stripe_onboarded", { mode: "boolean" }).notNull().default(false),
    accountName: text("account_name").notNull().default(""),
    /** The bank account number, encrypted at rest (AES-256-GCM, see app/utils/crypto.server.ts); never plain. */
    accountNumber: text("account_number").notNull().default(""),
    /** The last 4 digits, for masked display. */
    accountLast4: text("account_last4").notNull().default(""),
    accountRouting: text("account_routing").notNull().default(""),
    accountType: text("account_type", { enum: PAYOUT_ACCOUNT_TYPES }).notNull().default("checking"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("stores_user_unique").on(t.userId),
    // Store names are unique whatever their case and surrounding spaces (decision 092); unnamed stores do not count.
    uniqueIndex("stores_name_unique").on(sql`lower(trim(${t.name}))`).where(sql`trim(${t.name}) <> ''`),
  ],
);

export const storeMedia = sqliteTable(
  "store_media",
  {
    id: id(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    media: text("media").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("store_media_store_idx").on(t.storeId, t.position)],
);

export const follows = sqliteTable(
  "follows",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storeId] }), index("follows_store_idx").on(t.storeId)],
);

export const products = sqliteTable(
  "products",
  {
    id: id(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull(),
    priceCents: integer("price_cents").notNull(),
    type: text("type", { enum: PRODUCT_TYPES }).notNull(),
    /** Only for type Pattern: Digital (DXF download) or Print (printed and shipped by the platform). */
    delivery: text("delivery", { enum: DELIVERIES }),
    category1: text("category1").notNull(),
    category2: text("category2").notNull(),
    terms: text("terms").notNull().default(""),
    /** Private pattern file (files.name); Pattern products only. */
    patternFile: text("pattern_file"),
    parcelSize: text("parcel_size", { enum: PARCEL_SIZES }),
    sizeChart: text("size_chart"),
    sold: integer("sold").notNull().default(0),
    status: text("status", { enum: PRODUCT_STATUSES }).notNull().default("published"),
    /**
     * Apparel only: JSON ShippingRates (cents) that replace the store's shipping rates for this design; null follows
     * the store (decision 108).
     */
    shippingOverride: text("shipping_override"),
    /**
     * Patterns only (issue 24, decision 111): the seller lets buyers order their own size, interpolated from the
     * graded sizes by the size chart (`size_chart_rows`).
     */
    madeToMeasure: integer("made_to_measure", { mode: "boolean" }).notNull().default(false),
    /** The unit the seller enters and buyers first see the size chart in; stored values are millimetres. */
    sizeChartUnit: text("size_chart_unit", { enum: ["cm", "in"] }).notNull().default("cm"),
    /**
     * Patterns only (issue 25, decision 132): the fabric widths (mm) the seller recommends, a JSON array of 1 to 5
     * whole millimetres; null means the standard 1120, 1400 and 1500 mm. The layouts and the envelope table use them.
     */
    layoutWidths: text("layout_widths"),
    /** Patterns only: the gap between pieces of a cutting layout (whole mm, 0 to 50); null means the standard 5 mm. */
    layoutGapMm: integer("layout_gap_mm"),
    /** Patterns only (issue 47): mm kept free at each edge of the fabric (whole mm, 0 to 100); null means none (0). */
    layoutSelvedgeMm: integer("layout_selvedge_mm"),
    /** Removed products stay for the orders that reference them, hidden from every listing. */
    removedAt: integer("removed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    index("products_listing_idx").on(t.removedAt, t.category1, t.createdAt),
    index("products_type_idx").on(t.removedAt, t.type, t.sold),
    index("products_sold_idx").on(t.removedAt, t.sold),
    index("products_store_idx").on(t.storeId, t.createdAt),
    // The catalogue's sorts over every category (newest, price) and within one (price, best selling).
    index("products_newest_idx").on(t.removedAt, t.createdAt),
    index("products_price_idx").on(t.removedAt, t.priceCents),
    index("products_category_price_idx").on(t.removedAt, t.category1, t.priceCents),
    index("products_category_sold_idx").on(t.removedAt, t.category1, t.sold),
    check("products_price_positive", sql`${t.priceCents} > 0`),
    check(
      "products_delivery_only_for_patterns",
      sql`(${t.type} = 'Pattern' AND ${t.delivery} IS NOT NULL) OR (${t.type} <> 'Pattern' AND ${t.delivery} IS NULL)`,
    ),
  ],
);

/** Buyers keeping a product for later (issue 23, item 3); a product is favoured once per user. */
export const favorites = sqliteTable(
  "favorites",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index("favorites_product_idx").on(t.productId),
    index("favorites_user_created_idx").on(t.userId, t.createdAt),
  ],
);

export const productMedia = sqliteTable(
  "product_media",
  {
    id: id(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    media: text("media").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("product_media_product_idx").on(t.productId, t.position)],
);

export const variants = sqliteTable(
  "variants",
  {
    id: id(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text("name").notNull().default("Size"),
    value: text("value").notNull(),
    sku: text("sku").notNull().default(""),
    inventory: integer("inventory").notNull().default(0),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("variants_product_idx").on(t.productId, t.position),
    check("variants_inventory_non_negative", sql`${t.inventory} >= 0`),
  ],
);

export const conversations = sqliteTable(
  "conversations",
  {
    id: id(),
    /** The two participants, ordered so that userA < userB: one conversation per pair. */
    userA: integer("user_a")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userB: integer("user_b")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastMessageAt: integer("last_message_at", { mode: "timestamp_ms" }),
    /** When each participant last read the conversation (null: never). */
    aReadAt: integer("a_read_at", { mode: "timestamp_ms" }),
    bReadAt: integer("b_read_at", { mode: "timestamp_ms" }),
    /** When each participant was last emailed about it (at most one email per 15 minutes while unread). */
    aNotifiedAt: integer("a_notified_at", { mode: "timestamp_ms" }),
    bNotifiedAt: integer("b_notified_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("conversations_a_idx").on(t.userA, t.lastMessageAt),
    uniqueIndex("conversations_pair_unique").on(t.userA, t.userB),
    index("conversations_b_idx").on(t.userB),
    check("conversations_ordered_pair", sql`${t.userA} < ${t.userB}`),
  ],
);

export const messages = sqliteTable(
  "messages",
  {
    id: id(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: integer("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    /** The order a message is about (from /purchase/{id} or /sale/{id}). */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("messages_conversation_idx").on(t.conversationId, t.createdAt)],
);

/** A cart belongs to a user, or to a visitor through a random token kept in the visitor's session cookie. */
export const carts = sqliteTable(
  "carts",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    visitorTokenHash: text("visitor_token_hash"),
    /** The discount code the buyer entered, as typed (decision 109); checked again at checkout. */
    discountCode: text("discount_code"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("carts_user_unique").on(t.userId),
    uniqueIndex("carts_visitor_unique").on(t.visitorTokenHash),
  ],
);

export const cartItems = sqliteTable(
  "cart_items",
  {
    id: id(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: integer("variant_id").references(() => variants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull().default(1),
    /** A made-to-measure pattern (decision 111): the buyer's own size, from their measurements when they pay. */
    madeToMeasure: integer("made_to_measure", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("cart_items_cart_idx").on(t.cartId),
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/**
 * A store's shipping rates for its apparel (decision 108), in cents; no row: shipping is free (the price includes it).
 * Domestic = the buyer's profile country is the store owner's profile country.
 */
export const shippingRates = sqliteTable(
  "shipping_rates",
  {
    storeId: integer("store_id")
      .primaryKey()
      .references(() => stores.id, { onDelete: "cascade" }),
    domesticFirstCents: integer("domestic_first_cents").notNull(),
    domesticAdditionalCents: integer("domestic_additional_cents").notNull(),
    internationalFirstCents: integer("international_first_cents").notNull(),
    internationalAdditionalCents: integer("international_additional_cents").notNull(),
    /** Shipping is free when the store's apparel subtotal in the cart reaches this; null: never. */
    freeAboveCents: integer("free_above_cents"),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    check(
      "shipping_rates_not_negative",
      sql`${t.domesticFirstCents} >= 0 AND ${t.domesticAdditionalCents} >= 0 AND ${t.internationalFirstCents} >= 0 AND ${t.internationalAdditionalCents} >= 0 AND (${t.freeAboveCents} IS NULL OR ${t.freeAboveCents} >= 0)`,
    ),
  ],
);
export type ShippingRatesRow = typeof shippingRates.$inferSelect;

export const REDEMPTION_STATUSES = ["reserved", "used", "released"] as const;

/**
 * A store's discount code (decision 109): percent off (basis points) or an amount off (cents), for the whole store
 * (`product_ids` null) or the designs listed (JSON array), valid from `starts` to `ends` (UTC days, inclusive).
 * `uses` counts the reserved and paid uses, raised only by a conditional update below `max_uses`.
 */
export const discountCodes = sqliteTable(
  "discount_codes",
  {
    id: id(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    percentOffBp: integer("percent_off_bp"),
    amountOffCents: integer("amount_off_cents"),
    /** JSON array of product ids; null: every design of the store. */
    productIds: text("product_ids"),
    /** YYYY-MM-DD, UTC, inclusive; null: no limit. */
    starts: text("starts"),
    ends: text("ends"),
    maxUses: integer("max_uses"),
    oncePerBuyer: integer("once_per_buyer", { mode: "boolean" }).notNull().default(false),
    uses: integer("uses").notNull().default(0),
    createdAt: createdAt(),
    removedAt: integer("removed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("discount_codes_store_code_unique").on(t.storeId, sql`lower(${t.code})`).where(sql`${t.removedAt} is null`),
    check("discount_codes_one_kind", sql`(${t.percentOffBp} is null) <> (${t.amountOffCents} is null)`),
    check("discount_codes_uses_limit", sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
  ],
);

/** One buyer's use of a code through one checkout: reserved with it, used when paid, released when it closes. */
export const discountRedemptions = sqliteTable(
  "discount_redemptions",
  {
    id: id(),
    codeId: integer("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    checkoutId: integer("checkout_id")
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    status: text("status", { enum: REDEMPTION_STATUSES }).notNull().default("reserved"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("discount_redemptions_checkout_unique").on(t.checkoutId),
    index("discount_redemptions_code_user_idx").on(t.codeId, t.userId, t.status),
  ],
);

/** One payment: the cart at the moment of checkout, with its stock reservation. */
export const checkouts = sqliteTable(
  "checkouts",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["stripe", "local"] }).notNull(),
    providerSessionId: text("provider_session_id"),
    /** Stripe's payment intent of a paid session (refunds are made against it). */
    paymentIntentId: text("payment_intent_id"),
    url: text("url"),
    status: text("status", { enum: CHECKOUT_STATUSES }).notNull().default("open"),
    subtotalCents: integer("subtotal_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** The discount code whose use this checkout reserved, and the discount off the subtotal (decision 109). */
    discountCodeId: integer("discount_code_id").references(() => discountCodes.id),
    discountCents: integer("discount_cents").notNull().default(0),
    /** JSON snapshot of the buyer's shipping address at checkout. */
    shippingAddress: text("shipping_address").notNull(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
    /** When the buyer asked for a Digital pattern's download at once, waiving withdrawal (decision 107); null without one. */
    digitalConsentAt: integer("digital_consent_at", { mode: "timestamp_ms" }),
    /** Tax (decision 123): the sum of the lines' tax, the buyer's country it was charged for, its rate. */
    taxCents: integer("tax_cents").notNull().default(0),
    taxCountry: text("tax_country"),
    taxRateBp: integer("tax_rate_bp").notNull().default(0),
    /** A business buyer's VAT number, as checked; with reverseCharge, no VAT was charged. */
    vatNumber: text("vat_number"),
    reverseCharge: integer("reverse_charge", { mode: "boolean" }).notNull().default(false),
    /** The business's name the invoice names beside the VAT number (issue 46, item 1). */
    companyName: text("company_name"),
    /**
     * The evidence that the VAT number was confirmed (issue 46, item 1): by whom (`vies`, `hmrc`), the service's
     * reference (VIES's request identifier, HMRC's consultation number, else the date it answered), the registered
     * name and address it gave, and when.
     */
    vatCheckSource: text("vat_check_source", { enum: ["vies", "hmrc"] }),
    vatCheckRef: text("vat_check_ref"),
    vatCheckName: text("vat_check_name"),
    vatCheckAddress: text("vat_check_address"),
    vatCheckedAt: integer("vat_checked_at", { mode: "timestamp_ms" }),
    /** The tax mode the checkout was priced in (Stripe Tax reports its tax when the session is paid). */
    taxMode: text("tax_mode", { enum: TAX_MODES }).notNull().default("none"),
  },
  (t) => [
    uniqueIndex("checkouts_provider_session_unique").on(t.providerSessionId),
    index("checkouts_user_idx").on(t.userId),
    index("checkouts_status_idx").on(t.status, t.expiresAt),
  ],
);

export const checkoutLines = sqliteTable(
  "checkout_lines",
  {
    id: id(),
    checkoutId: integer("checkout_id")
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    variantId: integer("variant_id").references(() => variants.id),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull().default(0),
    /** The line's share of the checkout's discount (decision 109): it pays unit price x quantity minus this. */
    discountCents: integer("discount_cents").notNull().default(0),
    /** A made-to-measure pattern (decision 111). */
    madeToMeasure: integer("made_to_measure", { mode: "boolean" }).notNull().default(false),
    /**
     * A made-to-measure line's measurements (decision 115): JSON of measurementsJson, read from the buyer's profile
     * when the checkout was made and copied onto the order when it is paid; null on every other line.
     */
    measurements: text("measurements"),
    /** The line's tax and its rate (decision 123). */
    taxCents: integer("tax_cents").notNull().default(0),
    taxRateBp: integer("tax_rate_bp").notNull().default(0),
  },
  (t) => [index("checkout_lines_checkout_idx").on(t.checkoutId)],
);

export const orders = sqliteTable(
  "orders",
  {
    id: id(),
    checkoutId: integer("checkout_id")
      .notNull()
      .references(() => checkouts.id),
    buyerId: integer("buyer_id")
      .notNull()
      .references(() => users.id),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    variantId: integer("variant_id").references(() => variants.id),
    /** JSON array of {name, value}: the chosen variant as it was when bought. */
    variants: text("variants").notNull().default("[]"),
    productName: text("product_name").notNull(),
    productType: text("product_type", { enum: PRODUCT_TYPES }).notNull(),
    delivery: text("delivery", { enum: DELIVERIES }),
    quantity: integer("quantity").notNull(),
    /** What the buyer paid for the line: price x quantity less `discountCents`. */
    amountCents: integer("amount_cents").notNull(),
    /** A discount code's share of this line (decision 109); 0 without one. */
    discountCents: integer("discount_cents").notNull().default(0),
    shippingCents: integer("shipping_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull().default(0),
    /** The tax's rate, country and reverse charge as charged at checkout (decision 123). */
    taxRateBp: integer("tax_rate_bp").notNull().default(0),
    taxCountry: text("tax_country"),
    reverseCharge: integer("reverse_charge", { mode: "boolean" }).notNull().default(false),
    feeCents: integer("fee_cents").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("Pending"),
    tracking: text("tracking"),
    carrier: text("carrier"),
    trackingUrl: text("tracking_url"),
    labelUrl: text("label_url"),
    /** The label provider's shipment id (EasyPost), so a label is bought once. */
    labelShipmentId: text("label_shipment_id"),
    /** The payment provider's refund id. */
    providerRefundId: text("provider_refund_id"),
    reviewed: integer("reviewed", { mode: "boolean" }).notNull().default(false),
    /** JSON snapshot of the shipping address. */
    shippingInfo: text("shipping_info").notNull().default("{}"),
    createdAt: createdAt(),
    shippedAt: integer("shipped_at", { mode: "timestamp_ms" }),
    /** The checkout's download consent, copied to its Digital pattern orders (decision 107); null on other orders. */
    digitalConsentAt: integer("digital_consent_at", { mode: "timestamp_ms" }),
    /**
     * A made-to-measure pattern order (decision 111): JSON Measurements (millimetres and the buyer's unit) copied from
     * the buyer's profile when the checkout was made, so the files stay the same when the profile changes; null
     * on every other order.
     */
    measurements: text("measurements"),
    refundedAt: integer("refunded_at", { mode: "timestamp_ms" }),
    /** A tester's free copy of a draft (issue 37): 0 cents, no fee, no ledger entry, not a sale in any count or report. */
    testerCopy: integer("tester_copy", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    index("orders_buyer_idx").on(t.buyerId, t.createdAt),
    index("orders_store_idx").on(t.storeId, t.createdAt),
    index("orders_product_idx").on(t.productId),
    index("orders_created_idx").on(t.createdAt),
    index("orders_status_idx").on(t.status, t.createdAt),
    // The admin tables (issue 13): the financial report's range scan covered (sums, rows, days without a table
    // lookup), and the orders table's sorts by amount, fee and product name.
    index("orders_financial_idx").on(t.createdAt, t.amountCents, t.feeCents, t.status, t.testerCopy),
    index("orders_amount_idx").on(t.amountCents),
    index("orders_fee_idx").on(t.feeCents),
    index("orders_product_name_idx").on(t.productName),
    check("orders_fee_within_amount", sql`${t.feeCents} >= 0 AND ${t.feeCents} <= ${t.amountCents}`),
  ],
);

export const REFUND_REQUEST_KINDS = ["refund", "cancel"] as const;
export const REFUND_REQUEST_STATUSES = ["open", "accepted", "declined"] as const;

/**
 * A buyer's request to refund or cancel one order (issue 23 item 6, decision 110). One open request per order
 * (a partial unique index); a declined one stays as history and the buyer may ask again. `answered_at` set on an
 * open request is the claim of the answer in progress (accepting refunds through the admin refund path).
 */
export const refundRequests = sqliteTable(
  "refund_requests",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    buyerId: integer("buyer_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: REFUND_REQUEST_KINDS }).notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: REFUND_REQUEST_STATUSES }).notNull().default("open"),
    answer: text("answer").notNull().default(""),
    createdAt: createdAt(),
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }),
    answeredBy: integer("answered_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("refund_requests_open_order_unique").on(t.orderId).where(sql`${t.status} = 'open'`),
    index("refund_requests_order_idx").on(t.orderId, t.createdAt),
    index("refund_requests_status_idx").on(t.status, t.createdAt),
  ],
);

export const reviews = sqliteTable(
  "reviews",
  {
    id: id(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    star: integer("star").notNull(),
    comment: text("comment").notNull().default(""),
    // Written on a tester's free copy (issue 46, item 3; decision 153): shown marked, never counted in the rating.
    testerCopy: integer("tester_copy", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("reviews_product_idx").on(t.productId, t.createdAt),
    uniqueIndex("reviews_order_product_unique").on(t.orderId, t.productId),
    check("reviews_star_range", sql`${t.star} BETWEEN 1 AND 5`),
  ],
);

/** The seller ledger. The store's balance is the sum of its non-rejected rows. */
export const transactions = sqliteTable(
  "transactions",
  {
    id: id(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    txType: text("tx_type", { enum: TX_TYPES }).notNull(),
    orderId: integer("order_id").references(() => orders.id),
    /** Signed: credits positive, debits negative. */
    amountCents: integer("amount_cents").notNull(),
    taxCents: integer("tax_cents").notNull().default(0),
    feeCents: integer("fee_cents").notNull().default(0),
    shippingCents: integer("shipping_cents").notNull().default(0),
    status: text("status", { enum: TX_STATUSES }).notNull().default("Completed"),
    stripeTransferId: text("stripe_transfer_id"),
    /** Adjustment: why; Rejected transfer: the provider's or administrator's reason. */
    reason: text("reason"),
    /** The administrator who made an Adjustment or approved / rejected a Transfer. */
    adminId: integer("admin_id").references(() => users.id),
    /** When a Transfer was completed or rejected. */
    processedAt: integer("processed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("transactions_store_idx").on(t.storeId, t.createdAt),
    index("transactions_type_status_idx").on(t.txType, t.status),
    index("transactions_order_idx").on(t.orderId),
    uniqueIndex("transactions_one_sale_per_order").on(t.orderId, t.txType),
  ],
);

export const downloads = sqliteTable(
  "downloads",
  {
    id: id(),
    orderId: integer("order_id").references(() => orders.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    file: text("file").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("downloads_order_idx").on(t.orderId)],
);

/** Processed payment-provider events, so that a replayed webhook changes nothing. */
export const paymentEvents = sqliteTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

/**
 * Invoices, stores' receipts and credit notes (decisions 123 and 151): each numbered without gaps within its kind and
 * year, with what it says frozen in `data` (seller, buyer, lines) so a later change of settings or profile leaves
 * it alone. The platform's invoice covers its own supplies; a receipt, one store's sale in the checkout.
 */
export const invoices = sqliteTable(
  "invoices",
  {
    id: id(),
    kind: text("kind", { enum: ["invoice", "receipt", "credit-note"] }).notNull(),
    year: integer("year").notNull(),
    seq: integer("seq").notNull(),
    number: text("number").notNull(),
    checkoutId: integer("checkout_id")
      .notNull()
      .references(() => checkouts.id),
    /** A credit note's refunded order; null on an invoice (it covers the whole checkout). */
    orderId: integer("order_id").references(() => orders.id),
    netCents: integer("net_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    data: text("data").notNull(),
    issuedAt: integer("issued_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("invoices_number_unique").on(t.kind, t.year, t.seq),
    uniqueIndex("invoices_one_per_checkout").on(t.checkoutId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex("invoices_one_credit_note_per_order").on(t.orderId).where(sql`${t.kind} = 'credit-note'`),
    index("invoices_checkout_idx").on(t.checkoutId),
  ],
);

/**
 * The tax ledger (decision 123): one row per order line that carried tax or a reverse charge when it was sold, and
 * its negative when it was refunded. The tax report sums it per quarter and country; it is never the seller's money.
 */
export const taxEntries = sqliteTable(
  "tax_entries",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    kind: text("kind", { enum: ["sale", "refund"] }).notNull(),
    country: text("country").notNull(),
    rateBp: integer("rate_bp").notNull(),
    netCents: integer("net_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    reverseCharge: integer("reverse_charge", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("tax_entries_once").on(t.orderId, t.kind), index("tax_entries_created_idx").on(t.createdAt)],
);

/** Exactly one row (id = 1). */
export const platformSettings = sqliteTable(
  "platform_settings",
  {
    id: integer("id").primaryKey(),
    pssCents: integer("pss_cents").notNull().default(1000),
    marginBp: integer("margin_bp").notNull().default(1500),
    minFeeCents: integer("min_fee_cents").notNull().default(200),
    marginPatternBp: integer("margin_pattern_bp").notNull().default(1000),
    minFeePatternCents: integer("min_fee_pattern_cents").notNull().default(100),
    flatFeeCents: integer("flat_fee_cents").notNull().default(500),
    autoApproveTransfers: integer("auto_approve_transfers", { mode: "boolean" })
      .notNull()
      .default(false),
    shippingName: text("shipping_name").notNull().default(""),
    street: text("street").notNull().default(""),
    street2: text("street2").notNull().default(""),
    city: text("city").notNull().default(""),
    postalCode: text("postal_code").notNull().default(""),
    state: text("state").notNull().default(""),
    phone: text("phone").notNull().default(""),
    email: text("email").notNull().default(""),
    country: text("country").notNull().default(""),
    /**
     * Where buyers and the platform's own mail reach the platform (refund requests, make reports, help requests;
     * issue 46 item 19): not the print studio's shipping `email`. Empty: every administrator.
     */
    contactEmail: text("contact_email").notNull().default(""),
    /** How tax is charged (decision 123): none, the built-in VAT rules on downloads, or Stripe Tax. */
    taxMode: text("tax_mode", { enum: TAX_MODES }).notNull().default("none"),
    /** The seller of record on invoices: the platform's legal name, postal address and VAT number. */
    legalName: text("legal_name").notNull().default(""),
    legalAddress: text("legal_address").notNull().default(""),
    vatNumber: text("vat_number").notNull().default(""),
    /** Business buyers' VAT numbers are also asked of the EU's VIES service (VIES_URL), not only checked for form. */
    viesCheck: integer("vies_check", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [check("platform_settings_single_row", sql`${t.id} = 1`)],
);

export const helpRequests = sqliteTable("help_requests", {
  id: id(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  socialMedia: text("social_media").notNull().default(""),
  website: text("website").notNull().default(""),
  resumeFile: text("resume_file"),
  createdAt: createdAt(),
});

/** Who may not message whom: the blocked user is told the message cannot be delivered. */
export const userBlocks = sqliteTable(
  "user_blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);

/**
 * Fixed-window counters shared by every process (login failures, messages per minute, help requests per
 * address): incremented atomically with one upsert, so limits hold under concurrency and across processes.
 */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: integer("reset_at").notNull(),
});

/** Every administrator action: who, when, what and what changed. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    adminId: integer("admin_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: integer("target_id").notNull(),
    /** JSON: what changed (before/after) or the action's parameters. */
    details: text("details").notNull().default("{}"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_target_idx").on(t.targetType, t.targetId, t.createdAt)],
);

/** Each uploaded pattern file of a product is a version; the product's pattern_file is the latest one. */
export const patternVersions = sqliteTable(
  "pattern_versions",
  {
    id: id(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** The private DXF (files.name). */
    file: text("file").notNull(),
    note: text("note").notNull().default(""),
    /** JSON: the pattern read from the DXF (pieces, sizes, units). */
    data: text("data").notNull().default("{}"),
    /** READER_VERSION (patterns/dxf.server.ts) of the reader that wrote `data`; 0: not read, or read before 100. */
    readerVersion: integer("reader_version").notNull().default(0),
    /** Bumped by every re-reading of the file (decision 100): caches of a reading are keyed by it. */
    reading: integer("reading").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("pattern_versions_product_version_unique").on(t.productId, t.version)],
);

export const MEASUREMENT_UNITS = ["cm", "in"] as const;

/**
 * A buyer's body measurements (issue 24, decision 111), private to them: whole millimetres, null when not given;
 * `unit` is how they enter and read them.
 */
export const userMeasurements = sqliteTable(
  "user_measurements",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    unit: text("unit", { enum: MEASUREMENT_UNITS }).notNull().default("cm"),
    heightMm: integer("height_mm"),
    highBustMm: integer("high_bust_mm"),
    bustMm: integer("bust_mm"),
    waistMm: integer("waist_mm"),
    hipMm: integer("hip_mm"),
    inseamMm: integer("inseam_mm"),
    armMm: integer("arm_mm"),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    check(
      "user_measurements_positive",
      sql`coalesce(${t.heightMm}, 1) > 0 AND coalesce(${t.highBustMm}, 1) > 0 AND coalesce(${t.bustMm}, 1) > 0 AND coalesce(${t.waistMm}, 1) > 0 AND coalesce(${t.hipMm}, 1) > 0 AND coalesce(${t.inseamMm}, 1) > 0 AND coalesce(${t.armMm}, 1) > 0`,
    ),
  ],
);

/**
 * A design's size chart as data (issue 24, decision 111): one row per size, in the pattern's size order
 * (`position`), body measurements in whole millimetres and, optionally, the finished garment's (ease = finished -
 * body). Null: the seller did not give that measurement.
 */
export const sizeChartRows = sqliteTable(
  "size_chart_rows",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    position: integer("position").notNull(),
    heightMm: integer("height_mm"),
    highBustMm: integer("high_bust_mm"),
    bustMm: integer("bust_mm"),
    waistMm: integer("waist_mm"),
    hipMm: integer("hip_mm"),
    inseamMm: integer("inseam_mm"),
    armMm: integer("arm_mm"),
    finishedBustMm: integer("finished_bust_mm"),
    finishedWaistMm: integer("finished_waist_mm"),
    finishedHipMm: integer("finished_hip_mm"),
  },
  (t) => [primaryKey({ columns: [t.productId, t.size] })],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Store = typeof stores.$inferSelect;
export type Product = typeof products.$inferSelect;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export type Variant = typeof variants.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
export type TaxEntry = typeof taxEntries.$inferSelect;
export type Checkout = typeof checkouts.$inferSelect;
export type DiscountCode = typeof discountCodes.$inferSelect;
export type Transaction = typeof transactions.$inferSelect;
export type PlatformSettings = typeof platformSettings.$inferSelect;
export type Conversation = typeof conversations.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type PatternVersion = typeof patternVersions.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
export type RefundRequest = typeof refundRequests.$inferSelect;

/** How a make fitted at one zone (issue 37): null, not said. */
export const MAKE_FITS = ["tight", "right", "loose"] as const;

/**
 * A make (issue 37): what a buyer (or a tester) of a pattern sewed from it: the size made, the fabric, notes, how it
 * fitted per zone and, only with an explicit tick, the maker's measurements when they posted it (JSON Measurements,
 * millimetres; never shown with their name). `hidden_at`: the pattern's seller hid it (its maker still sees it).
 */
export const makes = sqliteTable(
  "makes",
  {
    id: id(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    fabric: text("fabric").notNull().default(""),
    notes: text("notes").notNull().default(""),
    fitBust: text("fit_bust", { enum: MAKE_FITS }),
    fitWaist: text("fit_waist", { enum: MAKE_FITS }),
    fitHip: text("fit_hip", { enum: MAKE_FITS }),
    fitLength: text("fit_length", { enum: MAKE_FITS }),
    measurements: text("measurements"),
    /** Whether its maker was one of the design's testers when they posted it. */
    tester: integer("tester", { mode: "boolean" }).notNull().default(false),
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("makes_product_idx").on(t.productId, t.createdAt),
    index("makes_user_idx").on(t.userId, t.createdAt),
  ],
);

/** A make's photos (files.name, images stored as store images are), in the maker's order. */
export const makePhotos = sqliteTable(
  "make_photos",
  {
    id: id(),
    makeId: integer("make_id")
      .notNull()
      .references(() => makes.id, { onDelete: "cascade" }),
    file: text("file").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("make_photos_make_idx").on(t.makeId, t.position)],
);

/** A signed-in user's report of a make (issue 37): once per user and make. */
export const makeReports = sqliteTable(
  "make_reports",
  {
    id: id(),
    makeId: integer("make_id")
      .notNull()
      .references(() => makes.id, { onDelete: "cascade" }),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("make_reports_unique").on(t.makeId, t.reporterId), index("make_reports_created_idx").on(t.createdAt)],
);

export type Make = typeof makes.$inferSelect;
export type MakeFit = (typeof MAKE_FITS)[number];

/**
 * A seller's tester call on a draft design (issue 37): the sizes wanted (JSON array), how many testers, the last day
 * to apply (UTC, YYYY-MM-DD) and what testers must send.
 */
export const testerCalls = sqliteTable(
  "tester_calls",
  {
    id: id(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sizes: text("sizes").notNull().default("[]"),
    testers: integer("testers").notNull(),
    closesOn: text("closes_on").notNull(),
    brief: text("brief").notNull().default(""),
    // The seller closed the call before its closing day (issue 46, item 10): no more applications.
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("tester_calls_product_idx").on(t.productId), check("tester_calls_testers_positive", sql`${t.testers} > 0`)],
);

/**
 * A signed-in user's application to a tester call: a note and, only with an explicit tick, their measurements then
 * (JSON Measurements). `chosen_at`: the seller chose them; `order_id`: their tester copy.
 */
export const testerApplications = sqliteTable(
  "tester_applications",
  {
    id: id(),
    callId: integer("call_id")
      .notNull()
      .references(() => testerCalls.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    note: text("note").notNull().default(""),
    // The call's size the applicant would sew (issue 46, item 10); null on applications made before it was asked.
    size: text("size"),
    measurements: text("measurements"),
    chosenAt: integer("chosen_at", { mode: "timestamp_ms" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("tester_applications_unique").on(t.callId, t.userId), index("tester_applications_user_idx").on(t.userId, t.createdAt)],
);

/** A chosen tester's feedback on one size of the call (one per size; sending again replaces it). */
export const testerFeedback = sqliteTable(
  "tester_feedback",
  {
    id: id(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => testerApplications.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    notes: text("notes").notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("tester_feedback_unique").on(t.applicationId, t.size)],
);

export type TesterCall = typeof testerCalls.$inferSelect;
export type TesterApplication = typeof testerApplications.$inferSelect;

export const CUT_PLAN_STATUSES = ["queued", "working", "done", "failed"] as const;

/**
 * A cut plan (issue 48, decision 156): a size run on a Digital pattern laid as production markers. Owned by its
 * `userId`: the buyer of `orderId`, or the seller of the design (no order). `input` is the checked cut order (JSON);
 * `key` names the input and the pattern version, so the same order asked again is the same plan.
 */
export const cutPlans = sqliteTable(
  "cut_plans",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "cascade" }),
    versionId: integer("version_id")
      .notNull()
      .references(() => patternVersions.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    input: text("input").notNull(),
    status: text("status", { enum: CUT_PLAN_STATUSES }).notNull().default("queued"),
    /** Nestings done and planned, for the progress shown. */
    done: integer("done").notNull().default(0),
    steps: integer("steps").notNull().default(0),
    error: text("error"),
    /** Sum of marker length × plies, mm; and the pieces' area over the usable width (the lower bound), mm. */
    totalMm: real("total_mm"),
    boundMm: real("bound_mm"),
    createdAt: createdAt(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("cut_plans_owner_key").on(t.userId, t.key), index("cut_plans_user_idx").on(t.userId, t.createdAt)],
);

/** One marker of a cut plan: its sizes (JSON {size: garments}), material, plies and the nested marker (JSON). */
export const cutPlanMarkers = sqliteTable(
  "cut_plan_markers",
  {
    id: id(),
    planId: integer("plan_id")
      .notNull()
      .references(() => cutPlans.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    material: text("material").notNull(),
    sizes: text("sizes").notNull(),
    plies: integer("plies").notNull(),
    lengthMm: real("length_mm").notNull(),
    efficiency: real("efficiency").notNull(),
    /** The marker as the engine placed it (app/models/patterns/marker.server.ts's Marker). */
    layout: text("layout").notNull(),
  },
  (t) => [uniqueIndex("cut_plan_markers_position").on(t.planId, t.position)],
);

export type CutPlan = typeof cutPlans.$inferSelect;
export type CutPlanMarker = typeof cutPlanMarkers.$inferSelect;
