import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { openDatabase, type Db } from "../../db/client";
import { openPgDatabase } from "../../db/client.pg";
import { engineOf, type User } from "../../db/tables";
import { registerUser } from "~/models/accounts/users.server";
import { isPg } from "~/utils/db.server";

import { testEngine } from "./test-engine";

// Loaded on PostgreSQL runs only: a SQLite run imports nothing of PostgreSQL's.
const pgTestDb = testEngine() === "postgres" ? await import("./pg-test-db") : undefined;

/**
 * A fresh, migrated database: in memory on SQLite; on PostgreSQL (`TEST_DATABASE=postgres`) a pool on a fresh copy
 * of the run's migrated template, ended and dropped after the test (tests/unit/pg-test-db.ts).
 */
export function createTestDb(): Db {
  if (pgTestDb) return pgTestDb.createPgSharedDb().open();
  return openDatabase(":memory:");
}

const sharedFolders = new WeakMap<Db, string>();

/**
 * A fresh, migrated database that several independent handles open, as that many app processes would (the race
 * tests): a file in a temporary folder on SQLite, a fresh database on PostgreSQL. `location` is what a worker thread
 * opens with openTestDbAt; close the handles with closeTestDbs.
 */
export function createSharedTestDb(): { location: string; open(): Db } {
  if (pgTestDb) return pgTestDb.createPgSharedDb();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-shared-"));
  const file = path.join(folder, "db.sqlite");
  let migrated = false;
  return {
    location: file,
    open() {
      const db = openDatabase(file, { migrate: !migrated });
      migrated = true;
      sharedFolders.set(db, folder);
      return db;
    },
  };
}

/** `handles` handles on one fresh database (createSharedTestDb). */
export function createSharedTestDbs(handles = 2): Db[] {
  const shared = createSharedTestDb();
  return Array.from({ length: handles }, () => shared.open());
}

/** Another handle on createSharedTestDb's database from its location (a worker thread's own connection or pool). */
export async function openTestDbAt(location: string): Promise<Db> {
  if (engineOf(location) === "postgres") return (await openPgDatabase(location, { migrate: false, max: 2 })) as unknown as Db;
  return openDatabase(location, { migrate: false });
}

/** Closes handles of createTestDb/createSharedTestDbs (SQLite's connection and folder; PostgreSQL's pool). */
export async function closeTestDbs(...dbs: Db[]): Promise<void> {
  for (const db of dbs) {
    if (isPg(db)) {
      const pool = (db as unknown as { $client: { ended: boolean; end(): Promise<void> } }).$client;
      if (!pool.ended) await pool.end();
      continue;
    }
    if (db.$client.open) db.$client.close();
    const folder = sharedFolders.get(db);
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  }
}

let counter = 0;

export type MakeUserOverrides = {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  role?: User["role"];
};

/** Registers a user (unique email unless given) and returns it; throws if registration fails. */
export async function makeUser(db: Db, overrides: MakeUserOverrides = {}): Promise<User> {
  counter += 1;
  const result = await registerUser({
    db,
    email: overrides.email ?? `user${counter}-${Date.now()}@example.test`,
    password: overrides.password ?? "correct horse battery",
    firstName: overrides.firstName ?? "Test",
    lastName: overrides.lastName ?? `User${counter}`,
    role: overrides.role,
  });
  if (!result.ok) throw new Error(`makeUser failed: ${result.error}`);
  return result.user;
}
