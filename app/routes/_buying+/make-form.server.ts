/** The make form's action (issue 37), shared by /my-makes/new/{productId} and /my-makes/{id}: read, check, save. */
import { data } from "@remix-run/node";

import type { User } from "../../../db/tables";
import type { MakeFormErrors, MakeFormValues } from "~/components/makes/make-form";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { canSeeProductMakes } from "~/models/makes/gallery.server";
import { createMake, updateMake, type MakeFailure } from "~/models/makes/makes.server";
import { MakeFormSchema, MAX_MAKE_PHOTOS } from "~/schemas/makes";
import { getDb } from "~/utils/db.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { invariantResponse } from "~/utils/invariant";
import { readPageMultipart } from "~/utils/multipart.server";
import { isId } from "~/utils/ids";

export type MakeFormAnswer = { values: MakeFormValues; errors: MakeFormErrors };

function fitOf(value: FormDataEntryValue | null) {
  return value === "tight" || value === "right" || value === "loose" ? value : null;
}

/** Saves a new make (productId) or the maker's own make (makeId); a refusal shows the form again, errors at their fields. */
export async function makeFormAction(request: Request, user: User, target: { productId: number } | { makeId: number }) {
  const form = await readPageMultipart(request, { maxFiles: MAX_MAKE_PHOTOS + 1 });
  try {
    const fields = form.fields;
    const values: MakeFormValues = {
      size: String(fields.get("size") ?? ""),
      fabric: String(fields.get("fabric") ?? ""),
      notes: String(fields.get("notes") ?? ""),
      fit: { bust: fitOf(fields.get("fit_bust")), waist: fitOf(fields.get("fit_waist")), hip: fitOf(fields.get("fit_hip")), length: fitOf(fields.get("fit_length")) },
      shareMeasurements: fields.get("share_measurements") === "on",
    };
    const parsed = MakeFormSchema.safeParse(Object.fromEntries([...fields.entries()].filter(([k]) => k !== "keep")));
    const photos = form.files.filter((f) => f.field === "photos");
    const problems = form.problems.filter((p) => p.field === "photos");
    if (!parsed.success) {
      const errors: MakeFormErrors = {};
      for (const issue of parsed.error.issues) (errors[issue.path.join(".") || "form"] ??= []).push(issue.message);
      if (problems.length) errors.photos = problems.map((p) => p.message);
      return data<MakeFormAnswer>({ values, errors }, { status: 400 });
    }
    const v = parsed.data;
    const input = {
      size: v.size,
      fabric: v.fabric,
      notes: v.notes,
      fit: { bust: v.fit_bust, waist: v.fit_waist, hip: v.fit_hip, length: v.fit_length },
      shareMeasurements: v.share_measurements,
    };
    const db = getDb();
    const result =
      "productId" in target
        ? await createMake({ db, userId: user.id, productId: target.productId, input, photos, problems })
        : await updateMake({
            db,
            userId: user.id,
            makeId: target.makeId,
            input,
            keep: fields.getAll("keep").map(Number).filter((id) => isId(id)),
            photos,
            problems,
          });
    if (!result.ok) return refused(result, values);
    const message = "productId" in target ? "Your make is posted." : "Your make is saved.";
    // A tester's make of a draft shows on the pattern's page once it is published: until then on /my-makes.
    const shown = await canSeeProductMakes({ db, productId: result.make.productId, viewerId: user.id });
    return redirectWithFlash(request, shown ? `/product/${result.make.productId}#make-${result.make.id}` : `/my-makes#make-${result.make.id}`, { kind: "success", message });
  } finally {
    await form.cleanup();
  }
}

function refused(failure: MakeFailure, values: MakeFormValues) {
  const { status, message } = MAKES_ERRORS.make[failure.error];
  // Not the caller's to make (not bought, not theirs, gone): the page's error boundary says so.
  invariantResponse(status === 400, message, { status });
  return data<MakeFormAnswer>({ values, errors: failure.errors ?? { form: [message] } }, { status });
}
