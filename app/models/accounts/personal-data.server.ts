/**
 * People's data (issue 22, item 8; decision 103): everything the marketplace holds about one user, as one JSON
 * object (`exportUserData`), and the deletion of an account (`deleteAccount`): personal data replaced in one
 * transaction, orders and ledger rows kept (amounts untouched) for the seller's and the tax records.
 * Both are written to the audit log with who asked (the user, or an administrator on request).
 *
 * `PERSONAL_DATA_COVERAGE` names every column of the schema that points at a user and says where the export
 * shows it (or why not); personal-data.server.test.ts reads the schema's tables and fails on a new one.
 */
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type Stripe from "stripe";

import {
  auditLog,
  carts,
  cartItems,
  checkoutLines,
  checkouts,
  conversations,
  downloads,
  files,
  favorites,
  follows,
  helpRequests,
  messages,
  orders,
  passwordResetTokens,
  patternVersions,
  productMedia,
  products,
  refundRequests,
  reviews,
  sessions,
  storeMedia,
  stores,
  transactions,
  userBlocks,
  userMeasurements,
  users,
  variants,
  type Order,
  type User,
} from "../../../db/schema";
import { recordAudit } from "~/models/platform/audit.server";
import { getMeasurements } from "~/models/fit/chart.server";
import { measurementsJson } from "~/models/fit/json";
import { sizeChartJson } from "~/models/fit/size-chart.server";
import { deleteUnreferencedFiles } from "~/models/files/store.server";
import { isDownloadPattern } from "~/utils/catalog";
import { getStripe } from "~/models/payments/providers.server";
import { verifyPassword } from "~/utils/crypto.server";
import type { Db, DbOrTx } from "~/utils/db.server";
import { logError } from "~/utils/log.server";

/** Bumped when the export's shape changes (a section added, renamed or reshaped). */
export const EXPORT_SCHEMA_VERSION = 1;

/** The name a deleted account shows everywhere (messages, reviews, orders): first + last name. */
export const DELETED_FIRST_NAME = "Deleted";
export const DELETED_LAST_NAME = "user";
export const DELETED_NAME = `${DELETED_FIRST_NAME} ${DELETED_LAST_NAME}`;

/** A unique address no mail can reach (`.invalid` is reserved, RFC 2606); it also marks the account deleted. */
export function deletedEmail(userId: number): string {
  return `deleted-${userId}@invalid`;
}

export function isDeletedAccount(user: Pick<User, "id" | "email">): boolean {
  return user.email === deletedEmail(user.id);
}

/**
 * Every `table.column` that refers to a user, and the export section that shows its rows, or why it is not
 * exported. A new column pointing at users must be added here (the test reads the schema and fails otherwise).
 */
export const PERSONAL_DATA_COVERAGE = {
  "sessions.user_id": { section: "sessions" },
  "password_reset_tokens.user_id": { section: "password_resets" },
  "files.owner_id": { section: "files" },
  "stores.user_id": { section: "store" },
  "follows.user_id": { section: "follows" },
  "favorites.user_id": { section: "favorites" },
  "conversations.user_a": { section: "conversations" },
  "conversations.user_b": { section: "conversations" },
  "messages.sender_id": { section: "conversations" },
  "carts.user_id": { section: "cart" },
  "checkouts.user_id": { section: "checkouts" },
  "orders.buyer_id": { section: "orders_bought" },
  "reviews.user_id": { section: "reviews" },
  "transactions.admin_id": { section: "admin_ledger_actions" },
  "downloads.user_id": { section: "downloads" },
  "help_requests.user_id": { section: "help_requests" },
  "user_blocks.blocker_id": { section: "blocks" },
  "user_blocks.blocked_id": { reason: "who blocked the user is the other person's choice, not the user's data" },
  "audit_log.admin_id": { section: "audit" },
  "discount_codes.once_per_buyer": { reason: "a flag of a store's discount code, not a reference to a person" },
  "refund_requests.buyer_id": { section: "refund_requests" },
  "refund_requests.answered_by": { section: "refund_requests" },
  "user_measurements.user_id": { section: "measurements" },
  "discount_redemptions.user_id": { reason: "a discount code's use by one of the user's checkouts: the checkout's discount is the user's data, the count is the store's" },
} as const satisfies Record<string, { section: string } | { reason: string }>;

