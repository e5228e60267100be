/**
 * Writes a GET may attempt although a GET never writes (decision 161): only best-effort ones (a log line), which a
 * read-only database (a PostgreSQL standby, SQLite's `query_only`) may refuse without failing the page.
 */
import { log } from "~/utils/log.server";

/** Whether `error` (or what it wraps) is the database refusing a write: SQLite's SQLITE_READONLY, PostgreSQL's 25006. */
export function isReadOnlyError(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth += 1) {
    if (typeof e.code === "string" && (e.code.startsWith("SQLITE_READONLY") || e.code === "25006")) return true;
  }
  return false;
}

/** Runs a best-effort write: on a read-only database it is skipped (logged), any other error is thrown. */
export function unlessReadOnly<T>(what: string, write: () => T): T | undefined {
  const skipped = (error: unknown) => {
    if (!isReadOnlyError(error)) throw error;
    log.warn({ event: "read-only-skip", what }, "a best-effort write was skipped: the database is read-only");
    return undefined;
  };
  try {
    const result = write();
    return (result instanceof Promise ? result.catch(skipped) : result) as T;
  } catch (error) {
    return skipped(error);
  }
}
