import { openDatabase, type Db } from "../../db/client";
import type { User } from "../../db/tables";
import { registerUser } from "~/models/accounts/users.server";

/** A fresh, migrated in-memory database. */
export function createTestDb(): Db {
  return openDatabase(":memory:");
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
