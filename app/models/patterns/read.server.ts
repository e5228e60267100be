/**
 * Reading an uploaded DXF (decision 090): one guarded reading per upload, in the worker pool. Its result is the
 * upload check and the pattern that is stored, so a file is parsed once, never on the request thread.
 */
import { TOO_COMPLEX_PREFIX } from "./dxf.server";
import { PatternBusyError, PatternLimitError, runPatternTask } from "./pool.server";
import type { ReadPatternError } from "./types";

export type PatternUpload =
  /** `data`: the pattern's JSON, as stored with the version. */
  | { ok: true; data: string; unitsAssumed: boolean }
  /** `retryAfter` (seconds): the pool was full, the file itself may be fine. */
  | { ok: false; error: ReadPatternError | "busy"; message: string; retryAfter?: number };

export async function readPatternUpload(file: string): Promise<PatternUpload> {
  try {
    return await runPatternTask({ kind: "readJson", file });
  } catch (error) {
    if (error instanceof PatternLimitError) return { ok: false, error: "too_complex", message: `${TOO_COMPLEX_PREFIX}: ${error.detail}.` };
    if (error instanceof PatternBusyError) return { ok: false, error: "busy", message: error.message, retryAfter: error.retryAfter };
    throw error;
  }
}
