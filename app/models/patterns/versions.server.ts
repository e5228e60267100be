/**
 * Pattern versions of a product (decision 061): every uploaded DXF is a row of `pattern_versions`, the product's
 * pattern_file is the latest. A version's `data` is the pattern read from its DXF (types.ts), stored once; a row
 * with '{}' (written before it was read, e.g. by the upload form or the benchmark seed) is read on first use by
 * `ensureParsed`. The product page reads only the facts (sizes, piece count, fabric estimate), which are cached
 * in memory per version, never the whole stored pattern.
 */

import { and, desc, eq } from "drizzle-orm";

import { patternVersions, type PatternVersion } from "../../../db/tables";
import { READER_VERSION, UNITS_ASSUMED_MESSAGE } from "./dxf.server";
import { fabricEstimate, fabricEstimates, FABRIC_MARGIN_PERCENT, METRIC_FABRIC_WIDTHS } from "./fabric.server";
import { defaultSize, pieceCount, pieceFacts, piecesOfSize, type PieceFact } from "./pieces";
import { PatternBusyError, PatternLimitError, runPatternTask } from "./pool.server";
import type { Pattern, PatternUnits, UnitsSource } from "./types";
import { createCache, type Cache } from "~/utils/cache.server";
import { type DbOrTx, first } from "~/utils/db.server";
import { isoDay } from "~/utils/dates";
import { unlessReadOnly } from "~/utils/read-only.server";
import { localUpload } from "~/models/files/store.server";

/** A version without its (possibly large) stored pattern. */
export type VersionSummary = Omit<PatternVersion, "data">;

const summaryColumns = {
  id: patternVersions.id,
  productId: patternVersions.productId,
  version: patternVersions.version,
  file: patternVersions.file,
  note: patternVersions.note,
  readerVersion: patternVersions.readerVersion,
  reading: patternVersions.reading,
  createdAt: patternVersions.createdAt,
};

/** Every version of a product, newest first. */
export async function listVersions({ db, productId }: { db: DbOrTx; productId: number }): Promise<VersionSummary[]> {
  return await db
    .select(summaryColumns)
    .from(patternVersions)
    .where(eq(patternVersions.productId, productId))
    .orderBy(desc(patternVersions.version));
}

/** The current version of a product's pattern, or undefined when it has none. */
export async function getLatestVersion({ db, productId }: { db: DbOrTx; productId: number }): Promise<VersionSummary | undefined> {
  return await first(db
    .select(summaryColumns)
    .from(patternVersions)
    .where(eq(patternVersions.productId, productId))
    .orderBy(desc(patternVersions.version))
    .limit(1));
}

/** One version of a product by its number; another product's version is not found. */
export async function getVersion({ db, productId, version }: { db: DbOrTx; productId: number; version: number }): Promise<VersionSummary | undefined> {
  return await first(db
    .select(summaryColumns)
    .from(patternVersions)
    .where(and(eq(patternVersions.productId, productId), eq(patternVersions.version, version))).limit(1));
}

const PARSED_CACHE_MAX = 16;
const FACTS_CACHE_MAX = 500;
/**
 * Per database handle (tests open many databases whose ids repeat), bounded, least recently used out first. Keyed
 * by version id and reading (`${id}:${reading}`): a re-reading (decision 100), in this process or another, is a
 * new key.
 */
const caches = new WeakMap<object, { parsed: Cache<LoadedPattern>; facts: Cache<PatternFacts> }>();
function cachesOf(db: DbOrTx) {
  let entry = caches.get(db);
  if (!entry) {
    entry = { parsed: createCache({ max: PARSED_CACHE_MAX }), facts: createCache({ max: FACTS_CACHE_MAX }) };
    caches.set(db, entry);
  }
  return entry;
}

function isPattern(value: unknown): value is Pattern {
  const p = value as Pattern;
  return !!p && Array.isArray(p.pieces) && Array.isArray(p.sizes) && typeof p.units === "string";
}

/**
 * A version's pattern as stored (JSON text) and parsed: the stored one, or (data '{}') read from its DXF in the
 * worker pool once and stored. Null when the file is missing or cannot be read as a pattern within the limits (the
 * upload form refuses those, so only a damaged store or an older upload gets here). Throws PatternBusyError when
 * the pool is full. A few recently used patterns stay in memory.
 */