const fileUrl = (name: string | null) => (name ? `/api/files/${name}` : null);
const iso = (date: Date | null) => (date ? date.toISOString() : null);
const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
const masked = (last4: string) => (last4 ? `****${last4}` : "");

function orderJson(order: Order) {
  return {
    id: order.id,
    checkout_id: order.checkoutId,
    store_id: order.storeId,
    product_id: order.productId,
    product_name: order.productName,
    product_type: order.productType,
    delivery: order.delivery,
    variants: parseJson(order.variants),
    quantity: order.quantity,
    amount_cents: order.amountCents,
    shipping_cents: order.shippingCents,
    tax_cents: order.taxCents,
    fee_cents: order.feeCents,
    status: order.status,
    tracking: order.tracking,
    carrier: order.carrier,
    tracking_url: order.trackingUrl,
    reviewed: order.reviewed,
    shipping_info: parseJson(order.shippingInfo),
    created_at: iso(order.createdAt),
    shipped_at: iso(order.shippedAt),
    refunded_at: iso(order.refundedAt),
    made_to_measure: order.measurements !== null,
  };
}

export type UserDataExport = NonNullable<ReturnType<typeof exportUserData>>;

/** Everything about one user, or undefined for an unknown id. Secrets (password hash, tokens) are never in it. */
export function exportUserData({ db, userId, now = new Date() }: { db: Db; userId: number; now?: Date }) {
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) return undefined;
  const store = db.select().from(stores).where(eq(stores.userId, userId)).get();
  const storeProducts = store ? db.select().from(products).where(eq(products.storeId, store.id)).orderBy(asc(products.id)).all() : [];
  const productIds = storeProducts.map((p) => p.id);
  const byProduct = <T extends { productId: number }>(rows: T[]) => (id: number) => rows.filter((r) => r.productId === id);
  const productMediaOf = byProduct(productIds.length ? db.select().from(productMedia).where(inArray(productMedia.productId, productIds)).orderBy(asc(productMedia.position)).all() : []);
  const variantsOf = byProduct(productIds.length ? db.select().from(variants).where(inArray(variants.productId, productIds)).orderBy(asc(variants.position)).all() : []);
  const versionsOf = byProduct(productIds.length ? db.select().from(patternVersions).where(inArray(patternVersions.productId, productIds)).orderBy(asc(patternVersions.version)).all() : []);

  const bought = db.select().from(orders).where(eq(orders.buyerId, userId)).orderBy(asc(orders.id)).all();
  const sold = store ? db.select().from(orders).where(eq(orders.storeId, store.id)).orderBy(asc(orders.id)).all() : [];
  const userCheckouts = db.select().from(checkouts).where(eq(checkouts.userId, userId)).orderBy(asc(checkouts.id)).all();
  const checkoutIds = userCheckouts.map((c) => c.id);
  const lines = checkoutIds.length ? db.select().from(checkoutLines).where(inArray(checkoutLines.checkoutId, checkoutIds)).all() : [];

  const cart = db.select().from(carts).where(eq(carts.userId, userId)).get();
  const cartRows = cart ? db.select().from(cartItems).where(eq(cartItems.cartId, cart.id)).orderBy(asc(cartItems.id)).all() : [];

  const convs = db
    .select()
    .from(conversations)
    .where(or(eq(conversations.userA, userId), eq(conversations.userB, userId)))
    .orderBy(asc(conversations.id))
    .all();
  const otherIds = convs.map((c) => (c.userA === userId ? c.userB : c.userA));
  const others = new Map(
    (otherIds.length ? db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, otherIds)).all() : []).map(
      (u) => [u.id, `${u.firstName} ${u.lastName}`.trim()],
    ),
  );
  const convMessages = convs.length
    ? db.select().from(messages).where(inArray(messages.conversationId, convs.map((c) => c.id))).orderBy(asc(messages.createdAt), asc(messages.id)).all()
    : [];

  const followed = db
    .select({ storeId: follows.storeId, storeName: stores.name, ownerId: stores.userId, createdAt: follows.createdAt })
    .from(follows)
    .innerJoin(stores, eq(stores.id, follows.storeId))
    .where(eq(follows.userId, userId))
    .all();
  const favoured = db
    .select({ productId: favorites.productId, productName: products.name, createdAt: favorites.createdAt })
    .from(favorites)
    .innerJoin(products, eq(products.id, favorites.productId))
    .where(eq(favorites.userId, userId))
    .orderBy(asc(favorites.createdAt))
    .all();
  const measured = getMeasurements({ db }, userId);
  const followers = store ? db.select({ n: sql<number>`count(*)` }).from(follows).where(eq(follows.storeId, store.id)).get()!.n : 0;

  const ledger = store ? db.select().from(transactions).where(eq(transactions.storeId, store.id)).orderBy(asc(transactions.id)).all() : [];
  const adminLedger = db.select().from(transactions).where(eq(transactions.adminId, userId)).orderBy(asc(transactions.id)).all();
  const txJson = (t: (typeof ledger)[number]) => ({
    id: t.id,
    store_id: t.storeId,
    tx_type: t.txType,
    order_id: t.orderId,
    amount_cents: t.amountCents,
    tax_cents: t.taxCents,
    fee_cents: t.feeCents,
    shipping_cents: t.shippingCents,
    status: t.status,
    reason: t.reason,
    processed_at: iso(t.processedAt),
    created_at: iso(t.createdAt),
  });

  const audit = db
    .select()
    .from(auditLog)
    .where(or(and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, userId)), eq(auditLog.adminId, userId), store ? and(eq(auditLog.targetType, "store"), eq(auditLog.targetId, store.id)) : undefined))
    .orderBy(asc(auditLog.id))
    .all();

  const ownFiles = db.select().from(files).where(eq(files.ownerId, userId)).orderBy(asc(files.createdAt)).all();

  return {
    schema_version: EXPORT_SCHEMA_VERSION,
    generated_at: now.toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      role: user.role,
      status: user.status,
      phone: user.phone,
      street: user.street,
      street2: user.street2,
      city: user.city,
      state: user.state,
      postal_code: user.postalCode,
      country: user.country,
      avatar: user.avatar,
      avatar_url: fileUrl(user.avatar),
      bio: user.bio,
      message_emails: user.messageEmails,
      created_at: iso(user.createdAt),
    },
    sessions: db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt))
      .all()
      .map((s) => ({ created_at: iso(s.createdAt), expires_at: iso(s.expiresAt), user_agent: s.userAgent })),
    password_resets: db
      .select({ createdAt: passwordResetTokens.createdAt, expiresAt: passwordResetTokens.expiresAt, usedAt: passwordResetTokens.usedAt })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, userId))
      .all()
      .map((r) => ({ created_at: iso(r.createdAt), expires_at: iso(r.expiresAt), used_at: iso(r.usedAt) })),
    store: store
      ? {
          id: store.id,
          name: store.name,
          bio: store.bio,
          avatar: store.avatar,
          avatar_url: fileUrl(store.avatar),
          balance_cents: store.balanceCents,
          payout_onboarded: store.stripeOnboarded,
          payout_details: {
            account_name: store.accountName,
            account_number: masked(store.accountLast4),
            account_routing: store.accountRouting ? `****${store.accountRouting.slice(-4)}` : "",
            account_type: store.accountType,
          },
          followers,
          media: db
            .select()
            .from(storeMedia)
            .where(eq(storeMedia.storeId, store.id))
            .orderBy(asc(storeMedia.position))
            .all()
            .map((m) => ({ file: m.media, url: fileUrl(m.media) })),
          created_at: iso(store.createdAt),
        }
      : null,
    products: storeProducts.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      price_cents: p.priceCents,
      type: p.type,
      delivery: p.delivery,
      category1: p.category1,
      category2: p.category2,
      terms: p.terms,
      parcel_size: p.parcelSize,
      sold: p.sold,
      size_chart: p.sizeChart,
      pattern_file: p.patternFile,
      removed_at: iso(p.removedAt),
      created_at: iso(p.createdAt),
      media: productMediaOf(p.id).map((m) => ({ file: m.media, url: fileUrl(m.media) })),
      variants: variantsOf(p.id).map((v) => ({ id: v.id, name: v.name, value: v.value, sku: v.sku, inventory: v.inventory })),
      pattern_versions: versionsOf(p.id).map((v) => ({ version: v.version, file: v.file, note: v.note, created_at: iso(v.createdAt) })),
      ...sizeChartJson({ db }, p.id),
    })),
    follows: followed.map((f) => ({ store_id: f.storeId, store_name: f.storeName, store_owner: f.ownerId, created_at: iso(f.createdAt) })),
    measurements: measured ? measurementsJson(measured) : null,
    favorites: favoured.map((f) => ({ product_id: f.productId, product_name: f.productName, created_at: iso(f.createdAt) })),
    cart: cartRows.map((i) => ({ product_id: i.productId, variant_id: i.variantId, quantity: i.quantity, created_at: iso(i.createdAt) })),
    checkouts: userCheckouts.map((c) => ({
      id: c.id,
      provider: c.provider,
      status: c.status,
      subtotal_cents: c.subtotalCents,
      shipping_cents: c.shippingCents,
      total_cents: c.totalCents,
      shipping_address: parseJson(c.shippingAddress),
      created_at: iso(c.createdAt),
      paid_at: iso(c.paidAt),
      lines: lines
        .filter((l) => l.checkoutId === c.id)
        .map((l) => ({
          product_id: l.productId,
          variant_id: l.variantId,
          quantity: l.quantity,
          unit_price_cents: l.unitPriceCents,
          shipping_cents: l.shippingCents,
          // A made-to-measure line and the measurements read at checkout (decision 115): the buyer's own data.
          made_to_measure: l.madeToMeasure,
          measurements: l.measurements === null ? null : parseJson(l.measurements),
        })),
    })),
    // A bought made-to-measure order carries the buyer's measurements; a sold one only its flag (decision 115).
    orders_bought: bought.map((o) => ({ ...orderJson(o), measurements: o.measurements === null ? null : parseJson(o.measurements) })),
    orders_sold: sold.map(orderJson),
    ledger: ledger.map(txJson),
    admin_ledger_actions: adminLedger.map(txJson),
    reviews: db
      .select()
      .from(reviews)
      .where(eq(reviews.userId, userId))
      .orderBy(asc(reviews.id))
      .all()
      .map((r) => ({ id: r.id, product_id: r.productId, order_id: r.orderId, name: r.name, star: r.star, comment: r.comment, created_at: iso(r.createdAt) })),
    conversations: convs.map((c) => {
      const otherId = c.userA === userId ? c.userB : c.userA;
      return {
        id: c.id,
        other_party: { id: otherId, name: others.get(otherId) ?? "" },
        created_at: iso(c.createdAt),
        messages: convMessages
          .filter((m) => m.conversationId === c.id)
          .map((m) => ({ id: m.id, from: m.senderId === userId ? "me" : "other", content: m.content, order_id: m.orderId, created_at: iso(m.createdAt) })),
      };
    }),
    blocks: db
      .select({ blockedId: userBlocks.blockedId, createdAt: userBlocks.createdAt })
      .from(userBlocks)
      .where(eq(userBlocks.blockerId, userId))
      .all()
      .map((b) => ({ blocked_user_id: b.blockedId, created_at: iso(b.createdAt) })),
    downloads: db
      .select()
      .from(downloads)
      .where(eq(downloads.userId, userId))
      .orderBy(asc(downloads.id))
      .all()
      .map((d) => ({ order_id: d.orderId, file: d.file, created_at: iso(d.createdAt) })),
    refund_requests: db
      .select()
      .from(refundRequests)
      .where(or(eq(refundRequests.buyerId, userId), eq(refundRequests.answeredBy, userId)))
      .orderBy(asc(refundRequests.id))
      .all()
      .map((r) => ({
        id: r.id,
        order_id: r.orderId,
        role: r.buyerId === userId ? "asked" : "answered",
        kind: r.kind,
        reason: r.reason,
        status: r.status,
        answer: r.answer,
        created_at: iso(r.createdAt),
        answered_at: iso(r.answeredAt),
      })),
    help_requests: db
      .select()
      .from(helpRequests)
      .where(eq(helpRequests.userId, userId))
      .orderBy(asc(helpRequests.id))
      .all()
      .map((h) => ({
        id: h.id,
        name: h.name,
        email: h.email,
        message: h.message,
        social_media: h.socialMedia,
        website: h.website,
        resume_file: h.resumeFile,
        created_at: iso(h.createdAt),
      })),
    files: ownFiles.map((f) => ({ name: f.name, original_name: f.originalName, kind: f.kind, content_type: f.contentType, size: f.size, url: fileUrl(f.name), created_at: iso(f.createdAt) })),
    audit: audit.map((a) => ({
      action: a.action,
      target_type: a.targetType,
      target_id: a.targetId,
      by_this_user: a.adminId === userId,
      details: parseJson(a.details),
      created_at: iso(a.createdAt),
    })),
  };
}

