/**
 * The files of a pattern download (decision 063), built at download time from the version the buyer asked for
 * (the current one by default) once authorised by downloadOrderPattern: the original DXF (stamped for buyers) and
 * the print PDFs (A4, US Letter, A0 copy-shop, the US copy shops' 36-inch roll and 24 x 36 in sheets, projector) of
 * the chosen sizes, stamped on every page. Generated files are cached on disk under DATA_DIR/cache/patterns/downloads
 * per order (or 'own' for unstamped copies), version, format, print layout revision, size selection and stamp; concurrent requests for one file share one build. Every build runs in
 * the pattern worker pool (decision 090): PatternBusyError and PatternLimitError reach the route, which answers
 * 503 with Retry-After; a print file of more than MAX_PRINT_PAGES pages is refused before it is drawn.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { formatCount, MAX_PRINT_PAGES } from "../patterns/limits";
import type { PrintFormat } from "../patterns/pdf.server";
import { COPY_SHOP_FORMATS } from "../patterns/print-format";
import { runPatternTask } from "../patterns/pool.server";
import type { Pattern } from "../patterns/types";
import { getLatestVersion, loadPattern } from "../patterns/versions.server";
import type { DbOrTx } from "~/utils/db.server";
import { cacheDir, fetchCached, keepCached, localUpload } from "~/models/files/store.server";
import { CUSTOM_SIZE } from "~/models/patterns/interpolate";
import { improvedLayoutsStamp, LAYOUT_REVISION, orderOwnSizeLayout, ownSizeMaterials, productLayout } from "~/models/layout/layouts.server";
import { printFabric } from "~/models/layout/print.server";
import { getLayoutSettings } from "~/models/layout/settings.server";
import type { Measurements, SizeChart } from "~/utils/measurements";

import type { DownloadFormat } from "../patterns/download-links";

export { DOWNLOAD_FORMAT_LABELS, DOWNLOAD_FORMATS, isDownloadFormat, orderDownloadLinks, type DownloadFormat } from "../patterns/download-links";

export type BuiltDownload = { path: string; contentType: string; fileName: string };
/** A print file that would have more pages than a print file may have: the buyer is told to choose fewer sizes. */
export type RefusedDownload = { refused: string };

/**
 * What an authorised download is built from: buying/downloads.server.ts (downloadOrderPattern) answers it. Declared
 * here, where it is used, so that patterns does not import buying back (buying depends on patterns, not the reverse).
 */
export type DownloadSource = {
  file: { name: string; originalName: string };
  order: { id: number; productId: number; productName: string };
  version: { id: number; version: number } | null;
  stamp: string | null;
  /** When the buyer's own size (size=custom) was asked for (decision 114): the order's measurements, the design's chart. */
  custom?: { measurements: Measurements; chart: SizeChart | null };
};

/**
 * Part of a cached print file's name: raised when the print files change (l2: blank tiles left out, the readable page
 * map, copy-shop sheets with their own test squares, decision 097; l3: the fabric pages, issue 25; l4: the 1 in
 * test square, issue 21; l5: copy-shop files without A4 pages; l6: the overview's lists in columns on large sheets and
 * never stranding a line or two on a page, issue 34), so files built before are built again.
 */
const PRINT_LAYOUT_REVISION = "l6";

const building = new Map<string, Promise<unknown>>();
const hash = (text: string) => crypto.createHash("sha256").update(text).digest("hex").slice(0, 12);
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60) || "pattern";

/**
 * Writes `target` once (atomically): `build` writes a temp file next to it (in the worker pool), which becomes the
 * target when the build says so; a failed or refused build leaves nothing behind. Concurrent callers share a build.
 */
