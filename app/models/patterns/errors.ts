/**
 * The pattern domain's answers when its worker pool cannot do a piece of work (decision 090), read by every route
 * that builds a preview, a comparison or a download, HTML and JSON alike.
 */
import { PatternBusyError, PatternLimitError, RETRY_AFTER_SECONDS } from "./pool.server";
import { FILES_ERRORS } from "~/models/files/errors";
import { FILE_STORE_RETRY_SECONDS, FileStoreUnavailableError } from "~/models/files/store.server";

export type PatternWorkFailure = { status: 503; message: string; headers: Record<string, string> };

const headers = (seconds: number) => ({ "Retry-After": String(seconds), "Cache-Control": "no-store" });

/**
 * 503 with Retry-After for a full pool, a task over its limits, a full disk or a file store that cannot be reached
 * (FILE_STORE_URL, decision 102); null for any other error (rethrow it).
 */
export function patternWorkFailure(error: unknown): PatternWorkFailure | null {
  if (error instanceof FileStoreUnavailableError) {
    return { status: 503, message: FILES_ERRORS.unavailable.message, headers: headers(FILE_STORE_RETRY_SECONDS) };
  }
  if (error instanceof PatternBusyError) return { status: 503, message: error.message, headers: headers(error.retryAfter) };
  if ((error as { code?: unknown } | null)?.code === "ENOSPC") {
    console.error("[patterns] the disk is full: a pattern file could not be written");
    return { status: 503, message: "This file cannot be prepared right now. Please try again later.", headers: headers(RETRY_AFTER_SECONDS * 6) };
  }
  if (error instanceof PatternLimitError) {
    return {
      status: 503,
      message: `This pattern file could not be prepared: ${error.detail}. Please try again later, or choose fewer sizes.`,
      headers: headers(RETRY_AFTER_SECONDS * 6),
    };
  }
  return null;
}

/** Runs pattern work for a route: a pool failure becomes a thrown plain-text 503 with Retry-After. */
export async function orPatternWorkFailure<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const failure = patternWorkFailure(error);
    if (!failure) throw error;
    throw new Response(failure.message, { status: failure.status, headers: { ...failure.headers, "Content-Type": "text/plain; charset=utf-8" } });
  }
}
