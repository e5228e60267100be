/**
 * Reading stored pattern versions again (decision 100): with the seller's choice of units (the edit screen), after a
 * change of the reader (READER_VERSION: at start-up, in the background) or for every version
 * (`npm run patterns:reread`). Every reading runs in the worker pool with the upload's limits. A new reading
 * replaces the stored one and bumps the row's `reading`, the key of every cache of a reading (facts, parsed
 * pattern, previews, print files), and the cached files of older readings are deleted. A file that cannot be read
 * (any more) keeps its stored reading: nothing is lost, the failure is answered and reported.
 */

import { and, asc, eq, lt, ne, sql } from "drizzle-orm";

import { patternVersions } from "../../../db/tables";
import { TOO_COMPLEX_PREFIX } from "./dxf-raw.server";
import { READER_VERSION } from "./dxf.server";
import { PatternBusyError, PatternLimitError, runPatternTask } from "./pool.server";
import type { Pattern, PatternUnits } from "./types";
import { type DbOrTx, first } from "~/utils/db.server";
import { dropCached, FILE_STORE_RETRY_SECONDS, FileStoreUnavailableError, localUpload } from "~/models/files/store.server";

export type RereadError = "not-found" | "missing-file" | "unreadable" | "busy";

export type RereadResult =
  | { ok: true; reading: number; warnings: string[] }
  | { ok: false; error: RereadError; message: string; retryAfter?: number };

function storedPattern(data: string): Pattern | null {
  try {
    const value = JSON.parse(data) as Pattern;
    return value && Array.isArray(value.pieces) && typeof value.units === "string" ? value : null;
  } catch {
    return null;
  }
}

/**
 * Reads one version's DXF again and stores the reading. `units`: the seller's choice ('mm', 'cm', 'in'), null for
 * "as the file says", left out to keep what the stored reading has (a seller's choice stays the seller's).
 */
export async function rereadVersion({
  db,
  versionId,
  units,
  dataDir,
}: {
  db: DbOrTx;
  versionId: number;
  units?: PatternUnits | null;
  dataDir?: string;
}): Promise<RereadResult> {
  const row = await first(db
    .select({ file: patternVersions.file, data: patternVersions.data })
    .from(patternVersions)
    .where(eq(patternVersions.id, versionId)).limit(1));
  if (!row) return { ok: false, error: "not-found", message: "No such pattern version." };
  const stored = storedPattern(row.data);
  const chosen = units === undefined ? (stored?.unitsSource === "seller" ? stored.units : undefined) : (units ?? undefined);
  let file;
  try {
    file = (await localUpload(row.file, dataDir))?.path;
  } catch (error) {
    if (error instanceof FileStoreUnavailableError) return { ok: false, error: "busy", message: error.message, retryAfter: FILE_STORE_RETRY_SECONDS };
    throw error;
  }
  if (!file) return { ok: false, error: "missing-file", message: "The pattern file is missing from the file store." };
  let read;
  try {
    read = await runPatternTask({ kind: "readJson", file, units: chosen }, "background");
  } catch (error) {
    if (error instanceof PatternLimitError) return { ok: false, error: "unreadable", message: `${TOO_COMPLEX_PREFIX}: ${error.detail}.` };
    if (error instanceof PatternBusyError) return { ok: false, error: "busy", message: error.message, retryAfter: error.retryAfter };
    throw error;
  }
  if (!read.ok) return { ok: false, error: "unreadable", message: read.message };
  const updated = (await db
    .update(patternVersions)
    .set({ data: read.data, readerVersion: READER_VERSION, reading: sql`${patternVersions.reading} + 1` })
    .where(eq(patternVersions.id, versionId))
    .returning({ reading: patternVersions.reading }))[0];
  if (!updated) return { ok: false, error: "not-found", message: "No such pattern version." };
  await dropCachedFiles({ versionId, reading: updated.reading, dataDir });
  return { ok: true, reading: updated.reading, warnings: read.warnings };
}

/**
 * Deletes the cached preview, print and layout files of a version's other readings (preview-cache.server.ts,
 * downloads.server.ts and layouts.server.ts name them `v{id}r{reading}`; files named before decision 100 have no
 * `r`). Stamped DXF copies are the file itself, not a reading: they stay.
 */
async function dropCachedFiles({ versionId, reading, dataDir }: { versionId: number; reading: number; dataDir?: string }) {
  const preview = new RegExp(`^preview-v${versionId}(?:r(\\d+))?-`);
  const download = new RegExp(`-v\\d+-${versionId}(?:r(\\d+))?-.*\\.pdf$`);
  for (const [folder, pattern] of [
    ["patterns", preview],
    ["patterns/downloads", download],
    ["patterns/layouts", new RegExp(`^layout-v${versionId}r(\\d+)-`)],
  ] as const) {
    await dropCached({
      folder,
      dataDir,
      drop: (name) => {
        const match = pattern.exec(name);
        return Boolean(match) && Number(match![1] ?? -1) !== reading;
      },
    });
  }
}

export type RereadReport = {
  reread: number;
  failed: { versionId: number; productId: number; version: number; error: RereadError; message: string }[];
};

const BUSY_TRIES = 5;

/**
 * Reads stored versions again, one at a time (the pool keeps room for the site's own tasks): by default those read
 * by an older reader (`data` '{}' rows are read on first use by the current one), with `all` every version. The
 * seller's units are kept. A full pool is waited for (its Retry-After, a few times) before a version is reported.
 */
export async function rereadStoredVersions({
  db,
  all = false,
  dataDir,
  onVersion,
}: {
  db: DbOrTx;
  all?: boolean;
  dataDir?: string;
  onVersion?: (versionId: number, result: RereadResult) => void;
}): Promise<RereadReport> {
  const rows = await db
    .select({ id: patternVersions.id, productId: patternVersions.productId, version: patternVersions.version })
    .from(patternVersions)
    .where(all ? undefined : and(lt(patternVersions.readerVersion, READER_VERSION), ne(patternVersions.data, "{}")))
    .orderBy(asc(patternVersions.id));
  const report: RereadReport = { reread: 0, failed: [] };
  for (const row of rows) {
    let result = await rereadVersion({ db, versionId: row.id, dataDir });
    for (let tries = 1; !result.ok && result.error === "busy" && tries < BUSY_TRIES; tries++) {
      await new Promise((resolve) => setTimeout(resolve, (result.ok ? 0 : (result.retryAfter ?? 1)) * 1000));
      result = await rereadVersion({ db, versionId: row.id, dataDir });
    }
    onVersion?.(row.id, result);
    if (result.ok) report.reread++;
    else report.failed.push({ versionId: row.id, productId: row.productId, version: row.version, error: result.error, message: result.message });
  }
  return report;
}

/** Whether any stored reading is older than the reader (the start-up check: one row looked for). */
export async function hasStaleReadings({ db }: { db: DbOrTx }): Promise<boolean> {
  return !!await first(db
    .select({ id: patternVersions.id })
    .from(patternVersions)
    .where(and(lt(patternVersions.readerVersion, READER_VERSION), ne(patternVersions.data, "{}")))
    .limit(1));
}
