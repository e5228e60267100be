import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { openDatabase } from "../../db/client";
import { openPgDatabase } from "../../db/client.pg";
import * as pgSchema from "../../db/schema.pg";
import * as sqliteSchema from "../../db/schema";
import { withBothEngines } from "../../tests/unit/engines";
import { isClosed, isPg, preparedQuery, rawRow, transaction, withoutNulCharacters, type Db } from "~/utils/db.server";

const engines = withBothEngines();

const tablesOf = (db: Db) => (isPg(db) ? pgSchema : sqliteSchema) as unknown as typeof sqliteSchema;

async function addUser(db: Db, email: string, lastName: string) {
  const { users } = tablesOf(db);
  return (await db.insert(users).values({ email, passwordHash: "x", firstName: "Ann", lastName }).returning())[0]!;
}

for (const engine of engines) {
  describe(`preparedQuery, isClosed and NUL characters on ${engine.name}`, () => {
    it("reads all rows and the first row for the placeholders' values, building the query once per database handle", async () => {
      const database = await engine.fresh({ migrate: true });
      const [db, other] = [await database.open(), await database.open()];
      let built = 0;
      const byLastName = preparedQuery("test_users_by_last_name", (handle) => {
        built += 1;
        const { users } = tablesOf(handle);
        return handle
          .select({ email: users.email })
          .from(users)
          .where(eq(users.lastName, sql.placeholder("lastName")))
          .orderBy(asc(users.email));
      });
      await addUser(db, "b@example.test", "Doe");
      await addUser(db, "a@example.test", "Doe");
      await addUser(db, "c@example.test", "Roe");
      expect(await byLastName(db).all({ lastName: "Doe" })).toEqual([{ email: "a@example.test" }, { email: "b@example.test" }]);
      expect(await byLastName(db).get({ lastName: "Roe" })).toEqual({ email: "c@example.test" });
      expect(await byLastName(db).get({ lastName: "Nobody" })).toBeUndefined();
      expect(await byLastName(db).all({ lastName: "Nobody" })).toEqual([]);
      expect(built).toBe(1);
      // Another handle (another process's connection or pool) gets its own statement, and sees the committed rows.
      expect(await byLastName(other).all({ lastName: "Doe" })).toHaveLength(2);
      expect(built).toBe(2);
      expect(byLastName(db)).toBe(byLastName(db));
    });

    it("reads inside a transaction what the transaction wrote; another handle does not until it commits", async () => {
      const database = await engine.fresh({ migrate: true });
      const [db, other] = [await database.open(), await database.open()];
      const count = preparedQuery("test_users_count", (handle) => {
        const { users } = tablesOf(handle);
        return handle.select({ n: sql<number>`count(*)` }).from(users).where(eq(users.lastName, sql.placeholder("lastName")));
      });
      let inside: unknown;
      let outside: unknown;
      await transaction(db, async (tx) => {
        await addUser(tx as unknown as Db, "d@example.test", "Doe");
        inside = (await count(db).get({ lastName: "Doe" }))?.n;
        // SQLite: the other connection is in this process, and its read would wait on nothing (WAL readers never block).
        outside = (await count(other).get({ lastName: "Doe" }))?.n;
      });
      expect([inside, outside]).toEqual([1, 0]);
      expect((await count(other).get({ lastName: "Doe" }))?.n).toBe(1);
    });

    it("a NUL character in a parameter: kept on SQLite, dropped on PostgreSQL (whose text cannot hold one) rather than failing", async () => {
      const database = await engine.fresh({ migrate: true });
      const db = withoutNulCharacters(await database.open());
      const { users } = tablesOf(db);
      const user = await addUser(db, "nul@example.test", "Do\u0000e");
      const found = await db.select({ id: users.id }).from(users).where(eq(users.lastName, "Do\u0000e"));
      const inTransaction = await transaction(db, async () => (await rawRow<{ n: string }>(db, sql`SELECT ${"a\u0000b"} AS n`))?.n);
      expect({ stored: user.lastName, found: found.map((r) => r.id), inTransaction }).toEqual(
        engine.name === "PostgreSQL"
          ? { stored: "Doe", found: [user.id], inTransaction: "ab" }
          : { stored: "Do\u0000e", found: [user.id], inTransaction: "a\u0000b" },
      );
    });

    it("isClosed tells an open handle from one closed (SQLite's connection, PostgreSQL's pool ended)", async () => {
      const database = await engine.fresh({ migrate: true });
      // A handle of its own (the engines' handles are closed by withBothEngines at the end).
      const db = engine.name === "PostgreSQL"
        ? ((await openPgDatabase(database.location, { migrate: false })) as unknown as Db)
        : openDatabase(database.location, { migrate: false });
      expect(isClosed(db)).toBe(false);
      await transaction(db, async (tx) => expect(isClosed(tx)).toBe(false));
      if (isPg(db)) await (db.$client as unknown as { end(): Promise<void> }).end();
      else db.$client.close();
      expect(isClosed(db)).toBe(true);
    });
  });
}
