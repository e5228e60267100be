/** A product as buyers see it (spec 3, External product). */
import { and, asc, avg, count, desc, eq, isNull } from "drizzle-orm";

import { productMedia, products, reviews, stores, users, variants } from "../../db/schema";
import type { Db } from "../utils/db.server";

export function getExternalProduct({ db, productId }: { db: Db; productId: number }) {
  const row = db
    .select({
      product: products,
      store: { id: stores.id, userId: stores.userId, name: stores.name, avatar: stores.avatar },
      owner: { city: users.city, country: users.country },
    })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .innerJoin(users, eq(users.id, stores.userId))
    .where(and(eq(products.id, productId), isNull(products.removedAt)))
    .get();
  if (!row) return null;

  const media = db
    .select({ id: productMedia.id, media: productMedia.media })
    .from(productMedia)
    .where(eq(productMedia.productId, productId))
    .orderBy(asc(productMedia.position), asc(productMedia.id))
    .all();
  const variantRows = db
    .select({ id: variants.id, name: variants.name, value: variants.value, inventory: variants.inventory })
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.position), asc(variants.id))
    .all();
  const reviewRows = db
    .select({ id: reviews.id, star: reviews.star, name: reviews.name, comment: reviews.comment, createdAt: reviews.createdAt })
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .all();
  const summary = db
    .select({ average: avg(reviews.star), count: count() })
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .get();

  return {
    ...row,
    media,
    variants: variantRows,
    reviews: reviewRows,
    rating: { average: summary?.count ? Math.round(Number(summary.average) * 10) / 10 : null, count: summary?.count ?? 0 },
  };
}

export type ExternalProduct = NonNullable<ReturnType<typeof getExternalProduct>>;
