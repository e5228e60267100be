import { asc, inArray } from "drizzle-orm";

import { productMedia } from "../../../db/tables";
import type { DbOrTx } from "~/utils/db.server";

/** The media file names of each product, in their display order (the one product-media query). */
export async function mediaOf(db: DbOrTx, productIds: number[]): Promise<Map<number, string[]>> {
  const byProduct = new Map<number, string[]>();
  if (!productIds.length) return byProduct;
  const rows = await db
    .select({ productId: productMedia.productId, media: productMedia.media })
    .from(productMedia)
    .where(inArray(productMedia.productId, [...new Set(productIds)]))
    .orderBy(asc(productMedia.productId), asc(productMedia.position), asc(productMedia.id));
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row.media);
    byProduct.set(row.productId, list);
  }
  return byProduct;
}
