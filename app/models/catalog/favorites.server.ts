/**
 * Buyers' favourites (issue 23, item 3; decision 105): a user keeps a listed product for later. Favouring twice or
 * removing a favourite that is not there changes nothing; a removed product's favourites stay in the table but
 * show nowhere (not in the list, not in the seller's counts) until it would be listed again.
 */
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";

import { favorites, products, stores } from "../../../db/tables";
import { mediaOf } from "~/models/catalog/media.server";
import { productWithStoreColumns } from "~/models/catalog/products.server";
import { type Db, first, isPg, preparedQuery } from "~/utils/db.server";

export type FavoriteError = "product-not-found" | "own-product";

export type FavoriteResult = { ok: true; favorite: boolean } | { ok: false; error: FavoriteError };

/**
 * Adds (`favorite: true`) or removes the user's favourite of a listed product. Unknown and unlisted (removed)
 * products are not found either way, drafts when adding (a buyer cannot see them; one favoured before it was
 * unpublished can still be let go); a seller does not favour their own designs.
 */
export async function setFavorite({ db, userId, productId, favorite }: { db: Db; userId: number; productId: number; favorite: boolean }): Promise<FavoriteResult> {
  const product = await first(db
    .select({ id: products.id, storeOwner: stores.userId })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(products.id, productId), isNull(products.removedAt), favorite ? eq(products.status, "published") : undefined)).limit(1));
  if (!product) return { ok: false, error: "product-not-found" };
  if (favorite) {
    if (product.storeOwner === userId) return { ok: false, error: "own-product" };
    await db.insert(favorites).values({ userId, productId }).onConflictDoNothing();
  } else {
    await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)));
  }
  return { ok: true, favorite };
}

// Read on every catalogue and product page a buyer views: one statement prepared once per database, the ids as one
// list (SQLite: a JSON array through json_each; PostgreSQL: an integer array) rather than a statement per list length.
const favoriteIdsQuery = preparedQuery("favorite_ids_among", (db) =>
  db
    .select({ productId: favorites.productId })
    .from(favorites)
    .where(
      and(
        eq(favorites.userId, sql.placeholder("userId")),
        isPg(db)
          ? sql`${favorites.productId} = ANY(${sql.placeholder("productIds")}::integer[])`
          : sql`${favorites.productId} IN (SELECT value FROM json_each(${sql.placeholder("productIds")}))`,
      ),
    )
);

/** Which of these products the user favours (for the hearts of a page of cards). */
export async function favoriteIdsAmong({ db, userId, productIds }: { db: Db; userId: number; productIds: number[] }): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await favoriteIdsQuery(db).all({ userId, productIds: isPg(db) ? productIds : JSON.stringify(productIds) });
  return new Set(rows.map((r) => r.productId));
}

/** How many users favour each of these products (the seller's /my-designs); products nobody favours are absent. */
export async function countFavorites({ db, productIds }: { db: Db; productIds: number[] }): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: favorites.productId, n: count() })
    .from(favorites)
    .where(inArray(favorites.productId, productIds))
    .groupBy(favorites.productId);
  return new Map(rows.map((r) => [r.productId, r.n]));
}

/**
 * The user's favourite listed products (not drafts: they return when published), the latest favoured first, in the shape of the catalogue's list items
 * (ProductListItem: /favorites shows them as cards, the JSON face as the product list does).
 */
export async function listFavorites({ db, userId }: { db: Db; userId: number }) {
  const rows = await db
    .select(productWithStoreColumns)
    .from(favorites)
    .innerJoin(products, eq(products.id, favorites.productId))
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(favorites.userId, userId), isNull(products.removedAt), eq(products.status, "published")))
    .orderBy(desc(favorites.createdAt), desc(products.id));
  const media = await mediaOf(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, media: media.get(r.id) ?? [], myself: r.storeOwner === userId, favorite: true }));
}
