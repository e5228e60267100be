import { eq } from "drizzle-orm";

import { users, type User } from "../../../db/schema";
import { hashPassword, verifyPassword } from "~/utils/crypto.server";
import type { Db } from "~/utils/db.server";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findUserByEmail({ db, email }: { db: Db; email: string }): User | undefined {
  return db.select().from(users).where(eq(users.email, normalizeEmail(email))).get();
}

export function getUserById({ db, userId }: { db: Db; userId: number }): User | undefined {
  return db.select().from(users).where(eq(users.id, userId)).get();
}

export type RegisterResult = { ok: true; user: User } | { ok: false; error: "duplicate-email" };

export async function registerUser({
  db,
  email,
  password,
  firstName,
  lastName,
  role = "user",
}: {
  db: Db;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role?: User["role"];
}): Promise<RegisterResult> {
  const normalized = normalizeEmail(email);
  if (findUserByEmail({ db, email: normalized })) return { ok: false, error: "duplicate-email" };
  const passwordHash = await hashPassword(password);
  try {
    const user = db
      .insert(users)
      .values({ email: normalized, passwordHash, firstName: firstName.trim(), lastName: lastName.trim(), role })
      .returning()
      .get();
    return { ok: true, user };
  } catch (error) {
    // Two registrations racing for one address: the unique index decides.
    if (error instanceof Error && /UNIQUE/.test(error.message)) return { ok: false, error: "duplicate-email" };
    throw error;
  }
}

export type LoginResult =
  | { ok: true; user: User }
  | { ok: false; error: "unknown-email" | "wrong-password" | "inactive" };

/** Checks credentials. Inactive and suspended accounts cannot log in. */
export async function verifyLogin({
  db,
  email,
  password,
}: {
  db: Db;
  email: string;
  password: string;
}): Promise<LoginResult> {
  const user = findUserByEmail({ db, email });
  if (!user) return { ok: false, error: "unknown-email" };
  if (!(await verifyPassword(user.passwordHash, password))) return { ok: false, error: "wrong-password" };
  if (user.status !== "Active") return { ok: false, error: "inactive" };
  return { ok: true, user };
}

export async function setPassword({ db, userId, password }: { db: Db; userId: number; password: string }) {
  const passwordHash = await hashPassword(password);
  db.update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
}

/**
 * Makes sure the configured administrator exists: creates it, or promotes (and re-passwords)
 * the user with that email.
 */
export async function ensureAdmin({ db, email, password }: { db: Db; email: string; password: string }) {
  const existing = findUserByEmail({ db, email });
  if (existing) {
    const passwordHash = (await verifyPassword(existing.passwordHash, password))
      ? existing.passwordHash
      : await hashPassword(password);
    db.update(users)
      .set({ role: "admin", status: "Active", passwordHash })
      .where(eq(users.id, existing.id))
      .run();
    return getUserById({ db, userId: existing.id })!;
  }
  const result = await registerUser({ db, email, password, firstName: "Admin", lastName: "User", role: "admin" });
  if (!result.ok) throw new Error("could not create the administrator");
  return result.user;
}
