import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import type pg from "pg";
import { describe, expect, it } from "vitest";

import { openPgDatabase } from "../../db/client.pg";
import { idColumnSql, withBothEngines, type Engine } from "../../tests/unit/engines";
import { affected, closeDb, first, getDb, inTransaction, isPg, openDb, rawRow, rawRows, rawRun, transaction, type Db } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";

const engines = withBothEngines();

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A fresh database with a `notes` table, and a handle on it (or two, for two processes). */
async function notes(engine: Engine, handles = 1): Promise<Db[]> {
  const database = await engine.fresh();
  const dbs = await Promise.all(Array.from({ length: handles }, () => database.open()));
  await rawRun(dbs[0], sql.raw(`CREATE TABLE notes (id ${idColumnSql(engine.name)}, body TEXT NOT NULL)`));
  return dbs;
}

describe.each(engines)("transaction on $name", (engine) => {
  it("tells its engine", async () => {
    const [db] = await notes(engine);
    expect(isPg(db)).toBe(engine.name === "PostgreSQL");
  });

  it("commits when the body resolves and rolls back when it throws", async () => {
    const [db] = await notes(engine);
    await transaction(db, async (tx) => {
      await rawRun(tx, sql`INSERT INTO notes (body) VALUES ('kept')`);
    });
    await expect(
      transaction(db, async (tx) => {
        await rawRun(tx, sql`INSERT INTO notes (body) VALUES ('lost')`);
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    expect(await rawRows<{ body: string }>(db, sql`SELECT body FROM notes`)).toEqual([{ body: "kept" }]);
    expect(inTransaction(db)).toBe(false);
  });

  it("transactions on one handle, however their bodies await, act one after another", async () => {
    const [db] = await notes(engine);
    const order: string[] = [];
    const body = (name: string) => async () => {
      order.push(`${name} begins`);
      const row = await rawRow<{ n: number }>(db, sql`SELECT count(*) AS n FROM notes`);
      await tick();
      await rawRun(db, sql`INSERT INTO notes (body) VALUES (${`${name} saw ${row!.n}`})`);
      order.push(`${name} ends`);
    };
    await Promise.all([transaction(db, body("a")), transaction(db, body("b")), transaction(db, body("c"))]);
    const seen = (await rawRows<{ body: string }>(db, sql`SELECT body FROM notes ORDER BY id`)).map((r) => r.body);
    // Each saw the ones committed before it, whichever order they ran in (PostgreSQL runs them at once and runs a
    // body again after a serialization failure; SQLite runs them in turn on its one connection).
    expect(seen.map((body) => body.split(" saw ")[1])).toEqual(["0", "1", "2"]);
    if (engine.name === "SQLite") {
      expect(order).toEqual(["a begins", "a ends", "b begins", "b ends", "c begins", "c ends"]);
      expect(seen).toEqual(["a saw 0", "b saw 1", "c saw 2"]);
    }
  });

  it("a transaction inside another is a savepoint: its failure undoes only its own writes", async () => {
    const [db] = await notes(engine);
    await transaction(db, async (tx) => {
      expect(inTransaction(db)).toBe(true);
      await rawRun(tx, sql`INSERT INTO notes (body) VALUES ('outer')`);
      await expect(
        transaction(tx, async (inner) => {
          await rawRun(inner, sql`INSERT INTO notes (body) VALUES ('inner')`);
          throw new Error("inner fails");
        }),
      ).rejects.toThrow("inner fails");
    });
    expect(inTransaction(db)).toBe(false);
    expect(await rawRows<{ body: string }>(db, sql`SELECT body FROM notes`)).toEqual([{ body: "outer" }]);
  });

  it("what the body does through the database handle belongs to the transaction; other handles do not see it until commit", async () => {
    const [db, other] = await notes(engine, 2);
    let seenInside: unknown[] = [];
    let seenOutside: unknown[] = [];
    await transaction(db, async () => {
      await rawRun(db, sql`INSERT INTO notes (body) VALUES ('pending')`);
      seenInside = await rawRows(db, sql`SELECT body FROM notes`);
      seenOutside = await rawRows(other, sql`SELECT body FROM notes`);
    });
    expect(seenInside).toEqual([{ body: "pending" }]);
    expect(seenOutside).toEqual([]);
    expect(await rawRows(other, sql`SELECT body FROM notes`)).toEqual([{ body: "pending" }]);
  });

  it("first, affected and rawRun read the engine's answers", async () => {
    const [db] = await notes(engine);
    expect(await rawRun(db, sql`INSERT INTO notes (body) VALUES ('x'), ('y')`)).toBe(2);
    expect(await rawRun(db, sql`UPDATE notes SET body = 'z' WHERE body = 'nothing'`)).toBe(0);
    expect(affected({ changes: 2 })).toBe(2);
    expect(affected({ rowCount: 3 })).toBe(3);
    expect(await first(Promise.resolve([{ id: 1 }]))).toEqual({ id: 1 });
    expect(await first(Promise.resolve([]))).toBeUndefined();
  });

  it("raw rows read alike: count(*) and integers as numbers, a missing row as undefined", async () => {
    const [db] = await notes(engine);
    await rawRun(db, sql`INSERT INTO notes (body) VALUES ('x'), ('y')`);
    expect(await rawRow(db, sql`SELECT count(*) AS n, sum(id) AS total, max(body) AS last FROM notes`)).toEqual({ n: 2, total: 3, last: "y" });
    expect(await rawRow(db, sql`SELECT body FROM notes WHERE body = 'none'`)).toBeUndefined();
  });
});

/** Two handles on one database (two app processes), each running half of the racers. */
async function race<T>(engine: Engine, ddl: string[], racers: number, racer: (db: Db, i: number) => Promise<T>) {
  const database = await engine.fresh();
  const [a, b] = [await database.open(), await database.open()];
  for (const statement of ddl) await rawRun(a, sql.raw(statement));
  const results = await Promise.all(Array.from({ length: racers }, (_, i) => racer(i % 2 === 0 ? a : b, i)));
  return { results, db: a };
}

describe.each(engines)("races between two processes on $name", (engine) => {
  it("a claim: of 20 transactions that each pay an open checkout, exactly one pays it and writes the ledger", async () => {
    const { results, db } = await race(
      engine,
      [
        "CREATE TABLE claims (id INTEGER PRIMARY KEY, status TEXT NOT NULL)",
        `CREATE TABLE ledger (id ${idColumnSql(engine.name)}, claim_id INTEGER NOT NULL, racer INTEGER NOT NULL)`,
        "INSERT INTO claims (id, status) VALUES (1, 'open')",
      ],
      20,
      (db, i) =>
        transaction(db, async (tx) => {
          const claim = await rawRow<{ status: string }>(tx, sql`SELECT status FROM claims WHERE id = 1`);
          if (claim?.status !== "open") return false;
          await tick();
          await rawRun(tx, sql`UPDATE claims SET status = 'paid' WHERE id = 1`);
          await rawRun(tx, sql`INSERT INTO ledger (claim_id, racer) VALUES (1, ${i})`);
          return true;
        }),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const ledger = await rawRows<{ racer: number }>(db, sql`SELECT racer FROM ledger`);
    expect(ledger).toEqual([{ racer: results.indexOf(true) }]);
    expect(await rawRow(db, sql`SELECT status FROM claims`)).toEqual({ status: "paid" });
  });

  it("a balance: 50 withdrawals of 10 from 100, read then written, leave 0: exactly 10 succeed, never below 0", async () => {
    const { results, db } = await race(
      engine,
      [
        "CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL)",
        `CREATE TABLE balance_log (id ${idColumnSql(engine.name)}, balance INTEGER NOT NULL)`,
        "INSERT INTO accounts (id, balance) VALUES (1, 100)",
      ],
      50,
      (db) =>
        transaction(db, async (tx) => {
          const account = await rawRow<{ balance: number }>(tx, sql`SELECT balance FROM accounts WHERE id = 1`);
          if (account!.balance < 10) return false;
          await tick();
          await rawRun(tx, sql`UPDATE accounts SET balance = ${account!.balance - 10} WHERE id = 1`);
          await rawRun(tx, sql`INSERT INTO balance_log (balance) VALUES (${account!.balance - 10})`);
          return true;
        }),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await rawRow(db, sql`SELECT balance FROM accounts`)).toEqual({ balance: 0 });
    const log = await rawRows<{ balance: number }>(db, sql`SELECT balance FROM balance_log ORDER BY balance DESC`);
    expect(log.map((r) => r.balance)).toEqual([90, 80, 70, 60, 50, 40, 30, 20, 10, 0]);
  });
});

/** Two handles on a fresh database of the engine with one account holding 100. */
async function accountOfHundred(name: Engine["name"]): Promise<Db[]> {
  const database = await engines.find((e) => e.name === name)!.fresh();
  const [a, b] = [await database.open(), await database.open()];
  await rawRun(a, sql`CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL)`);
  await rawRun(a, sql`INSERT INTO accounts (id, balance) VALUES (1, 100)`);
  return [a, b];
}

describe("a transaction that meets another's", () => {
  it("on PostgreSQL: a serialization failure rolls it back and runs its body again from the start", async () => {
    const [a, b] = await accountOfHundred("PostgreSQL");
    // Both read the balance before either writes: the second writer cannot be serialized after the first.
    let reads = 0;
    let bothRead!: () => void;
    const barrier = new Promise<void>((resolve) => (bothRead = resolve));
    const runs: string[] = [];
    const withdraw = (db: Db, name: string) =>
      transaction(db, async (tx) => {
        runs.push(name);
        const { balance } = (await rawRow<{ balance: number }>(tx, sql`SELECT balance FROM accounts WHERE id = 1`))!;
        if (++reads === 2) bothRead();
        await barrier;
        await rawRun(tx, sql`UPDATE accounts SET balance = ${balance - 10} WHERE id = 1`);
        return balance - 10;
      });
    const [left1, left2] = await Promise.all([withdraw(a, "a"), withdraw(b, "b")]);
    expect(runs).toHaveLength(3);
    expect([left1, left2].sort()).toEqual([80, 90]);
    expect(await rawRow(a, sql`SELECT balance FROM accounts`)).toEqual({ balance: 80 });
    // A body that fails otherwise is not run again.
    let failures = 0;
    await expect(
      transaction(a, async () => {
        failures++;
        await rawRun(a, sql`INSERT INTO accounts (id, balance) VALUES (1, 0)`);
      }),
    ).rejects.toThrow();
    expect(failures).toBe(1);
  });

  it("on SQLite: it waits for the other connection's write lock without blocking the event loop, then runs its body once", async () => {
    const [a, b] = await accountOfHundred("SQLite");
    const runs: string[] = [];
    let releaseA!: () => void;
    const aMayCommit = new Promise<void>((resolve) => (releaseA = resolve));
    const first = transaction(a, async (tx) => {
      runs.push("a");
      await rawRun(tx, sql`UPDATE accounts SET balance = balance - 10 WHERE id = 1`);
      await aMayCommit;
    });
    await tick();
    const second = transaction(b, async (tx) => {
      runs.push("b");
      const row = await rawRow<{ balance: number }>(tx, sql`SELECT balance FROM accounts WHERE id = 1`);
      await rawRun(tx, sql`UPDATE accounts SET balance = ${row!.balance - 10} WHERE id = 1`);
    });
    // b is waiting for a's lock, and the event loop still turns: a's body goes on and commits.
    for (let i = 0; i < 5; i++) await tick();
    expect(runs).toEqual(["a"]);
    releaseA();
    await Promise.all([first, second]);
    expect(runs).toEqual(["a", "b"]);
    expect(await rawRow(a, sql`SELECT balance FROM accounts`)).toEqual({ balance: 80 });
  });
});

describe("the process's database", () => {
  it("on PostgreSQL (DATABASE_URL): openDb opens it migrated, with DATABASE_POOL_SIZE connections; getDb then returns it", async () => {
    const database = await engines.find((e) => e.name === "PostgreSQL")!.fresh();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "open-db-"));
    const saved = { db: globalThis.__db, opening: globalThis.__dbOpening, env: globalThis.__env };
    globalThis.__db = undefined;
    globalThis.__dbOpening = undefined;
    globalThis.__env = parseEnv({ DATA_DIR: dataDir, DATABASE_URL: database.location, DATABASE_POOL_SIZE: "3" } as unknown as NodeJS.ProcessEnv);
    try {
      expect(() => getDb()).toThrow("await openDb()");
      const [db, again] = await Promise.all([openDb(), openDb()]);
      expect(again).toBe(db);
      expect(getDb()).toBe(db);
      expect(isPg(db)).toBe(true);
      expect((db.$client as unknown as pg.Pool).options.max).toBe(3);
      expect(await rawRow(db, sql`SELECT count(*) AS n FROM users`)).toEqual({ n: 0 });
      expect(await rawRow(db, sql`SELECT current_setting('TimeZone') AS zone`)).toEqual({ zone: "UTC" });
      await closeDb();
      expect(globalThis.__db).toBeUndefined();
    } finally {
      Object.assign(globalThis, { __db: saved.db, __dbOpening: saved.opening, __env: saved.env });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("on PostgreSQL: a pooled connection lost while idle is reported and replaced, not a crash", async () => {
    const database = await engines.find((e) => e.name === "PostgreSQL")!.fresh();
    const lost: Error[] = [];
    const db = await openPgDatabase(database.location, { migrate: false, max: 1, onIdleError: (error) => lost.push(error) });
    try {
      const before = (await rawRow<{ pid: number }>(db as unknown as Db, sql`SELECT pg_backend_pid() AS pid`))!.pid;
      const reported = new Promise<void>((resolve) => db.$client.once("error", () => resolve()));
      await rawRun(await database.open(), sql`SELECT pg_terminate_backend(${before})`);
      await reported;
      expect(lost).toHaveLength(1);
      const after = (await rawRow<{ pid: number }>(db as unknown as Db, sql`SELECT pg_backend_pid() AS pid`))!.pid;
      expect(after).not.toBe(before);
    } finally {
      await db.$client.end();
    }
  });
});
