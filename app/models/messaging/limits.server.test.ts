import { describe, expect, it } from "vitest";

import type { Db } from "../../../db/client";
import { closeTestDbs, createSharedTestDbs, createTestDb } from "../../../tests/unit/helpers";
import { hit } from "~/utils/rate-limit.server";

describe("the messaging limits on the shared SQLite counter", () => {
  it("allows `limit` hits per window, then refuses until the window has passed", async () => {
    const db = createTestDb();
    const at = (now: number) => hit({ db, key: "k", limit: 3, windowMs: 1000, now });
    expect([await at(0), await at(10), await at(20)].map((h) => h.allowed)).toEqual([true, true, true]);
    expect(await at(999)).toEqual({ allowed: false, count: 4, resetAt: 1000 });
    expect(await at(1000)).toEqual({ allowed: true, count: 1, resetAt: 2000 });
    // Keys are independent.
    expect((await hit({ db, key: "other", limit: 1, windowMs: 1000, now: 999 })).allowed).toBe(true);
  });

  it("holds across two connections to one database file (two processes)", async () => {
    const [one, two] = createSharedTestDbs(2) as [Db, Db];
    const results: boolean[] = [];
    for (let i = 0; i < 25; i++) results.push((await hit({ db: i % 2 ? one : two, key: "messages:1", limit: 20, windowMs: 60_000, now: 5 })).allowed);
    expect(results.filter(Boolean)).toHaveLength(20);
    expect(results.slice(20)).toEqual([false, false, false, false, false]);
    await closeTestDbs(one, two);
  });
});
