/**
 * Makes (issue 37): the form on /my-makes and the JSON calls read these schemas. The limits and labels are in
 * app/utils/make-fit.ts (components take them from there, without zod).
 */
import { z } from "zod";

import { jsonBool, jsonId } from "~/schemas/json";
import { MAKE_FIT_VALUES } from "~/utils/make-fit";
import { rowId } from "~/utils/ids";

export * from "~/utils/make-fit";

const size = z
  .string({ required_error: "Say which size you made", invalid_type_error: "size must be text" })
  .trim()
  .min(1, "Say which size you made")
  .max(40, "The size is too long (40 characters at most)");
const fabric = z.string({ invalid_type_error: "fabric must be text" }).trim().max(200, "The fabric is too long (200 characters at most)");
const notes = z.string({ invalid_type_error: "notes must be text" }).trim().max(4000, "The notes are too long (4000 characters at most)");
const fitValue = z.enum(MAKE_FIT_VALUES, { errorMap: () => ({ message: 'Each fit is "tight", "right", "loose" or null' }) });

/** The form's fields (radio groups send "" for "not said", a ticked checkbox "on"). */
const formFit = z.preprocess((v) => (v === "" || v === undefined ? null : v), fitValue.nullable());
export const MakeFormSchema = z.object({
  size,
  fabric: fabric.optional().default(""),
  notes: notes.optional().default(""),
  fit_bust: formFit,
  fit_waist: formFit,
  fit_hip: formFit,
  fit_length: formFit,
  share_measurements: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
});

/** The `make` JSON part of create-make and update-make. */
export const ApiMakeSchema = z.object({
  product_id: jsonId("product_id"),
  size,
  fabric: fabric.optional().default(""),
  notes: notes.optional().default(""),
  fit: z
    .object({ bust: fitValue.nullable().default(null), waist: fitValue.nullable().default(null), hip: fitValue.nullable().default(null), length: fitValue.nullable().default(null) })
    .strict()
    .optional()
    .default({}),
  share_measurements: jsonBool("share_measurements").optional().default(false),
});
export const ApiUpdateMakeSchema = ApiMakeSchema.omit({ product_id: true });

const reason = z
  .string({ required_error: "Please say what is wrong with this make", invalid_type_error: "reason must be text" })
  .trim()
  .min(1, "Please say what is wrong with this make")
  .max(2000, "The reason is too long (2000 characters at most)");
export const ReportMakeSchema = z.object({ reason });
export const HideMakeSchema = z.object({ hidden: jsonBool("hidden") });

/** /my-makes' button: the maker deletes a make. */
export const MyMakesActionSchema = z.object({ intent: z.literal("delete"), makeId: z.coerce.number().int().positive().transform(rowId) });
/** /my-pattern-makes' button: the pattern's seller hides or shows a make (issue 46, item 12). */
export const PatternMakesActionSchema = z.object({ makeId: z.coerce.number().int().positive().transform(rowId), hidden: z.enum(["true", "false"]).transform((v) => v === "true") });

/** /admin/makes: an administrator removes a make, with a reason for the audit log. */
export const AdminRemoveMakeSchema = z.object({
  makeId: z.coerce.number({ invalid_type_error: "Give the make's number" }).int().positive("Give the make's number").transform(rowId),
  reason: z.string({ required_error: "Say why it is removed" }).trim().min(1, "Say why it is removed").max(2000, "The reason is too long (2000 characters at most)"),
});

