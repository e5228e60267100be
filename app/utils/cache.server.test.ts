/** The one cache helper: key, entry limit, time to live and data-version invalidation (decision 093). */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createTestDb, makeUser } from "../../tests/unit/helpers";
import { sqliteOnly } from "../../tests/unit/sqlite-only";
import { createCache } from "~/utils/cache.server";
import { dataVersion, rawRow } from "~/utils/db.server";

describe("createCache", () => {
  it("keeps values by key and drops the least recently used past its limit", () => {
    const cache = createCache<string>({ max: 2 });
    cache.set("a", "A");
    cache.set("b", "B");
    expect(cache.get("a")).toBe("A"); // a is now the most recently used
    cache.set("c", "C");
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe("A");
    expect(cache.get("c")).toBe("C");
    expect(cache.size).toBe(2);
  });

  it("computes a missing value once and keeps undefined-free answers apart from misses", () => {
    const cache = createCache<number | null>({ max: 10 });
    let computed = 0;
    const compute = () => {
      computed += 1;
      return null;
    };
    expect(cache.getOrSet("k", compute)).toBeNull();
    expect(cache.getOrSet("k", compute)).toBeNull();
    expect(computed).toBe(1);
    expect(cache.has("k")).toBe(true);
    cache.delete("k");
    expect(cache.has("k")).toBe(false);
  });

  it("serves an entry only while its time to live lasts, on the injected clock", () => {
    let clock = 1000;
    const cache = createCache<string>({ max: 10, ttlMs: 50, now: () => clock });
    cache.set("page", "<html>");
    clock += 49;
    expect(cache.get("page")).toBe("<html>");
    clock += 1;
    expect(cache.get("page")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  // SQLite's synchronous dataVersion; PostgreSQL's (currentDataVersion, the WAL position) is tested in
  // app/utils/sql-dialect.server.test.ts on a cluster of its own.
  sqliteOnly("SQLite's synchronous dataVersion")("misses once the database's data version has changed", async () => {
    const db = createTestDb();
    const cache = createCache<Promise<number>>({ max: 10 });
    const count = async () => (await rawRow<{ n: number }>(db, sql`SELECT count(*) AS n FROM users`))!.n;
    expect(await cache.getOrSet("users", count, { version: dataVersion(db) })).toBe(0);
    expect(await cache.getOrSet("users", async () => -1, { version: dataVersion(db) })).toBe(0);
    await makeUser(db);
    expect(cache.get("users", { version: dataVersion(db) })).toBeUndefined();
    expect(await cache.getOrSet("users", count, { version: dataVersion(db) })).toBe(1);
  });
});
