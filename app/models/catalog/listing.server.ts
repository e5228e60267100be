/** The catalogue: product lists for explore, best-sellers, popular and store pages. */
import { and, asc, count, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";

import { products, stores } from "../../../db/tables";
import type { ProductCardData } from "~/models/catalog/card";
import { favoriteIdsAmong } from "~/models/catalog/favorites.server";
import { mediaOf } from "~/models/catalog/media.server";
import { productWithStoreColumns } from "~/models/catalog/products.server";
import { PAGE_SIZE, type CatalogQuery, type SortId } from "~/schemas/catalog";
import { AVAILABILITIES, type Delivery, type ProductType } from "~/utils/catalog";
import { type Db, first, untilDataChangesAsync } from "~/utils/db.server";
import { centsToDollars } from "~/utils/money";
import { catalogueMatch } from "~/utils/sql-dialect.server";

/** best-sellers: everything but patterns; popular: only patterns (spec 2.3). */
export type ListScope = "explore" | "best-sellers" | "popular";

export type ProductListItem = {
  id: number;
  name: string;
  priceCents: number;
  type: ProductType;
  delivery: Delivery | null;
  media: string[];
  storeId: number;
  storeOwner: number;
  storeName: string;
  storeAvatar: string | null;
  /** The viewer's own product (spec: myself). */
  myself: boolean;
  /** Whether the viewer favours it; null for a visitor (the card's heart is a login link). */
  favorite: boolean | null;
};

/** What a product card shows (app/components/product-card.tsx). */
export function toCardData(p: ProductListItem): ProductCardData {
  return {
    id: p.id,
    name: p.name,
    priceCents: p.priceCents,
    image: p.media[0] ?? null,
    storeOwner: p.storeOwner,
    storeName: p.storeName,
    storeAvatar: p.storeAvatar,
    myself: p.myself,
    favorite: p.favorite,
  };
}

export type ProductListPage = { items: ProductListItem[]; total: number; page: number; pageCount: number };

const SCOPE_TYPES: Record<ListScope, readonly ProductType[]> = {
  explore: ["Pattern", "Made", "Ready"],
  "best-sellers": ["Made", "Ready"],
  popular: ["Pattern"],
};

const ORDER: Record<SortId, SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  price_asc: [asc(products.priceCents), desc(products.id)],
  price_desc: [desc(products.priceCents), desc(products.id)],
  best_selling: [desc(products.sold), desc(products.id)],
};

/**
 * An FTS5 query for what a person typed: every word must match, as a prefix, in the name,
 * description or store name. Returns null when nothing searchable is left.
 */
export function ftsQuery(text: string): string | null {
  const words = searchWords(text);
  return words.length ? words.map((w) => `"${w}"*`).join(" ") : null;
}

/** The words of a search (at most 8, letters and digits, lower case): what catalogueMatch looks for on either engine. */
function searchWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
}

function typesFor(scope: ListScope, category3: string[]): ProductType[] {
  const chosen = category3.length
    ? AVAILABILITIES.filter((a) => category3.includes(a.id)).map((a) => a.type)
    : AVAILABILITIES.map((a) => a.type);
  return chosen.filter((t) => SCOPE_TYPES[scope].includes(t));
}

export async function listProducts({
  db,
  query,
  scope = "explore",
  viewerId,
  storeId,
  pageSize = PAGE_SIZE,
}: {
  db: Db;
  query: Pick<CatalogQuery, "category1" | "category2" | "category3" | "q" | "sort" | "page">;
  scope?: ListScope;
  viewerId?: number | null;
  storeId?: number;
  pageSize?: number;
}): Promise<ProductListPage> {
  // A page of the catalogue is the same for everyone until the data changes (only `myself` and `favorite` depend
  // on the viewer): reused across requests, so a busy listing costs no query at all (untilDataChanges).
  const key = JSON.stringify([scope, storeId ?? null, pageSize, query.category1, query.category2, query.category3, query.q, query.sort, query.page]);
  const found = await untilDataChangesAsync(db, `listProducts ${key}`, async () => readPage({ db, query, scope, storeId, pageSize }));
  const favored = viewerId != null ? await favoriteIdsAmong({ db, userId: viewerId, productIds: found.rows.map((r) => r.id) }) : null;
  const items = found.rows.map((r) => ({
    ...r,
    media: [...r.media],
    myself: viewerId != null && r.storeOwner === viewerId,
    favorite: favored ? favored.has(r.id) : null,
  }));
  return { items, total: found.total, page: found.page, pageCount: found.pageCount };
}

async function readPage({
  db,
  query,
  scope,
  storeId,
  pageSize,
}: {
  db: Db;
  query: Pick<CatalogQuery, "category1" | "category2" | "category3" | "q" | "sort" | "page">;
  scope: ListScope;
  storeId?: number;
  pageSize: number;
}) {
  const types = typesFor(scope, query.category3);
  const words = searchWords(query.q);
  const where = and(
    isNull(products.removedAt),
    // Drafts are their seller's alone: never listed, searched or counted here (decision 106).
    eq(products.status, "published"),
    query.category1 !== "all" ? eq(products.category1, query.category1) : undefined,
    query.category2.length ? inArray(products.category2, query.category2) : undefined,
    types.length < 3 ? inArray(products.type, types.length ? types : ["none" as ProductType]) : undefined,
    storeId !== undefined ? eq(products.storeId, storeId) : undefined,
    words.length ? catalogueMatch(db, products.id, words) : undefined,
  );

  const total = (await first(db.select({ n: count() }).from(products).where(where).limit(1)))?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select(productWithStoreColumns)
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(where)
    .orderBy(...ORDER[query.sort])
    .limit(pageSize)
    .offset((page - 1) * pageSize);

  const media = await mediaOf(db, rows.map((r) => r.id));
  return { rows: rows.map((r) => ({ ...r, media: media.get(r.id) ?? [] })), total, page, pageCount };
}

/** Product (list item, JSON face; prices in dollars): id, name, price, media, store_owner, store_name, store_avatar, myself, type. */
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
