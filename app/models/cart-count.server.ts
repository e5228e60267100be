import { eq, sql } from "drizzle-orm";

import { cartItems, carts } from "../../db/schema";
import type { Db } from "../utils/db.server";
import { sha256 } from "../utils/crypto.server";

/** Number of units in the user's cart, or in the visitor's cart behind its cookie token. */
export function countCartItems({
  db,
  userId,
  visitorToken,
}: {
  db: Db;
  userId?: number | null;
  visitorToken?: string | null;
}): number {
  const where = userId
    ? eq(carts.userId, userId)
    : visitorToken
      ? eq(carts.visitorTokenHash, sha256(visitorToken))
      : undefined;
  if (!where) return 0;
  const row = db
    .select({ count: sql<number>`coalesce(sum(${cartItems.quantity}), 0)` })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(where)
    .get();
  return Number(row?.count ?? 0);
}
