/** Public store pages and follows. Stores are addressed by their owner's user id (spec: store_owner). */
import { and, asc, count, eq } from "drizzle-orm";

import { follows, storeMedia, stores } from "../../db/schema";
import type { Db } from "../utils/db.server";
import { listProducts } from "./catalog.server";

export function getStoreByOwner({ db, ownerId }: { db: Db; ownerId: number }) {
  return db.select().from(stores).where(eq(stores.userId, ownerId)).get();
}

export function countFollowers({ db, storeId }: { db: Db; storeId: number }): number {
  return db.select({ n: count() }).from(follows).where(eq(follows.storeId, storeId)).get()?.n ?? 0;
}

export function isFollowing({ db, storeId, userId }: { db: Db; storeId: number; userId?: number | null }): boolean {
  if (!userId) return false;
  return Boolean(
    db.select({ userId: follows.userId }).from(follows).where(and(eq(follows.storeId, storeId), eq(follows.userId, userId))).get(),
  );
}

/** Everything a store page shows: the store, its media, follower numbers and a page of its designs. */
export function getStorePage({ db, ownerId, viewerId, page = 1 }: { db: Db; ownerId: number; viewerId?: number | null; page?: number }) {
  const store = getStoreByOwner({ db, ownerId });
  if (!store) return null;
  const media = db
    .select({ id: storeMedia.id, media: storeMedia.media })
    .from(storeMedia)
    .where(eq(storeMedia.storeId, store.id))
    .orderBy(asc(storeMedia.position), asc(storeMedia.id))
    .all();
  const designs = listProducts({
    db,
    storeId: store.id,
    viewerId,
    query: { category1: "all", category2: [], category3: [], q: "", sort: "newest", page },
  });
  return {
    store,
    media,
    designs,
    followersCount: countFollowers({ db, storeId: store.id }),
    isFollowing: isFollowing({ db, storeId: store.id, userId: viewerId }),
  };
}

export type FollowResult = { ok: true } | { ok: false; status: 400 | 404; error: string };

/** Follows the store of `ownerId`; following twice changes nothing. Nobody follows their own store. */
export function followStore({ db, userId, ownerId }: { db: Db; userId: number; ownerId: number }): FollowResult {
  const store = getStoreByOwner({ db, ownerId });
  if (!store) return { ok: false, status: 404, error: "Store not found" };
  if (store.userId === userId) return { ok: false, status: 400, error: "You cannot follow your own store" };
  db.insert(follows).values({ userId, storeId: store.id }).onConflictDoNothing().run();
  return { ok: true };
}

export function unfollowStore({ db, userId, ownerId }: { db: Db; userId: number; ownerId: number }): FollowResult {
  const store = getStoreByOwner({ db, ownerId });
  if (!store) return { ok: false, status: 404, error: "Store not found" };
  db.delete(follows).where(and(eq(follows.storeId, store.id), eq(follows.userId, userId))).run();
  return { ok: true };
}
