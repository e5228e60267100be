/**
 * The seller's own designs (spec 2.4 /my-designs, /create-design, /edit-product/{id}; 3 Own product;
 * 5 Design and Variants; 7.3 get-own-products, get-product, update-product, remove-product).
 * Every function is scoped by the seller's store: another seller's product is simply not found.
 */
import { and, asc, desc, eq, inArray, isNull, max, sql } from "drizzle-orm";

import {
  checkoutLines,
  orders,
  patternVersions,
  productMedia,
  products,
  stores,
  users,
  variants,
  type Product,
  type ProductStatus,
} from "../../../db/tables";
import { mediaOf } from "~/models/catalog/media.server";
import { productListColumns, variantsOf } from "~/models/catalog/products.server";
import { READER_VERSION } from "~/models/patterns/dxf.server";
import { readPatternUpload } from "~/models/patterns/read.server";
import { rereadVersion } from "~/models/patterns/reread.server";
import type { PatternUnits } from "~/models/patterns/types";
import { getLatestVersion } from "~/models/patterns/versions.server";
import { notifyPatternUpdate } from "~/models/patterns/updates.server";
import { warmLayouts } from "~/models/layout/layouts.server";
import { DESIGN_MESSAGES, validateDesign, type FieldErrors, type RawDesign } from "~/schemas/selling";
import { affected, type Db, first, transaction } from "~/utils/db.server";
import { greatest } from "~/utils/sql-dialect.server";
import { MAX_MEDIA } from "~/utils/upload-limits";
import { deleteUnreferencedFiles, discardFiles, FILE_STORE_RETRY_SECONDS, FileStoreUnavailableError, storeFile } from "~/models/files/store.server";
import { type FileProblem, type TempFile } from "~/utils/multipart.server";
import { inspectFile } from "~/models/files/inspect.server";
import { shippingOverrideJson } from "~/models/shipping/rates";

/** The seller's designs, drafts included (removed ones are gone from every list), newest first. */
export async function listOwnProducts({ db, storeId }: { db: Db; storeId: number }) {
  const rows = await db
    .select({
      ...productListColumns,
      sold: products.sold,
      status: products.status,
      layoutWidths: products.layoutWidths,
      layoutGapMm: products.layoutGapMm,
      layoutSelvedgeMm: products.layoutSelvedgeMm,
    })
    .from(products)
    .where(and(eq(products.storeId, storeId), isNull(products.removedAt)))
    .orderBy(desc(products.createdAt), desc(products.id));
  const media = await mediaOf(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, media: media.get(r.id) ?? [], image: media.get(r.id)?.[0] ?? null }));
}

/** One of the seller's designs with its media and variants; null for anyone else's or a removed one. */
export async function getOwnProduct({ db, storeId, productId }: { db: Db; storeId: number; productId: number }) {
  const product = await first(db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.storeId, storeId), isNull(products.removedAt))).limit(1));
  if (!product) return null;
  const media = await db
    .select({ id: productMedia.id, media: productMedia.media })
    .from(productMedia)
    .where(eq(productMedia.productId, productId))
    .orderBy(asc(productMedia.position), asc(productMedia.id));
  return { product, media, variants: await variantsOf(db, productId) };
}
export type OwnProduct = NonNullable<Awaited<ReturnType<typeof getOwnProduct>>>;

/** Spec 3, Own product (the JSON face's field names); price in dollars. */
export function ownProductJson({ product, media, variants: rows }: OwnProduct) {
  return {
    id: product.id,
    name: product.name,
    desc: product.description,
    price: product.priceCents / 100,
    type: product.type,
    category1: product.category1,
    category2: product.category2,
    terms: product.terms,
    pattern_url: product.patternFile,
    delivery: product.delivery,
    status: product.status,
    parcel_size: product.parcelSize,
    size_chart: product.sizeChart,
    shipping_override: shippingOverrideJson(product.shippingOverride),
    media,
    variants: rows.map((v) => ({ id: v.id, name: v.name, value: v.value, sku: v.sku, inventory: v.inventory })),
  };
}

export type DesignFiles = {
  /** New images or videos, appended after the kept media. */
  media: TempFile[];
  sizeChart?: TempFile | null;
  pattern?: TempFile | null;
  /**
   * Files refused while reading the request (too large, too many), by the design's key of their file (`media`,
   * `sizeChart`, `pattern`; the face names its own fields so): reported under that key.
   */
  problems?: FileProblem[];
};