async function cached<T>(target: string, build: (temp: string) => Promise<T>, done: (result: T) => boolean, dataDir?: string): Promise<T | undefined> {
  if (fs.existsSync(target)) return undefined;
  const running = building.get(target) as Promise<T> | undefined;
  if (running) return running;
  const job = (async () => {
    // With FILE_STORE_URL a file built on another machine (or before this disk was emptied) is fetched, not rebuilt.
    if (await fetchCached(target, dataDir)) return undefined;
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
    try {
      const result = await build(temp);
      if (done(result)) {
        await fs.promises.rename(temp, target);
        await keepCached(target, dataDir);
      }
      return result;
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
  })().finally(() => building.delete(target));
  building.set(target, job);
  return job;
}

/**
 * The fabric pages of a print file (issue 25): the layouts of the product's current version, so none for an older
 * version (its pieces are not the ones laid out). `key` goes into the cached file's name: the seller's widths, gap
 * and the engine's revision, which with the version and its reading decide every layout; `gather` asks the layout
 * service for them (cached ones read, missing ones computed one by one) only when the file is built.
 */
/** An order's own size: the chart and measurements it was bought with. */
type OwnSize = { measurements: Measurements; chart: SizeChart };

/** No fabric pages (a DXF, a copy-shop file, an earlier version). */
const NO_FABRIC = { key: "f0", gather: async (): Promise<undefined> => undefined };

async function fabricSource({ db, access, viewerId, own, dataDir }: { db: DbOrTx; access: DownloadSource; viewerId: number | null; own?: OwnSize; dataDir?: string }) {
  if (!access.version || (await getLatestVersion({ db, productId: access.order.productId }))?.id !== access.version.id) {
    return NO_FABRIC;
  }
  const productId = access.order.productId;
  const settings = await getLayoutSettings({ db, productId });
  return {
    // The improved layouts so far (issue 47): a print built before an improvement is built again after it.
    key: `f${hash(JSON.stringify([settings.widthsMm, settings.gapMm, LAYOUT_REVISION, await improvedLayoutsStamp({ db, productId, dataDir }), settings.selvedgeMm]))}`,
    gather: async (pattern: Pattern, sizes: string[], dataDir?: string) =>
      (await printFabric({
        pattern,
        sizes,
        settings,
        lookup: ({ size, widthMm, material }) => productLayout({ db, productId, size, widthMm, material, userId: viewerId, dataDir }),
        own: own && {
          label: CUSTOM_SIZE,
          materials: ownSizeMaterials(pattern),
          lookup: ({ widthMm, material }) => orderOwnSizeLayout({ db, productId, chart: own.chart, measurements: own.measurements, widthMm, material }),
        },
      })) ?? undefined,
  };
}

/**
 * The file to send for an authorised download, or null when the source is gone (missing file, unreadable
 * pattern, a PDF asked of a product without versions). `sizes`: the sizes to print, empty for all; sizes the
 * pattern does not have are left out. `viewerId`: who downloads (the layouts of a draft are its seller's only).
 */
export async function buildOrderDownload({
  db,
  access,
  format,
  sizes,
  viewerId = null,
  dataDir,
}: {
  db: DbOrTx;
  access: DownloadSource;
  format: DownloadFormat;
  sizes: string[];
  viewerId?: number | null;
  dataDir?: string;
}): Promise<BuiltDownload | RefusedDownload | null> {
  if (sizes.includes(CUSTOM_SIZE)) return buildCustomDownload({ db, access, format, sizes, viewerId, dataDir });
  const source = (await localUpload(access.file.name, dataDir))?.path;
  if (!source) return null;
  const versionPart = access.version ? `v${access.version.version}` : "";
  const owner = access.stamp ? `o${access.order.id}-${hash(access.stamp)}` : "own";
  const dir = path.join(cacheDir(dataDir), "patterns", "downloads");
  const base = slug(access.order.productName);

  if (format === "dxf") {
    const fileName = access.file.originalName.toLowerCase().endsWith(".dxf") ? access.file.originalName : `${base}.dxf`;
    const named = versionPart ? fileName.replace(/(\.dxf)?$/i, `-${versionPart}.dxf`) : fileName;
    if (!access.stamp) return { path: source, contentType: "application/dxf", fileName: named };
    const target = path.join(dir, `${owner}-${access.file.name.slice(0, 32)}.dxf`);
    await cached(target, (temp) => runPatternTask({ kind: "stamp", source, stamp: access.stamp!, target: temp }), () => true, dataDir);
    return { path: target, contentType: "application/dxf", fileName: named };
  }

  if (!access.version) return null;
  const loaded = await loadPattern({ db, versionId: access.version.id });
  if (!loaded) return null;
  const { pattern } = loaded;
  const chosen = pattern.sizes.filter((s) => sizes.includes(s));
  const all = chosen.length === 0 || chosen.length === pattern.sizes.length;
  const sizesPart = all ? "all" : hash(chosen.join("\u0000"));
  // The version's reading in the name (decision 100): rereadVersion deletes the files of other readings.
  // Copy-shop files are large sheets only (issue 34, item 13): their fabric pages are the A4 and Letter files'.
  const copyShop = COPY_SHOP_FORMATS.has(format as PrintFormat);
  const layoutSource = await fabricSource({ db, access, viewerId, dataDir });
  const fabric = copyShop ? NO_FABRIC : layoutSource;
  const target = path.join(dir, `${owner}-p${access.order.productId}-${versionPart}-${access.version.id}r${loaded.reading}-${format}-${PRINT_LAYOUT_REVISION}-${fabric.key}-${sizesPart}.pdf`);
  const options = {
    format: format as PrintFormat,
    sizes: all ? [] : chosen,
    stamp: access.stamp,
    title: `${access.order.productName} (version ${access.version.version})`,
    fabricElsewhere: copyShop && layoutSource.key !== NO_FABRIC.key,
  };
  const printed = await cached(
    target,
    async (temp) => {
      const layouts = await fabric.gather(pattern, all ? pattern.sizes : chosen, dataDir);
      return runPatternTask({ kind: "print", data: loaded.data, options: { ...options, fabric: layouts }, target: temp });
    },
    (r) => r.ok,
    dataDir,
  );
  if (printed && !printed.ok) {
    return {
      refused: `This print file would have ${formatCount(printed.pages)} pages, more than the ${formatCount(MAX_PRINT_PAGES)} a print file may have. Choose fewer sizes, or the A0 copy-shop file.`,
    };
  }
  const sizeName = all ? "all-sizes" : slug(chosen.join("-"));
  return { path: target, contentType: "application/pdf", fileName: `${base}-${versionPart}-${format.toLowerCase()}-${sizeName}.pdf` };
}

/**
 * The buyer's own size (size=custom, decision 114): built from the version's reading, the design's size chart and
 * the order's measurements in the worker pool, cached per order, reading, chart and measurements like the others.
 * The DXF holds the custom pieces only; a print file has them as the layer "Your size" over the other sizes asked
 * for (none: the custom size alone). Refused with the engine's message when it cannot be made (no chart, outside
 * the graded range...).
 */
async function buildCustomDownload({
  db,
  access,
  format,
  sizes,
  viewerId,
  dataDir,
}: {
  db: DbOrTx;
  access: DownloadSource;
  format: DownloadFormat;
  sizes: string[];
  viewerId: number | null;
  dataDir?: string;
}): Promise<BuiltDownload | RefusedDownload | null> {
  if (!access.version || !access.custom) return null;
  const { measurements, chart } = access.custom;
  if (!chart) return null;
  const loaded = await loadPattern({ db, versionId: access.version.id });
  if (!loaded) return null;
  const { pattern } = loaded;
  const chosen = pattern.sizes.filter((s) => sizes.includes(s));
  const versionPart = `v${access.version.version}`;
  const owner = access.stamp ? `o${access.order.id}-${hash(access.stamp)}` : "own";
  const key = hash(JSON.stringify([chart.rows, measurements, chosen]));
  const ext = format === "dxf" ? "dxf" : "pdf";
  // The fabric pages: the buyer's own size from the order's measurements, and the graded sizes asked for with it
  // (decision 133; issue 34, item 14).
  const copyShop = COPY_SHOP_FORMATS.has(format as PrintFormat);
  const layoutSource = format === "dxf" ? NO_FABRIC : await fabricSource({ db, access, viewerId, own: { chart, measurements }, dataDir });
  const fabric = copyShop ? NO_FABRIC : layoutSource;
  const target = path.join(
    cacheDir(dataDir),
    "patterns",
    "downloads",
    `${owner}-p${access.order.productId}-${versionPart}-${access.version.id}r${loaded.reading}-${format}-${PRINT_LAYOUT_REVISION}-${fabric.key}-custom-${key}.${ext}`,
  );
  const options =
    format === "dxf"
      ? null
      : {
          format: format as PrintFormat,
          sizes: chosen,
          stamp: access.stamp,
          title: `${access.order.productName} (version ${access.version.version}, your size)`,
          fabricElsewhere: copyShop && layoutSource.key !== NO_FABRIC.key,
        };
  const built = await cached(
    target,
    async (temp) => {
      const layouts = options ? await fabric.gather(pattern, chosen, dataDir) : undefined;
      return runPatternTask({ kind: "custom", data: loaded.data, chart, measurements, options: options && { ...options, fabric: layouts }, stamp: access.stamp, target: temp });
    },
    (r) => r.ok,
    dataDir,
  );
  if (built && !built.ok) {
    if ("message" in built) return { refused: built.message };
    return {
      refused: `This print file would have ${formatCount(built.pages)} pages, more than the ${formatCount(MAX_PRINT_PAGES)} a print file may have. Choose fewer sizes, or the A0 copy-shop file.`,
    };
  }
  const base = slug(access.order.productName);
  const sizeName = slug([...chosen, "your-size"].join("-"));
  return format === "dxf"
    ? { path: target, contentType: "application/dxf", fileName: `${base}-${versionPart}-your-size.dxf` }
    : { path: target, contentType: "application/pdf", fileName: `${base}-${versionPart}-${format.toLowerCase()}-${sizeName}.pdf` };
}
