/**
 * The seller's side of orders (spec 2.4 /my-orders, /sale/{id}; 3 Order (seller view); 4 Shipping): every query is
 * scoped by the store, so another store's order is simply not found.
 *
 * Exported:
 *   listStoreOrders({ db, storeId, status?, page?, pageSize? }): { orders: Order[]; total; page; pageCount }
 *   listStoreOrderViews({ db, storeId }): StoreOrder[], every order of the store (get-own-orders)
 *   getStoreOrder({ db, storeId, orderId }): StoreOrder | undefined
 *   shipOrder({ db, orderId, actor: { storeId } | { admin: true }, tracking, carrier, now? }): Promise<ShipResult>
 *     Sets tracking, carrier, tracking link and Shipped (again: updates the tracking); Refunded and Digital orders
 *     cannot ship; printed patterns are shipped by the platform (admins only). The buyer is emailed.
 * Both faces' views of an order (the sale page's, the seller JSON `toSellerOrderJson`) are in views.server.ts.
 */
import { and, count, desc, eq, inArray, ne } from "drizzle-orm";

import { files, orders, products, stores, users, type Order, type RefundRequest } from "../../../db/tables";
import type { Profile } from "~/models/accounts/profile.server";
import { latestRefundRequests } from "~/models/buying/refund-request-rows.server";
import { mediaOf } from "~/models/catalog/media.server";
import { trackingUrl, type Carrier } from "~/schemas/selling";
import { type Db, first, transaction } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { sendMail } from "~/utils/mail.server";
import { isDownloadPattern } from "~/utils/catalog";

export type OrderStatus = Order["status"];

export async function listStoreOrders({
  db,
  storeId,
  status,
  page = 1,
  pageSize = 20,
}: {
  db: Db;
  storeId: number;
  status?: OrderStatus | null;
  page?: number;
  pageSize?: number;
}) {
  // A tester copy (issue 37) is no sale: the tester call's page lists the testers.
  const sales = and(eq(orders.storeId, storeId), eq(orders.testerCopy, false));
  const where = status ? and(sales, eq(orders.status, status)) : sales;
  const total = (await first(db.select({ n: count() }).from(orders).where(where).limit(1)))?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { orders: rows, total, page: current, pageCount };
}

/**
 * Every order of the store, newest first, with what the seller view shows (GET /api/user/get-own-orders maps it with
 * `toSellerOrderJson`): one query per table for the whole list, the file's original name left out.
 */
export async function listStoreOrderViews({ db, storeId }: { db: Db; storeId: number }): Promise<StoreOrder[]> {
  const list = await db.select().from(orders).where(and(eq(orders.storeId, storeId), eq(orders.testerCopy, false))).orderBy(desc(orders.createdAt), desc(orders.id));
  if (list.length === 0) return [];
  const productIds = [...new Set(list.map((o) => o.productId))];
  const productRows = new Map(
    (await db
      .select({ id: products.id, patternFile: products.patternFile, parcelSize: products.parcelSize })
      .from(products)
      .where(inArray(products.id, productIds)))
      .map((p) => [p.id, p]),
  );
  const buyers = new Map(
    (await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, [...new Set(list.map((o) => o.buyerId))])))
      .map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]),
  );
  const media = await mediaOf(db, productIds);
  const requests = await latestRefundRequests({ db, orderIds: list.map((o) => o.id) });
  return list.map((o) => {
    const product = productRows.get(o.productId);
    const digital = isDownloadPattern(o.productType, o.delivery);
    return {
      ...o,
      media: media.get(o.productId) ?? [],
      patternFile: digital ? (product?.patternFile ?? null) : null,
      patternFileName: null,
      parcelSize: product?.parcelSize ?? null,
      buyerName: buyers.get(o.buyerId) ?? "",
      refundRequest: requests.get(o.id) ?? null,
    };
  });
}

export type StoreOrder = Order & {
  media: string[];
  patternFile: string | null;
  patternFileName: string | null;
  parcelSize: string | null;
  buyerName: string;
  /** The order's latest refund or cancel request (decision 110). */
  refundRequest: RefundRequest | null;
};

/** One order of the store with what the sale screen shows; another store's order is undefined. */
export async function getStoreOrder({ db, storeId, orderId }: { db: Db; storeId: number; orderId: number }): Promise<StoreOrder | undefined> {
  if (!Number.isInteger(orderId) || orderId <= 0) return undefined;
  const row = await first(db
    .select({ order: orders, patternFile: products.patternFile, parcelSize: products.parcelSize, firstName: users.firstName, lastName: users.lastName })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId))).limit(1));
  if (!row) return undefined;
  const media = (await mediaOf(db, [row.order.productId])).get(row.order.productId) ?? [];
  const digital = isDownloadPattern(row.order.productType, row.order.delivery);
  const patternFile = digital ? row.patternFile : null;
  const file = patternFile ? await first(db.select({ originalName: files.originalName }).from(files).where(eq(files.name, patternFile)).limit(1)) : undefined;
  return {
    ...row.order,
    media,
    patternFile,
    patternFileName: file?.originalName ?? null,
    parcelSize: row.parcelSize,
    buyerName: `${row.firstName} ${row.lastName}`.trim(),
    refundRequest: (await latestRefundRequests({ db, orderIds: [row.order.id] })).get(row.order.id) ?? null,
  };
}

