/** What the makes' JSON calls share (issue 37): the `make` part read with its schema, and a refusal as an answer. */
import type { MakeFailure, MakeInput } from "~/models/makes/makes.server";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { ApiMakeSchema, ApiUpdateMakeSchema } from "~/schemas/makes";
import { fieldErrorResponse, jsonPart, zodErrors, type ApiForm } from "~/utils/api-form.server";
import { apiError } from "~/utils/api.server";
import { MAX_MAKE_PHOTOS } from "~/schemas/makes";

/** Photo parts beyond the limit are still read (and refused by the model), so a seventh photo is said, not dropped. */
export const MAKE_FORM = { maxFiles: MAX_MAKE_PHOTOS + 1 };

function input(data: { size: string; fabric: string; notes: string; fit: Partial<MakeInput["fit"]>; share_measurements: boolean }): MakeInput {
  const { bust = null, waist = null, hip = null, length = null } = data.fit;
  return { size: data.size, fabric: data.fabric, notes: data.notes, fit: { bust, waist, hip, length }, shareMeasurements: data.share_measurements };
}

/** The `make` part of create-make: the product and the make, or the 400 to answer. */
export function readNewMake(form: ApiForm): { productId: number; input: MakeInput } | Response {
  const parsed = ApiMakeSchema.safeParse(jsonPart(form.fields, "make") ?? {});
  if (!parsed.success) return fieldErrorResponse(zodErrors(parsed.error.issues.map((i) => ({ ...i, path: ["make", ...i.path] }))));
  return { productId: parsed.data.product_id, input: input(parsed.data) };
}

/** The `make` part of update-make (no product_id). */
export function readMakeUpdate(form: ApiForm): MakeInput | Response {
  const parsed = ApiUpdateMakeSchema.safeParse(jsonPart(form.fields, "make") ?? {});
  if (!parsed.success) return fieldErrorResponse(zodErrors(parsed.error.issues.map((i) => ({ ...i, path: ["make", ...i.path] }))));
  return input(parsed.data);
}

/** A refused make: the field errors (photos, size) as `{error, field, errors}`, else the table's status and text. */
export function makeFailureResponse(failure: MakeFailure): Response {
  if (failure.errors) {
    const status = MAKES_ERRORS.make[failure.error].status;
    const response = fieldErrorResponse(failure.errors);
    return status === 400 ? response : apiError(status, MAKES_ERRORS.make[failure.error].message);
  }
  return apiError(MAKES_ERRORS.make[failure.error].status, MAKES_ERRORS.make[failure.error].message);
}
