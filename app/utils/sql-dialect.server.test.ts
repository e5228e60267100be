import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import * as pgSchema from "../../db/schema.pg";
import * as sqliteSchema from "../../db/schema";
import { withBothEngines, type Engine } from "../../tests/unit/engines";
import { affected, currentDataVersion, isPg, rawRow, rawRows, rawRun, transaction, untilDataChanges, type Db } from "~/utils/db.server";
import {
  asReal,
  atTime,
  caseless,
  catalogueMatch,
  epochMs,
  greatest,
  inIntegers,
  isUniqueViolation,
  jsonNumber,
  jsonText,
  least,
  likeCaseless,
  nowMs,
  plusMs,
  reserveIds,
  utcDay,
} from "~/utils/sql-dialect.server";

const engines = withBothEngines();

/** A migrated database of the engine, a handle on it and the engine's tables (typed as SQLite's, as db/tables does). */
async function shop(engine: Engine, handles = 1) {
  const database = await engine.fresh({ migrate: true });
  const dbs: Db[] = [];
  for (let i = 0; i < handles; i++) dbs.push(await database.open());
  const t = (isPg(dbs[0]) ? pgSchema : sqliteSchema) as unknown as typeof sqliteSchema;
  return { db: dbs[0], other: dbs[1], t };
}

const AT = Date.UTC(2026, 2, 14, 23, 59, 58, 123);

async function addUser(db: Db, t: typeof sqliteSchema, email: string, lastName = "Doe") {
  const [user] = await db
    .insert(t.users)
    .values({ email, passwordHash: "x", firstName: "Ann", lastName, createdAt: new Date(AT) })
    .returning({ id: t.users.id, email: t.users.email });
  return user;
}