export async function loadPattern({ db, versionId }: { db: DbOrTx; versionId: number }): Promise<LoadedPattern | null> {
  const parsedCache = cachesOf(db).parsed;
  const current = await first(db.select({ reading: patternVersions.reading }).from(patternVersions).where(eq(patternVersions.id, versionId)).limit(1));
  if (!current) return null;
  const key = `${versionId}:${current.reading}`;
  const cached = parsedCache.get(key);
  if (cached) return cached;
  const row = await first(db.select({ data: patternVersions.data, file: patternVersions.file }).from(patternVersions).where(eq(patternVersions.id, versionId)).limit(1));
  if (!row) return null;
  let pattern: Pattern | null = null;
  let data = row.data;
  try {
    const stored: unknown = JSON.parse(row.data);
    if (isPattern(stored)) pattern = stored;
  } catch {
    pattern = null;
  }
  if (!pattern) {
    const file = (await localUpload(row.file))?.path;
    if (!file) return null;
    const result = await runPatternTask({ kind: "read", file }).catch((error: unknown) => {
      if (error instanceof PatternLimitError) return null;
      throw error;
    });
    if (!result?.ok) return null;
    pattern = result.pattern;
    data = JSON.stringify(pattern);
    // A cache of the reading: kept in memory anyway, so on a read-only database (a GET on a standby, decision 161)
    // it is not stored, and the reread job on the primary stores it.
    await unlessReadOnly("pattern reading", async () => {
      await db.update(patternVersions).set({ data, readerVersion: READER_VERSION }).where(eq(patternVersions.id, versionId));
    });
  }
  return parsedCache.set(key, { pattern, data, reading: current.reading });
}

/** A version's reading: the pattern, its stored JSON text and the reading's number (pattern_versions.reading). */
export type LoadedPattern = { pattern: Pattern; data: string; reading: number };

/** The pattern of a version (loadPattern without its stored text). */
export async function ensureParsed({ db, versionId }: { db: DbOrTx; versionId: number }): Promise<Pattern | null> {
  return (await loadPattern({ db, versionId }))?.pattern ?? null;
}

export type FabricFact = { size: string; fabrics: { label: string; metres: number; yards: number; fits: boolean }[] };

/** What the product page (and the JSON face) says about a pattern, measured from its file. */
export type PatternFacts = {
  versionId: number;
  version: number;
  /** The version's reading (pattern_versions.reading): 0 until its file is read again (decision 100). */
  reading: number;
  /** 'Version N, updated YYYY-MM-DD' (isoDay, the days of every other screen: issue 46, item 23). */
  versionLine: string;
  updated: string;
  updatedIso: string;
  units: PatternUnits;
  sizes: string[];
  defaultSize: string;
  pieceCount: number;
  /** Piece names per size, in file order. */
  pieceNames: Record<string, string[]>;
  /** Per size, for 45 in and 60 in wide fabric: an estimate, margin included. */
  fabric: FabricFact[];
  marginPercent: number;
  /** Where the units come from (decision 094); for a reading stored before it, derived (unitsSourceOf). */
  unitsSource: UnitsSource;
  /** The size the file names as its sample size, else null. */
  sampleSize: string | null;
  /** What the seller should know of the reading, one sentence each (the units note of older readings too). */
  warnings: string[];
  /** The pieces across sizes (pieceFacts). */
  pieceList: PieceFact[];
  /** Every material and size, for 1120, 1400 and 1500 mm wide fabric: the length to buy, margin included. */
  fabricByWidth: { material: string; size: string; widthMm: number; lengthMm: number; fits: boolean }[];
};

/**
 * Where the units of a reading come from. Readings stored before decision 094 have no `unitsSource`: then units
 * the reader had to assume (nothing in the file) are 'inferred', else they came from the DXF header, the only
 * place that reader looked.
 */
export function unitsSourceOf(pattern: Pattern): UnitsSource {
  return pattern.unitsSource ?? (pattern.unitsAssumed ? "inferred" : "header");
}

/** The seller's warnings of a reading: its own, or for an older reading with assumed units, the units note. */
export function readingWarnings(pattern: Pattern): string[] {
  if (pattern.warnings) return pattern.warnings;
  return pattern.unitsAssumed ? [UNITS_ASSUMED_MESSAGE] : [];
}


