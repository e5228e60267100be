import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { openDatabase, type Db } from "./client";
import { users } from "./schema";
import { untilDataChanges } from "~/utils/db.server";

const opened: Db[] = [];
afterEach(() => opened.splice(0).forEach((db) => db.$client.close()));
function open(file = ":memory:") {
  const db = openDatabase(file);
  opened.push(db);
  return db;
}
const addUser = (db: Db, email: string) =>
  db.insert(users).values({ email, passwordHash: "x", firstName: "A", lastName: "B" }).returning().get();

describe("reused statements", () => {
  it("gives rows as objects again after Drizzle used the same SQL for raw rows", () => {
    const db = open();
    const user = addUser(db, "a@example.test");
    // Drizzle's select reads raw rows (arrays) and maps them; db.get of the same text reads objects.
    const viaBuilder = db.select({ id: users.id }).from(users).where(eq(users.id, user.id)).get();
    const text = db.select({ id: users.id }).from(users).where(eq(users.id, user.id)).toSQL().sql;
    const plain = db.$client.prepare(text).get(user.id);
    expect(viaBuilder).toEqual({ id: user.id });
    expect(plain).toEqual({ id: user.id });
    expect(db.$client.prepare(text)).toBe(db.$client.prepare(text));
  });

  it("never hands out a statement that is still iterating", () => {
    const db = open();
    addUser(db, "a@example.test");
    addUser(db, "b@example.test");
    const seen: string[] = [];
    for (const row of db.$client.prepare("SELECT email FROM users ORDER BY id").iterate() as Iterable<{ email: string }>) {
      const inner = db.$client.prepare("SELECT email FROM users ORDER BY id").all() as { email: string }[];
      seen.push(`${row.email}:${inner.length}`);
    }
    expect(seen).toEqual(["a@example.test:2", "b@example.test:2"]);
  });
});

describe("untilDataChanges", () => {
  const countUsers = (db: Db) => untilDataChanges(db, "users", () => db.get<{ n: number }>(sql`SELECT count(*) AS n FROM users`).n);

  it("answers the stored value until this connection writes", () => {
    const db = open();
    expect(countUsers(db)).toBe(0);
    expect(untilDataChanges(db, "users", () => -1)).toBe(0);
    addUser(db, "a@example.test");
    expect(countUsers(db)).toBe(1);
  });

  it("sees a commit by another connection (another process) at once", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-memo-")), "m.db");
    const reader = open(file);
    const writer = open(file);
    expect(countUsers(reader)).toBe(0);
    addUser(writer, "a@example.test");
    expect(countUsers(reader)).toBe(1);
  });

  it("is bypassed inside a transaction (a rollback must not leave its value behind)", () => {
    const db = open();
    expect(() =>
      db.transaction(() => {
        addUser(db, "a@example.test");
        expect(countUsers(db)).toBe(1);
        throw new Error("rollback");
      }),
    ).toThrow("rollback");
    expect(countUsers(db)).toBe(0);
  });
});
