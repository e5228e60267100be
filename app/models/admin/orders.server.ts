/**
 * The administrator's orders: the searchable, sortable, paged table of /admin and get-orders, and every field of one
 * order (`getAdminOrder`), which both faces' views map in views.server.ts (the order page's, `toAdminOrderJson`).
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";

import { checkouts, discountCodes, orders, products, refundRequests, stores, transactions, users, type Checkout, type Order, type RefundRequest } from "../../../db/tables";
import { type Db, type DbOrTx, first, untilDataChangesAsync } from "~/utils/db.server";
import { likeCaseless } from "~/utils/sql-dialect.server";
import { latestRefundRequestOfOrder } from "~/models/buying/refund-request-rows.server";
import { mediaOf } from "~/models/catalog/media.server";
import { sellerCreditCents } from "~/models/shipping/rates";
import { likePattern, pageWindow, searchedId, type TablePage, type TableQuery } from "./table";
import { isDownloadPattern } from "~/utils/catalog";

export const ORDER_SORTS = ["id", "date", "product", "amount", "fee", "status"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

const ORDER_SORT_COLUMNS = {
  id: orders.id,
  date: orders.createdAt,
  product: orders.productName,
  amount: orders.amountCents,
  fee: orders.feeCents,
  status: orders.status,
} as const;

const sellers = alias(users, "sellers");

export type AdminOrderRow = {
  id: number;
  createdAt: Date;
  productName: string;
  productType: Order["productType"];
  delivery: Order["delivery"];
  amountCents: number;
  shippingCents: number;
  feeCents: number;
  status: Order["status"];
  buyerEmail: string;
  buyerName: string;
  storeId: number;
  storeName: string;
};

/**
 * The search of the orders table: an order number (exactly), or a buyer's or seller's email or name, a store or a
 * product name (contained). People and stores are looked up first (small tables), so the orders are filtered by id lists.
 */
async function orderSearch(db: DbOrTx, q: string): Promise<SQL | undefined> {
  if (!q) return undefined;
  // An order number ("1042" or "#1042") finds that order.
  if (/^#?\d+$/.test(q)) return eq(orders.id, searchedId(q.replace("#", "")));
  const pattern = likePattern(q);
  const people = (await db
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        likeCaseless(db, users.email, pattern),
        likeCaseless(db, sql`(${users.firstName} || ' ' || ${users.lastName})`, pattern),
      ),
    )
    .limit(1000))
    .map((u) => u.id);
  const storeIds = (await db
    .select({ id: stores.id })
    .from(stores)
    .where(or(likeCaseless(db, stores.name, pattern), people.length ? inArray(stores.userId, people) : undefined))
    .limit(1000))
    .map((s) => s.id);
  // Product names are searched in the products table (thousands of rows, not the orders' hundred thousands), so
  // every term below is an indexed lookup on orders and SQLite answers the OR by a union of index searches.
  const productIds = (await db
    .select({ id: products.id })
    .from(products)
    .where(likeCaseless(db, products.name, pattern))
    .limit(1000))
    .map((p) => p.id);
  if (!people.length && !storeIds.length && !productIds.length) return sql`1 = 0`;
  return or(
    people.length ? inArray(orders.buyerId, people) : undefined,
    storeIds.length ? inArray(orders.storeId, storeIds) : undefined,
    productIds.length ? inArray(orders.productId, productIds) : undefined,
  );
}

/** One page of the orders table. The page's ids are found first, then only those rows are joined. */
/** One page of the admin's orders table; the same page asked again costs no query until the data changes. */
export async function listAdminOrders({ db, query }: { db: Db; query: TableQuery<OrderSort> }): Promise<TablePage<AdminOrderRow>> {
  return await untilDataChangesAsync(db, `admin orders ${JSON.stringify(query)}`, async () => readAdminOrdersPage(db, query));
}

async function readAdminOrdersPage(db: Db, query: TableQuery<OrderSort>): Promise<TablePage<AdminOrderRow>> {
  const where = await orderSearch(db, query.q);
  const total = (await first(db.select({ n: sql<number>`count(*)` }).from(orders).where(where).limit(1)))!.n;
  const { page, pageCount, offset } = pageWindow(total, query.page, query.size);
  const column = ORDER_SORT_COLUMNS[query.sort];
  const order = query.dir === "asc" ? [asc(column), asc(orders.id)] : [desc(column), desc(orders.id)];
  const ids = (await db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...order)
    .limit(query.size)
    .offset(offset))
    .map((r) => r.id);
  const rows = ids.length ? await selectOrderRows(db, ids) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: ids.map((id) => byId.get(id)!), total, page, pageCount, size: query.size };
}

async function selectOrderRows(db: DbOrTx, ids: number[]): Promise<AdminOrderRow[]> {
  return await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      productName: orders.productName,
      productType: orders.productType,
      delivery: orders.delivery,
      amountCents: orders.amountCents,
      shippingCents: orders.shippingCents,
      feeCents: orders.feeCents,
      status: orders.status,
      buyerEmail: users.email,
      buyerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      storeId: stores.id,
      storeName: stores.name,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerId))
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(inArray(orders.id, ids));
}

/** A business buyer's VAT number and the register's confirmation of it (issue 46, item 1), from the order's checkout. */
export type BusinessEvidence = Pick<Checkout, "vatNumber" | "companyName" | "vatCheckSource" | "vatCheckRef" | "vatCheckName" | "vatCheckAddress" | "vatCheckedAt">;

