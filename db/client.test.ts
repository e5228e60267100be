import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { makeShop } from "../tests/unit/buying-fixtures";
import { closeTestDbs, createSharedTestDbs, createTestDb, makeUser } from "../tests/unit/helpers";
import { describeSqliteOnly, sqliteOnly } from "../tests/unit/sqlite-only";
import { openDatabase, type Db } from "./client";
import { reviews, users } from "./schema";
import { SESSION_TTL_MS, createSession, getSessionUser, getSessionViewer, revokeSession } from "~/models/accounts/sessions.server";
import { getExternalProduct } from "~/models/catalog/products.server";
import { dataVersion, rawRow, transaction, untilDataChangesAsync } from "~/utils/db.server";

const opened: Db[] = [];
afterEach(async () => {
  await closeTestDbs(...opened.splice(0));
});
/** A fresh database on the run's engine (tests/unit/helpers.ts): `handles` handles on it. */
function open(handles = 1): Db[] {
  const dbs = handles === 1 ? [createTestDb()] : createSharedTestDbs(handles);
  opened.push(...dbs);
  return dbs;
}
const betterSqlite3 = (): Db => {
  const db = openDatabase(":memory:");
  opened.push(db);
  return db;
};
const addUser = async (db: Db, email: string) =>
  (await db.insert(users).values({ email, passwordHash: "x", firstName: "A", lastName: "B" }).returning())[0];

describeSqliteOnly("better-sqlite3's handle and its prepared statements")("the database handle", () => {
  it("is better-sqlite3's own: prepare() is not replaced (issue 20: no dependency changed at run time)", () => {
    const db = betterSqlite3();
    expect(Object.hasOwn(db.$client, "prepare")).toBe(false);
    expect(db.$client.prepare).toBe(Database.prototype.prepare);
  });

  it("compiles the hot queries once (Drizzle's prepared queries): a repeated call prepares nothing", async () => {
    const db = betterSqlite3();
    const { dress } = await makeShop(db);
    const buyer = await makeUser(db);
    const token = await createSession({ db, userId: buyer.id });
    const run = async () => ({
      viewer: await getSessionViewer({ db, token }),
      user: await getSessionUser({ db, token }),
      version: dataVersion(db),
      product: await getExternalProduct({ db, productId: dress.id }),
    });
    const first = await run();
    const prepare = vi.spyOn(db.$client, "prepare");
    const again = await run();
    expect(prepare).not.toHaveBeenCalled();
    expect(again).toEqual(first);
    expect(again.viewer?.user.id).toBe(buyer.id);
    expect(again.user?.email).toBe(buyer.email);
    expect(again.product?.product.name).toBe("Wrap Dress");
    expect(again.product?.variants.map((v) => v.value)).toEqual(["M", "L"]);
  });

  it("a prepared query reads what is there now and binds each call's own values", async () => {
    const db = betterSqlite3();
    const { dress, bag } = await makeShop(db);
    const [a, b] = [await makeUser(db), await makeUser(db)];
    const [tokenA, tokenB] = [await createSession({ db, userId: a.id }), await createSession({ db, userId: b.id })];
    expect((await getSessionViewer({ db, token: tokenA }))?.user.id).toBe(a.id);
    expect((await getSessionViewer({ db, token: tokenB }))?.user.id).toBe(b.id);
    // Expired for a clock a month and a day ahead; revoked for everyone.
    expect(await getSessionViewer({ db, token: tokenA, now: new Date(Date.now() + SESSION_TTL_MS + 86_400_000) })).toBeNull();
    await revokeSession({ db, token: tokenA });
    expect(await getSessionUser({ db, token: tokenA })).toBeNull();
    expect((await getSessionUser({ db, token: tokenB }))?.id).toBe(b.id);
    expect((await getExternalProduct({ db, productId: bag.id }))?.product.name).toBe("Canvas Tote");
    await db.insert(reviews).values({ productId: dress.id, star: 4, name: "Ann", comment: "Fits" });
    expect((await getExternalProduct({ db, productId: dress.id }))?.rating).toEqual({ average: 4, count: 1 });
  });
});

describe("untilDataChanges", () => {
  const countUsers = async (db: Db) => await untilDataChangesAsync(db, "users", async () => (await rawRow<{ n: number }>(db, sql`SELECT count(*) AS n FROM users`))!.n);

  // PostgreSQL's data version is the cluster's WAL position, which the other tests' databases in the run's shared
  // cluster move at any time; the hit is tested on a cluster of its own in app/utils/sql-dialect.server.test.ts.
  sqliteOnly("a hit needs a data version no other database moves")("answers the stored value until this connection writes", async () => {
    const [db] = open() as [Db];
    expect(await countUsers(db)).toBe(0);
    expect(await untilDataChangesAsync(db, "users", async () => -1)).toBe(0);
    await addUser(db, "a@example.test");
    expect(await countUsers(db)).toBe(1);
  });

  it("sees a commit by another connection (another process) at once", async () => {
    const [reader, writer] = open(2) as [Db, Db];
    expect(await countUsers(reader)).toBe(0);
    await addUser(writer, "a@example.test");
    expect(await countUsers(reader)).toBe(1);
  });

  it("is bypassed inside a transaction (a rollback must not leave its value behind)", async () => {
    const [db] = open() as [Db];
    await expect(
      transaction(db, async () => {
        await addUser(db, "a@example.test");
        expect(await countUsers(db)).toBe(1);
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await countUsers(db)).toBe(0);
  });
});
