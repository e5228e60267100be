/**
 * Makes (issue 37): what a buyer or a tester of a pattern sewed from it. Who may post (`makeEligibility`), and the
 * maker's own create, edit and delete, each scoped by its maker. The gallery views are gallery.server.ts; reports and
 * the seller's hiding moderation.server.ts; the administrator's removal admin/makes.server.ts.
 */
import { and, eq, inArray, ne } from "drizzle-orm";

import { makePhotos, makes, orders, products, type Make } from "../../../db/tables";
import { productAndSeller } from "~/models/catalog/products.server";
import { getMeasurements, getSizeChart } from "~/models/fit/chart.server";
import { discardFiles } from "~/models/files/store.server";
import { PHOTOS_FIELD, storeMakePhotos, type FieldErrors } from "./photos.server";
import { MAX_MAKE_PHOTOS, type MakeFits } from "~/schemas/makes";
import { type Db, type DbOrTx, first, transaction } from "~/utils/db.server";
import type { FileProblem, TempFile } from "~/utils/multipart.server";

export type MakeError =
  | "product-not-found"
  | "not-allowed"
  | "make-not-found"
  | "invalid-size"
  | "no-photos"
  | "too-many-photos"
  | "photos";

/** A make's fields as both faces send them (photos apart). */
export type MakeInput = { size: string; fabric: string; notes: string; fit: MakeFits; shareMeasurements: boolean };

export type MakeFailure = { ok: false; error: MakeError; errors?: FieldErrors };

/**
 * Whether a user may post a make on a product: a pattern, not removed, that they bought (a paid order, not
 * refunded) or that they test (a tester copy order, issue 37 item 2; then also while it is a draft). The seller of
 * the pattern, a buyer whose order was refunded, and anyone else may not.
 */
export async function makeEligibility(
  db: DbOrTx,
  { userId, productId }: { userId: number; productId: number },
): Promise<{ ok: true; tester: boolean; sellerId: number } | { ok: false; error: "product-not-found" | "not-allowed" }> {
  const product = await productAndSeller(db, productId);
  if (!product || product.removedAt || product.type !== "Pattern") return { ok: false, error: "product-not-found" };
  const owned = await ownership(db, { userId, productId });
  if (product.status !== "published" && !owned.tester) {
    return { ok: false, error: product.sellerId === userId ? "not-allowed" : "product-not-found" };
  }
  if (!owned.bought && !owned.tester) return { ok: false, error: "not-allowed" };
  return { ok: true, tester: owned.tester, sellerId: product.sellerId };
}

/** The user's orders of a product that are not refunded: any is a purchase; a tester copy makes them a tester. */
async function ownership(db: DbOrTx, { userId, productId }: { userId: number; productId: number }) {
  const rows = await db
    .select({ testerCopy: orders.testerCopy })
    .from(orders)
    .where(and(eq(orders.buyerId, userId), eq(orders.productId, productId), ne(orders.status, "Refunded")));
  return { bought: rows.some((r) => !r.testerCopy), tester: rows.some((r) => r.testerCopy) };
}

/** The size must be one of the chart's sizes when the design has a size chart; any short text otherwise. */
async function sizeAllowed(db: Db, productId: number, size: string): Promise<boolean> {
  const chart = await getSizeChart({ db }, productId);
  if (!chart || chart.rows.length === 0) return true;
  return chart.rows.some((row) => row.size === size);
}

/** The maker's measurements to keep with the make: only with the tick, and only when they have any. */
async function sharedMeasurements(db: Db, userId: number, share: boolean): Promise<string | null> {
  if (!share) return null;
  const measurements = await getMeasurements({ db }, userId);
  return measurements ? JSON.stringify(measurements) : null;
}

function fitColumns(fit: MakeFits) {
  return { fitBust: fit.bust, fitWaist: fit.waist, fitHip: fit.hip, fitLength: fit.length };
}

/** A make's fit per zone (its columns read back; fitColumns writes them). */
export function fitOf(make: Pick<Make, "fitBust" | "fitWaist" | "fitHip" | "fitLength">): MakeFits {
  return { bust: make.fitBust, waist: make.fitWaist, hip: make.fitHip, length: make.fitLength };
}

