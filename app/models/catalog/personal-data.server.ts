/** The catalog's section of the personal-data export (decision 103, issue 36): the stores followed, the products favoured. */
import { asc, eq } from "drizzle-orm";

import { favorites, follows, products, stores } from "../../../db/tables";
import { iso, type ExportSubject } from "~/utils/personal-data";

export async function catalogPersonalData({ db, user }: ExportSubject) {
  const followed = await db
    .select({ storeId: follows.storeId, storeName: stores.name, ownerId: stores.userId, createdAt: follows.createdAt })
    .from(follows)
    .innerJoin(stores, eq(stores.id, follows.storeId))
    .where(eq(follows.userId, user.id));
  const favoured = await db
    .select({ productId: favorites.productId, productName: products.name, createdAt: favorites.createdAt })
    .from(favorites)
    .innerJoin(products, eq(products.id, favorites.productId))
    .where(eq(favorites.userId, user.id))
    .orderBy(asc(favorites.createdAt));
  return {
    follows: followed.map((f) => ({ store_id: f.storeId, store_name: f.storeName, store_owner: f.ownerId, created_at: iso(f.createdAt) })),
    favorites: favoured.map((f) => ({ product_id: f.productId, product_name: f.productName, created_at: iso(f.createdAt) })),
  };
}
