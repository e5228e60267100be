/**
 * The administrator's stores: the stores table (id, name, email, sales, balance, txs), one store's detail with its
 * revenue (sales minus refunds, spec 9), its products table with Remove, its pending transfers and its ledger.
 */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";

import { products, stores, transactions, users, type Transaction } from "../../../db/tables";
import { affected, type Db, first, transaction, untilDataChangesAsync } from "~/utils/db.server";
import { caseless, likeCaseless } from "~/utils/sql-dialect.server";
import { productListColumns } from "~/models/catalog/products.server";
import { toTransactionJson } from "~/models/selling/finance.server";
import { centsToDollars } from "~/utils/money";
import { listAudit, recordAudit } from "../platform/audit.server";
import { likePattern, pageWindow, searchedId, type TablePage, type TableQuery } from "./table";

export const STORE_SORTS = ["id", "name", "email", "sales", "balance", "txs"] as const;
export type StoreSort = (typeof STORE_SORTS)[number];

// Sales are the orders not refunded: a refund takes the sale out (issue 19, item 20); refunds are counted apart.
const salesCents = sql<number>`(SELECT coalesce(sum(o.amount_cents), 0) FROM orders o WHERE o.store_id = ${stores.id} AND o.status <> 'Refunded' AND NOT o.tester_copy)`;
const refundsCents = sql<number>`(SELECT coalesce(sum(o.amount_cents), 0) FROM orders o WHERE o.store_id = ${stores.id} AND o.status = 'Refunded')`;
const txCount = sql<number>`(SELECT count(*) FROM transactions t WHERE t.store_id = ${stores.id})`;

export type AdminStoreRow = {
  id: number;
  name: string;
  ownerId: number;
  email: string;
  salesCents: number;
  balanceCents: number;
  txs: number;
};

/** One page of the admin's stores table; the same page asked again costs no query until the data changes. */
export async function listAdminStores({ db, query }: { db: Db; query: TableQuery<StoreSort> }): Promise<TablePage<AdminStoreRow>> {
  return await untilDataChangesAsync(db, `admin stores ${JSON.stringify(query)}`, async () => readAdminStoresPage(db, query));
}

async function readAdminStoresPage(db: Db, query: TableQuery<StoreSort>): Promise<TablePage<AdminStoreRow>> {
  const pattern = likePattern(query.q);
  const where = query.q
    ? sql`(${likeCaseless(db, stores.name, pattern)} OR ${likeCaseless(db, users.email, pattern)} OR ${stores.id} = ${searchedId(query.q)})`
    : undefined;
  const total = (await first(db
    .select({ n: sql<number>`count(*)` })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.userId))
    .where(where).limit(1)))!.n;
  const { page, pageCount, offset } = pageWindow(total, query.page, query.size);
  const columns = {
    id: stores.id,
    name: caseless(db, stores.name),
    email: users.email,
    sales: salesCents,
    balance: stores.balanceCents,
    txs: txCount,
  }[query.sort];
  const rows = await db
    .select({
      id: stores.id,
      name: stores.name,
      ownerId: stores.userId,
      email: users.email,
      salesCents,
      balanceCents: stores.balanceCents,
      txs: txCount,
    })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.userId))
    .where(where)
    .orderBy(query.dir === "asc" ? asc(columns) : desc(columns), query.dir === "asc" ? asc(stores.id) : desc(stores.id))
    .limit(query.size)
    .offset(offset);
  return { rows, total, page, pageCount, size: query.size };
}

export function toAdminStoreRowJson(row: AdminStoreRow) {
  return {
    id: row.id,
    name: row.name,
    owner: row.ownerId,
    email: row.email,
    sales: centsToDollars(row.salesCents),
    balance: centsToDollars(row.balanceCents),
    txs: row.txs,
  };
}

export type AdminStore = {
  store: typeof stores.$inferSelect;
  owner: { id: number; firstName: string; lastName: string; email: string };
  /** Amounts of the orders not refunded. */
  salesCents: number;
  /** Amounts of the refunded orders. */
  refundsCents: number;
  /** Spec 9: sales minus refunds, that is what the store sold and kept: equal to salesCents now sales leave refunds out. */
  revenueCents: number;
  /** Orders not refunded (sales), and refunded ones. */
  orderCount: number;
  refundedCount: number;
  txCount: number;
  pendingTransfers: Transaction[];
  recentTransactions: Transaction[];
};

