/** Stores and their public pages. Stores are addressed by their owner's user id (spec: store_owner). */
import { asc, eq } from "drizzle-orm";

import { storeMedia, stores } from "../../../db/tables";
import { countFollowers, isFollowing } from "~/models/catalog/follows.server";
import { listProducts, productListItemJson, toCardData } from "~/models/catalog/listing.server";
import { type Db, first } from "~/utils/db.server";

/** The store a user owns (seller rights come from owning one), or undefined. */
export async function getStoreByOwner({ db, ownerId }: { db: Db; ownerId: number }) {
  return await first(db.select().from(stores).where(eq(stores.userId, ownerId)).limit(1));
}

/** Everything a store page shows: the store, its media, follower numbers and a page of its designs. */
export async function getStorePage({ db, ownerId, viewerId, page = 1 }: { db: Db; ownerId: number; viewerId?: number | null; page?: number }) {
  const store = await getStoreByOwner({ db, ownerId });
  if (!store) return null;
  const media = await db
    .select({ id: storeMedia.id, media: storeMedia.media })
    .from(storeMedia)
    .where(eq(storeMedia.storeId, store.id))
    .orderBy(asc(storeMedia.position), asc(storeMedia.id));
  const designs = await listProducts({
    db,
    storeId: store.id,
    viewerId,
    query: { category1: "all", category2: [], category3: [], q: "", sort: "newest", page },
  });
  return {
    store,
    media,
    designs,
    followersCount: await countFollowers({ db, storeId: store.id }),
    isFollowing: await isFollowing({ db, storeId: store.id, userId: viewerId }),
  };
}

type StorePage = NonNullable<Awaited<ReturnType<typeof getStorePage>>>;

/** Who looks at a store page: its owner (no follow or message buttons), a logged-in user, or a visitor. */
export type StoreViewer = "owner" | "user" | "visitor";

/** The store page (HTML face, /store/{ownerId}): the store, its media, follower numbers and a page of design cards. */
export function storePageView(found: StorePage, viewerId: number | null | undefined) {
  const { store, designs } = found;
  const viewer: StoreViewer = viewerId == null ? "visitor" : viewerId === store.userId ? "owner" : "user";
  return {
    ownerId: store.userId,
    store: { name: store.name, avatar: store.avatar, bio: store.bio },
    media: found.media.map((m) => m.media),
    followersCount: found.followersCount,
    isFollowing: found.isFollowing,
    viewer,
    designs: { page: designs.page, pageCount: designs.pageCount, items: designs.items.map(toCardData) },
  };
}

/** Store (JSON face): store {id, name, avatar, bio, userid}, media [{id, media}], designs, followersCount, isFollowing. */
export function storeJson(found: StorePage) {
  const { store } = found;
  return {
    store: { id: store.id, name: store.name, avatar: store.avatar, bio: store.bio, userid: store.userId },
    media: found.media.map((m) => ({ id: m.id, media: m.media })),
    designs: found.designs.items.map(productListItemJson),
    followersCount: { count: found.followersCount },
    isFollowing: { count: found.isFollowing ? 1 : 0 },
  };
}
