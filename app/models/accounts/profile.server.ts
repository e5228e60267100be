import { and, eq, ne } from "drizzle-orm";

import { sessions, users, type User } from "../../../db/tables";
import type { ProfileInput } from "~/schemas/profile";
import { hashPassword, sha256, verifyPassword } from "~/utils/crypto.server";
import { type Db, first, transaction } from "~/utils/db.server";
import { deleteUnreferencedFiles, FileStoreUnavailableError, storeFile } from "~/models/files/store.server";
import { type TempFile } from "~/utils/multipart.server";
import { inspectFile } from "~/models/files/inspect.server";

/** Spec 3, Profile. */
export type Profile = {
  first_name: string;
  last_name: string;
  street: string;
  street2: string;
  city: string;
  state: string;
  phone: string;
  postal_code: string;
  country: string;
  /** A business buyer's company name, for its invoices (issue 46, item 1); "" for none. */
  company_name: string;
};

export function toProfile(user: User): Profile {
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    street: user.street,
    street2: user.street2,
    city: user.city,
    state: user.state,
    phone: user.phone,
    postal_code: user.postalCode,
    country: user.country,
    company_name: user.companyName,
  };
}

/** Spec 5: a complete profile (every required field and the postal code) is needed to check out. */
export function isProfileComplete(user: User): boolean {
  return [user.firstName, user.lastName, user.street, user.city, user.state, user.postalCode, user.country, user.phone].every(
    (v) => v.trim() !== "",
  );
}

/**
 * Saves the profile of an account that is still active, in one conditional update: a request authenticated before
 * the account's deletion writes nothing after it (issue 34, item 1). Null when the account is closed.
 */
export async function updateProfile({ db, userId, input }: { db: Db; userId: number; input: ProfileInput }): Promise<Profile | null> {
  const user = (await db
    .update(users)
    .set({
      firstName: input.first_name,
      lastName: input.last_name,
      street: input.street,
      street2: input.street2 ?? "",
      city: input.city,
      state: input.state,
      postalCode: input.zip,
      country: input.country,
      phone: input.phone,
      ...(input.company_name !== undefined && { companyName: input.company_name }),
    })
    .where(and(eq(users.id, userId), eq(users.status, "Active")))
    .returning())[0];
  return user ? toProfile(user) : null;
}

export type ChangePasswordError = "wrong-password";

/** Changes the password after checking the current one; other sessions of the user are signed out. */
export async function changePassword({
  db,
  user,
  oldPassword,
  newPassword,
  keepToken,
}: {
  db: Db;
  user: User;
  oldPassword: string;
  newPassword: string;
  keepToken?: string | null;
}): Promise<{ ok: true } | { ok: false; error: ChangePasswordError }> {
  if (!(await verifyPassword(user.passwordHash, oldPassword))) return { ok: false, error: "wrong-password" };
  const passwordHash = await hashPassword(newPassword);
  await transaction(db, async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx.delete(sessions)
      .where(keepToken ? and(eq(sessions.userId, user.id), ne(sessions.tokenHash, sha256(keepToken))) : eq(sessions.userId, user.id));
  });
  return { ok: true };
}

/** The profile's face (issue 14): avatar and bio shown beside the user's messages; the phone stays private. */
export function toPublicProfile(user: User) {
  return { avatar: user.avatar, phone: user.phone, bio: user.bio, messageEmails: user.messageEmails };
}

/** A refused avatar: the file check's own words, or the file store's code (FILES_ERRORS) when its bucket did not answer. */
export type PublicProfileResult = { ok: true } | { ok: false; field: "avatar"; message: string } | { ok: false; field: "avatar"; error: "unavailable" };

/**
 * Saves the bio and, when given, a new avatar: an image checked by its content and re-encoded (metadata
 * dropped) like every other image, stored as a public file of kind "avatar". `removeAvatar` clears it. The
 * replaced avatar file is deleted once nothing refers to it.
 */
export async function updatePublicProfile({
  db,
  userId,
  input,
  avatar,
  removeAvatar = false,
}: {
  db: Db;
  userId: number;
  input: { bio: string };
  avatar: TempFile | null;
  removeAvatar?: boolean;
}): Promise<PublicProfileResult> {
  let stored: string | null = null;
  if (avatar) {
    const checked = await inspectFile(avatar, ["image"]);
    if (!checked.ok) return { ok: false, field: "avatar", message: checked.message };
    try {
      stored = (await storeFile({ db, temp: avatar, inspected: checked.file, kind: "avatar", ownerId: userId })).name;
    } catch (error) {
      if (error instanceof FileStoreUnavailableError) return { ok: false, field: "avatar", error: "unavailable" };
      return { ok: false, field: "avatar", message: `${avatar.originalName} could not be read as an image.` };
    }
  }
  const previous = (await first(db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).limit(1)))?.avatar ?? null;
  const nextAvatar = stored ?? (removeAvatar ? null : previous);
  await db.update(users).set({ bio: input.bio, avatar: nextAvatar }).where(eq(users.id, userId));
  if (previous && previous !== nextAvatar) await deleteUnreferencedFiles({ db, names: [previous] });
  return { ok: true };
}
