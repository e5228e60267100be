/** Buyers following stores. Stores are addressed by their owner's user id (spec: store_owner). */
import { and, count, eq } from "drizzle-orm";

import { follows, stores } from "../../../db/tables";
import { type Db, first } from "~/utils/db.server";

export async function countFollowers({ db, storeId }: { db: Db; storeId: number }): Promise<number> {
  return (await first(db.select({ n: count() }).from(follows).where(eq(follows.storeId, storeId)).limit(1)))?.n ?? 0;
}

export async function isFollowing({ db, storeId, userId }: { db: Db; storeId: number; userId?: number | null }): Promise<boolean> {
  if (!userId) return false;
  return Boolean(
    await first(db.select({ userId: follows.userId }).from(follows).where(and(eq(follows.storeId, storeId), eq(follows.userId, userId))).limit(1)),
  );
}

export type FollowError = "store-not-found" | "own-store";

export type FollowResult = { ok: true; followersCount: number; isFollowing: boolean } | { ok: false; error: FollowError };

/**
 * Follows (or unfollows) the store of `ownerId` and answers the new follower numbers; following twice
 * changes nothing. Nobody follows their own store.
 */
export async function setFollowing({ db, userId, ownerId, follow }: { db: Db; userId: number; ownerId: number; follow: boolean }): Promise<FollowResult> {
  const store = await first(db.select({ id: stores.id }).from(stores).where(eq(stores.userId, ownerId)).limit(1));
  if (!store) return { ok: false, error: "store-not-found" };
  if (follow) {
    if (ownerId === userId) return { ok: false, error: "own-store" };
    await db.insert(follows).values({ userId, storeId: store.id }).onConflictDoNothing();
  } else {
    await db.delete(follows).where(and(eq(follows.storeId, store.id), eq(follows.userId, userId)));
  }
  return { ok: true, followersCount: await countFollowers({ db, storeId: store.id }), isFollowing: await isFollowing({ db, storeId: store.id, userId }) };
}