/** The longest change note of a pattern version. */
export const MAX_PATTERN_NOTE = 500;
export const PATTERN_NOTE_TOO_LONG = `The change note can be at most ${MAX_PATTERN_NOTE} characters.`;

/** Why a design is not saved (the codes of SELLING_ERRORS.design). */
export type SaveDesignError = "invalid" | "busy" | "unavailable" | "not-found";

/**
 * A refused save's `problems` are keyed by the design's own keys: its fields as `validateDesign` names them
 * (`variants[1].inventory` for a row), its files `media`, `sizeChart` and `pattern`, and `patternNote`. Which form
 * field or JSON field shows each is the face's business (DESIGN_FORM_FIELDS, DESIGN_API_FIELDS in schemas/selling).
 */
export type SaveDesignResult =
  | { ok: true; product: Product; created: boolean; patternVersion: { version: number; unitsAssumed: boolean } | null }
  /** `accepted`: the files that passed their own checks, which the face may hold for the next try (issue 34, item 16). */
  | { ok: false; error: "invalid"; problems: FieldErrors; accepted?: TempFile[] }
  /** The pattern worker pool was full: nothing was judged wrong with the files; ask again after `retryAfter` s. */
  | { ok: false; error: "busy"; problems: FieldErrors; retryAfter: number; accepted?: TempFile[] }
  /** The file store's bucket did not answer (FILES_ERRORS.unavailable) while keeping the file of `field`. */
  | { ok: false; error: "unavailable"; field: string; retryAfter: number; accepted?: TempFile[] }
  | { ok: false; error: "not-found" };

/**
 * Creates (no productId) or updates one of the seller's designs: every rule of spec 5 is checked, all files
 * included, before anything is stored; a refused request stores nothing and changes nothing. Media no
 * longer used afterwards (removed items, a replaced size chart) are deleted; pattern files are kept as
 * versions (a new DXF becomes the next `pattern_versions` row).
 */
