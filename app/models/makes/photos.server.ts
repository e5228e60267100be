/**
 * A make's photos (issue 37) go through the store images' pipeline exactly: the same per-file limit while reading
 * (utils/multipart.server.ts), the content sniffed (files/inspect.server.ts, images only), re-encoded with EXIF and
 * other metadata dropped and stored through the file store (files/store.server.ts). A refused file is said at the
 * `photos` field and nothing of the request is stored.
 */
import { inspectFile } from "~/models/files/inspect.server";
import { FileStoreUnavailableError, discardFiles, storeFile } from "~/models/files/store.server";
import { FILES_ERRORS } from "~/models/files/errors";
import type { Db } from "~/utils/db.server";
import type { FileProblem, TempFile } from "~/utils/multipart.server";

export const PHOTOS_FIELD = "photos";
export const UNREADABLE_PHOTO = "This file could not be read as an image.";

export type FieldErrors = Record<string, string[]>;

/** Checks every photo first; only when all pass are they stored. On any failure what was stored is discarded. */
export async function storeMakePhotos({
  db,
  userId,
  photos,
  problems,
}: {
  db: Db;
  userId: number;
  photos: TempFile[];
  problems: FileProblem[];
}): Promise<{ ok: true; names: string[] } | { ok: false; errors: FieldErrors }> {
  const messages = problems.map((p) => p.message);
  const checked = await Promise.all(photos.map((f) => inspectFile(f, ["image"])));
  for (const c of checked) if (!c.ok) messages.push(c.message);
  if (messages.length) return { ok: false, errors: { [PHOTOS_FIELD]: messages } };
  const names: string[] = [];
  try {
    for (const [i, file] of photos.entries()) {
      const inspected = checked[i]!;
      if (!inspected.ok) continue;
      names.push((await storeFile({ db, temp: file, inspected: inspected.file, kind: "media", ownerId: userId })).name);
    }
  } catch (error) {
    await discardFiles({ db, names });
    return { ok: false, errors: { [PHOTOS_FIELD]: [error instanceof FileStoreUnavailableError ? FILES_ERRORS.unavailable.message : UNREADABLE_PHOTO] } };
  }
  return { ok: true, names };
}
