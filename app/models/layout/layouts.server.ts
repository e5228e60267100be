/**
 * A product's cutting layouts as a service (issue 25, decision 130): one size's pieces of
 * one material nested on one fabric width (nest.server.ts), computed in the pattern worker pool and cached.
 *
 * - Who sees what: the product page's rule (a listed Pattern product; a draft only for its seller). The buyer's own
 *   size ("custom") only for a signed-in buyer the design can be made to measure for (checkMadeToMeasure).
 * - The key: the version id, its reading and date, the size, the material, the width, the seller's gap and
 *   LAYOUT_REVISION, so a new version, a re-reading, new settings or a new engine never serve an old layout.
 * - Graded layouts live in a bounded memory cache and on disk (DATA_DIR/cache/patterns/layouts, written atomically,
 *   in the file store's bucket when FILE_STORE_URL is set), a buyer's own size in memory only (personal data, like
 *   the custom preview). Concurrent requests for one key share one computation.
 * - warmLayouts computes the layouts of every graded size, the seller's widths and every material of the current
 *   version in the background, one task at a time, and stops while the pool has a queue.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { and, eq, isNull } from "drizzle-orm";

import { products, stores } from "../../../db/tables";
import type { Layout } from "../patterns/nest.server";
import { EVALUATIONS_PER_SECOND } from "../patterns/strip.server";
import { getLayoutSettings } from "./settings.server";
import { LAYOUT_WIDTH_RANGE_MM } from "~/utils/layout-settings";
import { getMeasurements, getSizeChart } from "~/models/fit/chart.server";
import { customPreviewKey } from "~/models/fit/custom-preview.server";
import { CUSTOM_SIZE } from "~/models/patterns/interpolate";
import { checkMadeToMeasure } from "~/models/fit/made-to-measure-orders.server";
import { cacheDir, fetchCached, keepCached } from "~/models/files/store.server";
import { sizeMaterials } from "~/models/patterns/fabric.server";
import { defaultSize } from "~/models/patterns/pieces";
import { GAVE_WAY } from "~/models/patterns/quiet";
import { backgroundPatternPool, idlePatternPool, PatternBusyError, PatternLimitError, patternPool, runPatternTask, type PatternLane } from "~/models/patterns/pool.server";
import type { Pattern } from "~/models/patterns/types";
import type { PatternTask } from "~/models/patterns/worker";
import { getLatestVersion, loadPattern, type VersionSummary } from "~/models/patterns/versions.server";
import { createCache } from "~/utils/cache.server";
import { getEnv } from "~/utils/env.server";
import { type Db, type DbOrTx, first, isClosed } from "~/utils/db.server";
import { log } from "~/utils/log.server";
import { layoutRequests as served } from "~/utils/metrics.server";
import { isId } from "~/utils/ids";

/** The buyer's own made-to-measure size (the fit issue's CUSTOM_SIZE). */
export const CUSTOM_LAYOUT_SIZE = CUSTOM_SIZE;
/** Raise when the engine's output changes: every cached layout is then computed again. */
export const LAYOUT_REVISION = 2;

export type ProductLayout = {
  productId: number;
  /** A graded size, or "custom". */
  size: string;
  /** The material laid out ('fabric' = main fabric, 'lining', ...). */
  material: string;
  /** Every material the size is cut from, main fabric first. */
  materials: string[];
  widthMm: number;
  /** The seller's gap (settings.server.ts). */
  gapMm: number;
  layout: Layout;
};

export type ProductLayoutError =
  | "not_found"
  | "no_pattern"
  | "unknown_size"
  | "unknown_material"
  | "bad_width"
  | "no_measurements"
  | "outside_chart"
  | "too_wide"
  | "busy"
  | "client_busy"
  | "limit"
  | "preparing";

export type ProductLayoutResult = { ok: true; value: ProductLayout } | { ok: false; error: ProductLayoutError; pieces?: string[] };

/** How long a page waits for a layout that must be computed (LAYOUT_PAGE_WAIT_MS, 400 ms; issue 34, item 2). */
export const pageLayoutWaitMs = () => getEnv().LAYOUT_PAGE_WAIT_MS;

type LayoutArgs = { db: DbOrTx; productId: number; size: string; widthMm: number; material?: string; dataDir?: string };

