import { and, eq } from "drizzle-orm";

import { products, stores, type User } from "../../../db/tables";
import { findBuyerOrderForFile, logDownload } from "~/models/buying/downloads.server";
import { type Db, first } from "~/utils/db.server";

type FileRow = { name: string; ownerId: number | null };

/** Why a user may read a private file: as uploader, seller or admin, or as the buyer of an order. */
export type PrivateFileAccess = { allowed: false } | { allowed: true; buyerOrderId: number | null };

/**
 * Who may read a private file (a pattern or a résumé): its uploader, the owner of the store
 * whose product uses it as pattern file, administrators, and a buyer with a paid, not refunded order
 * of the Digital pattern product that uses it.
 */
export async function privateFileAccess({ db, user, file }: { db: Db; user: User | null; file: FileRow }): Promise<PrivateFileAccess> {
  if (!user) return { allowed: false };
  if (user.role === "admin" || file.ownerId === user.id) return { allowed: true, buyerOrderId: null };
  const sellerProduct = await first(db
    .select({ id: products.id })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(products.patternFile, file.name), eq(stores.userId, user.id)))
    .limit(1));
  if (sellerProduct) return { allowed: true, buyerOrderId: null };
  const orderId = await findBuyerOrderForFile({ db, userId: user.id, fileName: file.name });
  return orderId ? { allowed: true, buyerOrderId: orderId } : { allowed: false };
}

export async function canReadPrivateFile(args: { db: Db; user: User | null; file: FileRow }): Promise<boolean> {
  return (await privateFileAccess(args)).allowed;
}

/** The read check of GET /api/files/{name}: allowed or not, and a buyer's read is logged as a download. */
export async function authorizePrivateFileRead({ db, user, file }: { db: Db; user: User | null; file: FileRow }): Promise<boolean> {
  const access = await privateFileAccess({ db, user, file });
  if (access.allowed && access.buyerOrderId !== null && user) {
    await logDownload({ db, userId: user.id, orderId: access.buyerOrderId, file: file.name });
  }
  return access.allowed;
}