/** The facts of a version (null when its file cannot be read); computed once per version and kept in memory. */
export async function versionFacts({ db, version }: { db: DbOrTx; version: VersionSummary }): Promise<PatternFacts | null> {
  const factsCache = cachesOf(db).facts;
  const key = `${version.id}:${version.reading}`;
  const cached = factsCache.get(key);
  if (cached) return cached;
  // A full pool (an older version read for the first time) leaves the facts out of this one answer only.
  const pattern = await ensureParsed({ db, versionId: version.id }).catch((error: unknown) => {
    if (error instanceof PatternBusyError) return null;
    throw error;
  });
  if (!pattern || !pattern.sizes.length) return null;
  const facts: PatternFacts = {
    versionId: version.id,
    version: version.version,
    reading: version.reading,
    versionLine: `Version ${version.version}, updated ${isoDay(version.createdAt)}`,
    updated: isoDay(version.createdAt),
    updatedIso: version.createdAt.toISOString(),
    units: pattern.units,
    sizes: pattern.sizes,
    defaultSize: defaultSize(pattern) ?? pattern.sizes[0]!,
    pieceCount: pieceCount(pattern),
    pieceNames: Object.fromEntries(pattern.sizes.map((s) => [s, piecesOfSize(pattern, s).map((p) => p.name)])),
    fabric: pattern.sizes.flatMap((size) => {
      const estimate = fabricEstimate(pattern, size);
      return estimate
        ? [{ size, fabrics: estimate.fabrics.map((f) => ({ label: f.label, metres: f.metres, yards: f.yards, fits: f.fits })) }]
        : [];
    }),
    marginPercent: FABRIC_MARGIN_PERCENT,
    unitsSource: unitsSourceOf(pattern),
    sampleSize: pattern.sampleSize && pattern.sizes.includes(pattern.sampleSize) ? pattern.sampleSize : null,
    warnings: readingWarnings(pattern),
    pieceList: pieceFacts(pattern),
    fabricByWidth: pattern.sizes.flatMap((size) =>
      fabricEstimates(pattern, size, METRIC_FABRIC_WIDTHS).flatMap((estimate) =>
        estimate.fabrics.map((f) => ({ material: estimate.material, size, widthMm: f.widthMm, lengthMm: Math.round(f.lengthMm * 10) / 10, fits: f.fits })),
      ),
    ),
  };
  return factsCache.set(key, facts);
}

/** The facts of a product's current pattern version, or null (not a pattern, no version, unreadable file). */
export async function productPatternFacts({ db, productId }: { db: DbOrTx; productId: number }): Promise<PatternFacts | null> {
  const version = await getLatestVersion({ db, productId });
  return version ? versionFacts({ db, version }) : null;
}

/**
 * What pins a preview URL to one reading of one version: 'N' (version N as first read), 'N.R' after its R-th
 * re-reading (decision 100), so a browser never keeps a preview of an older reading.
 */
export function previewPin(facts: { version: number; reading: number }): string {
  return facts.reading ? `${facts.version}.${facts.reading}` : String(facts.version);
}

/** The preview's URL for the product page and the JSON face (pinned to the version's reading: cached for good). */
export function previewUrl(productId: number, facts: { version: number; reading: number }, size?: string): string {
  const query = new URLSearchParams({ ...(size ? { size } : {}), v: previewPin(facts) });
  return `/product/${productId}/preview.svg?${query}`;
}

type FabricNeedJson = { material: string; size: string; widthMm: number; lengthMm: number; fits: boolean; source: "layout" | "estimate" };

/** The external product's `pattern` (JSON face), or null for a product without a readable pattern. */
/**
 * `fabric`: the fabric to buy per material, size and the seller's widths (fabricNeeded, page-layout.server.ts: from
 * the layouts, estimates marked), one figure with the product page's (issue 34, item 12).
 */