/** A make's own fields as its views read them (the gallery, the edit form, the export): photos and maker apart. */
export function makeFields(make: Make) {
  return {
    id: make.id,
    productId: make.productId,
    size: make.size,
    fabric: make.fabric,
    notes: make.notes,
    fit: fitOf(make),
    tester: make.tester,
    hidden: make.hiddenAt !== null,
    sharedMeasurements: make.measurements !== null,
  };
}

function photoCountError(count: number, problems: FileProblem[]): MakeFailure | null {
  if (count + problems.length > MAX_MAKE_PHOTOS) return { ok: false, error: "too-many-photos", errors: { [PHOTOS_FIELD]: [TOO_MANY] } };
  if (count === 0 && problems.length === 0) return { ok: false, error: "no-photos", errors: { [PHOTOS_FIELD]: [NO_PHOTOS] } };
  return null;
}
const TOO_MANY = `A make has ${MAX_MAKE_PHOTOS} photos at most.`;
const NO_PHOTOS = "Add at least one photo of your make.";
const INVALID_SIZE = "Choose one of this pattern's sizes.";

/** Posts a make with 1 to 6 photos; the photos are stored only when everything else passed. */
/** What a post and an edit send: the make's fields, the new photos and the refused files' problems. */
type MakeWrite = { db: Db; userId: number; input: MakeInput; photos: TempFile[]; problems?: FileProblem[]; now?: Date };

/**
 * The checks a post and an edit make before anything is written (the size, 1 to 6 photos with the `kept` ones),
 * then the new photos stored: their names, or the failure.
 */
async function checkAndStorePhotos(
  { db, userId, input, photos, problems = [] }: MakeWrite,
  { productId, kept }: { productId: number; kept: number },
): Promise<{ ok: true; names: string[] } | MakeFailure> {
  if (!await sizeAllowed(db, productId, input.size)) return { ok: false, error: "invalid-size", errors: { size: [INVALID_SIZE] } };
  const counted = photoCountError(kept + photos.length, problems);
  if (counted) return counted;
  const stored = await storeMakePhotos({ db, userId, photos, problems });
  return stored.ok ? { ok: true, names: stored.names } : { ok: false, error: "photos", errors: stored.errors };
}

export async function createMake(write: MakeWrite & { productId: number }): Promise<{ ok: true; make: Make } | MakeFailure> {
  const { db, userId, productId, input, now = new Date() } = write;
  const eligible = await makeEligibility(db, { userId, productId });
  if (!eligible.ok) return eligible;
  const stored = await checkAndStorePhotos(write, { productId, kept: 0 });
  if (!stored.ok) return stored;
  try {
    const make = await transaction(db,
      async (tx) => {
        // Checked again with the write: a refund between the two refuses the make.
        const still = await makeEligibility(tx, { userId, productId });
        if (!still.ok) return still;
        const make = (await tx
          .insert(makes)
          .values({
            productId,
            userId,
            size: input.size,
            fabric: input.fabric,
            notes: input.notes,
            ...fitColumns(input.fit),
            measurements: await sharedMeasurements(db, userId, input.shareMeasurements),
            tester: still.tester,
            createdAt: now,
          })
          .returning())[0];
        for (const [position, file] of stored.names.entries()) await tx.insert(makePhotos).values({ makeId: make.id, file, position });
        return { ok: true as const, make };
      },
      { behavior: "immediate" },
    );
    if (!make.ok) await discardFiles({ db, names: stored.names });
    return make;
  } catch (error) {
    await discardFiles({ db, names: stored.names });
    throw error;
  }
}

/** The maker's own make, or undefined (someone else's make is not found for them). */
export async function getOwnMake({ db, makeId, userId }: { db: DbOrTx; makeId: number; userId: number }) {
  return await first(db.select().from(makes).where(and(eq(makes.id, makeId), eq(makes.userId, userId))).limit(1));
}

export async function makePhotoRows({ db, makeId }: { db: DbOrTx; makeId: number }) {
  return await db.select().from(makePhotos).where(eq(makePhotos.makeId, makeId)).orderBy(makePhotos.position);
}

