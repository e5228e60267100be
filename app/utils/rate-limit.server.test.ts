import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import type { Db } from "../../db/client";
import { isPg, rawRows } from "~/utils/db.server";
import { clear, hit, peek, release, sweepRateLimits } from "~/utils/rate-limit.server";
import { closeTestDbs, createSharedTestDbs, createTestDb } from "../../tests/unit/helpers";

const WINDOW = 15 * 60 * 1000;
const T0 = 1_900_000_000_000;

describe("hit / peek / release / clear (SQLite counters)", () => {
  it("allows up to the limit in a window, then refuses; counts stop at limit + 1", async () => {
    const db = createTestDb();
    const results = await Promise.all(Array.from({ length: 8 }, async (_, i) => hit({ db, key: "k", limit: 3, windowMs: WINDOW, now: T0 + i })));
    // In whatever order the engine ran them (SQLite one after another; PostgreSQL's pool several at once).
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(results.map((r) => r.count).sort()).toEqual([1, 2, 3, 4, 4, 4, 4, 4]);
    expect(results.filter((r) => r.allowed).map((r) => r.count).sort()).toEqual([1, 2, 3]);
    // One window for all, opened by the hit that ran first (the one counted 1): T0 + its index.
    const windowEnd = T0 + results.findIndex((r) => r.count === 1) + WINDOW;
    expect(new Set(results.map((r) => r.resetAt))).toEqual(new Set([windowEnd]));
    expect(await peek({ db, key: "k", limit: 3, now: T0 + 10 })).toEqual({ allowed: false, count: 4, resetAt: windowEnd });
    // Keys are independent.
    expect((await hit({ db, key: "other", limit: 3, windowMs: WINDOW, now: T0 })).count).toBe(1);
  });

  it("starts a new window once the old one has ended", async () => {
    const db = createTestDb();
    for (let i = 0; i < 5; i++) await hit({ db, key: "k", limit: 2, windowMs: WINDOW, now: T0 });
    expect(await peek({ db, key: "k", limit: 2, now: T0 + WINDOW })).toEqual({ allowed: true, count: 0, resetAt: T0 + WINDOW });
    const fresh = await hit({ db, key: "k", limit: 2, windowMs: WINDOW, now: T0 + WINDOW });
    expect(fresh).toEqual({ allowed: true, count: 1, resetAt: T0 + 2 * WINDOW });
  });

  it("release takes one attempt back; clear forgets the key; sweep drops ended windows", async () => {
    const db = createTestDb();
    await hit({ db, key: "k", limit: 2, windowMs: WINDOW, now: T0 });
    await hit({ db, key: "k", limit: 2, windowMs: WINDOW, now: T0 });
    await release({ db, key: "k", now: T0 });
    expect((await peek({ db, key: "k", limit: 2, now: T0 })).count).toBe(1);
    await clear({ db, key: "k" });
    expect((await peek({ db, key: "k", limit: 2, now: T0 })).count).toBe(0);
    await hit({ db, key: "old", limit: 2, windowMs: 10, now: T0 });
    await hit({ db, key: "new", limit: 2, windowMs: WINDOW, now: T0 });
    await sweepRateLimits({ db, now: T0 + 10 });
    expect(await rawRows(db, sql`SELECT key FROM rate_limits ORDER BY key`)).toEqual([{ key: "new" }]);
  });

  describe("two connections to one file (two processes' view)", () => {
    const dbs: Db[] = [];
    afterEach(async () => {
      await closeTestDbs(...dbs.splice(0));
    });

    it("shares one count: the limit holds over both", async () => {
      const [a, b] = createSharedTestDbs(2) as [Db, Db];
      dbs.push(a, b);
      const allowed = await Promise.all(Array.from({ length: 10 }, async (_, i) => (await hit({ db: i % 2 ? b : a, key: "login:x", limit: 5, windowMs: WINDOW, now: T0 })).allowed));
      expect(allowed.filter(Boolean)).toHaveLength(5);
      // SQLite runs the hits in the order they were made (one writer at a time); PostgreSQL's pools run them at once.
      if (!isPg(a)) expect(allowed.slice(0, 5)).toEqual([true, true, true, true, true]);
      expect((await peek({ db: b, key: "login:x", limit: 5, now: T0 })).allowed).toBe(false);
      await clear({ db: a, key: "login:x" });
      expect((await hit({ db: b, key: "login:x", limit: 5, windowMs: WINDOW, now: T0 })).count).toBe(1);
    });
  });
});
