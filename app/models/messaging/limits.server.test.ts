import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { openDatabase } from "../../../db/client";
import { createTestDb } from "../../../tests/unit/helpers";
import { hitRateLimit } from "./limits.server";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("hitRateLimit", () => {
  it("allows `limit` hits per window, then refuses until the window has passed", () => {
    const db = createTestDb();
    const hit = (now: number) => hitRateLimit({ db, key: "k", limit: 3, windowMs: 1000, now });
    expect([hit(0), hit(10), hit(20)].map((h) => h.ok)).toEqual([true, true, true]);
    expect(hit(999)).toEqual({ ok: false, count: 4, resetAt: 1000 });
    expect(hit(1000)).toEqual({ ok: true, count: 1, resetAt: 2000 });
    // Keys are independent.
    expect(hitRateLimit({ db, key: "other", limit: 1, windowMs: 1000, now: 999 }).ok).toBe(true);
  });

  it("holds across two connections to one database file (two processes)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ph-limits-"));
    dirs.push(dir);
    const file = path.join(dir, "db.sqlite");
    const one = openDatabase(file);
    const two = openDatabase(file);
    const results: boolean[] = [];
    for (let i = 0; i < 25; i++) results.push(hitRateLimit({ db: i % 2 ? one : two, key: "messages:1", limit: 20, windowMs: 60_000, now: 5 }).ok);
    expect(results.filter(Boolean)).toHaveLength(20);
    expect(results.slice(20)).toEqual([false, false, false, false, false]);
    one.$client.close();
    two.$client.close();
  });
});
