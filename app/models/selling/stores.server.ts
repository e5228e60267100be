/**
 * The seller's own store (spec 2.4 /store-settings, 3 Store and pdetails, 7.3 get-own-store and
 * update-store). Creating the store is its first save. The bank account number is stored encrypted
 * (AES-256-GCM) with its last 4 digits beside it for the masked display.
 */
import { and, asc, count, eq, inArray, isNull, ne, sql } from "drizzle-orm";

import { follows, products, storeMedia, stores, type Store } from "../../../db/tables";
import { getStoreByOwner } from "~/models/catalog/stores.server";
import { MASKED_ACCOUNT, STORE_MESSAGES, type FieldErrors, type PayoutInput, type StoreInput } from "~/schemas/selling";
import { encryptSecret } from "~/utils/crypto.server";
import { type Db, first, transaction } from "~/utils/db.server";
import { MAX_MEDIA } from "~/utils/upload-limits";
import { deleteUnreferencedFiles, discardFiles, FileStoreUnavailableError, storeFile } from "~/models/files/store.server";
import { type FileProblem, type TempFile } from "~/utils/multipart.server";
import { inspectFile } from "~/models/files/inspect.server";

export async function getStoreMedia({ db, storeId }: { db: Db; storeId: number }) {
  return await db
    .select({ id: storeMedia.id, media: storeMedia.media })
    .from(storeMedia)
    .where(eq(storeMedia.storeId, storeId))
    .orderBy(asc(storeMedia.position), asc(storeMedia.id));
}

/** `****6789`: the only form in which the account number leaves the owner's own edit field. */
export function maskAccount(last4: string): string {
  return last4 ? `****${last4}` : "";
}

/** Spec 3, pdetails. The account number is always masked: the full number never leaves the server. */
export function payoutDetails(store: Store) {
  return {
    accountname: store.accountName,
    accountnumber: maskAccount(store.accountLast4),
    accountrouting: store.accountRouting,
    accounttype: store.accountType,
  };
}

/** GET /api/user/get-own-store: spec 3 Store, plus the payout details (masked) and the onboarding state. */
export async function ownStoreJson({ db, store }: { db: Db; store: Store }) {
  const designs = await db
    .select({ id: products.id, name: products.name, price: products.priceCents, type: products.type })
    .from(products)
    .where(and(eq(products.storeId, store.id), isNull(products.removedAt)))
    .orderBy(asc(products.createdAt));
  const followers = (await first(db.select({ n: count() }).from(follows).where(eq(follows.storeId, store.id)).limit(1)))?.n ?? 0;
  return {
    store: { id: store.id, name: store.name, avatar: store.avatar, bio: store.bio, userid: store.userId },
    media: await getStoreMedia({ db, storeId: store.id }),
    designs: designs.map((d) => ({ ...d, price: d.price / 100 })),
    followersCount: { count: followers },
    isFollowing: { count: 0 },
    pdetails: payoutDetails(store),
    onboarded: store.stripeOnboarded,
  };
}

export type StoreMediaPlan = {
  /** The current media to keep, in the new order; null keeps them all as they are. */
  keep: number[] | null;
};

export type SaveStoreArgs = {
  db: Db;
  userId: number;
  input: StoreInput;
  payout: PayoutInput | null;
  /** A new logo (replaces the current one). */
  logo?: TempFile | null;
  removeLogo?: boolean;
  media: StoreMediaPlan;
  /** New images or videos, appended after the kept ones. */
  newMedia: TempFile[];
  /** Files refused while reading the request (too large): reported at their fields, nothing is saved. */
  problems?: FileProblem[];
  /** Field names for errors (the HTML form and the JSON face name the file parts differently). */
  fields?: { logo: string; media: string };
};

/** A refusal: field errors, or the file store's code (FILES_ERRORS) and the field of the file it could not keep. */
export type SaveStoreResult =
  | { ok: true; store: Store; created: boolean }
  | { ok: false; errors: FieldErrors }
  | { ok: false; error: "unavailable"; field: string };

/**
 * Creates or updates the user's store. Every file is checked before anything is stored; a refused request
 * stores nothing. Files no longer used afterwards (a replaced logo, removed media) are deleted.
 */