/** Who asks: the user (with their password) or an administrator on the user's request (with a reason). */
export type DataActor = { kind: "user"; userId: number } | { kind: "admin"; adminId: number; reason: string };

function auditActor(actor: DataActor, userId: number) {
  return actor.kind === "admin"
    ? { adminId: actor.adminId, details: { by: "admin", reason: actor.reason } }
    : { adminId: userId, details: { by: "user" } };
}

/** The export, written to the audit log with who asked. */
export function exportUserDataFor({ db, userId, actor, now = new Date() }: { db: Db; userId: number; actor: DataActor; now?: Date }) {
  const data = exportUserData({ db, userId, now });
  if (!data) return undefined;
  const { adminId, details } = auditActor(actor, userId);
  recordAudit(db, { adminId, action: "export-data", targetType: "user", targetId: userId, details, now });
  return data;
}

export type DeleteAccountError =
  | "not-found"
  | "already-deleted"
  | "wrong-password"
  | "reason-required"
  | "administrator"
  | "orders-in-flight"
  | "checkout-open"
  | "store-orders-open"
  | "store-balance"
  | "payout-pending";

/**
 * `stripeAccount`: the store's Stripe connected account was deleted at Stripe ("closed"), Stripe refused or did not
 * answer ("not-closed": logged with its id for the administrator to close by hand), or there was none (null).
 */
