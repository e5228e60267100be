/**
 * The makes' galleries (issue 37): a pattern's (product page and GET /api/user/makes/{productId}), a store's, and
 * the maker's own (/my-makes). Newest first, paged. A hidden make is listed only to its maker. A maker is shown by
 * display name only, never an email or measurements.
 */
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";

import { makePhotos, makeReports, makes, products, stores, users } from "../../../db/tables";
import { makeEligibility, makeFields } from "./makes.server";
import { productAndSeller, productVisibleTo } from "~/models/catalog/products.server";
import { displayName } from "~/models/messaging/conversations.server";
import { MAKES_PER_PAGE } from "~/schemas/makes";
import { type Db, first as firstRow } from "~/utils/db.server";
import { isoDay } from "~/utils/dates";
import { fileUrl } from "~/utils/media";

export type MakeView = ReturnType<typeof makeFields> & { productName: string; photos: string[]; maker: string; makerId: number; createdAt: Date };

export type MakePage = { makes: MakeView[]; total: number; page: number; pages: number };

/** A page number from a query string: 1 unless a whole number of at least 1. */
export function pageParam(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/** Hidden makes are shown to their maker only. */
function visibleTo(viewerId: number | null): SQL {
  return viewerId === null ? isNull(makes.hiddenAt) : or(isNull(makes.hiddenAt), eq(makes.userId, viewerId))!;
}

async function listMakes(db: Db, where: SQL, page: number, first: SQL[] = []): Promise<MakePage> {
  const total =
    (await firstRow(db
      .select({ n: count() })
      .from(makes)
      .innerJoin(products, eq(products.id, makes.productId))
      .where(where).limit(1)))?.n ?? 0;
  const rows = await db
    .select({ make: makes, productName: products.name, firstName: users.firstName, lastName: users.lastName })
    .from(makes)
    .innerJoin(products, eq(products.id, makes.productId))
    .innerJoin(users, eq(users.id, makes.userId))
    .where(where)
    .orderBy(...first, desc(makes.createdAt), desc(makes.id))
    .limit(MAKES_PER_PAGE)
    .offset((page - 1) * MAKES_PER_PAGE);
  const photos = new Map<number, string[]>();
  if (rows.length) {
    const photoRows = await db
      .select({ makeId: makePhotos.makeId, file: makePhotos.file })
      .from(makePhotos)
      .where(inArray(makePhotos.makeId, rows.map((r) => r.make.id)))
      .orderBy(makePhotos.makeId, makePhotos.position);
    for (const p of photoRows) photos.set(p.makeId, [...(photos.get(p.makeId) ?? []), p.file]);
  }
  return {
    total,
    page,
    pages: Math.max(1, Math.ceil(total / MAKES_PER_PAGE)),
    makes: rows.map(({ make, productName, firstName, lastName }) => ({
      ...makeFields(make),
      productName,
      photos: photos.get(make.id) ?? [],
      maker: displayName({ firstName, lastName }),
      makerId: make.userId,
      createdAt: make.createdAt,
    })),
  };
}

/**
 * Whether a viewer may see a pattern's makes: a pattern (not a ready-made or made product: issue 46, item 16), not
 * removed, and published or the viewer's own draft. (A tester's view of a draft's makes is their own /my-makes.)
 */
export async function canSeeProductMakes({ db, productId, viewerId }: { db: Db; productId: number; viewerId: number | null }): Promise<boolean> {
  const product = await productAndSeller(db, productId);
  return product?.type === "Pattern" && productVisibleTo(product, viewerId);
}

/** A pattern's gallery: testers' makes first (they open it), then the newest first. */
export async function listProductMakes({ db, productId, viewerId, page = 1 }: { db: Db; productId: number; viewerId: number | null; page?: number }): Promise<MakePage> {
  return await listMakes(db, and(eq(makes.productId, productId), visibleTo(viewerId))!, page, [desc(makes.tester)]);
}

/** A store's makes: those on its published, not removed patterns. */
export async function listStoreMakes({ db, storeId, viewerId, page = 1 }: { db: Db; storeId: number; viewerId: number | null; page?: number }): Promise<MakePage> {
  return await listMakes(
    db,
    and(eq(products.storeId, storeId), eq(products.status, "published"), isNull(products.removedAt), visibleTo(viewerId))!,
    page,
  );
}

/** The maker's own makes, hidden ones marked. */
export async function listOwnMakes({ db, userId, page = 1 }: { db: Db; userId: number; page?: number }): Promise<MakePage> {
  return await listMakes(db, eq(makes.userId, userId), page);
}

/** What a seller reads of a make's reports: how many, and the reasons, oldest first (never who sent them). */
export type MakeReportsView = { count: number; reasons: string[] };

/**
 * The makes on a seller's patterns, hidden ones too, with their reports, so that the seller can hide and show them
 * again (their moderation page /my-pattern-makes, issue 46 item 12; no one else sees a hidden make but its maker).
 * Reported makes first, the latest reported first; then the newest.
 */
export async function listSellerMakes({ db, sellerId, page = 1 }: { db: Db; sellerId: number; page?: number }): Promise<MakePage & { reports: Record<number, MakeReportsView> }> {
  const storeIds = (await db.select({ id: stores.id }).from(stores).where(eq(stores.userId, sellerId))).map((s) => s.id);
  if (storeIds.length === 0) return { makes: [], total: 0, page, pages: 1, reports: {} };
  const lastReport = sql`(SELECT max(${makeReports.createdAt}) FROM ${makeReports} WHERE ${makeReports.makeId} = ${makes.id})`;
  // Unreported makes (no report: NULL) after the reported ones on both engines (PostgreSQL sorts NULLs first descending).
  const found = await listMakes(db, inArray(products.storeId, storeIds), page, [sql`${lastReport} DESC NULLS LAST`]);
  const reports: Record<number, MakeReportsView> = {};
  if (found.makes.length) {
    const rows = await db
      .select({ makeId: makeReports.makeId, reason: makeReports.reason })
      .from(makeReports)
      .where(inArray(makeReports.makeId, found.makes.map((m) => m.id)))
      .orderBy(makeReports.createdAt, makeReports.id);
    for (const row of rows) {
      const view = (reports[row.makeId] ??= { count: 0, reasons: [] });
      view.count += 1;
      view.reasons.push(row.reason);
    }
  }
  return { ...found, reports };
}

/** One make as the JSON calls answer it (`maker` a display name; never an email or measurements). */
export function makeJson(make: MakeView) {
  return {
    id: make.id,
    product_id: make.productId,
    size: make.size,
    fabric: make.fabric,
    notes: make.notes,
    fit: make.fit,
    photos: make.photos.map((name) => fileUrl(name)),
    maker: make.maker,
    tester: make.tester,
    hidden: make.hidden,
    created_at: make.createdAt.toISOString(),
  };
}

/** A page's card of a make (dates as ISO days; no measurements, no email). */
export function toMakeCard({ createdAt, sharedMeasurements: _shared, ...make }: MakeView) {
  return { ...make, date: isoDay(createdAt) };
}

/** A card as the pages' components read it (make-card.tsx). */
export type MakeCardData = ReturnType<typeof toMakeCard>;

/**
 * The product page's makes section (patterns only; null for other products): the gallery page asked for (`page`),
 * and whether the viewer may post a make of it.
 */
export async function productMakesSection({ db, productId, viewerId, page }: { db: Db; productId: number; viewerId: number | null; page: number }) {
  const found = await listProductMakes({ db, productId, viewerId, page });
  return {
    ...found,
    makes: found.makes.map(toMakeCard),
    canPost: viewerId !== null && (await makeEligibility(db, { userId: viewerId, productId })).ok,
  };
}