export type AdminOrder = {
  order: Order;
  buyer: { id: number; firstName: string; lastName: string; email: string };
  seller: { id: number; firstName: string; lastName: string; email: string };
  store: { id: number; name: string };
  patternFile: string | null;
  checkout: { id: number; provider: "stripe" | "local"; paymentIntentId: string | null } & BusinessEvidence;
  /** The product's media (file names), as the buyer view's items show them. */
  media: string[];
  /** The order's latest refund or cancel request (decision 110). */
  refundRequest: RefundRequest | null;
  /** The discount code the checkout used (decision 109), or null. */
  discountCode: string | null;
};

/**
 * Every field of these orders for the administrator (any order), by id; unknown ids are absent. One joined query
 * and one media query for the whole list, however long: a page of get-orders costs what one order costs.
 */
export async function getAdminOrders({ db, orderIds }: { db: DbOrTx; orderIds: number[] }): Promise<Map<number, AdminOrder>> {
  const views = new Map<number, AdminOrder>();
  if (!orderIds.length) return views;
  const rows = await db
    .select({
      order: orders,
      buyer: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      seller: { id: sellers.id, firstName: sellers.firstName, lastName: sellers.lastName, email: sellers.email },
      store: { id: stores.id, name: stores.name },
      patternFile: products.patternFile,
      checkout: {
        id: checkouts.id,
        provider: checkouts.provider,
        paymentIntentId: checkouts.paymentIntentId,
        vatNumber: checkouts.vatNumber,
        companyName: checkouts.companyName,
        vatCheckSource: checkouts.vatCheckSource,
        vatCheckRef: checkouts.vatCheckRef,
        vatCheckName: checkouts.vatCheckName,
        vatCheckAddress: checkouts.vatCheckAddress,
        vatCheckedAt: checkouts.vatCheckedAt,
      },
      refundRequest: refundRequests,
      discountCode: discountCodes.code,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerId))
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .innerJoin(sellers, eq(sellers.id, stores.userId))
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .leftJoin(refundRequests, latestRefundRequestOfOrder)
    .leftJoin(discountCodes, eq(discountCodes.id, checkouts.discountCodeId))
    .where(orderIds.length === 1 ? eq(orders.id, orderIds[0]!) : inArray(orders.id, orderIds));
  const media = await mediaOf(db, rows.map((r) => r.order.productId));
  for (const row of rows) views.set(row.order.id, { ...row, media: media.get(row.order.productId) ?? [] });
  return views;
}

/** Every field of one order for the administrator (any order; an unknown id is undefined). */
export async function getAdminOrder({ db, orderId }: { db: DbOrTx; orderId: number }): Promise<AdminOrder | undefined> {
  return (await getAdminOrders({ db, orderIds: [orderId] })).get(orderId);
}

/**
 * One page of the orders table (search, sort and paging of `listAdminOrders`) with each row the full admin view:
 * GET /api/admin/get-orders answers each row as get-order answers that order.
 */
export async function listAdminOrderViews({ db, query }: { db: Db; query: TableQuery<OrderSort> }): Promise<TablePage<AdminOrder>> {
  const page = await listAdminOrders({ db, query });
  const views = await getAdminOrders({ db, orderIds: page.rows.map((r) => r.id) });
  return { ...page, rows: page.rows.flatMap((r) => views.get(r.id) ?? []) };
}

/** What a shipping address snapshot holds (checkout's JSON), each field as stored, for the admin's order page. */
export type ShippingAddress = {
  shipping_name?: string;
  first_name?: string;
  last_name?: string;
  street?: string;
  street2?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  country?: string;
  phone?: string;
};

export function shippingAddressOf(order: Pick<Order, "shippingInfo">): ShippingAddress {
  try {
    const info = JSON.parse(order.shippingInfo) as Record<string, unknown>;
    const text = (key: string) => (typeof info[key] === "string" ? (info[key] as string) : undefined);
    return {
      shipping_name: text("shipping_name") ?? text("name"),
      first_name: text("first_name") ?? text("firstName"),
      last_name: text("last_name") ?? text("lastName"),
      street: text("street"),
      street2: text("street2"),
      city: text("city"),
      state: text("state"),
      postal_code: text("postal_code") ?? text("postalCode") ?? text("zip"),
      country: text("country"),
      phone: text("phone"),
    };
  } catch {
    return {};
  }
}

/** Whether an order is shipped at all: apparel and printed patterns; digital patterns never ship. */
export function isPhysical(order: Pick<Order, "productType" | "delivery">): boolean {
  return !isDownloadPattern(order.productType, order.delivery);
}

/** What the order's Sale credited the seller (price minus fee, plus apparel shipping): what a refund debits. */
export async function saleCreditCents({ db, order }: { db: DbOrTx; order: Pick<Order, "id" | "amountCents" | "feeCents" | "productType" | "shippingCents"> }): Promise<number> {
  const sale = await first(db
    .select({ amountCents: transactions.amountCents })
    .from(transactions)
    .where(and(eq(transactions.orderId, order.id), eq(transactions.txType, "Sale"))).limit(1));
  return sale?.amountCents ?? sellerCreditCents(order);
}
