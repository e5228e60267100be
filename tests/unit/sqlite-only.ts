/**
 * Tests about SQLite itself (better-sqlite3, PRAGMAs, the WAL, SQLite's migration files): run on SQLite, skipped on a
 * PostgreSQL run (`TEST_DATABASE=postgres`, issue 49) with the reason in the skipped test's name. Keep them few: a test
 * about the app's behaviour belongs on both engines (tests/unit/helpers.ts createTestDb, app/utils/db.server.ts's
 * rawRows/rawRun/first/affected).
 */
import { describe, it } from "vitest";

import { testEngine } from "./test-engine";

const onPostgres = testEngine() === "postgres";
const named = (name: string, reason: string) => (onPostgres ? `${name} [SQLite only: ${reason}]` : name);

/** `it`, skipped on PostgreSQL: `sqliteOnly("reads PRAGMA data_version")("name", fn)`. */
export function sqliteOnly(reason: string) {
  return (name: string, fn: () => unknown, timeout?: number) => it.skipIf(onPostgres)(named(name, reason), fn, timeout);
}

/** `describe`, skipped on PostgreSQL. */
export function describeSqliteOnly(reason: string) {
  return (name: string, fn: () => void) => describe.skipIf(onPostgres)(named(name, reason), fn);
}
