/**
 * The buyer's pattern library (issue 23, item 4; decision 105): every Digital pattern the buyer owns (a paid, not
 * refunded order; orders exist only once paid), one entry per product through its newest such order, with the
 * current version, whether that version is an update the buyer has not downloaded yet, and a link per format.
 */
import { and, desc, eq, inArray, ne } from "drizzle-orm";

import { downloads, orders, products, stores } from "../../../db/tables";
import { orderDownloadLinks, type DownloadFormat } from "~/models/layout/downloads.server";
import { getLatestVersion } from "~/models/patterns/versions.server";
import { MAX_LIBRARY_QUERY } from "~/schemas/library";
import type { Db } from "~/utils/db.server";

export type LibraryEntry = {
  productId: number;
  /** The order whose downloads the links use. */
  orderId: number;
  name: string;
  storeName: string;
  storeOwner: number;
  /** The current version's number; null for a pattern without versions. */
  version: number | null;
  /** When the current version arrived (ms); null without versions. */
  versionAt: Date | null;
  /**
   * The current version arrived after the buyer first bought the pattern and the buyer has not downloaded it
   * since: every download is logged with the version's file (downloads.file), so downloading it, in any format,
   * clears the badge; downloading an earlier version does not.
   */
  updated: boolean;
  downloads: { format: DownloadFormat; label: string; url: string }[];
};

/**
 * The buyer's library, the latest bought first. `q` keeps the patterns whose name or store name contains it
 * (case-insensitive; blank: all).
 */
export async function listLibrary({ db, userId, q = "" }: { db: Db; userId: number; q?: string }): Promise<LibraryEntry[]> {
  const owned = await db
    .select({
      orderId: orders.id,
      productId: orders.productId,
      boughtAt: orders.createdAt,
      name: products.name,
      storeName: stores.name,
      storeOwner: stores.userId,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(and(eq(orders.buyerId, userId), eq(orders.productType, "Pattern"), eq(orders.delivery, "Digital"), ne(orders.status, "Refunded")))
    .orderBy(desc(orders.id));

  // One entry per product: its newest order gives the links, its first gives the day it was bought.
  const byProduct = new Map<number, (typeof owned)[number] & { firstBoughtAt: Date }>();
  for (const row of owned) {
    const seen = byProduct.get(row.productId);
    if (seen) seen.firstBoughtAt = row.boughtAt;
    else byProduct.set(row.productId, { ...row, firstBoughtAt: row.boughtAt });
  }
  const needle = q.trim().slice(0, MAX_LIBRARY_QUERY).toLocaleLowerCase();
  const entries = [...byProduct.values()].filter(
    (e) => !needle || e.name.toLocaleLowerCase().includes(needle) || e.storeName.toLocaleLowerCase().includes(needle),
  );
  const fetched = await downloadedFiles({ db, userId, productIds: entries.map((e) => e.productId) });

  return await Promise.all(entries.map(async (e) => {
    const latest = await getLatestVersion({ db, productId: e.productId });
    const updated = Boolean(latest && latest.createdAt > e.firstBoughtAt && !fetched.get(e.productId)?.has(latest.file));
    return {
      productId: e.productId,
      orderId: e.orderId,
      name: e.name,
      storeName: e.storeName,
      storeOwner: e.storeOwner,
      version: latest?.version ?? null,
      versionAt: latest?.createdAt ?? null,
      updated,
      downloads: orderDownloadLinks(e.orderId),
    };
  }));
}

/** product id -> the pattern files (versions) the buyer has downloaded of it, through any of their orders. */
async function downloadedFiles({ db, userId, productIds }: { db: Db; userId: number; productIds: number[] }): Promise<Map<number, Set<string>>> {
  const files = new Map<number, Set<string>>();
  if (productIds.length === 0) return files;
  const rows = await db
    .selectDistinct({ productId: orders.productId, file: downloads.file })
    .from(downloads)
    .innerJoin(orders, eq(orders.id, downloads.orderId))
    .where(and(eq(downloads.userId, userId), eq(orders.buyerId, userId), inArray(orders.productId, productIds)));
  for (const row of rows) {
    const set = files.get(row.productId) ?? new Set<string>();
    set.add(row.file);
    files.set(row.productId, set);
  }
  return files;
}

/** The library's JSON entry (GET /api/user/library); `url` makes a link absolute (the JSON face's clientUrl). */
export function libraryEntryJson(e: LibraryEntry, url: (path: string) => string) {
  return {
    productId: e.productId,
    name: e.name,
    store_name: e.storeName,
    version: e.version,
    updated: e.updated,
    downloads: e.downloads.map((d) => ({ format: d.format, url: url(d.url) })),
  };
}
