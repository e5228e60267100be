import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { openDatabase } from "../../db/client";
import { affected, first, inTransaction, rawRow, rawRows, rawRun, transaction } from "~/utils/db.server";

function notes() {
  const db = openDatabase(":memory:", { migrate: false });
  db.run(sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`);
  return db;
}
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("transaction (SQLite)", () => {
  it("commits when the body resolves and rolls back when it throws", async () => {
    const db = notes();
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
    expect(db.$client.inTransaction).toBe(false);
  });

  it("runs one transaction at a time on a connection, however their bodies await", async () => {
    const db = notes();
    const order: string[] = [];
    const body = (name: string) => async () => {
      order.push(`${name} begins`);
      const row = await rawRow<{ n: number }>(db, sql`SELECT count(*) AS n FROM notes`);
      await tick();
      await rawRun(db, sql`INSERT INTO notes (body) VALUES (${`${name} saw ${row!.n}`})`);
      order.push(`${name} ends`);
    };
    await Promise.all([transaction(db, body("a")), transaction(db, body("b")), transaction(db, body("c"))]);
    expect(order).toEqual(["a begins", "a ends", "b begins", "b ends", "c begins", "c ends"]);
    expect((await rawRows<{ body: string }>(db, sql`SELECT body FROM notes ORDER BY id`)).map((r) => r.body)).toEqual(["a saw 0", "b saw 1", "c saw 2"]);
  });

  it("a transaction inside another is a savepoint: its failure undoes only its own writes", async () => {
    const db = notes();
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

  it("first and affected read the engine's answers", async () => {
    const db = notes();
    const result = await db.run(sql`INSERT INTO notes (body) VALUES ('x'), ('y')`);
    expect(affected(result)).toBe(2);
    expect(affected({ rowCount: 3 })).toBe(3);
    expect(await first(Promise.resolve([{ id: 1 }]))).toEqual({ id: 1 });
    expect(await first(Promise.resolve([]))).toBeUndefined();
  });
});
