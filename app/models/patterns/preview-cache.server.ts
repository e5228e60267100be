/**
 * The piece preview of a product's current pattern version as a cached resource (decision 062): built once per
 * version and size, kept on disk under DATA_DIR/cache/patterns and, gzipped too, in a bounded memory cache. The
 * ETag is the version id and the size, so a new version is a new ETag.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

import { and, eq, isNull } from "drizzle-orm";

import { products, stores } from "../../../db/tables";
import { runPatternTask } from "./pool.server";
import { getLatestVersion, loadPattern, previewPin, versionFacts } from "./versions.server";
import { createCache } from "~/utils/cache.server";
import { type DbOrTx, first } from "~/utils/db.server";
import { cacheDir, fetchCached, keepCached } from "~/models/files/store.server";

/** `pin`: the `v` of the URL that may be cached for good (previewPin). */
export type PreviewResource = { etag: string; version: number; pin: string; size: string; svg: Buffer; gzip: Buffer };
export type PreviewError = "not-found" | "unknown-size";

const MEMORY_MAX = 200;
/** The key holds the version id and its reading, so a new version or reading is a new entry: no data-version check needed. */
const memory = createCache<PreviewResource>({ max: MEMORY_MAX });

/** Hex of the size's UTF-8 bytes: any size text becomes a safe file name and ETag part. */
const sizeKey = (size: string) => Buffer.from(size, "utf8").toString("hex").slice(0, 64);

/**
 * The preview of a listed Pattern product's current version, one size (default: the sample or middle size).
 * A removed product, another type or a product without a readable pattern is not found; a draft is found only for
 * its seller (`viewerId`, decision 106), answered with `draft` so it is never cached as public. The SVG is drawn in the
 * worker pool (PatternBusyError, PatternLimitError are thrown for the route to answer 503).
 */
export async function productPreview({
  db,
  productId,
  size,
  dataDir,
  viewerId,
}: {
  db: DbOrTx;
  productId: number;
  size?: string | null;
  dataDir?: string;
  viewerId?: number | null;
}): Promise<{ ok: true; preview: PreviewResource; draft?: true } | { ok: false; error: PreviewError }> {
  const product = await first(db
    .select({ name: products.name, status: products.status, owner: stores.userId })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(products.id, productId), eq(products.type, "Pattern"), isNull(products.removedAt))).limit(1));
  if (!product) return { ok: false, error: "not-found" };
  const draft = product.status !== "published";
  if (draft && (viewerId == null || viewerId !== product.owner)) return { ok: false, error: "not-found" };
  const found = await previewOf(db, productId, product.name, size, dataDir);
  return found.ok && draft ? { ...found, draft } : found;
}

async function previewOf(
  db: DbOrTx,
  productId: number,
  productName: string,
  size: string | null | undefined,
  dataDir: string | undefined,
): Promise<{ ok: true; preview: PreviewResource } | { ok: false; error: PreviewError }> {
  const version = await getLatestVersion({ db, productId });
  const facts = version ? await versionFacts({ db, version }) : null;
  if (!version || !facts) return { ok: false, error: "not-found" };
  const chosen = size || facts.defaultSize;
  if (!facts.sizes.includes(chosen)) return { ok: false, error: "unknown-size" };
  // Files of other readings are deleted by rereadVersion (reread.server.ts), which knows this name.
  const key = `v${version.id}r${version.reading}-${version.createdAt.getTime().toString(36)}-${sizeKey(chosen)}`;
  const hit = memory.get(key);
  if (hit) return { ok: true, preview: hit };
  const dir = path.join(cacheDir(dataDir), "patterns");
  const file = path.join(dir, `preview-${key}.svg`);
  let svg: Buffer;
  if (await fetchCached(file, dataDir)) {
    svg = fs.readFileSync(file);
  } else {
    const loaded = await loadPattern({ db, versionId: version.id });
    if (!loaded) return { ok: false, error: "not-found" };
    svg = Buffer.from(await runPatternTask({ kind: "preview", data: loaded.data, size: chosen, title: productName }), "utf8");
    await fs.promises.mkdir(dir, { recursive: true });
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await fs.promises.writeFile(temp, svg);
    await fs.promises.rename(temp, file);
    await keepCached(file, dataDir);
  }
  const preview: PreviewResource = { etag: `"p${key}"`, version: version.version, pin: previewPin(version), size: chosen, svg, gzip: zlib.gzipSync(svg, { level: 9 }) };
  memory.set(key, preview);
  return { ok: true, preview };
}