/** One store with its figures, its Pending transfers (oldest first) and its 20 newest ledger rows. */
export async function getAdminStore({ db, storeId }: { db: Db; storeId: number }): Promise<AdminStore | undefined> {
  const row = await first(db
    .select({
      store: stores,
      owner: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      salesCents,
      refundsCents,
      orderCount: sql<number>`(SELECT count(*) FROM orders o WHERE o.store_id = ${stores.id} AND o.status <> 'Refunded' AND NOT o.tester_copy)`,
      refundedCount: sql<number>`(SELECT count(*) FROM orders o WHERE o.store_id = ${stores.id} AND o.status = 'Refunded')`,
      txCount,
    })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.userId))
    .where(eq(stores.id, storeId)).limit(1));
  if (!row) return undefined;
  const pendingTransfers = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.storeId, storeId), eq(transactions.txType, "Transfer"), eq(transactions.status, "Pending")))
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
  const recentTransactions = await db
    .select()
    .from(transactions)
    .where(eq(transactions.storeId, storeId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(20);
  return { ...row, revenueCents: row.salesCents, pendingTransfers, recentTransactions };
}

export async function getStoreIdOfOwner({ db, ownerId }: { db: Db; ownerId: number }): Promise<number | undefined> {
  return (await first(db.select({ id: stores.id }).from(stores).where(eq(stores.userId, ownerId)).limit(1)))?.id;
}

export function toAdminStoreJson(view: AdminStore) {
  return {
    id: view.store.id,
    name: view.store.name,
    owner: view.owner.id,
    email: view.owner.email,
    first_name: view.owner.firstName,
    last_name: view.owner.lastName,
    sales: centsToDollars(view.salesCents),
    refunds: centsToDollars(view.refundsCents),
    revenue: centsToDollars(view.revenueCents),
    orders: view.orderCount,
    refunded_orders: view.refundedCount,
    balance: centsToDollars(view.store.balanceCents),
    onboarded: view.store.stripeOnboarded,
    pendingTransfers: view.pendingTransfers.map(toTransactionJson),
    txs: view.recentTransactions.map(toTransactionJson),
  };
}

export const PRODUCT_SORTS = ["id", "name", "price", "sold", "created"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export type AdminProductRow = {
  id: number;
  name: string;
  type: string;
  delivery: string | null;
  priceCents: number;
  sold: number;
  removedAt: Date | null;
  createdAt: Date;
};

/** A store's products, removed ones included (marked), for the admin products table. */
export async function listStoreProducts({
  db,
  storeId,
  query,
}: {
  db: Db;
  storeId: number;
  query: TableQuery<ProductSort>;
}): Promise<TablePage<AdminProductRow>> {
  const where = and(
    eq(products.storeId, storeId),
    query.q ? likeCaseless(db, products.name, likePattern(query.q)) : undefined,
  );
  const total = (await first(db.select({ n: sql<number>`count(*)` }).from(products).where(where).limit(1)))!.n;
  const { page, pageCount, offset } = pageWindow(total, query.page, query.size);
  const column = {
    id: products.id,
    name: caseless(db, products.name),
    price: products.priceCents,
    sold: products.sold,
    created: products.createdAt,
  }[query.sort];
  const rows = await db
    .select({
      ...productListColumns,
      sold: products.sold,
      removedAt: products.removedAt,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(where)
    .orderBy(query.dir === "asc" ? asc(column) : desc(column), asc(products.id))
    .limit(query.size)
    .offset(offset);
  return { rows, total, page, pageCount, size: query.size };
}

export function toAdminProductJson(row: AdminProductRow) {
  return {
    id: row.id,
    name: row.name,
    price: centsToDollars(row.priceCents),
    type: row.type,
    delivery: row.delivery,
    sold: row.sold,
    removed: row.removedAt !== null,
    created: row.createdAt.toISOString(),
  };
}

export type RemoveProductError = "not-found" | "already-removed";
/**
 * Removes a product from the catalogue: it disappears from every listing, cart and checkout, while the orders that
 * bought it stay intact (they keep their own snapshot and the row stays for them).
 */
export async function removeProductAsAdmin({
  db,
  productId,
  storeId,
  adminId,
  now = new Date(),
}: {
  db: Db;
  productId: number;
  /** When given, the product must belong to this store. */
  storeId?: number;
  adminId: number;
  now?: Date;
}): Promise<{ ok: true; storeId: number } | { ok: false; error: RemoveProductError }> {
  return await transaction(db,
    async (tx) => {
      const product = await first(tx
        .select()
        .from(products)
        .where(and(eq(products.id, productId), storeId === undefined ? undefined : eq(products.storeId, storeId))).limit(1));
      if (!product) return { ok: false as const, error: "not-found" as const };
      const removed = await tx
        .update(products)
        .set({ removedAt: now, updatedAt: now })
        .where(and(eq(products.id, productId), isNull(products.removedAt)));
      if (affected(removed) === 0) return { ok: false as const, error: "already-removed" as const };
      await recordAudit(tx, {
        adminId,
        action: "remove-product",
        targetType: "store",
        targetId: product.storeId,
        details: { productId, name: product.name },
        now,
      });
      return { ok: true as const, storeId: product.storeId };
    },
    { behavior: "immediate" },
  );
}



/**
 * The admin store page (/admin/store/{id}): the store with its figures, transfers and ledger rows
 * (`getAdminStore`), one page of its products and its audit trail. Undefined for no such store.
 */
export async function getAdminStorePage({ db, storeId, query }: { db: Db; storeId: number; query: TableQuery<ProductSort> }) {
  const view = await getAdminStore({ db, storeId });
  if (!view) return undefined;
  return { ...view, products: await listStoreProducts({ db, storeId, query }), audit: await listAudit({ db, targetType: "store", targetId: storeId }) };
}
export type AdminStorePage = NonNullable<Awaited<ReturnType<typeof getAdminStorePage>>>;