/**
 * Edits the maker's own make. `keep` lists the photo ids to keep, in order (null keeps them all); `photos` are added
 * after them; 1 to 6 in all. Photos no longer kept are deleted from the file store after the write.
 */
export async function updateMake(write: MakeWrite & { makeId: number; keep: number[] | null }): Promise<{ ok: true; make: Make } | MakeFailure> {
  const { db, userId, makeId, input, keep, now = new Date() } = write;
  const make = await getOwnMake({ db, makeId, userId });
  if (!make) return { ok: false, error: "make-not-found" };
  const current = await makePhotoRows({ db, makeId });
  const kept = keep === null ? current.map((p) => p.id) : keep.filter((id) => current.some((p) => p.id === id));
  const stored = await checkAndStorePhotos(write, { productId: make.productId, kept: kept.length });
  if (!stored.ok) return stored;
  let result: { make: Make; removed: string[] } | null;
  try {
    result = await transaction(db,
      async (tx) => {
        const before = await getOwnMake({ db: tx, makeId, userId });
        if (!before) return null;
        // Ticked again: the measurements shared before stay (those "at the time"); newly ticked: today's.
        const measurements = input.shareMeasurements ? (before.measurements ?? await sharedMeasurements(db, userId, true)) : null;
        const updated = (await tx
          .update(makes)
          .set({ size: input.size, fabric: input.fabric, notes: input.notes, ...fitColumns(input.fit), measurements, updatedAt: now })
          .where(eq(makes.id, makeId))
          .returning())[0];
        const rows = await makePhotoRows({ db: tx, makeId });
        const removed = rows.filter((r) => !kept.includes(r.id));
        if (removed.length) await tx.delete(makePhotos).where(inArray(makePhotos.id, removed.map((r) => r.id)));
        for (const [position, id] of kept.entries()) await tx.update(makePhotos).set({ position }).where(eq(makePhotos.id, id));
        for (const [i, file] of stored.names.entries()) await tx.insert(makePhotos).values({ makeId, file, position: kept.length + i });
        return { make: updated, removed: removed.map((r) => r.file) };
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    await discardFiles({ db, names: stored.names });
    throw error;
  }
  if (!result) {
    await discardFiles({ db, names: stored.names });
    return { ok: false, error: "make-not-found" };
  }
  // A make's photos are its own uploads: nothing else refers to them.
  await discardFiles({ db, names: result.removed });
  return { ok: true, make: result.make };
}

/** Deletes the maker's own make, its photos (rows and files) and its reports. */
export async function deleteMake({ db, userId, makeId }: { db: Db; userId: number; makeId: number }): Promise<{ ok: true } | MakeFailure> {
  const files = await transaction(db,
    async (tx) => {
      const make = await getOwnMake({ db: tx, makeId, userId });
      if (!make) return null;
      const names = (await makePhotoRows({ db: tx, makeId })).map((p) => p.file);
      await tx.delete(makes).where(eq(makes.id, makeId));
      return names;
    },
    { behavior: "immediate" },
  );
  if (!files) return { ok: false, error: "make-not-found" };
  await discardFiles({ db, names: files });
  return { ok: true };
}

/** The patterns a user may post a make of (bought, not refunded, or tested), for /my-makes' form: id and name. */
export async function makeablePatterns({ db, userId }: { db: Db; userId: number }): Promise<Array<{ id: number; name: string }>> {
  const rows = await db
    .selectDistinct({ id: products.id, name: products.name })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(and(eq(orders.buyerId, userId), ne(orders.status, "Refunded"), eq(products.type, "Pattern")))
    .orderBy(products.name);
  const eligible: typeof rows = [];
  for (const row of rows) if ((await makeEligibility(db, { userId, productId: row.id })).ok) eligible.push(row);
  return eligible;
}

/** What the make form needs: the pattern's name and chart sizes, and whether the user has measurements to share. */
export async function makeFormContext({ db, userId, productId }: { db: Db; userId: number; productId: number }) {
  const product = await first(db.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, productId)).limit(1));
  const chart = await getSizeChart({ db }, productId);
  return {
    product: product ?? null,
    sizes: chart?.rows.map((row) => row.size) ?? [],
    hasMeasurements: await getMeasurements({ db }, userId) !== null,
  };
}