export async function saveDesign({
  db,
  storeId,
  ownerId,
  productId,
  raw,
  keepMedia,
  files,
  patternNote = "",
  status,
  checkSizes,
  faceProblems,
}: {
  db: Db;
  storeId: number;
  ownerId: number;
  productId?: number | null;
  raw: RawDesign;
  /** The current media to keep, in the new order; null keeps them all. */
  keepMedia: number[] | null;
  files: DesignFiles;
  /** The change note of a new pattern version, for its buyers. */
  patternNote?: string;
  /** Draft or published (decision 106); absent: a new design is published, an existing one keeps its status. */
  status?: ProductStatus;
  /**
   * A check of what depends on the design's sizes as they will be after this save (a size chart sent with it), run
   * once everything else is valid and before anything is stored: problems refuse the save like any other.
   * `patternSizes`: the new pattern file's sizes, null when no new file comes; `variantValues`: the size rows.
   */
  checkSizes?: (after: { type: string; patternSizes: string[] | null; variantValues: string[] }) => Promise<FieldErrors | null>;
  /**
   * Problems the face found in fields of its own (the form's size chart and layout boxes): reported together with
   * the design's, files included (a bad width does not hide a bad DXF), and nothing is stored.
   */
  faceProblems?: FieldErrors | null;
}): Promise<SaveDesignResult> {
  const existing = productId ? await getOwnProduct({ db, storeId, productId }) : null;
  if (productId && !existing) return { ok: false, error: "not-found" };

  const validated = validateDesign(raw);
  const problems: FieldErrors = validated.ok ? {} : { ...validated.errors };
  const add = (key: string, message: string) => {
    const list = (problems[key] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  const refusedFiles = files.problems ?? [];
  for (const p of refusedFiles) add(p.field, p.message);
  for (const [key, messages] of Object.entries(faceProblems ?? {})) for (const message of messages) add(key, message);
  const type = validated.ok ? validated.value.type : typeof raw.type === "string" ? raw.type : undefined;

  // Media: at least one when none exist, at most 10.
  const currentMedia = existing?.media ?? [];
  const keep = keepMedia === null ? currentMedia.map((m) => m.id) : keepMedia.filter((id) => currentMedia.some((m) => m.id === id));
  const refusedMedia = refusedFiles.filter((p) => p.field === "media").length;
  const mediaCount = keep.length + files.media.length + refusedMedia;
  if (mediaCount === 0) add("media", DESIGN_MESSAGES.mediaRequired);
  if (mediaCount > MAX_MEDIA) add("media", DESIGN_MESSAGES.mediaTooMany);
  const checkedMedia = await Promise.all(files.media.map((f) => inspectFile(f, ["image", "video"])));
  checkedMedia.forEach((c) => !c.ok && add("media", c.message));

  // Size chart image: mandatory.
  const hasChartProblem = refusedFiles.some((p) => p.field === "sizeChart");
  const checkedChart = files.sizeChart ? await inspectFile(files.sizeChart, ["image"]) : null;
  if (checkedChart && !checkedChart.ok) add("sizeChart", checkedChart.message);
  if (!files.sizeChart && !existing?.product.sizeChart && !hasChartProblem) add("sizeChart", DESIGN_MESSAGES.sizeChartRequired);

  // Pattern file (DXF): mandatory for a Pattern; ignored for apparel.
  const isPattern = type === "Pattern";
  const hasPatternProblem = refusedFiles.some((p) => p.field === "pattern");
  const patternTemp = isPattern ? (files.pattern ?? null) : null;
  const checkedPattern = patternTemp ? await inspectFile(patternTemp, ["dxf"]) : null;
  if (checkedPattern && !checkedPattern.ok) add("pattern", checkedPattern.message);
  // The DXF is read once here, in the worker pool and within its limits (decisions 060, 090): a file without a
  // usable outline, or too large or too complex, is refused at the field; the reading is what gets stored.
  let pattern: { data: string; sizes: string[]; unitsAssumed: boolean } | null = null;
  let retryAfter: number | undefined;
  if (patternTemp && checkedPattern?.ok) {
    const read = await readPatternUpload(patternTemp.path);
    if (read.ok) pattern = read;
    else {
      add("pattern", read.message);
      retryAfter = read.retryAfter;
    }
  }
  const note = patternNote.trim();
  if (note.length > MAX_PATTERN_NOTE) add("patternNote", PATTERN_NOTE_TOO_LONG);
  if (isPattern && !patternTemp && !existing?.product.patternFile && !hasPatternProblem) {
    add("pattern", DESIGN_MESSAGES.patternRequired);
  }

  // The files that passed their own checks: a refused save does not make the seller choose them again.
  const accepted = [
    ...files.media.filter((_, i) => checkedMedia[i]!.ok),
    ...(files.sizeChart && checkedChart?.ok ? [files.sizeChart] : []),
    ...(patternTemp && checkedPattern?.ok && (pattern || retryAfter !== undefined) ? [patternTemp] : []),
    // A pattern file sent with apparel is not read; kept for a type changed back to Pattern.
    ...(!isPattern && files.pattern ? [files.pattern] : []),
  ];
  if (retryAfter !== undefined) return { ok: false, error: "busy", problems, retryAfter, accepted };
  if (!validated.ok || Object.keys(problems).length) return { ok: false, error: "invalid", problems, accepted };
  const input = validated.value;
  const sizeProblems = checkSizes
    ? await checkSizes({ type: input.type, patternSizes: pattern?.sizes ?? null, variantValues: input.variants.map((v) => v.value) })
    : null;
  if (sizeProblems && Object.keys(sizeProblems).length) return { ok: false, error: "invalid", problems: sizeProblems, accepted };

  // Everything is valid: store the files, then write the rows in one transaction.
  const stored: string[] = [];
  const mediaNames: string[] = [];
  let chartName: string | null = null;
  let patternName: string | null = null;
  let failing = "media";
  try {
    for (const [i, file] of files.media.entries()) {
      const checked = checkedMedia[i]!;
      if (!checked.ok) continue;
      const name = (await storeFile({ db, temp: file, inspected: checked.file, kind: "media", ownerId })).name;
      stored.push(name);
      mediaNames.push(name);
    }
    failing = "sizeChart";
    if (files.sizeChart && checkedChart?.ok) {
      chartName = (await storeFile({ db, temp: files.sizeChart, inspected: checkedChart.file, kind: "media", ownerId })).name;
      stored.push(chartName);
    }
    failing = "pattern";
    if (patternTemp && checkedPattern?.ok) {
      patternName = (await storeFile({ db, temp: patternTemp, inspected: checkedPattern.file, kind: "pattern", ownerId })).name;
      stored.push(patternName);
    }
  } catch (error) {
    await discardFiles({ db, names: stored });
    if (error instanceof FileStoreUnavailableError) {
      return { ok: false, error: "unavailable", field: failing, retryAfter: FILE_STORE_RETRY_SECONDS };
    }
    return { ok: false, error: "invalid", problems: { [failing]: ["This file could not be read as an image or video."] } };
  }

  let outcome: { product: Product; unused: string[]; version: number | null } | null;
  try {
    outcome = await transaction(db,
      async (tx) => {
        const now = new Date();
        const before = productId
          ? await first(tx
              .select()
              .from(products)
              .where(and(eq(products.id, productId), eq(products.storeId, storeId), isNull(products.removedAt))).limit(1))
          : undefined;
        if (productId && !before) return null;
        // The store's owner as it is now: an account deleted while this save was on its way (its store closed)
        // lists nothing new (issue 34, item 1).
        const owner = await first(tx.select({ status: users.status }).from(stores).innerJoin(users, eq(users.id, stores.userId)).where(eq(stores.id, storeId)).limit(1));
        if (owner?.status !== "Active") return null;
        const columns = {
          name: input.name,
          description: input.desc,
          priceCents: input.priceCents,
          type: input.type,
          delivery: input.delivery,
          category1: input.category1,
          category2: input.category2,
          terms: input.terms,
          parcelSize: input.parcel_size,
          sizeChart: chartName ?? before?.sizeChart ?? null,
          patternFile: input.type === "Pattern" ? (patternName ?? before?.patternFile ?? null) : (before?.patternFile ?? null),
          ...(status ? { status } : {}),
          updatedAt: now,
        };
        const product = before
          ? (await tx.update(products).set(columns).where(eq(products.id, before.id)).returning())[0]
          : (await tx.insert(products).values({ storeId, ...columns }).returning())[0];

        const unused: string[] = [];
        if (before?.sizeChart && chartName) unused.push(before.sizeChart);

        // Media: drop the removed ones, order the kept ones, append the new ones.
        const rows = await tx.select().from(productMedia).where(eq(productMedia.productId, product.id));
        const keepIds = keep.filter((id) => rows.some((r) => r.id === id));
        const removed = rows.filter((r) => !keepIds.includes(r.id));
        if (removed.length) await tx.delete(productMedia).where(inArray(productMedia.id, removed.map((r) => r.id)));
        unused.push(...removed.map((r) => r.media));
        for (const [position, id] of keepIds.entries()) await tx.update(productMedia).set({ position }).where(eq(productMedia.id, id));
        for (const [i, media] of mediaNames.entries()) await tx.insert(productMedia).values({ productId: product.id, media, position: keepIds.length + i });

        if (input.type !== "Pattern") await writeVariants(tx, product.id, input.variants);

        let version: number | null = null;
        if (patternName) {
          const last = await first(tx.select({ v: max(patternVersions.version) }).from(patternVersions).where(eq(patternVersions.productId, product.id)).limit(1));
          version = (last?.v ?? 0) + 1;
          await tx.insert(patternVersions)
            .values({ productId: product.id, version, file: patternName, note, data: pattern?.data ?? "{}", readerVersion: pattern ? READER_VERSION : 0 });
        }
        return { product, unused, version };
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    await discardFiles({ db, names: stored });
    throw error;
  }
  if (!outcome) {
    await discardFiles({ db, names: stored });
    return { ok: false, error: "not-found" };
  }
  await deleteUnreferencedFiles({ db, names: outcome.unused });
  const { version } = outcome;
  if (version !== null && outcome.product.type === "Pattern") warmLayouts({ db, productId: outcome.product.id });
  if (version !== null && version > 1 && outcome.product.type === "Pattern") {
    await notifyPatternUpdate({ db, productId: outcome.product.id, productName: outcome.product.name, version, note });
  }
  return {
    ok: true,
    product: outcome.product,
    created: !productId,
    patternVersion: version !== null ? { version, unitsAssumed: pattern?.unitsAssumed ?? false } : null,
  };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Makes the product's variants the given rows, in order: rows with the id of one of its variants update it,
 * others are new. A variant that is gone from the list is deleted, unless orders or checkouts refer to it:
 * then it stays with no stock (it can no longer be bought, and the orders keep their variant).
 */
async function writeVariants(tx: Tx, productId: number, rows: { id?: number; value: string; sku: string; inventory: number; was?: number }[]) {
  const current = await tx.select({ id: variants.id }).from(variants).where(eq(variants.productId, productId));
  const currentIds = new Set(current.map((v) => v.id));
  const keptIds = new Set<number>();
  for (const [position, row] of rows.entries()) {
    const values = { name: "Size", value: row.value, sku: row.sku, inventory: row.inventory, position };
    if (row.id && currentIds.has(row.id) && !keptIds.has(row.id)) {
      keptIds.add(row.id);
      // With the stock the form showed, move by the difference: reservations made meanwhile stay counted.
      const inventory =
        row.was === undefined ? row.inventory : greatest(tx, 0, sql`${variants.inventory} + ${row.inventory - row.was}`);
      await tx.update(variants).set({ ...values, inventory }).where(eq(variants.id, row.id));
    } else {
      await tx.insert(variants).values({ productId, ...values });
    }
  }
  const gone = [...currentIds].filter((id) => !keptIds.has(id));
  if (!gone.length) return;
  const referenced = new Set(
    [
      ...await tx.select({ id: orders.variantId }).from(orders).where(inArray(orders.variantId, gone)),
      ...await tx.select({ id: checkoutLines.variantId }).from(checkoutLines).where(inArray(checkoutLines.variantId, gone)),
    ].map((r) => r.id),
  );
  const deletable = gone.filter((id) => !referenced.has(id));
  if (deletable.length) await tx.delete(variants).where(inArray(variants.id, deletable));
  const kept = gone.filter((id) => referenced.has(id));
  if (kept.length) {
    await tx.update(variants)
      .set({ inventory: 0, position: rows.length })
      .where(inArray(variants.id, kept));
  }
}

/**
 * Removes one of the seller's designs from sale: it disappears from the catalogue, the store and the
 * seller's lists, while orders that reference it stay intact (the row is kept, marked removed).
 */
export async function removeOwnProduct({ db, storeId, productId }: { db: Db; storeId: number; productId: number }): Promise<boolean> {
  const result = await db
    .update(products)
    .set({ removedAt: new Date() })
    .where(and(eq(products.id, productId), eq(products.storeId, storeId), isNull(products.removedAt)));
  return affected(result) === 1;
}

/**
 * Publishes one of the seller's designs (it is listed, searchable and buyable at once) or turns it back into a draft
 * (it disappears from buyers; carts holding it are refused at checkout). False for another store's design or a
 * removed one; setting the status it already has is fine (decision 106).
 */
export async function setOwnProductStatus({
  db,
  storeId,
  productId,
  status,
}: {
  db: Db;
  storeId: number;
  productId: number;
  status: ProductStatus;
}): Promise<boolean> {
  const result = await db
    .update(products)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(products.id, productId), eq(products.storeId, storeId), isNull(products.removedAt)));
  return affected(result) === 1;
}

export type PatternUnitsError = "not-found" | "unreadable" | "busy";

/**
 * The seller's choice of units for their design's current pattern file (decision 100): the file is read again with
 * them (`null`: as the file says) and the reading replaces the stored one. Another store's design, a design without
 * a pattern version, or one removed is not found; a file that cannot be read so keeps its reading (`unreadable`,
 * with the reader's message).
 */
export async function setOwnPatternUnits({
  db,
  storeId,
  productId,
  units,
}: {
  db: Db;
  storeId: number;
  productId: number;
  units: PatternUnits | null;
}): Promise<{ ok: true; warnings: string[] } | { ok: false; error: PatternUnitsError; message?: string; retryAfter?: number }> {
  const found = await getOwnProduct({ db, storeId, productId });
  const latest = found?.product.type === "Pattern" ? await getLatestVersion({ db, productId }) : undefined;
  if (!latest) return { ok: false, error: "not-found" };
  const result = await rereadVersion({ db, versionId: latest.id, units });
  if (result.ok) warmLayouts({ db, productId });
  if (result.ok) return { ok: true, warnings: result.warnings };
  if (result.error === "busy") return { ok: false, error: "busy", retryAfter: result.retryAfter };
  return result.error === "unreadable" ? { ok: false, error: "unreadable", message: result.message } : { ok: false, error: "not-found" };
}