export type DeleteAccountResult =
  | { ok: true; userId: number; filesDeleted: number; stripeAccount: "closed" | "not-closed" | null }
  | { ok: false; error: DeleteAccountError };

/** Pending orders the platform or a seller still has to ship to this buyer (made, ready and printed). */
function ordersInFlight(db: DbOrTx, userId: number) {
  return db
    .select({ type: orders.productType, delivery: orders.delivery })
    .from(orders)
    .where(and(eq(orders.buyerId, userId), eq(orders.status, "Pending")))
    .all()
    .filter((o) => !isDownloadPattern(o.type, o.delivery)).length;
}

function refusal(db: DbOrTx, user: User): DeleteAccountError | null {
  if (isDeletedAccount(user)) return "already-deleted";
  if (user.role === "admin") return "administrator";
  if (ordersInFlight(db, user.id) > 0) return "orders-in-flight";
  if (db.select({ id: checkouts.id }).from(checkouts).where(and(eq(checkouts.userId, user.id), eq(checkouts.status, "open"))).get()) return "checkout-open";
  const store = db.select().from(stores).where(eq(stores.userId, user.id)).get();
  if (store) {
    const pendingTransfer = db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.storeId, store.id), eq(transactions.txType, "Transfer"), eq(transactions.status, "Pending")))
      .get();
    if (pendingTransfer) return "payout-pending";
    if (store.balanceCents !== 0) return "store-balance";
    const toShip = db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.storeId, store.id), eq(orders.status, "Pending"), inArray(orders.productType, ["Made", "Ready"])))
      .get();
    if (toShip) return "store-orders-open";
  }
  return null;
}

