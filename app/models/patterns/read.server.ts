/**
 * Reading an uploaded DXF (decision 090): one guarded reading per upload, in the worker pool. Its result is the
 * upload check and the pattern that is stored, so a file is parsed once, never on the request thread.
 */
import { TOO_COMPLEX_PREFIX } from "./dxf-raw.server";
import { PatternBusyError, PatternLimitError, runPatternTask } from "./pool.server";
import type { PatternUnits, ReadPatternError } from "./types";

export type PatternUpload =
  /** `data`: the pattern's JSON, as stored with the version. */
  /** `warnings`: what the seller should know of the reading (units read otherwise than declared). */
  /** `sizes`: the reading's sizes, in the file's order. */
  | { ok: true; data: string; sizes: string[]; unitsAssumed: boolean; warnings: string[] }
  /** `retryAfter` (seconds): the pool was full, the file itself may be fine. */
  | { ok: false; error: ReadPatternError | "busy"; message: string; retryAfter?: number };

/** `units`: the seller's choice of units for this file, when they override what the file says. */
export async function readPatternUpload(file: string, { units }: { units?: PatternUnits } = {}): Promise<PatternUpload> {
  try {
    return await runPatternTask({ kind: "readJson", file, units });
  } catch (error) {
    if (error instanceof PatternLimitError) return { ok: false, error: "too_complex", message: `${TOO_COMPLEX_PREFIX}: ${error.detail}.` };
    if (error instanceof PatternBusyError) return { ok: false, error: "busy", message: error.message, retryAfter: error.retryAfter };
    throw error;
  }
}
