/** Buyers following stores. Stores are addressed by their owner's user id (spec: store_owner). */
import { and, count, eq } from "drizzle-orm";

import { follows, stores } from "../../../db/tables";
import type { Db } from "~/utils/db.server";

export function countFollowers({ db, storeId }: { db: Db; storeId: number }): number {
  return db.select({ n: count() }).from(follows).where(eq(follows.storeId, storeId)).get()?.n ?? 0;
}

export function isFollowing({ db, storeId, userId }: { db: Db; storeId: number; userId?: number | null }): boolean {
  if (!userId) return false;
  return Boolean(
    db.select({ userId: follows.userId }).from(follows).where(and(eq(follows.storeId, storeId), eq(follows.userId, userId))).get(),
  );
}

export type FollowError = "store-not-found" | "own-store";

export type FollowResult = { ok: true; followersCount: number; isFollowing: boolean } | { ok: false; error: FollowError };

/**
 * Follows (or unfollows) the store of `ownerId` and answers the new follower numbers; following twice
 * changes nothing. Nobody follows their own store.
 */
export function setFollowing({ db, userId, ownerId, follow }: { db: Db; userId: number; ownerId: number; follow: boolean }): FollowResult {
  const store = db.select({ id: stores.id }).from(stores).where(eq(stores.userId, ownerId)).get();
  if (!store) return { ok: false, error: "store-not-found" };
  if (follow) {
    if (ownerId === userId) return { ok: false, error: "own-store" };
    db.insert(follows).values({ userId, storeId: store.id }).onConflictDoNothing().run();
  } else {
    db.delete(follows).where(and(eq(follows.storeId, store.id), eq(follows.userId, userId))).run();
  }
  return { ok: true, followersCount: countFollowers({ db, storeId: store.id }), isFollowing: isFollowing({ db, storeId: store.id, userId }) };
}
