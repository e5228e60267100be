/**
 * The product page's preview of a buyer's own size (issue 24 item 4, decision 114): "Your size" drawn over the graded
 * sizes, for a signed-in buyer whose measurements the design can be made to (checkMadeToMeasure, the buying rule).
 * Built in the pattern worker pool like the other previews; kept only in memory, under a key of the pattern's
 * reading, the chart and the measurements (a hash, never the numbers), and never written to disk: measurements are
 * personal data (decision 111), so no file outlives the account or the profile's next change.
 */
import crypto from "node:crypto";
import zlib from "node:zlib";

import { and, eq, isNull } from "drizzle-orm";

import { products } from "../../../db/tables";
import { getMeasurements, getSizeChart } from "~/models/fit/chart.server";
import { checkMadeToMeasure } from "~/models/fit/made-to-measure-orders.server";
import { FIT_ZONES, type Measurements, type SizeChart } from "~/utils/measurements";
import { runPatternTask } from "~/models/patterns/pool.server";
import { getLatestVersion, loadPattern } from "~/models/patterns/versions.server";
import { createCache } from "~/utils/cache.server";
import { type Db, first } from "~/utils/db.server";

export type CustomPreview = { svg: Buffer; gzip: Buffer };
/** `not-offered`: not a listed made-to-measure pattern, or not for this viewer (a visitor, no or unfit measurements). */
export type CustomPreviewError = { error: "not-offered" } | { error: "refused"; message: string };

const memory = createCache<CustomPreview>({ max: 100 });

/**
 * The cache key of one buyer's preview: the version and its reading, the chart's rows and the measured zones (the
 * unit only changes how numbers are shown, not the pieces). Equal inputs make equal previews, so two buyers with the
 * same numbers may share one, and a buyer never gets a preview of other numbers.
 */
export function customPreviewKey(version: { id: number; reading: number; createdAt: Date }, chart: SizeChart, measurements: Measurements): string {
  const zones = FIT_ZONES.map((zone) => measurements[zone]);
  const text = JSON.stringify([version.id, version.reading, version.createdAt.getTime(), chart.rows, zones]);
  return crypto.createHash("sha256").update(text).digest("hex");
}

/**
 * The preview of `userId`'s own size of a listed Pattern product, or why there is none. The same rule as the
 * product page's made-to-measure offer, so the page links here exactly when it offers the buyer's size.
 * PatternBusyError and PatternLimitError are thrown for the route to answer 503.
 */
export async function customProductPreview({
  db,
  productId,
  userId,
}: {
  db: Db;
  productId: number;
  userId: number | null;
}): Promise<({ ok: true } & CustomPreview) | ({ ok: false } & CustomPreviewError)> {
  const product = await first(db
    .select({ id: products.id, name: products.name, type: products.type, delivery: products.delivery, madeToMeasure: products.madeToMeasure })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.type, "Pattern"), eq(products.status, "published"), isNull(products.removedAt))).limit(1));
  if (!product || userId === null) return { ok: false, error: "not-offered" };
  if (!(await checkMadeToMeasure({ db, product, userId })).ok) return { ok: false, error: "not-offered" };
  const chart = await getSizeChart({ db }, productId);
  const measurements = await getMeasurements({ db }, userId);
  const version = await getLatestVersion({ db, productId });
  if (!chart || !measurements || !version) return { ok: false, error: "not-offered" };
  const key = customPreviewKey(version, chart, measurements);
  const hit = memory.get(key);
  if (hit) return { ok: true, ...hit };
  const loaded = await loadPattern({ db, versionId: version.id });
  if (!loaded) return { ok: false, error: "not-offered" };
  const built = await runPatternTask({ kind: "customPreview", data: loaded.data, chart, measurements, title: product.name });
  if (!built.ok) return { ok: false, error: "refused", message: built.message };
  const svg = Buffer.from(built.svg, "utf8");
  const preview = { svg, gzip: zlib.gzipSync(svg, { level: 9 }) };
  memory.set(key, preview);
  return { ok: true, ...preview };
}