/** The width a layout is shown for when none is asked: the seller's width closest to 1400 mm (the narrower on a tie). */
export function defaultLayoutWidthMm(widthsMm: readonly number[]): number {
  let best = widthsMm[0] ?? 1400;
  for (const w of widthsMm) if (Math.abs(w - 1400) < Math.abs(best - 1400)) best = w;
  return best;
}

/** Whole millimetres within LAYOUT_WIDTH_RANGE_MM. */
export function isLayoutWidth(widthMm: number): boolean {
  return Number.isInteger(widthMm) && widthMm >= LAYOUT_WIDTH_RANGE_MM.min && widthMm <= LAYOUT_WIDTH_RANGE_MM.max;
}

/** A version's sizes and per size its materials (main fabric first): what cachedProductLayout checks without the pattern. */
type VersionIndex = { sizes: string[]; defaultSize: string; materials: Record<string, string[]> };

/** A graded layout as cached: the layout, or the pieces wider than the fabric (so a refusal is not computed again). */
type Stored = Layout | { tooWide: string[] };

const layouts = createCache<Stored>({ max: 500 });
/**
 * Layouts that went over the limits of pattern work, per key: asked again, they answer at once instead of spending
 * the limit's CPU time again on every view (issue 34, item 2). Memory only: a restart, a new version or other
 * limits try again.
 */
const failedLayouts = createCache<"limit">({ max: 500 });
const customLayouts = createCache<Layout>({ max: 100 });
const indexes = createCache<VersionIndex>({ max: 200 });
const inFlight = new Map<string, Promise<ProductLayoutResult>>();

/**
 * Layouts computed now per client (an address or an account; issue 34, item 4): one client asking for new widths on
 * six connections kept the pattern queue full and a real buyer's width got 503. A client has at most
 * LAYOUTS_PER_CLIENT (2) computing or waiting; past that its next new layout is refused (429) until one ends. Layouts
 * from the cache and layouts someone else is already computing cost nothing and are never refused.
 */

/** The client a layout is asked for: the account when there is one, else the address. */
export function layoutClientKey(userId: number | null | undefined, address: string): string {
  return userId ? `account:${userId}` : `address:${address}`;
}
const clientWork = new Map<string, number>();

const hash = (text: string) => crypto.createHash("sha256").update(text).digest("hex").slice(0, 32);
/** Names a version's reading: layout files of other readings are deleted by rereadVersion (reread.server.ts). */
const versionKey = (v: VersionSummary) => `v${v.id}r${v.reading}-${v.createdAt.getTime().toString(36)}`;
/** The selvedge margin's part of a key: none for 0, so the layouts cached before the setting keep their keys. */
const selvedgePart = (selvedgeMm: number) => (selvedgeMm ? `-s${selvedgeMm}` : "");
const layoutKey = (v: VersionSummary, size: string, material: string, widthMm: number, { gapMm, selvedgeMm }: { gapMm: number; selvedgeMm: number }) =>
  `${versionKey(v)}-${hash(JSON.stringify([size, material]))}-w${widthMm}-g${gapMm}${selvedgePart(selvedgeMm)}-L${LAYOUT_REVISION}`;
const layoutDir = (dataDir?: string) => path.join(cacheDir(dataDir), "patterns", "layouts");
const layoutFile = (key: string, dataDir?: string) => path.join(layoutDir(dataDir), `layout-${key}.json`);
const indexFile = (v: VersionSummary, dataDir?: string) => path.join(layoutDir(dataDir), `layout-${versionKey(v)}-index.json`);

/** Writes a cache file whole or not at all; a disk that refuses (full, read-only) costs the cache, not the answer. */
async function writeAtomically(file: string, text: string, dataDir?: string) {
  const temp = `${file}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.tmp`;
  try {
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(temp, text);
    await fs.promises.rename(temp, file);
  } catch (error) {
    log.warn({ event: "layout-cache", file, err: error }, "a cutting layout could not be written to the cache");
    await fs.promises.rm(temp, { force: true }).catch(() => undefined);
    return;
  }
  await keepCached(file, dataDir);
}

function readJsonFile<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

type Visible = { id: number; type: string; delivery: string | null; madeToMeasure: boolean };

