/** A product as buyers see it (spec 3, External product). */
import { and, asc, avg, count, desc, eq, isNull, sql } from "drizzle-orm";

import { productMedia, products, reviews, stores, users, variants } from "../../../db/tables";
import { getBuyerSettings } from "~/models/platform/settings.server";
import { productTypeLabel } from "~/utils/catalog";
import { isoDay } from "~/utils/dates";
import { type Db, type DbOrTx, first, preparedQuery } from "~/utils/db.server";
import { centsToDollars } from "~/utils/money";

/** The columns of a product in a list (the catalogue's cards, the seller's designs, the admin's products). */
export const productListColumns = {
  id: products.id,
  name: products.name,
  priceCents: products.priceCents,
  type: products.type,
  delivery: products.delivery,
};

/** A list's product with its store (the catalogue's list items and the favourites: ProductListItem). */
export const productWithStoreColumns = {
  ...productListColumns,
  storeId: stores.id,
  storeOwner: stores.userId,
  storeName: stores.name,
  storeAvatar: stores.avatar,
};

/** A product's type and state with its seller's user id, or undefined for an unknown id. */
export async function productAndSeller(db: DbOrTx, productId: number) {
  return await first(db
    .select({ type: products.type, status: products.status, removedAt: products.removedAt, sellerId: stores.userId })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(eq(products.id, productId)).limit(1));
}

/** The product page's rule (decision 106): a product not removed, and published or the viewer's own draft. */
export function productVisibleTo(product: { status: string; removedAt: Date | null; sellerId: number } | undefined, viewerId: number | null): boolean {
  return Boolean(product && !product.removedAt && (product.status === "published" || (viewerId !== null && product.sellerId === viewerId)));
}

// The product page's queries, prepared once per database (preparedQuery): the product's id is their one placeholder.
const productIdParam = sql.placeholder("productId");
const variantsQuery = preparedQuery("product_variants", (db) =>
  db
    .select({ id: variants.id, name: variants.name, value: variants.value, sku: variants.sku, inventory: variants.inventory })
    .from(variants)
    .where(eq(variants.productId, productIdParam))
    .orderBy(asc(variants.position), asc(variants.id))
);
const productQuery = preparedQuery("product_page", (db) =>
  db
    .select({
      product: products,
      store: { id: stores.id, userId: stores.userId, name: stores.name, avatar: stores.avatar },
      owner: { city: users.city, country: users.country },
    })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .innerJoin(users, eq(users.id, stores.userId))
    .where(and(eq(products.id, productIdParam), isNull(products.removedAt)))
);
/** One product's media, in mediaOf's order. */
const mediaQuery = preparedQuery("product_media", (db) =>
  db
    .select({ media: productMedia.media })
    .from(productMedia)
    .where(eq(productMedia.productId, productIdParam))
    .orderBy(asc(productMedia.position), asc(productMedia.id))
);
const reviewsQuery = preparedQuery("product_reviews", (db) =>
  db
    .select({ id: reviews.id, star: reviews.star, name: reviews.name, comment: reviews.comment, testerCopy: reviews.testerCopy, createdAt: reviews.createdAt })
    .from(reviews)
    .where(eq(reviews.productId, productIdParam))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
);
/** The rating counts buyers' reviews only: a tester's, on a free copy, is shown marked and left out (decision 153). */
const ratingQuery = preparedQuery("product_rating", (db) =>
  db
    .select({ average: avg(reviews.star), count: count() })
    .from(reviews)
    .where(and(eq(reviews.productId, productIdParam), eq(reviews.testerCopy, false)))
);

/** A product's variants in their order (one query for the buyer's and the seller's views). */
export async function variantsOf(db: Db, productId: number) {
  return variantsQuery(db).all({ productId });
}

/**
 * A product as buyers see it; null when unknown or removed. A draft is shown only to its seller (`viewerId`, the
 * preview of decision 106): to anyone else it does not exist.
 */
export async function getExternalProduct({ db, productId, viewerId }: { db: Db; productId: number; viewerId?: number | null }) {
  const row = await productQuery(db).get({ productId });
  if (!row) return null;
  if (row.product.status !== "published" && (viewerId == null || row.store.userId !== viewerId)) return null;

  const media = await mediaQuery(db).all({ productId });
  const variantRows = (await variantsOf(db, productId)).map(({ sku: _sku, ...v }) => v);
  const reviewRows = await reviewsQuery(db).all({ productId });
  const summary = await ratingQuery(db).get({ productId });

  return {
    ...row,
    media,
    variants: variantRows,
    reviews: reviewRows,
    rating: { average: summary?.count ? Math.round(Number(summary.average) * 10) / 10 : null, count: summary?.count ?? 0 },
  };
}

export type ExternalProduct = NonNullable<Awaited<ReturnType<typeof getExternalProduct>>>;

/**
 * External product (HTML face, /product/{id}; prices in cents): what the catalogue shows of the product, its store and
 * its reviews. A printed pattern adds the platform's shipping (pss); the viewer's own design is `myself`.
 */
export async function productPageView({ db, found, viewerId }: { db: Db; found: ExternalProduct; viewerId: number | null | undefined }) {
  const { product, store, owner } = found;
  const printed = product.type === "Pattern" && product.delivery === "Print";
  return {
    product: {
      id: product.id,
      name: product.name,
      description: product.description,
      terms: product.terms,
      type: product.type,
      delivery: product.delivery,
      typeLabel: productTypeLabel(product.type, product.delivery),
      draft: product.status === "draft",
      priceCents: product.priceCents,
      sold: product.sold,
      sizeChart: product.sizeChart,
      pssCents: printed ? (await getBuyerSettings({ db })).pssCents : null,
    },
    media: found.media.map((m) => m.media),
    variants: found.variants,
    store: { owner: store.userId, name: store.name, avatar: store.avatar, city: owner.city, country: owner.country },
    reviews: found.reviews.map((r) => ({ ...r, date: isoDay(r.createdAt), createdAt: undefined })),
    rating: found.rating,
    myself: viewerId != null && viewerId === store.userId,
  };
}

/** External product (detail, JSON face; prices in dollars). */
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
    // A tester's review (a free copy) is marked and not counted in the rating (decision 153).
    reviews: found.reviews.map((r) => ({ star: r.star, name: r.name, comment: r.comment, dt: r.createdAt.toISOString(), tester: r.testerCopy })),
  };
}