describe.each(engines)("SQL fragments on $name", (engine) => {
  it("RETURNING gives the inserted row; raw rows give a timestamp as milliseconds, through epochMs too", async () => {
    const { db, t } = await shop(engine);
    const user = await addUser(db, t, "ann@example.com");
    expect(user).toEqual({ id: expect.any(Number), email: "ann@example.com" });
    const [read] = await db.select({ createdAt: t.users.createdAt }).from(t.users);
    expect(read.createdAt).toEqual(new Date(AT));
    expect(await rawRow(db, sql`SELECT created_at AS at, ${epochMs(db, t.users.createdAt)} AS ms FROM users`)).toEqual({ at: AT, ms: AT });
  });

  it("atTime compares and stores points in time; plusMs moves them; utcDay names their day", async () => {
    const { db, t } = await shop(engine);
    const user = await addUser(db, t, "ann@example.com");
    const found = (at: number) => rawRows(db, sql`SELECT id FROM users WHERE created_at > ${atTime(db, at)}`);
    expect(await found(AT - 1)).toEqual([{ id: user.id }]);
    expect(await found(AT)).toEqual([]);
    await rawRun(db, sql`UPDATE users SET created_at = ${atTime(db, new Date(AT + 5))} WHERE id = ${user.id}`);
    expect(await rawRow(db, sql`SELECT ${epochMs(db, t.users.createdAt)} AS ms FROM users`)).toEqual({ ms: AT + 5 });
    await rawRun(db, sql`UPDATE users SET created_at = ${atTime(db, AT)} WHERE id = ${user.id}`);
    const row = await rawRow(
      db,
      sql`SELECT ${epochMs(db, plusMs(db, t.users.createdAt, 2_000))} AS later, ${utcDay(db, t.users.createdAt)} AS day,
        ${utcDay(db, plusMs(db, t.users.createdAt, 2_000))} AS next_day FROM users`,
    );
    expect(row).toEqual({ later: AT + 2_000, day: "2026-03-14", next_day: "2026-03-15" });
    const now = (await rawRow<{ ms: number }>(db, sql`SELECT ${nowMs(db)} AS ms`))!.ms;
    expect(Number.isInteger(now)).toBe(true);
    expect(Math.abs(now - Date.now())).toBeLessThan(60_000);
  });

  it("reads keys of JSON kept as text", async () => {
    const { db } = await shop(engine);
    const json = sql`${JSON.stringify({ reason: "spam", count: 3, odd_key: "yes" })}`;
    expect(
      await rawRow(
        db,
        sql`SELECT ${jsonText(db, json, "reason")} AS reason, ${jsonText(db, json, "count")} AS count_text,
          ${jsonNumber(db, json, "count")} AS count, ${jsonText(db, json, "missing")} AS missing, ${jsonText(db, json, "odd_key")} AS odd`,
      ),
    ).toEqual({ reason: "spam", count_text: "3", count: 3, missing: null, odd: "yes" });
    expect(() => jsonText(db, json, "a'b")).toThrow("not a plain name");
  });

  it("inIntegers, greatest, least, asReal, caseless order and a LIKE that ignores case", async () => {
    const { db, t } = await shop(engine);
    const ids = [];
    for (const [email, last] of [["b@x.io", "beta"], ["a@x.io", "Alpha"], ["c@x.io", "Gamma"]]) ids.push((await addUser(db, t, email, last)).id);
    const picked = await db.select({ id: t.users.id }).from(t.users).where(inIntegers(db, t.users.id, [ids[0], ids[2], 999])).orderBy(asc(t.users.id));
    expect(picked).toEqual([{ id: ids[0] }, { id: ids[2] }]);
    expect(await db.select({ id: t.users.id }).from(t.users).where(inIntegers(db, t.users.id, []))).toEqual([]);
    const ordered = await db.select({ last: t.users.lastName }).from(t.users).orderBy(caseless(db, t.users.lastName));
    expect(ordered.map((r) => r.last)).toEqual(["Alpha", "beta", "Gamma"]);
    const liked = await db.select({ last: t.users.lastName }).from(t.users).where(likeCaseless(db, t.users.lastName, "%AMM%"));
    expect(liked).toEqual([{ last: "Gamma" }]);
    expect(
      await rawRow(
        db,
        sql`SELECT ${greatest(db, t.users.id, 0, -5)} AS g, ${least(db, sql`${t.users.id} - 100`, 0)} AS l, ${asReal(db, sql`1`)} / 4 AS r
          FROM users WHERE id = ${ids[0]}`,
      ),
    ).toEqual({ g: ids[0], l: ids[0] - 100, r: 0.25 });
  });

  it("INSERT ... ON CONFLICT through drizzle: do nothing and do update, with RETURNING", async () => {
    const { db, t } = await shop(engine);
    const upsert = () =>
      db
        .insert(t.rateLimits)
        .values({ key: "login:1", count: 1, resetAt: 1_000 })
        .onConflictDoUpdate({ target: t.rateLimits.key, set: { count: sql`${t.rateLimits.count} + 1` } })
        .returning({ count: t.rateLimits.count, resetAt: t.rateLimits.resetAt });
    expect(await upsert()).toEqual([{ count: 1, resetAt: 1_000 }]);
    expect(await upsert()).toEqual([{ count: 2, resetAt: 1_000 }]);
    const skipped = await db.insert(t.rateLimits).values({ key: "login:1", count: 9, resetAt: 9 }).onConflictDoNothing();
    expect(affected(skipped)).toBe(0);
    const added = await db.insert(t.rateLimits).values({ key: "login:2", count: 9, resetAt: 9 }).onConflictDoNothing();
    expect(affected(added)).toBe(1);
    expect(await db.insert(t.rateLimits).values({ key: "login:2", count: 9, resetAt: 9 }).onConflictDoNothing().returning()).toEqual([]);
    // The rate limiter's raw upsert, written for both (app/utils/rate-limit.server.ts's has SQLite's scalar MIN).
    const hit = (now: number) =>
      rawRow(
        db,
        sql`INSERT INTO rate_limits (key, count, reset_at) VALUES ('login:3', 1, ${now + 100})
          ON CONFLICT(key) DO UPDATE SET
            count = CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE ${least(db, sql`rate_limits.count + 1`, 3)} END,
            reset_at = CASE WHEN rate_limits.reset_at <= ${now} THEN ${now + 100} ELSE rate_limits.reset_at END
          RETURNING count, reset_at`,
      );
    expect([await hit(0), await hit(1), await hit(2), await hit(3), await hit(200)]).toEqual([
      { count: 1, reset_at: 100 },
      { count: 2, reset_at: 100 },
      { count: 3, reset_at: 100 },
      { count: 3, reset_at: 100 },
      { count: 1, reset_at: 300 },
    ]);
  });

  it("isUniqueViolation tells a broken unique key from other failures; caught in a savepoint, the transaction goes on", async () => {
    const { db, t } = await shop(engine);
    const add = (key: string) => db.insert(t.rateLimits).values({ key, count: 1, resetAt: 1 });
    await add("a");
    const failure = async (statement: Promise<unknown>) => statement.then(() => undefined, (error: unknown) => error);
    expect(isUniqueViolation(await failure(add("a")))).toBe(true);
    expect(isUniqueViolation(await failure(db.insert(t.rateLimits).values({ key: "b", count: 1, resetAt: null as unknown as number })))).toBe(false);
    expect(isUniqueViolation(new Error("no"))).toBe(false);
    await transaction(db, async () => {
      const error = await failure(transaction(db, async () => void (await add("a"))));
      expect(isUniqueViolation(error)).toBe(true);
      await add("c");
    });
    expect((await db.select({ key: t.rateLimits.key }).from(t.rateLimits).orderBy(asc(t.rateLimits.key))).map((r) => r.key)).toEqual(["a", "c"]);
  });

  it("the catalogue search finds products by word prefixes in their name, description and store name", async () => {
    const { db, t } = await shop(engine);
    const user = await addUser(db, t, "seller@example.com");
    const [store] = await db.insert(t.stores).values({ userId: user.id, name: "Linden Studio" }).returning({ id: t.stores.id });
    const product = { storeId: store.id, priceCents: 900, type: "Pattern" as const, delivery: "Digital" as const, category1: "Women", category2: "Dresses" };
    const [wrap] = await db.insert(t.products).values({ ...product, name: "Wrap Dresses", description: "A flowing summer wrap" }).returning({ id: t.products.id });
    const [coat] = await db.insert(t.products).values({ ...product, name: "Café Coat", description: "Lined, with pockets" }).returning({ id: t.products.id });
    const search = async (...words: string[]) =>
      (await db.select({ id: t.products.id }).from(t.products).where(catalogueMatch(db, t.products.id, words)).orderBy(asc(t.products.id))).map((r) => r.id);
    expect(await search("dress")).toEqual([wrap.id]);
    expect(await search("wra", "summ")).toEqual([wrap.id]);
    expect(await search("cafe")).toEqual([coat.id]);
    expect(await search("linden")).toEqual([wrap.id, coat.id]);
    expect(await search("pocket", "wrap")).toEqual([]);
    expect(await search("&|!")).toEqual([]);
    await db.update(t.stores).set({ name: "Birch Works" }).where(eq(t.stores.id, store.id));
    expect(await search("birch")).toEqual([wrap.id, coat.id]);
  });

  it("reserveIds gives ids for explicit inserts that the table never hands out again", async () => {
    const { db, t } = await shop(engine);
    const first = await addUser(db, t, "first@example.com");
    const ids = await transaction(db, async (tx) => {
      const reserved = await reserveIds(tx, "users", 3);
      const rows = reserved.map((id, i) => ({ id, email: `planned${i}@example.com`, passwordHash: "x", firstName: "P", lastName: "Q" }));
      await db.insert(t.users).values(rows);
      return reserved;
    });
    expect(ids).toEqual([first.id + 1, first.id + 2, first.id + 3]);
    const next = await addUser(db, t, "next@example.com");
    expect(next.id).toBe(first.id + 4);
    expect(await reserveIds(db, "users", 0)).toEqual([]);
    if (engine.name === "SQLite") await expect(reserveIds(db, "users", 1)).rejects.toThrow("inside the transaction");
  });

  it("untilDataChanges keeps no failed answer: asked again, it computes again", async () => {
    const { db } = await shop(engine);
    let runs = 0;
    const read = () =>
      untilDataChanges(db, "flaky", async () => {
        if (++runs === 1) throw new Error("first read fails");
        return "read";
      });
    await expect(read()).rejects.toThrow("first read fails");
    await Promise.resolve();
    expect(await read()).toBe("read");
    expect(runs).toBe(2);
  });

  it("the data version changes with a commit by another process, and untilDataChanges computes again then only", async () => {
    const { db, other, t } = await shop(engine, 2);
    let runs = 0;
    const count = () =>
      untilDataChanges(db, "users", async () => {
        runs++;
        return (await rawRow<{ n: number }>(db, sql`SELECT count(*) AS n FROM users`))!.n;
      });
    /** How many times `read` computed the answer. */
    const computations = async (read: () => Promise<unknown>) => {
      const before = runs;
      await read();
      return runs - before;
    };
    /**
     * `read` at a time when nothing else moves the version (PostgreSQL's WAL also moves on its own now and then:
     * pruning after DDL, the background writer's snapshots), so that it shows the cache at work.
     */
    const quietly = async <T>(read: () => Promise<T>): Promise<T> => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const version = await currentDataVersion(db);
        const answer = await read();
        if ((await currentDataVersion(db)) === version) return answer;
      }
      throw new Error("the data version kept moving");
    };
    expect(await count()).toBe(0);
    expect(await quietly(async () => (await count(), computations(count)))).toBe(0);
    const before = await currentDataVersion(db);
    await addUser(other, t, "late@example.com");
    expect(await currentDataVersion(db)).not.toBe(before);
    expect(await computations(async () => expect(await count()).toBe(1))).toBe(1);
    await transaction(other, async (tx) => {
      await addUser(tx as unknown as Db, t, "later@example.com");
    });
    expect(await computations(async () => expect(await count()).toBe(2))).toBe(1);
    // Inside a transaction, no cache: the transaction's own view, computed each time.
    await transaction(db, async () => {
      await addUser(db, t, "inside@example.com");
      expect(await computations(async () => expect(await count()).toBe(3))).toBe(1);
      expect(await computations(count)).toBe(1);
    });
  });
});