/** The buyer's profile address as snapshotted at purchase (without the phone), and the name to ship to. */
export type ShippingInfo = Omit<Profile, "phone" | "company_name"> & { shipping_name: string };

/** The address snapshotted at purchase, in the spec's field names. */
export function shippingInfoOf(order: Pick<Order, "shippingInfo">): ShippingInfo {
  let raw: Record<string, unknown> = {};
  try {
    raw = JSON.parse(order.shippingInfo) as Record<string, unknown>;
  } catch {
    raw = {};
  }
  const text = (...keys: string[]) => {
    for (const key of keys) if (typeof raw[key] === "string") return raw[key] as string;
    return "";
  };
  const first = text("first_name", "firstName");
  const last = text("last_name", "lastName");
  return {
    shipping_name: text("shipping_name", "name") || `${first} ${last}`.trim(),
    first_name: first,
    last_name: last,
    street: text("street"),
    street2: text("street2"),
    city: text("city"),
    state: text("state"),
    postal_code: text("postal_code", "postalCode", "zip"),
    country: text("country"),
  };
}

export type ShipActor = { storeId: number } | { admin: true };
export type ShipError = "not-found" | "refunded" | "digital" | "platform-ships";
export type ShipResult = { ok: true; order: Order; updated: boolean } | { ok: false; error: ShipError };

/** Whether the seller (not the platform) ships this order: apparel only. */
export function sellerShips(order: Pick<Order, "productType">): boolean {
  return order.productType !== "Pattern";
}

/**
 * Ships an order (spec 4: a seller or an administrator gives tracking and carrier). Shipping again updates the
 * tracking. One conditional update: an order refunded meanwhile is not touched. The buyer gets an email.
 */
export async function shipOrder({
  db,
  orderId,
  actor,
  tracking,
  carrier,
  now = new Date(),
}: {
  db: Db;
  orderId: number;
  actor: ShipActor;
  tracking: string;
  carrier: Carrier;
  now?: Date;
}): Promise<ShipResult> {
  const scope = "storeId" in actor ? and(eq(orders.id, orderId), eq(orders.storeId, actor.storeId)) : eq(orders.id, orderId);
  const result = await transaction(db,
    async (tx): Promise<ShipResult> => {
      const order = await first(tx.select().from(orders).where(scope).limit(1));
      if (!order) return { ok: false, error: "not-found" };
      if (order.status === "Refunded") return { ok: false, error: "refunded" };
      if (isDownloadPattern(order.productType, order.delivery)) return { ok: false, error: "digital" };
      if ("storeId" in actor && !sellerShips(order)) return { ok: false, error: "platform-ships" };
      const updated = (await tx
        .update(orders)
        .set({ status: "Shipped", tracking, carrier, trackingUrl: trackingUrl(carrier, tracking), shippedAt: order.shippedAt ?? now })
        .where(and(eq(orders.id, orderId), ne(orders.status, "Refunded")))
        .returning())[0];
      if (!updated) return { ok: false, error: "refunded" };
      return { ok: true, order: updated, updated: order.status === "Shipped" };
    },
    { behavior: "immediate" },
  );
  if (result.ok) await mailBuyer(db, result.order, result.updated);
  return result;
}

async function mailBuyer(db: Db, order: Order, updated: boolean) {
  const buyer = await first(db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, order.buyerId)).limit(1));
  const store = await first(db.select({ name: stores.name }).from(stores).where(eq(stores.id, order.storeId)).limit(1));
  if (!buyer) return;
  const env = getEnv();
  const origin = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  await sendMail({
    to: buyer.email,
    subject: updated ? `Tracking updated for order #${order.id}` : `Your order #${order.id} has shipped`,
    text: [
      `Hi ${buyer.firstName},`,
      "",
      `${order.productName} from ${store?.name ?? "the store"} ${updated ? "has new tracking details" : "is on its way"}.`,
      `Carrier: ${order.carrier}`,
      `Tracking number: ${order.tracking}`,
      ...(order.trackingUrl ? [`Track your parcel: ${order.trackingUrl}`] : []),
      "",
      `Your order: ${origin}/purchase/${order.id}`,
    ].join("\n"),
  });
}