/** The product page's rule: a Pattern product not removed, published, or a draft seen by its seller. */
async function visibleProduct(db: DbOrTx, productId: number, viewerId: number | null | undefined): Promise<Visible | null> {
  if (!isId(productId)) return null;
  const row = await first(db
    .select({ id: products.id, type: products.type, delivery: products.delivery, madeToMeasure: products.madeToMeasure, status: products.status, owner: stores.userId })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(products.id, productId), isNull(products.removedAt))).limit(1));
  if (!row || row.type !== "Pattern") return null;
  if (row.status !== "published" && (viewerId == null || viewerId !== row.owner)) return null;
  return row;
}

/** The version's index from memory, else from disk (sync), else null. */
function cachedIndex(version: VersionSummary, dataDir?: string): VersionIndex | null {
  const key = versionKey(version);
  const hit = indexes.get(key);
  if (hit) return hit;
  const stored = readJsonFile<VersionIndex>(indexFile(version, dataDir));
  if (!stored || !Array.isArray(stored.sizes) || typeof stored.materials !== "object") return null;
  return indexes.set(key, stored);
}

/** The version's index, loading its pattern when it is not known yet (PatternBusyError when the pool is full). */
async function versionIndex(db: DbOrTx, version: VersionSummary, dataDir?: string): Promise<{ index: VersionIndex; data?: string } | null> {
  const known = cachedIndex(version, dataDir);
  if (known) return { index: known };
  const loaded = await loadPattern({ db, versionId: version.id });
  if (!loaded || !loaded.pattern.sizes.length) return null;
  const { pattern } = loaded;
  const index: VersionIndex = {
    sizes: pattern.sizes,
    defaultSize: defaultSize(pattern) ?? pattern.sizes[0]!,
    materials: Object.fromEntries(pattern.sizes.map((s) => [s, sizeMaterials(pattern, s)])),
  };
  indexes.set(versionKey(version), index);
  await writeAtomically(indexFile(version, dataDir), JSON.stringify(index), dataDir);
  return { index, data: loaded.data };
}

/** A layout (or refusal) already computed (memory, then this disk), never computing; null when none or not valid. */
function storedLayout(key: string, dataDir?: string): Stored | null {
  const hit = layouts.get(key);
  if (hit) return hit;
  const stored = readJsonFile<Stored>(layoutFile(key, dataDir));
  if (!stored || !(Array.isArray((stored as Layout).placements) || Array.isArray((stored as { tooWide?: unknown }).tooWide))) return null;
  return layouts.set(key, stored);
}

function mapFailure(result: Exclude<Awaited<ReturnType<typeof runLayoutTask>>, { ok: true }>): { ok: false; error: ProductLayoutError; pieces?: string[] } {
  if (result.error === "custom") return { ok: false, error: result.custom === "outside_range" ? "outside_chart" : "no_measurements" };
  if (result.error === "too_wide") return { ok: false, error: "too_wide", pieces: result.pieces ?? [] };
  if (result.error === "too_many_pieces") return { ok: false, error: "limit" };
  if (result.error === "no_pieces") return { ok: false, error: "unknown_material" };
  return { ok: false, error: "bad_width" };
}

/**
 * Where a layout runs: a lane, or "auto" for one a page waits for a little (issue 34, item 2): the foreground while
 * nothing waits there (the page gets it at the priority of work someone waits for), else the background lane, so
 * pages asking for new layouts never fill the queue uploads and downloads wait in.
 */
export type LayoutLane = PatternLane | "auto";

async function runLayoutTask(task: Omit<Extract<PatternTask, { kind: "layout" }>, "kind">, lane: LayoutLane = "foreground") {
  const chosen = lane === "auto" ? (patternPool().queueSize === 0 ? "foreground" : "background") : lane;
  return runPatternTask({ kind: "layout", ...task }, chosen);
}

/**
 * The answer of `work` if it comes within `ms`, else "preparing": the work goes on (and fills the caches) without
 * anyone waiting for it; its failures are logged, never left unhandled.
 */
function within(work: Promise<ProductLayoutResult>, ms: number): Promise<ProductLayoutResult> {
  return new Promise((resolve, reject) => {
    let waiting = true;
    const timer = setTimeout(() => {
      waiting = false;
      resolve({ ok: false, error: "preparing" });
    }, ms);
    work.then(
      (result) => {
        clearTimeout(timer);
        if (waiting) resolve(result);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (waiting) reject(error);
        else log.warn({ event: "layout-background", err: error }, "a cutting layout nobody waited for failed");
      },
    );
  });
}

