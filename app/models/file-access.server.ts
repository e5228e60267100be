import { and, eq } from "drizzle-orm";

import { products, stores, type User } from "../../db/schema";
import type { Db } from "../utils/db.server";

type FileRow = { name: string; ownerId: number | null };

/**
 * Who may read a private file (a pattern or a résumé): its uploader, the owner of the store
 * whose product uses it as pattern file, and administrators.
 */
export function canReadPrivateFile({ db, user, file }: { db: Db; user: User | null; file: FileRow }): boolean {
  if (!user) return false;
  if (user.role === "admin") return true;
  if (file.ownerId === user.id) return true;
  const sellerProduct = db
    .select({ id: products.id })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(products.patternFile, file.name), eq(stores.userId, user.id)))
    .limit(1)
    .get();
  return Boolean(sellerProduct);
}
