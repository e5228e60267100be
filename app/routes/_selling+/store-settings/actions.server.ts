import { data } from "@remix-run/node";

import type { User } from "../../../../db/tables";
import { getStoreByOwner } from "~/models/catalog/stores.server";
import { unstoredFileErrors } from "~/models/files/errors";
import { isStoreNameTaken, saveStore } from "~/models/selling/stores.server";
import { saveShippingRates } from "~/models/shipping/rates.server";
import { PayoutSchema, STORE_MESSAGES, StoreSchema, type FieldErrors } from "~/schemas/selling";
import { SHIPPING_FIELDS, SHIPPING_MESSAGES, ShippingRatesSchema } from "~/schemas/shipping";
import { getDb } from "~/utils/db.server";
import { keepRows, keptInOrder, type KeepRow } from "~/utils/form-rows";
import { redirectWithFlash } from "~/utils/flash.server";
import { MAX_MEDIA } from "~/utils/upload-limits";
import { readPageMultipart } from "~/utils/multipart.server";

/** What the form shows again after a refused save: what was typed, and the errors at their fields. */
export type StoreFormValues = {
  name: string;
  bio: string;
  accountname: string;
  accountnumber: string;
  accountrouting: string;
  accounttype: string;
  removeLogo: boolean;
  keep: KeepRow[];
};

function issuesToErrors(issues: { path: (string | number)[]; message: string }[], errors: FieldErrors) {
  for (const issue of issues) (errors[issue.path.join(".") || "form"] ??= []).push(issue.message);
}

/** POST /store-settings: creates the store on its first save, then updates it. */
export async function storeSettingsAction(request: Request, user: User) {
  const form = await readPageMultipart(request, { maxFiles: MAX_MEDIA + 6 });
  try {
    const fields = form.fields;
    const get = (name: string) => String(fields.get(name) ?? "");
    const keep = keepRows(fields);
    const values: StoreFormValues = {
      name: get("name"),
      bio: get("bio"),
      accountname: get("accountname"),
      accountnumber: get("accountnumber"),
      accountrouting: get("accountrouting"),
      accounttype: get("accounttype") || "checking",
      removeLogo: fields.get("removeLogo") === "on",
      keep,
    };
    const errors: FieldErrors = {};
    const store = StoreSchema.safeParse(values);
    if (!store.success) issuesToErrors(store.error.issues, errors);
    const payout = PayoutSchema.safeParse(values);
    if (!payout.success) issuesToErrors(payout.error.issues, errors);
    const logo = form.files.find((f) => f.field === "avatar") ?? null;
    const images = form.files.filter((f) => f.field === "images");
    // A refused save shows the form again, but never a typed account number: only its masked last digits.
    const shown = { ...values, accountnumber: /^\d{4,}$/.test(values.accountnumber.replace(/[\s-]/g, "")) ? "" : values.accountnumber };
    if (!store.success || !payout.success) {
      for (const p of form.problems) (errors[p.field] ??= []).push(p.message);
      // A taken name is said with the other errors, not only after they are fixed.
      if (!errors.name && await isStoreNameTaken({ db: getDb(), name: values.name, ownerId: user.id })) errors.name = [STORE_MESSAGES.nameTaken];
      return data({ values: shown, errors, filesDropped: form.files.length > 0 }, { status: 400 });
    }
    const result = await saveStore({
      db: getDb(),
      userId: user.id,
      input: store.data,
      payout: payout.data,
      logo,
      removeLogo: values.removeLogo,
      media: { keep: keptInOrder(keep) },
      newMedia: images,
      problems: form.problems,
      fields: { logo: "avatar", media: "images" },
    });
    if (!result.ok) {
      const errors = "errors" in result ? result.errors : unstoredFileErrors(result.field);
      return data({ values: shown, errors, filesDropped: form.files.length > 0 }, { status: 400 });
    }
    return redirectWithFlash(request, "/store-settings", { kind: "success", message: STORE_MESSAGES.settingsUpdated });
  } finally {
    await form.cleanup();
  }
}

/** The Shipping section's answer after a refused save: what was typed and the errors at their fields. */
export type ShippingFormAnswer = { shipping: { values: Record<string, string>; errors: FieldErrors } };

/** POST /store-settings?form=shipping: sets the store's apparel shipping rates, or removes them (decision 108). */
export async function shippingRatesAction(request: Request, user: User) {
  const db = getDb();
  const store = await getStoreByOwner({ db, ownerId: user.id });
  const form = await request.formData().catch(() => null);
  if (!store || !form) {
    const errors = { form: [store ? "The form could not be read" : SHIPPING_NEEDS_STORE] };
    return data<ShippingFormAnswer>({ shipping: { values: {}, errors } }, { status: 400 });
  }
  if (form.get("intent") === "clear-shipping") {
    await saveShippingRates({ db, storeId: store.id, rates: null });
    return redirectWithFlash(request, "/store-settings", { kind: "success", message: SHIPPING_MESSAGES.cleared });
  }
  const values = Object.fromEntries(SHIPPING_FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
  const parsed = ShippingRatesSchema.safeParse(values);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    issuesToErrors(parsed.error.issues, errors);
    return data<ShippingFormAnswer>({ shipping: { values, errors } }, { status: 400 });
  }
  await saveShippingRates({ db, storeId: store.id, rates: parsed.data });
  return redirectWithFlash(request, "/store-settings", { kind: "success", message: SHIPPING_MESSAGES.saved });
}

const SHIPPING_NEEDS_STORE = "Save your store first; then you can set its shipping rates.";