export async function saveStore(args: SaveStoreArgs): Promise<SaveStoreResult> {
  const { db, userId, input, payout, logo, newMedia } = args;
  const fields = args.fields ?? { logo: "avatar", media: "images" };
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  for (const p of args.problems ?? []) add(p.field, p.message);

  const existing = await getStoreByOwner({ db, ownerId: userId });
  const current = existing ? await getStoreMedia({ db, storeId: existing.id }) : [];
  const currentIds = new Set(current.map((m) => m.id));
  const keep = args.media.keep === null ? current.map((m) => m.id) : args.media.keep.filter((id) => currentIds.has(id));
  if (keep.length + newMedia.length + (args.problems?.filter((p) => p.field === fields.media).length ?? 0) > MAX_MEDIA) {
    add(fields.media, STORE_MESSAGES.mediaTooMany);
  }

  // Checked first for a quick answer; checked again in the write's transaction, which decides a race.
  if (await isStoreNameTaken({ db, name: input.name, ownerId: userId })) add("name", STORE_MESSAGES.nameTaken);

  if (payout && MASKED_ACCOUNT.test(payout.accountnumber) && !(existing?.accountLast4 && payout.accountnumber.endsWith(existing.accountLast4))) {
    add("accountnumber", STORE_MESSAGES.accountNumber);
  }
  // An empty number keeps the stored one; with none stored, the three go together.
  if (payout && payout.accountnumber === "" && payout.accountname && payout.accountrouting && !existing?.accountLast4) {
    add("accountnumber", STORE_MESSAGES.payoutIncomplete);
  }

  const checkedLogo = logo ? await inspectFile(logo, ["image"]) : null;
  if (checkedLogo && !checkedLogo.ok) add(fields.logo, checkedLogo.message);
  const checkedMedia = await Promise.all(newMedia.map((f) => inspectFile(f, ["image", "video"])));
  checkedMedia.forEach((c) => {
    if (!c.ok) add(fields.media, c.message);
  });
  if (Object.keys(errors).length) return { ok: false, errors };

  const stored: string[] = [];
  let logoName: string | null = null;
  const mediaNames: string[] = [];
  let failing = fields.logo;
  try {
    if (logo && checkedLogo?.ok) {
      logoName = (await storeFile({ db, temp: logo, inspected: checkedLogo.file, kind: "media", ownerId: userId })).name;
      stored.push(logoName);
    }
    failing = fields.media;
    for (const [i, file] of newMedia.entries()) {
      const checked = checkedMedia[i]!;
      if (!checked.ok) continue;
      const name = (await storeFile({ db, temp: file, inspected: checked.file, kind: "media", ownerId: userId })).name;
      stored.push(name);
      mediaNames.push(name);
    }
  } catch (error) {
    await discardFiles({ db, names: stored });
    if (error instanceof FileStoreUnavailableError) return { ok: false, error: "unavailable", field: failing };
    return { ok: false, errors: { [failing]: [UNREADABLE] } };
  }

  const payoutValues = payout ? payoutColumns(payout, existing) : {};
  let result: { store: Store; created: boolean; unused: string[] };
  try {
    result = await transaction(db,
      async (tx) => {
        const before = await first(tx.select().from(stores).where(eq(stores.userId, userId)).limit(1));
        if (await isStoreNameTaken({ db: tx, name: input.name, ownerId: userId })) throw new NameTaken();
        const avatar = logoName ?? (args.removeLogo ? null : (before?.avatar ?? null));
        const store = before
          ? (await tx
              .update(stores)
              .set({ name: input.name, bio: input.bio, avatar, ...payoutValues })
              .where(eq(stores.id, before.id))
              .returning())[0]
          : (await tx
              .insert(stores)
              .values({ userId, name: input.name, bio: input.bio, avatar, ...payoutValues })
              .returning())[0];
        const rows = await tx.select().from(storeMedia).where(eq(storeMedia.storeId, store.id));
        const keepIds = keep.filter((id) => rows.some((r) => r.id === id));
        const removed = rows.filter((r) => !keepIds.includes(r.id));
        if (removed.length) await tx.delete(storeMedia).where(inArray(storeMedia.id, removed.map((r) => r.id)));
        for (const [position, id] of keepIds.entries()) await tx.update(storeMedia).set({ position }).where(eq(storeMedia.id, id));
        for (const [i, media] of mediaNames.entries())
          await tx.insert(storeMedia).values({ storeId: store.id, media, position: keepIds.length + i });
        const total = (await first(tx.select({ n: count() }).from(storeMedia).where(eq(storeMedia.storeId, store.id)).limit(1)))?.n ?? 0;
        if (total > MAX_MEDIA) throw new TooManyMedia();
        const unused = [...removed.map((r) => r.media)];
        if (before?.avatar && before.avatar !== avatar) unused.push(before.avatar);
        return { store, created: !before, unused };
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    await discardFiles({ db, names: stored });
    if (error instanceof TooManyMedia) return { ok: false, errors: { [fields.media]: [STORE_MESSAGES.mediaTooMany] } };
    // The unique index has the last word, also over a writer that skipped the check.
    if (error instanceof NameTaken || isNameIndexViolation(error)) return { ok: false, errors: { name: [STORE_MESSAGES.nameTaken] } };
    throw error;
  }
  await deleteUnreferencedFiles({ db, names: result.unused });
  return { ok: true, store: result.store, created: result.created };
}

class TooManyMedia extends Error {}
class NameTaken extends Error {}

/** The key the unique index `stores_name_unique` (migration 0006) compares: lower(trim(name)), unnamed stores aside. */
const nameKey = sql`lower(trim(${stores.name}))`;

/**
 * Whether another owner's store has this name, whatever its case and surrounding spaces (decision 092). SQLite's
 * lower() folds ASCII letters only, as the index does: the check and the index always agree.
 */
export async function isStoreNameTaken({ db, name, ownerId }: { db: Pick<Db, "select">; name: string; ownerId: number }): Promise<boolean> {
  if (name.trim() === "") return false;
  const found = await first(db
    .select({ id: stores.id })
    .from(stores)
    .where(and(sql`${nameKey} = lower(trim(${name}))`, sql`trim(${stores.name}) <> ''`, ne(stores.userId, ownerId))).limit(1));
  return Boolean(found);
}

function isNameIndexViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed/.test(error.message) && /stores_name_unique|stores\.name/.test(error.message);
}

/** A file whose magic bytes say image but that sharp cannot decode. */
export const UNREADABLE = "This file could not be read as an image or video.";

/** The payout columns to write: a masked number (as shown back) or an empty one keeps the stored one; all blank clears them. */
function payoutColumns(payout: PayoutInput, existing: Store | undefined) {
  const number = payout.accountnumber;
  if (!payout.accountname && !number && !payout.accountrouting) {
    return { accountName: "", accountNumber: "", accountLast4: "", accountRouting: "", accountType: payout.accounttype };
  }
  const keepNumber = (MASKED_ACCOUNT.test(number) && existing && number.endsWith(existing.accountLast4)) || (number === "" && !!existing?.accountLast4);
  return {
    accountName: payout.accountname,
    accountRouting: payout.accountrouting,
    accountType: payout.accounttype,
    ...(keepNumber ? {} : { accountNumber: encryptSecret(number), accountLast4: number.slice(-4) }),
  };
}