/** Runs `compute` once for concurrent callers of one key; busy and over-limit tasks become error codes. */
function shared(key: string, compute: () => Promise<ProductLayoutResult>): Promise<ProductLayoutResult> {
  const running = inFlight.get(key);
  if (running) {
    served.inc({ source: "shared" });
    return running;
  }
  const promise = compute()
    .catch((error: unknown): ProductLayoutResult => {
      if (error instanceof PatternBusyError) return { ok: false, error: "busy" };
      if (error instanceof PatternLimitError) return { ok: false, error: "limit" };
      throw error;
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return promise;
}

/**
 * One layout of a product's current pattern version: from the cache, else computed in the worker pool. `size` ""
 * is the pattern's default size, `material` absent its main fabric. `userId`: the viewer (a draft's seller; the buyer
 * whose own size "custom" is laid out).
 */
export async function productLayout({
  db,
  productId,
  size,
  widthMm,
  material,
  userId = null,
  dataDir,
  client,
  lane = "foreground",
  waitMs,
}: LayoutArgs & {
  userId?: number | null;
  /** Who asks (the faces: `account:<id>` or `address:<ip>`): its new layouts are limited (LAYOUTS_PER_CLIENT). */
  client?: string;
  /** Where a layout to compute runs (LayoutLane). */
  lane?: LayoutLane;
  /**
   * At most this long is waited for a layout that must be computed; past it the answer is "preparing" and the
   * layout is computed on (a product page never waits for pattern work, issue 34 item 2). Unset: waits for it.
   */
  waitMs?: number;
}): Promise<ProductLayoutResult> {
  const product = await visibleProduct(db, productId, userId);
  if (!product) return { ok: false, error: "not_found" };
  if (!isLayoutWidth(widthMm)) return { ok: false, error: "bad_width" };
  const version = await getLatestVersion({ db, productId });
  if (!version) return { ok: false, error: "no_pattern" };
  const { gapMm, selvedgeMm } = await getLayoutSettings({ db, productId });
  if (size === CUSTOM_LAYOUT_SIZE) return customLayout({ db, product, version, widthMm, gapMm, material, userId, lane, waitMs });
  let found;
  try {
    found = await versionIndex(db, version, dataDir);
  } catch (error) {
    if (error instanceof PatternBusyError) return { ok: false, error: "busy" };
    if (error instanceof PatternLimitError) return { ok: false, error: "limit" };
    throw error;
  }
  if (!found) return { ok: false, error: "no_pattern" };
  const { index } = found;
  const chosen = size || index.defaultSize;
  if (!index.sizes.includes(chosen)) return { ok: false, error: "unknown_size" };
  const materials = index.materials[chosen] ?? [];
  const laid = material ?? materials[0];
  if (laid === undefined || !materials.includes(laid)) return { ok: false, error: "unknown_material" };
  const value = (stored: Stored): ProductLayoutResult =>
    "tooWide" in stored
      ? { ok: false, error: "too_wide", pieces: stored.tooWide }
      : { ok: true, value: { productId, size: chosen, material: laid, materials, widthMm, gapMm, layout: stored } };
  const key = layoutKey(version, chosen, laid, widthMm, { gapMm, selvedgeMm });
  /** A greedy layout served is laid again in the background, shorter where it can (issue 47). */
  const serve = (stored: Stored): ProductLayoutResult => {
    if (!("tooWide" in stored) && !stored.improved) improveLater(key, { db, productId, version, size: chosen, material: laid, widthMm, gapMm, selvedgeMm, dataDir });
    return value(stored);
  };
  const hit = layouts.get(key);
  if (hit) {
    served.inc({ source: "memory" });
    return serve(hit);
  }
  if (failedLayouts.get(key)) return { ok: false, error: "limit" };
  // Only the seller's widths are kept on disk: a buyer's typed width is computed once and kept in memory (bounded),
  // so new widths cannot fill the disk (issue 34, item 4).
  const onDisk = (await getLayoutSettings({ db, productId })).widthsMm.includes(widthMm);
  // A new layout (not being computed for anyone yet) counts against its client's share: checked and counted with no
  // await between them, or a client's requests in flight together would all pass the check (seen on PostgreSQL).
  const counted = !inFlight.has(key) && client !== undefined ? client : null;
  if (counted !== null && (clientWork.get(counted) ?? 0) >= getEnv().LAYOUTS_PER_CLIENT) return { ok: false, error: "client_busy" };
  if (counted !== null) clientWork.set(counted, (clientWork.get(counted) ?? 0) + 1);
  const done = () => {
    if (counted === null) return;
    const left = (clientWork.get(counted) ?? 1) - 1;
    if (left > 0) clientWork.set(counted, left);
    else clientWork.delete(counted);
  };
  const work = shared(key, async () => {
    const file = layoutFile(key, dataDir);
    if (onDisk && (await fetchCached(file, dataDir))) {
      const stored = storedLayout(key, dataDir);
      if (stored) {
        served.inc({ source: "disk" });
        return serve(stored);
      }
    }
    const data = found.data ?? (await loadPattern({ db, versionId: version.id }))?.data;
    if (!data) return { ok: false, error: "no_pattern" };
    const result = await runLayoutTask({ data, size: chosen, material: laid, widthMm, gapMm, selvedgeMm }, lane);
    if (!result.ok && result.error !== "too_wide") return mapFailure(result);
    served.inc({ source: "computed" });
    const stored: Stored = result.ok ? result.layout : { tooWide: result.pieces ?? [] };
    layouts.set(key, stored);
    if (onDisk) await writeAtomically(file, JSON.stringify(stored), dataDir);
    return serve(stored);
  })
    .then((result) => {
      if (!result.ok && result.error === "limit") failedLayouts.set(key, "limit");
      return result;
    })
    .finally(done);
  return waitMs === undefined ? work : within(work, waitMs);
}

/** The buyer's own size: built from their measurements in the worker, kept in memory only (never on disk). */
async function customLayout({
  db,
  product,
  version,
  widthMm,
  gapMm,
  material,
  userId,
  lane,
  waitMs,
}: {
  db: DbOrTx;
  product: Visible;
  version: VersionSummary;
  widthMm: number;
  gapMm: number;
  material: string | undefined;
  userId: number | null;
  lane: LayoutLane;
  waitMs: number | undefined;
}): Promise<ProductLayoutResult> {
  const check = await checkMadeToMeasure({ db, product, userId });
  if (!check.ok) return { ok: false, error: check.error === "mtm-outside-chart" ? "outside_chart" : "no_measurements" };
  const chart = await getSizeChart({ db: db as Db }, product.id);
  const measurements = await getMeasurements({ db: db as Db }, userId!);
  if (!chart || !measurements) return { ok: false, error: "no_measurements" };
  return await ownSizeLayout({ db, productId: product.id, version, chart, measurements, widthMm, gapMm, material, lane, waitMs });
}

type Chart = NonNullable<Awaited<ReturnType<typeof getSizeChart>>>;
type Measurements = NonNullable<Awaited<ReturnType<typeof getMeasurements>>>;

/** A buyer's own size laid out from a chart and measurements (as they are now, or as an order has them). */
async function ownSizeLayout({
  db,
  productId,
  version,
  chart,
  measurements,
  widthMm,
  gapMm,
  material,
  lane,
  waitMs,
}: {
  db: DbOrTx;
  productId: number;
  version: VersionSummary;
  chart: Chart;
  measurements: Measurements;
  widthMm: number;
  gapMm: number;
  material: string | undefined;
  lane: LayoutLane;
  waitMs: number | undefined;
}): Promise<ProductLayoutResult> {
  const { selvedgeMm } = await getLayoutSettings({ db, productId });
  const work = shared(`custom-${customPreviewKey(version, chart, measurements)}-${material ?? ""}-w${widthMm}-g${gapMm}${selvedgePart(selvedgeMm)}`, async () => {
    const loaded = await loadPattern({ db, versionId: version.id });
    if (!loaded || !loaded.pattern.sizes.length) return { ok: false, error: "no_pattern" };
    // The buyer's pieces are the graded pieces re-drawn, cut as the graded ones: the materials of the default size.
    const materials = ownSizeMaterials(loaded.pattern);
    const laid = material ?? materials[0];
    if (laid === undefined || !materials.includes(laid)) return { ok: false, error: "unknown_material" };
    const value = (layout: Layout): ProductLayoutResult => ({
      ok: true,
      value: { productId, size: CUSTOM_LAYOUT_SIZE, material: laid, materials, widthMm, gapMm, layout },
    });
    const key = `${customPreviewKey(version, chart, measurements)}-${hash(laid)}-w${widthMm}-g${gapMm}${selvedgePart(selvedgeMm)}-L${LAYOUT_REVISION}`;
    const hit = customLayouts.get(key);
    if (hit) {
      served.inc({ source: "memory" });
      return value(hit);
    }
    const result = await runLayoutTask({ data: loaded.data, size: CUSTOM_LAYOUT_SIZE, material: laid, widthMm, gapMm, selvedgeMm, custom: { chart, measurements } }, lane);
    if (!result.ok) return mapFailure(result);
    served.inc({ source: "computed" });
    return value(customLayouts.set(key, result.layout));
  });
  return waitMs === undefined ? work : within(work, waitMs);
}

/** The materials a buyer's own size is cut from: those of the pattern's default size. */
export function ownSizeMaterials(pattern: Pattern): string[] {
  return sizeMaterials(pattern, defaultSize(pattern) ?? pattern.sizes[0]!);
}

/**
 * The layout of an order's own size (made to measure, decision 114): from the chart and measurements the order was
 * bought with, not the buyer's present ones, for its print files' fabric pages (issue 34, item 14).
 */
export async function orderOwnSizeLayout({
  db,
  productId,
  chart,
  measurements,
  widthMm,
  material,
}: {
  db: DbOrTx;
  productId: number;
  chart: Chart;
  measurements: Measurements;
  widthMm: number;
  material: string;
}): Promise<ProductLayoutResult> {
  if (!isLayoutWidth(widthMm)) return { ok: false, error: "bad_width" };
  const version = await getLatestVersion({ db, productId });
  if (!version) return { ok: false, error: "no_pattern" };
  const { gapMm } = await getLayoutSettings({ db, productId });
  return await ownSizeLayout({ db, productId, version, chart, measurements, widthMm, gapMm, material, lane: "foreground", waitMs: undefined });
}

/**
 * A graded layout only when it is cached already (memory, then this disk): for tables over every size and width.
 * Never computes, never throws; null for anything not cached, not visible to visitors, or not valid.
 */
export async function cachedProductLayout({ db, productId, size, widthMm, material, dataDir }: LayoutArgs): Promise<Layout | null> {
  return (await cachedLayoutsOf({ db, productId, dataDir }))(size, widthMm, material);
}

/**
 * cachedProductLayout for many sizes and widths of one product (a table): the product, its current version, its index
 * and the seller's gap are read once, then each lookup reads only the cache.
 */
export async function cachedLayoutsOf({ db, productId, dataDir }: { db: DbOrTx; productId: number; dataDir?: string }): Promise<(size: string, widthMm: number, material?: string) => Layout | null> {
  const version = await patternOwner(db, productId) ? await getLatestVersion({ db, productId }) : null;
  const index = version ? cachedIndex(version, dataDir) : null;
  if (!version || !index) return () => null;
  const settings = await getLayoutSettings({ db, productId });
  return (size, widthMm, material) => {
    if (!isLayoutWidth(widthMm) || size === CUSTOM_LAYOUT_SIZE) return null;
    const chosen = size || index.defaultSize;
    const laid = material ?? index.materials[chosen]?.[0];
    if (laid === undefined || !index.materials[chosen]?.includes(laid)) return null;
    const stored = storedLayout(layoutKey(version, chosen, laid, widthMm, settings), dataDir);
    return stored && "placements" in stored ? stored : null;
  };
}

/**
 * Which of the current version's graded layouts at the seller's widths are improved yet (issue 47), as a short hash
 * ("" for none):
 * part of a print file's key, so a print built before an improvement is built again after it. Reads the cache only.
 */
export async function improvedLayoutsStamp({ db, productId, dataDir }: { db: DbOrTx; productId: number; dataDir?: string }): Promise<string> {
  const version = await getLatestVersion({ db, productId });
  const index = version ? cachedIndex(version, dataDir) : null;
  if (!version || !index) return "";
  const settings = await getLayoutSettings({ db, productId });
  const marks: string[] = [];
  for (const size of index.sizes) {
    for (const material of index.materials[size] ?? []) {
      for (const widthMm of settings.widthsMm) {
        const stored = storedLayout(layoutKey(version, size, material, widthMm, settings), dataDir);
        if (stored && "placements" in stored && stored.improved) marks.push(`${size}|${material}|${widthMm}`);
      }
    }
  }
  // None improved: "", whether the layouts are computed yet or not (a print's key stays until one is improved).
  return marks.length ? hash(JSON.stringify(marks)).slice(0, 8) : "";
}

/** The seller of a Pattern product not removed (published or draft: the caller decides who sees it), else null. */
async function patternOwner(db: DbOrTx, productId: number): Promise<number | null> {
  if (!isId(productId)) return null;
  const row = await first(db
    .select({ owner: stores.userId })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(products.id, productId), isNull(products.removedAt), eq(products.type, "Pattern"))).limit(1));
  return row?.owner ?? null;
}

