import { eq } from "drizzle-orm";

import { users, type User } from "../../../db/tables";
import { hashPassword, verifyPassword } from "~/utils/crypto.server";
import { type Db, type DbOrTx, first } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { hit, release } from "~/utils/rate-limit.server";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail({ db, email }: { db: Db; email: string }): Promise<User | undefined> {
  return await first(db.select().from(users).where(eq(users.email, normalizeEmail(email))).limit(1));
}

export async function getUserById({ db, userId }: { db: Db; userId: number }): Promise<User | undefined> {
  return await first(db.select().from(users).where(eq(users.id, userId)).limit(1));
}

export type RegisterResult = { ok: true; user: User } | { ok: false; error: "duplicate-email" | "rate-limited" };

/** The window of the registrations counted per address. */
export const REGISTER_WINDOW_MS = 60 * 60 * 1000;

/**
 * Creates an account. With `clientKey` (the faces: the register page and POST /api/auth/register), each address may
 * register REGISTRATIONS_PER_ADDRESS accounts an hour, counted in SQLite before the (slow) password hashing; a
 * refused duplicate does not count. Without it (seeding, an administrator's tools), nothing is counted.
 */
export async function registerUser({
  db,
  email,
  password,
  firstName,
  lastName,
  role = "user",
  clientKey,
}: {
  db: Db;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role?: User["role"];
  clientKey?: string;
}): Promise<RegisterResult> {
  const normalized = normalizeEmail(email);
  if (await findUserByEmail({ db, email: normalized })) return { ok: false, error: "duplicate-email" };
  const key = clientKey === undefined ? null : `register:address:${clientKey}`;
  if (key && !(await hit({ db, key, limit: getEnv().REGISTRATIONS_PER_ADDRESS, windowMs: REGISTER_WINDOW_MS })).allowed) return { ok: false, error: "rate-limited" };
  const passwordHash = await hashPassword(password);
  try {
    const user = (await db
      .insert(users)
      .values({ email: normalized, passwordHash, firstName: firstName.trim(), lastName: lastName.trim(), role })
      .returning())[0];
    return { ok: true, user };
  } catch (error) {
    // Two registrations racing for one address: the unique index decides.
    if (error instanceof Error && /UNIQUE/.test(error.message)) {
      if (key) await release({ db, key });
      return { ok: false, error: "duplicate-email" };
    }
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
  const user = await findUserByEmail({ db, email });
  if (!user) return { ok: false, error: "unknown-email" };
  if (!(await verifyPassword(user.passwordHash, password))) return { ok: false, error: "wrong-password" };
  if (user.status !== "Active") return { ok: false, error: "inactive" };
  return { ok: true, user };
}

export async function setPassword({ db, userId, password }: { db: Db; userId: number; password: string }) {
  const passwordHash = await hashPassword(password);
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/**
 * Makes sure the configured administrator exists: creates it, or promotes (and re-passwords)
 * the user with that email.
 */
export async function ensureAdmin({ db, email, password }: { db: Db; email: string; password: string }) {
  const existing = await findUserByEmail({ db, email });
  if (existing) {
    const passwordHash = (await verifyPassword(existing.passwordHash, password))
      ? existing.passwordHash
      : await hashPassword(password);
    await db.update(users)
      .set({ role: "admin", status: "Active", passwordHash })
      .where(eq(users.id, existing.id));
    return (await getUserById({ db, userId: existing.id }))!;
  }
  const result = await registerUser({ db, email, password, firstName: "Admin", lastName: "User", role: "admin" });
  if (!result.ok) throw new Error("could not create the administrator");
  return result.user;
}

/**
 * Whether the account may still act, read in the caller's transaction (issue 34, item 1): a request authenticated
 * before the account was deleted (or suspended) must not write after it. Every write on a user's behalf asks this
 * inside the transaction that writes.
 */
export async function isActiveUser(db: DbOrTx, userId: number): Promise<boolean> {
  return (await first(db.select({ status: users.status }).from(users).where(eq(users.id, userId)).limit(1)))?.status === "Active";
}

/** A user's phone, postal address and company name (decision 150) under the JSON faces' names (spec 3: the admin's user, the personal-data export). */
export function userContactJson(user: User) {
  return {
    phone: user.phone,
    street: user.street,
    street2: user.street2,
    city: user.city,
    state: user.state,
    postal_code: user.postalCode,
    country: user.country,
    company_name: user.companyName,
  };
}
