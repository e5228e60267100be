/**
 * Selling's section of the personal-data export (decision 103, issue 36): the user's store (payout details masked),
 * its products with their media, variants, pattern versions and size chart, and the orders sold.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";

import { follows, orders, patternVersions, productMedia, products, storeMedia, variants } from "../../../db/tables";
import { orderJson } from "~/models/buying/personal-data.server";
import { sizeChartJson } from "~/models/fit/size-chart-view.server";
import { exportFileUrl, iso, masked, type ExportSubject } from "~/utils/personal-data";
import { first } from "~/utils/db.server";

export async function sellingPersonalData({ db, store }: ExportSubject) {
  const storeProducts = store ? await db.select().from(products).where(eq(products.storeId, store.id)).orderBy(asc(products.id)) : [];
  const productIds = storeProducts.map((p) => p.id);
  const byProduct = <T extends { productId: number }>(rows: T[]) => (id: number) => rows.filter((r) => r.productId === id);
  const productMediaOf = byProduct(productIds.length ? await db.select().from(productMedia).where(inArray(productMedia.productId, productIds)).orderBy(asc(productMedia.position)) : []);
  const variantsOf = byProduct(productIds.length ? await db.select().from(variants).where(inArray(variants.productId, productIds)).orderBy(asc(variants.position)) : []);
  const versionsOf = byProduct(productIds.length ? await db.select().from(patternVersions).where(inArray(patternVersions.productId, productIds)).orderBy(asc(patternVersions.version)) : []);
  const sold = store ? await db.select().from(orders).where(eq(orders.storeId, store.id)).orderBy(asc(orders.id)) : [];
  const followers = store ? (await first(db.select({ n: sql<number>`count(*)` }).from(follows).where(eq(follows.storeId, store.id)).limit(1)))!.n : 0;
  return {
    store: store
      ? {
          id: store.id,
          name: store.name,
          bio: store.bio,
          avatar: store.avatar,
          avatar_url: exportFileUrl(store.avatar),
          balance_cents: store.balanceCents,
          payout_onboarded: store.stripeOnboarded,
          payout_details: {
            account_name: store.accountName,
            account_number: masked(store.accountLast4),
            account_routing: store.accountRouting ? `****${store.accountRouting.slice(-4)}` : "",
            account_type: store.accountType,
          },
          followers,
          media: (await db
            .select()
            .from(storeMedia)
            .where(eq(storeMedia.storeId, store.id))
            .orderBy(asc(storeMedia.position)))
            .map((m) => ({ file: m.media, url: exportFileUrl(m.media) })),
          created_at: iso(store.createdAt),
        }
      : null,
    products: await Promise.all(storeProducts.map(async (p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      price_cents: p.priceCents,
      type: p.type,
      delivery: p.delivery,
      category1: p.category1,
      category2: p.category2,
      terms: p.terms,
      parcel_size: p.parcelSize,
      sold: p.sold,
      size_chart: p.sizeChart,
      pattern_file: p.patternFile,
      removed_at: iso(p.removedAt),
      created_at: iso(p.createdAt),
      media: productMediaOf(p.id).map((m) => ({ file: m.media, url: exportFileUrl(m.media) })),
      variants: variantsOf(p.id).map((v) => ({ id: v.id, name: v.name, value: v.value, sku: v.sku, inventory: v.inventory })),
      pattern_versions: versionsOf(p.id).map((v) => ({ version: v.version, file: v.file, note: v.note, created_at: iso(v.createdAt) })),
      ...await sizeChartJson({ db }, p.id),
    }))),
    orders_sold: sold.map(orderJson),
  };
}