/** Products waiting to be warmed, and whether the one background loop is running. */
const warmQueue = new Map<number, { db: DbOrTx; dataDir?: string }>();
let warming: Promise<void> | null = null;
let retry: ReturnType<typeof setTimeout> | null = null;
/** How long the warming waits when the pool has a queue before it tries again. */
const WARM_RETRY_MS = 30_000;

/**
 * Queues the layouts of every graded size × the seller's widths × every material of the product's current version,
 * computed in the background one task at a time, and only while the pool has no queue (else it tries again later or
 * on the next call). Safe to call often: cached layouts are skipped. Never throws; failures are logged.
 */
export function warmLayouts({ db, productId, dataDir }: { db: DbOrTx; productId: number; dataDir?: string }): void {
  if (getEnv().LAYOUT_WARMING === "off") return;
  warmQueue.set(productId, { db, dataDir });
  if (!warming) warming = warmLoop().finally(() => (warming = null));
}

/** The running warming, for tests and the benchmark (resolves at once when none is running). */
export function layoutWarming(): Promise<void> {
  return warming ?? Promise.resolve();
}

async function warmLoop(): Promise<void> {
  if (retry) {
    clearTimeout(retry);
    retry = null;
  }
  for (const [productId, { db, dataDir }] of warmQueue) {
    try {
      const finished = await warmProduct(db, productId, dataDir);
      if (!finished) {
        retry = setTimeout(() => {
          retry = null;
          if (!warming && warmQueue.size) warming = warmLoop().finally(() => (warming = null));
        }, WARM_RETRY_MS);
        retry.unref?.();
        return;
      }
    } catch (error) {
      if (!isClosed(db)) log.warn({ event: "layout-warm", productId, err: error }, "the cutting layouts of a pattern could not be prepared");
    }
    warmQueue.delete(productId);
  }
}