export function patternJson(productId: number, facts: PatternFacts | null, fabric: FabricNeedJson[]) {
  if (!facts) return null;
  return {
    sizes: facts.sizes,
    pieces: facts.pieceCount,
    units: facts.units,
    version: facts.version,
    updated: facts.updatedIso,
    preview_url: previewUrl(productId, facts),
    units_source: facts.unitsSource,
    sample_size: facts.sampleSize,
    piece_list: facts.pieceList.map((p) => ({
      name: p.name,
      quantity: p.quantity,
      on_fold: p.onFold,
      material: p.material,
      sizes: Object.fromEntries(
        Object.entries(p.sizes).map(([size, s]) => [size, { width_mm: s.widthMm, height_mm: s.heightMm, area_mm2: s.areaMm2, notches: s.notches }]),
      ),
    })),
    fabric: fabric.map((f) => ({ material: f.material, size: f.size, width_mm: f.widthMm, length_mm: f.lengthMm, fits: f.fits, source: f.source })),
  };
}

/**
 * The product page's pattern section (HTML face), beside patternJson: the size shown and the sizes to switch to, the
 * facts, the preview of `previewSize` (the buyer's own size when it is shown, else `size`), the viewer's own size in
 * the switcher (null without one) and the fabric table.
 */
export function patternPageView<T>({
  productId,
  facts,
  size,
  previewSize,
  yourSize,
  fabricTable,
}: {
  productId: number;
  facts: PatternFacts;
  size: string;
  previewSize: string;
  yourSize: { size: string; label: string; current: boolean } | null;
  fabricTable: T;
}) {
  return {
    size,
    sizes: facts.sizes,
    versionLine: facts.versionLine,
    updatedIso: facts.updatedIso,
    pieceCount: facts.pieceCount,
    pieceNames: facts.pieceNames[size] ?? [],
    previewUrl: previewUrl(productId, facts, previewSize),
    yourSize,
    fabricTable,
  };
}

/**
 * The seller's view of a product's current pattern (the edit screen): what was read, the units note, the preview
 * and, from version 2 on, the changes against the previous version. The caller has checked ownership.
 */
export async function sellerPatternSummary({ db, productId }: { db: DbOrTx; productId: number }) {
  const [latest, previous] = await listVersions({ db, productId });
  if (!latest) return null;
  const facts = await versionFacts({ db, version: latest });
  const pattern = facts ? await ensureParsed({ db, versionId: latest.id }) : null;
  if (!facts || !pattern) {
    return {
      versionLine: `Version ${latest.version}`,
      pieceCount: 0,
      sizes: [],
      previewUrl: "",
      compareUrl: null,
      previousVersion: null,
      unitsNote: null,
      unreadable: true,
      units: null,
      unitsSource: null,
      unitsChoice: "file" as const,
      warnings: [],
      pieceList: [],
      fabricByWidth: [],
    };
  }
  const unitsNote = pattern.unitsAssumed ? UNITS_ASSUMED_MESSAGE : null;
  return {
    versionLine: facts.versionLine,
    pieceCount: facts.pieceCount,
    sizes: facts.sizes,
    previewUrl: previewUrl(productId, facts),
    compareUrl: previous ? `/edit-product/${productId}/compare.svg?v=${latest.version}` : null,
    previousVersion: previous?.version ?? null,
    unitsNote,
    unreadable: false,
    // What the reader found (decision 100): the edit screen's tables, its warnings and its "Read as" choice.
    units: facts.units,
    unitsSource: facts.unitsSource,
    unitsChoice: facts.unitsSource === "seller" ? facts.units : ("file" as const),
    // The units note is shown with the preview already.
    warnings: facts.warnings.filter((w) => w !== unitsNote),
    pieceList: facts.pieceList,
    fabricByWidth: facts.fabricByWidth,
  };
}

/**
 * The current version's outline over the previous one (compareSvg, drawn in the worker pool), one size (default:
 * the preview's); or null. Throws PatternBusyError or PatternLimitError from the pool.
 */
export async function compareLatestVersions({ db, productId, size }: { db: DbOrTx; productId: number; size?: string | null }): Promise<string | null> {
  const [latest, previous] = await listVersions({ db, productId });
  if (!latest || !previous) return null;
  const now = await loadPattern({ db, versionId: latest.id });
  const before = await loadPattern({ db, versionId: previous.id });
  if (!now || !before) return null;
  const chosen =
    size && (now.pattern.sizes.includes(size) || before.pattern.sizes.includes(size)) ? size : (defaultSize(now.pattern) ?? now.pattern.sizes[0]);
  return chosen ? runPatternTask({ kind: "compare", before: before.data, now: now.data, size: chosen }) : null;
}
