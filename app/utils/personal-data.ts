/**
 * What every domain's section of the personal-data export (decision 103, issue 36) shares: whom it reads about, its
 * type, and the small shapes it writes: dates as ISO text,
 * stored JSON text parsed back (kept as text when it is not JSON), a stored file as its download URL, an account
 * number masked to its last four digits.
 */
import type { Store, User } from "../../db/tables";
import type { Db } from "~/utils/db.server";

/** Whom a section reads about: the user's row and their store's (null when they have none). */
export type ExportSubject = { db: Db; user: User; store: Store | null };

/** One domain's part of the export: some top-level keys of the JSON object, read for one user. */
export type PersonalDataSection<T extends object = object> = (subject: ExportSubject) => Promise<T>;

export const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export const exportFileUrl = (name: string | null) => (name ? `/api/files/${name}` : null);

export const masked = (last4: string) => (last4 ? `****${last4}` : "");