/** Computes what is missing of one product's layouts; false when it stopped because the pool was busy. */
async function warmProduct(db: DbOrTx, productId: number, dataDir?: string): Promise<boolean> {
  if (isClosed(db)) return true;
  const owner = await patternOwner(db, productId);
  const version = await getLatestVersion({ db, productId });
  if (owner === null || !version) return true;
  // Warming runs in the background lane and gives way there too: layouts pages asked for go first.
  if (backgroundPatternPool().queueSize > 0) return false;
  const found = await versionIndex(db, version, dataDir);
  if (!found) return true;
  const settings = await getLayoutSettings({ db, productId });
  for (const size of found.index.sizes) {
    for (const material of found.index.materials[size] ?? []) {
      for (const widthMm of settings.widthsMm) {
        if (storedLayout(layoutKey(version, size, material, widthMm, settings), dataDir)) continue;
        if (backgroundPatternPool().queueSize > 0) return false;
        const result = await productLayout({ db, productId, size, widthMm, material, userId: owner, dataDir, lane: "background" });
        if (!result.ok && result.error === "busy") return false;
        if (!result.ok && result.error !== "too_wide") {
          log.warn({ event: "layout-warm", productId, size, material, widthMm, error: result.error }, "a cutting layout could not be prepared");
        }
      }
    }
  }
  return true;
}

