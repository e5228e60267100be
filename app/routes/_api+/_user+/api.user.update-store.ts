import { apiRoute, domainError } from "~/auth/api-route.server";
import { getStoreByOwner } from "~/models/catalog/stores.server";
import { ownStoreJson, saveStore } from "~/models/selling/stores.server";
import { PayoutSchema, STORE_MESSAGES, StoreSchema } from "~/schemas/selling";
import { fieldErrorResponse, jsonPart, keepList, zodErrors } from "~/utils/api-form.server";
import { unstoredFileErrors } from "~/models/files/errors";
import { SELLING_ERRORS } from "~/models/selling/errors";
import { MAX_MEDIA } from "~/utils/upload-limits";

/**
 * POST /api/user/update-store, multipart: `store` (JSON {name, bio}), `pdetails` (JSON {accountname,
 * accountnumber, accountrouting, accounttype}), `media` (JSON: the current media to keep, in order, as
 * [{id}] or ids; absent keeps them all), files `avatar` (logo), `images` and `bio_video` (new media).
 * The first call creates the store.
 */
const route = apiRoute({ method: "POST", guard: "user", form: { maxFiles: MAX_MEDIA + 6 } }, async ({ db, user, form }) => {
  // A body with none of the parts (empty, or a type this call does not read) changes nothing: a 400, not a 200.
  const parts = ["store", "pdetails", "media"].filter((name) => typeof form.fields.get(name) === "string" && String(form.fields.get(name)).trim() !== "");
  if (parts.length === 0 && form.files.length === 0 && form.problems.length === 0) {
    return domainError(SELLING_ERRORS.storeForm, "nothing-to-update");
  }
  const existing = await getStoreByOwner({ db, ownerId: user.id });
  const storePart = (jsonPart(form.fields, "store") ?? {}) as Record<string, unknown>;
  const store = StoreSchema.safeParse({
    name: storePart.name ?? (existing ? existing.name : undefined),
    bio: storePart.bio ?? (existing ? existing.bio : undefined),
  });
  if (!store.success) return fieldErrorResponse(zodErrors(store.error.issues));
  const pdetails = jsonPart(form.fields, "pdetails");
  const payout = pdetails === undefined ? null : PayoutSchema.safeParse(pdetails);
  if (payout && !payout.success) return fieldErrorResponse(zodErrors(payout.error.issues));
  const keep = keepList(jsonPart(form.fields, "media"));
  const result = await saveStore({
    db,
    userId: user.id,
    input: store.data,
    payout: payout?.data ?? null,
    logo: form.files.find((f) => f.field === "avatar") ?? null,
    removeLogo: storePart.avatar === null,
    media: { keep },
    newMedia: form.files.filter((f) => f.field === "images" || f.field === "bio_video"),
    problems: form.problems.map((p) => (p.field === "bio_video" ? { ...p, field: "images" } : p)),
    fields: { logo: "avatar", media: "images" },
  });
  if (!result.ok) return fieldErrorResponse("errors" in result ? result.errors : unstoredFileErrors(result.field));
  return Response.json(
    { success: true, message: STORE_MESSAGES.settingsUpdated, ...await ownStoreJson({ db, store: result.store }) },
    { status: result.created ? 201 : 200 },
  );
});
export const loader = route.loader;
export const action = route.action;
