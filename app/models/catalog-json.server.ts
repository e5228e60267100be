/** The JSON face of the catalogue, with the field names of spec section 3. Prices are dollars. */
import { centsToDollars } from "../utils/money";
import type { ProductListItem } from "./catalog.server";
import type { ExternalProduct } from "./products.server";
import type { getStorePage } from "./stores.server";

/** Product (list item): id, name, price, media, store_owner, store_name, store_avatar, myself, type. */
export function productListItemJson(p: ProductListItem) {
  return {
    id: p.id,
    name: p.name,
    price: centsToDollars(p.priceCents),
    media: p.media,
    store_owner: p.storeOwner,
    store_name: p.storeName,
    store_avatar: p.storeAvatar,
    myself: p.myself,
    type: p.type,
  };
}

/** External product (detail). */
export function externalProductJson(found: ExternalProduct) {
  const { product, store, owner } = found;
  return {
    product: {
      name: product.name,
      price: centsToDollars(product.priceCents),
      sold: product.sold,
      type: product.type,
      delivery: product.delivery,
      desc: product.description,
      terms: product.terms,
      size_chart: product.sizeChart,
    },
    media: found.media.map((m) => ({ media: m.media })),
    variants: found.variants.map((v) => ({ id: v.id, name: v.name, value: v.value, inventory: v.inventory })),
    store_owner_id: store.userId,
    store_name: store.name,
    store_avatar: store.avatar,
    store_profile: { city: owner.city, country: owner.country },
    reviews: found.reviews.map((r) => ({ star: r.star, name: r.name, comment: r.comment, dt: r.createdAt.toISOString() })),
  };
}

/** Store: store {id, name, avatar, bio, userid}, media [{id, media}], designs, followersCount, isFollowing. */
export function storeJson(found: NonNullable<ReturnType<typeof getStorePage>>) {
  const { store } = found;
  return {
    store: { id: store.id, name: store.name, avatar: store.avatar, bio: store.bio, userid: store.userId },
    media: found.media.map((m) => ({ id: m.id, media: m.media })),
    designs: found.designs.items.map(productListItemJson),
    followersCount: { count: found.followersCount },
    isFollowing: { count: found.isFollowing ? 1 : 0 },
  };
}