type ImproveJob = {
  db: DbOrTx;
  productId: number;
  version: VersionSummary;
  size: string;
  material: string;
  widthMm: number;
  gapMm: number;
  selvedgeMm: number;
  dataDir?: string;
};
/** Graded layouts to lay again with the strip search, by cache key, oldest first; one at a time; at most IMPROVE_QUEUE. */
const improveQueue = new Map<string, ImproveJob>();
/** Jobs waiting at most: past it a layout is not queued (the next view of it queues it again). */
const IMPROVE_QUEUE = 1000;
let improving: Promise<void> | null = null;

/**
 * Queues a graded layout to be laid again by the strip search (issue 47, decision 155): LAYOUT_IMPROVE_SECONDS of it
 * in the background lane (its own thread at the lowest CPU priority and queue, asleep while the process answers
 * requests (quiet.ts), so uploads and pages go first; no
 * client's share is spent, nobody waits). The result replaces the cached layout (memory, and the disk for the
 * seller's widths) marked `improved`, also when it is no shorter, so it is not laid again; the next view, the JSON
 * call and print files built after it show it. A busy pool or a failure drops the job: the next view queues it again.
 */
function improveLater(key: string, job: ImproveJob): void {
  if (getEnv().LAYOUT_IMPROVE_SECONDS <= 0 || improveQueue.has(key) || improveQueue.size >= IMPROVE_QUEUE) return;
  improveQueue.set(key, job);
  if (!improving) improving = improveLoop().finally(() => (improving = null));
}