/** An address snapshot (checkout, order) with the person's name, street and phone replaced; the tax jurisdiction kept. */
function scrubAddress(text: string, userId: number): string {
  const parsed = parseJson(text);
  if (!parsed || typeof parsed !== "object") return "{}";
  const address = parsed as Record<string, unknown>;
  const keep = ["city", "state", "postal_code", "country"] as const;
  return JSON.stringify({
    ...Object.fromEntries(keep.filter((k) => k in address).map((k) => [k, address[k]])),
    ...("first_name" in address ? { first_name: DELETED_FIRST_NAME, last_name: DELETED_LAST_NAME } : {}),
    ...("shipping_name" in address ? { shipping_name: DELETED_NAME } : {}),
    street: "",
    street2: "",
    phone: "",
    ...("email" in address ? { email: deletedEmail(userId) } : {}),
  });
}

/**
 * Deletes an account: personal data replaced in one transaction, the sessions (the API tokens are sessions) and
 * reset tokens ended, the store closed (products unlisted, never deleted: orders refer to them), orders and ledger
 * rows kept with their amounts; then the uploaded files nothing refers to any more are deleted. Refused while
 * something in flight still needs the person (see `DeleteAccountError`). The user confirms with their password,
 * an administrator with a reason.
 */
export async function deleteAccount({
  db,
  userId,
  actor,
  password,
  now = new Date(),
  dataDir,
  stripe = getStripe(),
}: {
  db: Db;
  userId: number;
  actor: DataActor;
  password?: string;
  now?: Date;
  dataDir?: string;
  stripe?: Stripe | null;
}): Promise<DeleteAccountResult> {
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) return { ok: false, error: "not-found" };
  if (actor.kind === "admin" && !actor.reason.trim()) return { ok: false, error: "reason-required" };
  if (isDeletedAccount(user)) return { ok: false, error: "already-deleted" };
  if (actor.kind === "user" && !(await verifyPassword(user.passwordHash, password ?? ""))) return { ok: false, error: "wrong-password" };

  const outcome = db.transaction(
    (tx): { ok: true; candidates: string[]; stripeAccountId: string | null } | { ok: false; error: DeleteAccountError } => {
      const current = tx.select().from(users).where(eq(users.id, userId)).get();
      if (!current) return { ok: false, error: "not-found" };
      const refused = refusal(tx, current);
      if (refused) return { ok: false, error: refused };
      const candidates: string[] = [];
      if (current.avatar) candidates.push(current.avatar);

      tx.update(users)
        .set({
          email: deletedEmail(userId),
          passwordHash: "",
          firstName: DELETED_FIRST_NAME,
          lastName: DELETED_LAST_NAME,
          status: "Inactive",
          phone: "",
          street: "",
          street2: "",
          city: "",
          state: "",
          postalCode: "",
          country: "",
          avatar: null,
          bio: "",
          messageEmails: false,
        })
        .where(eq(users.id, userId))
        .run();
      tx.delete(sessions).where(eq(sessions.userId, userId)).run();
      tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)).run();
      tx.delete(carts).where(eq(carts.userId, userId)).run();
      tx.delete(follows).where(eq(follows.userId, userId)).run();
      tx.delete(favorites).where(eq(favorites.userId, userId)).run();
      // The users row stays (anonymised), so its on-delete cascade does not run: the body measurements go here.
      tx.delete(userMeasurements).where(eq(userMeasurements.userId, userId)).run();
      tx.delete(userBlocks).where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId))).run();
      tx.update(reviews).set({ name: DELETED_NAME }).where(eq(reviews.userId, userId)).run();
      for (const help of tx.select().from(helpRequests).where(eq(helpRequests.userId, userId)).all()) {
        if (help.resumeFile) candidates.push(help.resumeFile);
      }
      tx.delete(helpRequests).where(eq(helpRequests.userId, userId)).run();
      for (const checkout of tx.select({ id: checkouts.id, address: checkouts.shippingAddress }).from(checkouts).where(eq(checkouts.userId, userId)).all()) {
        tx.update(checkouts).set({ shippingAddress: scrubAddress(checkout.address, userId) }).where(eq(checkouts.id, checkout.id)).run();
      }
      for (const order of tx.select({ id: orders.id, info: orders.shippingInfo }).from(orders).where(eq(orders.buyerId, userId)).all()) {
        tx.update(orders).set({ shippingInfo: scrubAddress(order.info, userId) }).where(eq(orders.id, order.id)).run();
      }

      const store = tx.select().from(stores).where(eq(stores.userId, userId)).get();
      if (store) {
        if (store.avatar) candidates.push(store.avatar);
        const media = tx.select({ media: storeMedia.media }).from(storeMedia).where(eq(storeMedia.storeId, store.id)).all();
        candidates.push(...media.map((m) => m.media));
        tx.delete(storeMedia).where(eq(storeMedia.storeId, store.id)).run();
        tx.delete(follows).where(eq(follows.storeId, store.id)).run();
        tx.update(stores)
          .set({
            name: `Closed store ${store.id}`,
            bio: "",
            avatar: null,
            stripeAccountId: null,
            stripeOnboarded: false,
            accountName: "",
            accountNumber: "",
            accountLast4: "",
            accountRouting: "",
          })
          .where(eq(stores.id, store.id))
          .run();
        tx.update(products)
          .set({ removedAt: now, updatedAt: now })
          .where(and(eq(products.storeId, store.id), sql`${products.removedAt} IS NULL`))
          .run();
        // Nobody can buy from a closed store: its products leave every visitor's cart.
        const productIds = tx.select({ id: products.id }).from(products).where(eq(products.storeId, store.id)).all().map((p) => p.id);
        if (productIds.length) tx.delete(cartItems).where(inArray(cartItems.productId, productIds)).run();
      }
      const { adminId, details } = auditActor(actor, userId);
      recordAudit(tx, { adminId, action: "delete-account", targetType: "user", targetId: userId, details, now });
      return { ok: true, candidates, stripeAccountId: store?.stripeAccountId ?? null };
    },
    { behavior: "immediate" },
  );
  if (!outcome.ok) return outcome;
  const stripeAccount = outcome.stripeAccountId ? await closeStripeAccount(stripe, outcome.stripeAccountId, userId) : null;
  const before = outcome.candidates.length ? db.select({ n: sql<number>`count(*)` }).from(files).where(inArray(files.name, outcome.candidates)).get()!.n : 0;
  await deleteUnreferencedFiles({ db, names: outcome.candidates, dataDir });
  const after = outcome.candidates.length ? db.select({ n: sql<number>`count(*)` }).from(files).where(inArray(files.name, outcome.candidates)).get()!.n : 0;
  return { ok: true, userId, filesDeleted: before - after, stripeAccount };
}

/**
 * Deletes the closed store's Express account at Stripe (the platform controls it; refusal already ensured no balance
 * is left here). The local deletion stands either way: a refusal or an outage is logged with the account's id.
 */
async function closeStripeAccount(stripe: Stripe | null, accountId: string, userId: number): Promise<"closed" | "not-closed"> {
  if (!stripe) {
    logError({ accountId, userId }, "delete-account: Stripe is not configured, the connected account was not closed");
    return "not-closed";
  }
  try {
    await stripe.accounts.del(accountId);
    return "closed";
  } catch (error) {
    logError({ accountId, userId }, "delete-account: Stripe did not close the connected account; close it in the Stripe dashboard", error);
    return "not-closed";
  }
}