/** The running improvements, for tests (resolves at once when none is running). */
export function layoutImproving(): Promise<void> {
  return improving ?? Promise.resolve();
}

async function improveLoop(): Promise<void> {
  for (const [key, job] of improveQueue) {
    try {
      // A search that gave its thread up to a cut plan starts again once the plan is done (improveOne waits for it).
      while (!(await improveOne(key, job).then(() => true, (error: unknown) => (gaveWay(error) ? false : Promise.reject(error)))));
    } catch (error) {
      if (!(error instanceof PatternBusyError)) log.warn({ event: "layout-improve", productId: job.productId, err: error }, "a cutting layout could not be improved");
    } finally {
      improveQueue.delete(key);
    }
  }
}

const gaveWay = (error: unknown) => error instanceof Error && error.message.includes(GAVE_WAY);

async function improveOne(key: string, { db, productId, version, size, material, widthMm, gapMm, selvedgeMm, dataDir }: ImproveJob): Promise<void> {
  if (isClosed(db)) return;
  const current = storedLayout(key, dataDir);
  if (!current || "tooWide" in current || current.improved) return;
  const data = (await loadPattern({ db, versionId: version.id }))?.data;
  if (!data) return;
  const evaluations = Math.round(getEnv().LAYOUT_IMPROVE_SECONDS * EVALUATIONS_PER_SECOND);
  // Cut plans (someone waits for them) have the idle lane first.
  await idlePatternPool().whenFree();
  if (isClosed(db)) return;
  const result = await runPatternTask({ kind: "improveLayout", data, size, material, widthMm, gapMm, selvedgeMm, evaluations }, "idle");
  if (!result.ok) return;
  const stored: Layout = { ...(result.layout.lengthMm < current.lengthMm ? result.layout : current), improved: true };
  layouts.set(key, stored);
  if (!isClosed(db) && (await getLayoutSettings({ db, productId })).widthsMm.includes(widthMm)) {
    await writeAtomically(layoutFile(key, dataDir), JSON.stringify(stored), dataDir);
  }
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const pointsJson = (polygon: [number, number][]) => polygon.map(([x, y]) => [round(x, 2), round(y, 2)]);

/**
 * The JSON face of a layout (GET /api/user/layout/{productId}): mm, polygons to 0.01 mm on the opened fabric (x across
 * the width from 0, y along the length from 0), one entry per cut piece; `folded` the view on fabric folded lengthwise.
 */
export function productLayoutJson({ size, material, widthMm, gapMm, layout }: ProductLayout) {
  const piece = (p: Layout["placements"][number]) => ({ name: p.name, rotation: p.rotation, mirrored: p.mirrored, polygon: pointsJson(p.polygon) });
  return {
    size,
    width_mm: widthMm,
    material,
    length_mm: round(layout.lengthMm, 1),
    lower_bound_mm: round(layout.lowerBoundMm, 1),
    efficiency: round(layout.efficiency, 4),
    gap_mm: gapMm,
    folded: layout.folded
      ? { width_mm: layout.folded.widthMm, pieces: layout.folded.view.map((p) => ({ ...piece(p), layers: p.layers, on_fold: p.onFold })) }
      : null,
    pieces: layout.placements.map(piece),
  };
}
